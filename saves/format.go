// Package saves keeps fights on disk: for each fight a save (a snapshot of
// the whole fight, TOML a person can read and diff) and a journal of the
// changes made since, each appended and synced as it is made. It writes
// durably, never replaces a good save with a bad one, and locks a fight so
// two trackers never write it.
package saves

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/session"
)

// Schema is the version of the save format this fray writes. It reads every
// schema from 1 up to it (schemas 1 and 2: legacy.go).
const Schema = 3

// A save of schema 3 is a TOML document in two parts. The head: the fight's
// name, ruleset and the hash of its content, the state of the dice, the
// fight's id and how many changes of its journal it holds, then the fight
// as it stands ([current]) and where its history starts ([base]). Then
// [history]: the steps from the base to the current state, one a line, each
// an inline table with the command, the faces it rolled and what it logged,
// then the steps undone, which redo replays:
//
//	[history]
//	done = [
//	{cmd = {op = "add", add = [{name = "Gavvin", hp = 30}]}, log = [{kind = "add", round = 0, who = 1, hp = 30, text = "Gavvin joins (30 hp)"}]},
//	{cmd = {op = "damage", who = 2, expr = "1d6"}, faces = [4], log = [...]},
//	]
//	undone = [
//	]
//
// The head is read by the TOML library; the history, line by line, on every
// core, by the reader of inline.go. Opening a long fight reads it all, and
// shows it at once: the steps are replayed only when undo needs them
// (engine.Resume), with a check that they lead to [current].

// head is the first part of a schema 3 save.
type head struct {
	Schema      int    `toml:"schema"`
	Name        string `toml:"name"`
	Ruleset     string `toml:"ruleset"`
	RulesetHash string `toml:"ruleset_hash"`
	Saved       string `toml:"saved"`
	// Changed is when the fight last changed (saves are also written when
	// nothing has: as fray closes a fight whose changes were in its journal).
	Changed string `toml:"changed"`
	Round   int    `toml:"round"`
	Status  string `toml:"status"`
	// RNG is the random source's state: the next roll after a resume is the
	// roll that would have come.
	RNG string `toml:"rng"`
	// Fight is the fight's id: its journal names it. Changes is how many
	// changes the fight had had when the save was written: the journal's
	// changes after that many are what the save does not hold yet.
	Fight   string           `toml:"fight"`
	Changes int              `toml:"changes"`
	Current engine.Encounter `toml:"current"`
	Base    engine.Encounter `toml:"base"`
}

// hline is a step of the history as its line holds it.
type hline struct {
	Cmd   engine.Command `toml:"cmd"`
	Faces []int          `toml:"faces,omitempty"`
	Log   []logged       `toml:"log,omitempty"`
}

// logged is an event as a save keeps it: what the log shows of it, and the
// change to hit points the engine's check adds up (the dice are in the
// text, and in the event a replay makes).
type logged struct {
	Kind  string `toml:"kind"`
	Round int    `toml:"round"`
	Who   int    `toml:"who,omitzero"`
	HP    int    `toml:"hp,omitzero"`
	Text  string `toml:"text"`
	// Private: the players never read it (engine/visibility.go).
	Private bool `toml:"private,omitempty"`
}

// Rules finds a ruleset and the hash of its content by id.
type Rules func(id string) (rs *rules.Ruleset, hash string, ok bool)

// meta is what a save holds besides the snapshot: the fight's id, how many
// changes it has had, and when it last changed.
type meta struct {
	fight   string
	changes int
	changed time.Time
}

// Encode writes a snapshot as a save; now is the time it says it was saved.
func Encode(s session.Snapshot, now time.Time) ([]byte, error) {
	return encode(s, meta{}, now)
}

func encode(s session.Snapshot, m meta, now time.Time) ([]byte, error) {
	if m.changed.IsZero() {
		m.changed = now
	}
	h := head{
		Schema: Schema, Name: s.Name, Ruleset: s.Rules.ID, RulesetHash: s.Hash,
		Saved: now.UTC().Format(time.RFC3339), Changed: m.changed.UTC().Format(time.RFC3339Nano), Round: s.Current.Round, Status: s.Current.Status,
		RNG: s.RNG, Fight: m.fight, Changes: m.changes, Current: s.Current, Base: s.Base,
	}
	var b bytes.Buffer
	b.Grow(4096 + 200*(len(s.Done)+len(s.Undone)))
	b.WriteString("# A fight saved by fray. [current] is the fight as it stands; [history] holds\n" +
		"# every step from [base] to it, one a line: what was done, the faces it\n" +
		"# rolled and what it logged. Changes made since are in the journal beside\n" +
		"# this file (its name and .journal), one a line, until the next save.\n")
	var hb bytes.Buffer
	enc := toml.NewEncoder(&hb)
	enc.Indent = ""
	if err := enc.Encode(h); err != nil {
		return nil, fmt.Errorf("encoding the save: %w", err)
	}
	b.Write(escapeHidden(hb.Bytes()))
	b.WriteString("\n[history]\n")
	out := b.Bytes()
	var err error
	if out, err = appendSteps(out, "done", s.Done, true); err != nil {
		return nil, err
	}
	if out, err = appendSteps(out, "undone", s.Undone, false); err != nil {
		return nil, err
	}
	return out, nil
}

// escapeHidden escapes, in TOML the library wrote, the characters it
// writes raw that a terminal would act on or not show (C1 controls, bidi
// and zero-width characters), so a save is safe to cat. Each stands inside
// a basic string (the library writes every string, and every key that is
// not bare, as one), where \uXXXX means the same.
func escapeHidden(b []byte) []byte {
	if !bytes.ContainsFunc(b, hidden) {
		return b
	}
	out := make([]byte, 0, len(b)+64)
	for _, r := range string(b) {
		if hidden(r) {
			out = fmt.Appendf(out, `\u%04X`, r)
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

func hidden(r rune) bool {
	return r >= 0x80 && (r < 0xa0 || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r))
}

func appendSteps(b []byte, key string, steps []engine.Step, withLog bool) ([]byte, error) {
	b = append(b, key...)
	b = append(b, " = [\n"...)
	for _, s := range steps {
		l := hline{Cmd: s.Cmd, Faces: s.Faces}
		if withLog {
			l.Log = make([]logged, len(s.Events))
			for i, e := range s.Events {
				l.Log[i] = logged{Kind: e.Kind, Round: e.Round, Who: e.Who, HP: e.HP, Text: e.Text, Private: e.Private}
			}
		}
		var err error
		if b, err = marshalInline(b, l); err != nil {
			return nil, fmt.Errorf("encoding a %s step: %w", s.Cmd.Op, err)
		}
		b = append(b, ",\n"...)
	}
	return append(b, "]\n"...), nil
}

// LoadError is a save that cannot be opened, with where and why.
type LoadError struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *LoadError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, max(e.Col, 1), e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// loaded is a save as read from its file, before its journal.
type loaded struct {
	saved  *session.Saved
	schema int
	hash   string // the ruleset hash the save names
	meta
}

// Decode reads a save. name is the file's name for messages. The fight it
// returns may not have replayed its history yet (see engine.Resume).
func Decode(name string, data []byte, rules Rules) (*session.Saved, error) {
	l, err := decode(name, data, rules)
	if err != nil {
		return nil, err
	}
	return l.saved, nil
}

func decode(name string, data []byte, rules Rules) (l *loaded, err error) {
	// A hostile file must never crash fray: what the checks below miss and
	// the engine trips on is an error like any other.
	defer func() {
		if r := recover(); r != nil {
			l, err = nil, &LoadError{File: name, Msg: fmt.Sprintf("this save breaks fray (%v): it was not opened, and is left as it is", r)}
		}
	}()
	switch n, ok := schemaOf(data); {
	case !ok:
		return decodeLegacy(name, data, rules) // says what is wrong
	case n > Schema:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1, Msg: fmt.Sprintf("saved by a newer fray (schema %d; this fray reads schema %d)", n, Schema)}
	case n < 1:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1, Msg: fmt.Sprintf("schema %d is not a fray schema", n)}
	case n < 3:
		return decodeLegacy(name, data, rules)
	}
	return decode3(name, data, rules)
}

var schemaRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^schema\s*=\s*([+-]?[0-9]+)\s*(#.*)?$`) })

// schemaOf finds the schema key among the top-level keys (those before the
// first table), without parsing the file.
func schemaOf(data []byte) (int, bool) {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSpace(line)
		if bytes.HasPrefix(line, []byte("[")) {
			break
		}
		if m := schemaRE().FindSubmatch(line); m != nil {
			n, err := strconv.Atoi(string(m[1]))
			return n, err == nil
		}
	}
	return 0, false
}

func decode3(name string, data []byte, rules Rules) (*loaded, error) {
	cut := historyAt(data)
	if cut < 0 {
		return nil, &LoadError{File: name, Line: lines(data) + 1, Col: 1, Msg: "the save has no [history]: it was cut short or edited"}
	}
	var h head
	md, err := toml.Decode(string(data[:cut]), &h)
	if err != nil {
		return nil, tomlError(name, err)
	}
	if err := foldedKeys(name, data, md); err != nil {
		return nil, err
	}
	switch {
	case h.Schema != Schema:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1, Msg: "the schema key is not where fray can read it"}
	case md.IsDefined("history"):
		return nil, &LoadError{File: name, Line: keyLine(data, "history"), Col: 1, Msg: "history is defined twice"}
	}
	done, undone, err := readHistory(name, data, cut)
	if err != nil {
		return nil, err
	}
	rs, hash, src, err := header(name, data, h.Ruleset, h.RNG, rules)
	if err != nil {
		return nil, err
	}
	out := &session.Saved{Name: h.Name, Source: src, Hash: hash}
	for _, k := range md.Undecoded() {
		out.Notices = append(out.Notices, fmt.Sprintf("%s: key %q ignored", name, k.String()))
	}
	// A stat the ruleset gained since the save takes its default, as it
	// would for a combatant joining now.
	h.Base, h.Current = withStats(rs, h.Base), withStats(rs, h.Current)
	if err := fits(name, data, rs, h.Ruleset, h.Base, "[base]"); err != nil {
		return nil, err
	}
	if err := fits(name, data, rs, h.Ruleset, h.Current, "[current]"); err != nil {
		return nil, err
	}
	f := engine.Resume(rs, h.Base, done, h.Current, undone, src)
	if h.RulesetHash != "" && h.RulesetHash != hash {
		out.Notices = append(out.Notices, fmt.Sprintf("ruleset %q has changed since this fight was saved", h.Ruleset))
		// Find out now whether undo still works.
		if _, err := f.Replay(-1); err != nil {
			out.Notices = append(out.Notices, fmt.Sprintf("the undo history could not be replayed (%v): the fight opens as it was saved, and undo starts from here; every step is kept in the save", err))
		}
	}
	out.Fight = f
	changed, _ := time.Parse(time.RFC3339Nano, h.Changed)
	return &loaded{saved: out, schema: h.Schema, hash: h.RulesetHash, meta: meta{fight: h.Fight, changes: h.Changes, changed: changed}}, nil
}

// historyAt is the offset of the line "[history]", or -1.
func historyAt(data []byte) int {
	const h = "[history]"
	for off := 0; off < len(data); {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data) - off
		}
		if string(bytes.TrimRight(data[off:off+end], " \t\r")) == h {
			return off
		}
		off += end + 1
	}
	return -1
}

func lines(data []byte) int { return bytes.Count(data, []byte("\n")) }

// A history line: where it is, which list it is in, and what it read.
type histLine struct {
	off, end, no int
	list         *[]engine.Step
	at           int // index in its list
	comma        bool
	err          error
}

// readHistory reads the [history] part of a save, which starts at cut. It
// is one pass over the lines (cut, read on every core, put in order, errors
// placed at their line), longer than the house's 80 lines: split, the pass
// would be spread over helpers that share all of its state.
func readHistory(name string, data []byte, cut int) (done, undone []engine.Step, err error) {
	no := lines(data[:cut]) + 1 // the [history] line
	off := cut + bytes.IndexByte(data[cut:], '\n') + 1
	if off <= cut {
		off = len(data)
	}
	var (
		items  []histLine
		list   *[]engine.Step
		listed = map[string]bool{}
		counts = map[*[]engine.Step]int{}
	)
	bad := func(line int, msg string) error { return &LoadError{File: name, Line: line, Col: 1, Msg: msg} }
	for off < len(data) {
		no++
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += off
		}
		line := string(bytes.TrimSpace(data[off:end]))
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case list == nil && (line == "done = [" || line == "undone = ["):
			key := strings.TrimSuffix(line, " = [")
			if listed[key] {
				return nil, nil, bad(no, key+" is given twice")
			}
			listed[key] = true
			list = &done
			if key == "undone" {
				list = &undone
			}
		case list != nil && (line == "]" || strings.HasPrefix(line, "]") && strings.HasPrefix(strings.TrimSpace(line[1:]), "#")):
			list = nil
		case list != nil && strings.HasPrefix(line, "{"):
			items = append(items, histLine{off: off, end: end, no: no, list: list, at: counts[list]})
			counts[list]++
		case list != nil:
			return nil, nil, bad(no, "expected a step (one a line, in {}) or ] to end the list")
		default:
			return nil, nil, bad(no, "expected done = [ or undone = [ (one step a line after it)")
		}
		off = end + 1
	}
	if list != nil {
		return nil, nil, bad(no, "the list of steps is not closed: the save was cut short")
	}
	done = make([]engine.Step, counts[&done])
	undone = make([]engine.Step, counts[&undone])
	// Steps are read on every core: each goes to its own place.
	parts := runtime.GOMAXPROCS(0)
	if len(items) < 256 {
		parts = 1
	}
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() {
			for i := p * len(items) / parts; i < (p+1)*len(items)/parts; i++ {
				it := &items[i]
				var l hline
				rest, err := unmarshalInline(string(bytes.TrimLeft(data[it.off:it.end], " \t")), &l)
				if err == nil {
					rest = strings.TrimSpace(rest)
					it.comma = strings.HasPrefix(rest, ",")
					rest = strings.TrimSpace(strings.TrimPrefix(rest, ","))
					if rest != "" && !strings.HasPrefix(rest, "#") {
						err = fmt.Errorf("%q after the step", rest)
					}
				}
				if err != nil {
					it.err = err
					continue
				}
				s := engine.Step{Cmd: l.Cmd, Faces: l.Faces}
				if len(l.Log) > 0 {
					s.Events = make([]engine.Event, len(l.Log))
					for j, e := range l.Log {
						s.Events[j] = engine.Event{Kind: e.Kind, Round: e.Round, Who: e.Who, HP: e.HP, Text: e.Text, Private: e.Private}
					}
				}
				(*it.list)[it.at] = s
			}
		})
	}
	wg.Wait()
	for i, it := range items {
		if it.err != nil {
			col := 1
			var ie *InlineError
			if errors.As(it.err, &ie) {
				col = ie.Off + 1 + indent(data[it.off:it.end])
			}
			return nil, nil, &LoadError{File: name, Line: it.no, Col: col, Msg: "step: " + it.err.Error()}
		}
		if !it.comma && i+1 < len(items) && items[i+1].list == it.list {
			return nil, nil, &LoadError{File: name, Line: it.no, Col: 1, Msg: "a step that is not the last of its list needs a comma after it"}
		}
	}
	return done, undone, nil
}

func indent(line []byte) int { return len(line) - len(bytes.TrimLeft(line, " \t")) }

// header finds the ruleset and restores the dice a save names.
func header(name string, data []byte, ruleset, rng string, rules Rules) (*rules.Ruleset, string, *dice.Source, error) {
	rs, hash, ok := rules(ruleset)
	if !ok {
		return nil, "", nil, &LoadError{File: name, Line: keyLine(data, "ruleset"), Col: 1, Msg: fmt.Sprintf("unknown ruleset %q: add its file to your content directory to open this fight", ruleset)}
	}
	src := dice.NewSource(0)
	if err := src.SetState(rng); err != nil {
		return nil, "", nil, &LoadError{File: name, Line: keyLine(data, "rng"), Col: 1, Msg: err.Error()}
	}
	return rs, hash, src, nil
}

// fits checks that an encounter of the save is one the ruleset could have
// made: the screen relies on it (ids unique, an order that agrees with
// itself, a phase and counts in range). A save edited by hand, or one
// whose ruleset has changed under it, may break that; it is refused with
// the reason, and left as it is.
func fits(name string, data []byte, rs *rules.Ruleset, ruleset string, enc engine.Encounter, table string) error {
	line := func() int { return max(nthLine(data, table, 0), 1) }
	if enc.Ruleset != ruleset {
		return &LoadError{File: name, Line: line(), Col: 1, Msg: fmt.Sprintf("%s is a fight of ruleset %q, the save says %q", table, enc.Ruleset, ruleset)}
	}
	if err := engine.Verify(rs, &enc, false); err != nil {
		return &LoadError{File: name, Line: line(), Col: 1, Msg: fmt.Sprintf("%s does not fit ruleset %q as it is now (%v): if the ruleset has changed since the save, put the old one back to open it", table, ruleset, err)}
	}
	return nil
}

// foldedKeys refuses a table with two keys that differ only in case
// ("entries" and "entriEs"): the TOML library matches keys to fields
// ignoring case, and would take one of the two at random.
func foldedKeys(name string, data []byte, md toml.MetaData) error {
	seen := map[string]string{}
	for _, k := range md.Keys() {
		s := k.String()
		f := strings.ToLower(s)
		if prev, ok := seen[f]; ok && prev != s {
			return &LoadError{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("keys %q and %q differ only in case", prev, s)}
		}
		seen[f] = s
	}
	return nil
}

func tomlError(name string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return &LoadError{File: name, Line: max(pe.Position.Line, 1), Col: pe.Position.Col, Msg: "not a readable save: " + pe.Message}
	}
	return &LoadError{File: name, Line: lineOf(err), Msg: "not a readable save: " + cleanTOMLError(err)}
}

// withStats gives each combatant the stats and pools its ruleset has gained
// since the fight was saved, stats at their defaults and pools full, as a
// combatant added now would have them: a new stat (one a check reads, say)
// or pool costs no fight its place on disk.
func withStats(rs *rules.Ruleset, enc engine.Encounter) engine.Encounter {
	enc = enc.Clone()
	for i := range enc.Combatants {
		c := &enc.Combatants[i]
		var stats map[string]int
		for _, s := range rs.Stats {
			if _, ok := c.Stats[s.ID]; !ok {
				if stats == nil {
					stats = maps.Clone(c.Stats) // shared with other states
					if stats == nil {
						stats = map[string]int{}
					}
				}
				stats[s.ID] = s.Default
			}
		}
		if stats != nil {
			c.Stats = stats
		}
		// A pool the ruleset gained since the save starts full in a fight
		// under way, as it would for a combatant joining now.
		if enc.Status == engine.StatusSetup {
			continue
		}
		for _, p := range rs.Pools {
			if _, ok := c.Pools[p.ID]; ok {
				continue
			}
			_, hi, err := p.Capacity.Bounds(dice.StatMap(c.Stats))
			if err != nil {
				continue
			}
			c.Pools = maps.Clone(c.Pools)
			if c.Pools == nil {
				c.Pools = map[string]int{}
			}
			c.Pools[p.ID] = max(hi, 0)
		}
	}
	return enc
}

// sameEncounter compares two encounters as they would be saved, so empty and
// missing lists count as the same.
func sameEncounter(a, b engine.Encounter) bool {
	var x, y bytes.Buffer
	if toml.NewEncoder(&x).Encode(a) != nil || toml.NewEncoder(&y).Encode(b) != nil {
		return false
	}
	return x.String() == y.String()
}

var lineRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+)`) })

// lineOf digs the line out of a TOML library error that has no position.
func lineOf(err error) int {
	if m := lineRE().FindStringSubmatch(err.Error()); m != nil {
		var n int
		fmt.Sscan(m[1], &n)
		return n
	}
	return 1
}

func cleanTOMLError(err error) string {
	return strings.TrimPrefix(err.Error(), "toml: ")
}

// keyLine finds the line of a top-level key.
func keyLine(data []byte, key string) int {
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(key) + `\s*=`)
	if loc := re.FindIndex(data); loc != nil {
		return bytes.Count(data[:loc[0]], []byte("\n")) + 1
	}
	return 1
}

// nthLine finds the line of the n-th (from 0) line equal to s.
func nthLine(data []byte, s string, n int) int {
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == s {
			if n == 0 {
				return i + 1
			}
			n--
		}
	}
	return 0
}

// stepLine is the line of the step a replay error names, under header.
func stepLine(data []byte, header string, err error) int {
	var re *engine.ReplayError
	if errors.As(err, &re) {
		return max(nthLine(data, header, re.Step), 1)
	}
	return 1
}
