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
	"hash/crc32"
	"maps"
	"regexp"
	"runtime"
	"slices"
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
const Schema = 4

// A save of schema 3 or 4 is a TOML document in two parts. The head: the
// fight's name, ruleset and the hash of its content, the state of the dice,
// the fight's id and how many changes of its journal it holds, then the
// fight as it stands ([current]) and where its history starts ([base]).
// Then [history]: the steps from the base to the current state, one a line,
// each an inline table with the command, the faces it rolled and what it
// logged, then the steps undone, which redo replays:
//
//	[history]
//	done = [
//	{cmd = {op = "add", add = [{name = "Gavvin", hp = 30}]}, log = [{kind = "add", round = 0,
//	  who = {id = 1, name = "Gavvin"}, hp = 30, fact = {Joins = {HP = 30}}}]},
//	{cmd = {op = "damage", who = 2, expr = "1d6"}, faces = [4], log = [...]},
//	]
//	undone = [
//	]
//
// Schema 4 adds to the head, after the schema:
//
//	checksum = "8c97e227"   # CRC-32C of the file without this line
//
// and after the fight's count of changes:
//
//	done_steps = 115        # the lines of [history]'s done list
//	undone_steps = 3        # and of its undone list
//	phases = ["shock", "movement", "flurry", "adjustment", "morale"]
//
// The checksum tells a save damaged, or edited by hand, from one as fray
// wrote it: such a save is named as it opens, checked as any other, and
// opens if it passes (its next snapshot has a checksum of its own). The
// counts tell a history cut short. phases are the ids of the ruleset's
// round phases when the fight was saved, in order: the phase a [current]
// or [base] stands in (phase = 2, and each phase_holds' phase) counts from
// 0 in that list, so a ruleset that gains, loses or reorders phases still
// opens the fight in the phase it was in (one it no longer has is
// reported). Schemas 1 to 3 have none of these: their phases are the
// ruleset's, by position.
//
// Schema 4 also keeps each event as the facts it states (events.go: who,
// the roll, the change to hit points, who may read it, and a fact of
// engine/facts.go), which package narrate puts in words; schema 3 kept the
// words each event showed. A schema 3 save opens with its history replayed
// to state them again; where it does not replay to its [current], the words
// stay, as lines the players never read (engine.PrivateLegacy).
//
// The head is read by the TOML library (once its depth is known to be
// safe: session.TOMLDepth); the history, line by line, on every core, by
// the reader of inline.go. Opening a long fight reads it all, and shows it
// at once: the steps are replayed only when undo needs them
// (engine.Resume), with a check that they lead to [current].

// head is the first part of a schema 3 or 4 save.
type head struct {
	Schema int `toml:"schema"`
	// Checksum is the CRC-32C, in hex, of the file without its checksum
	// line (schema 4).
	Checksum    string `toml:"checksum,omitempty"`
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
	Fight   string `toml:"fight"`
	Changes int    `toml:"changes"`
	// DoneSteps and UndoneSteps count the steps of [history] (schema 4).
	DoneSteps   *int `toml:"done_steps,omitempty"`
	UndoneSteps *int `toml:"undone_steps,omitempty"`
	// Phases are the ids of the ruleset's round phases as the fight was
	// saved (schema 4): the encounters' phase indexes count in it.
	Phases  []string         `toml:"phases,omitempty"`
	Current engine.Encounter `toml:"current"`
	Base    engine.Encounter `toml:"base"`
}

// maxCount is the most changes, steps or rounds a save or journal may
// count: a change a second for thirty years. A count beyond it is damage
// (changes = 9223372036854775807 would hide every change of the journal).
const maxCount = 1_000_000_000

// hline is a step of the history as its line holds it: the command, the
// faces it rolled, what it logged.
type hline struct {
	Cmd   cmdLine  `toml:"cmd"`
	Faces []int    `toml:"faces,omitempty"`
	Log   []logged `toml:"log,omitempty"`
}

// hline3 is a step as a save of schema 3 holds it.
type hline3 struct {
	Cmd   cmdLine   `toml:"cmd"`
	Faces []int     `toml:"faces,omitempty"`
	Log   []logged3 `toml:"log,omitempty"`
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
	done, undone := len(s.Done), len(s.Undone)
	h := head{
		Schema: Schema, Checksum: "00000000", Name: s.Name, Ruleset: s.Rules.ID, RulesetHash: s.Hash,
		Saved: now.UTC().Format(time.RFC3339), Changed: m.changed.UTC().Format(time.RFC3339Nano),
		Round: s.Current.Round, Status: s.Current.Status,
		RNG: s.RNG, Fight: m.fight, Changes: m.changes, DoneSteps: &done, UndoneSteps: &undone, Current: s.Current, Base: s.Base,
	}
	for _, p := range s.Rules.RoundPhases() {
		h.Phases = append(h.Phases, p.ID)
	}
	var b bytes.Buffer
	b.Grow(4096 + 200*(len(s.Done)+len(s.Undone)))
	b.WriteString("# A fight saved by fray. [current] is the fight as it stands; [history] holds\n" +
		"# every step from [base] to it, one a line: what was done, the faces it\n" +
		"# rolled and what it logged. Changes made since are in the journal beside\n" +
		"# this file (its name and .journal), one a line, until the next save.\n" +
		"# checksum is a CRC-32C of this file without its line: a save edited by\n" +
		"# hand is named as it opens, and opens if it checks out.\n")
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
	start, end, _, ok := checksumLine(out)
	if !ok {
		return nil, errors.New("encoding the save: no checksum line")
	}
	sum := contentSum(out, start, end)
	copy(out[bytes.IndexByte(out[start:end], '"')+start+1:], fmt.Sprintf("%08x", sum))
	return out, nil
}

var checksumRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^checksum\s*=\s*"([^"]*)"\s*(#.*)?$`) })

// checksumLine finds the checksum key among the top-level keys (those
// before the first table): where its line starts and ends (past its
// newline), and its value.
func checksumLine(data []byte) (start, end int, value string, ok bool) {
	for off := 0; off < len(data); {
		e := bytes.IndexByte(data[off:], '\n')
		next := off + e + 1
		if e < 0 {
			e, next = len(data)-off, len(data)
		}
		line := bytes.TrimSpace(data[off : off+e])
		if bytes.HasPrefix(line, []byte("[")) {
			break
		}
		if m := checksumRE().FindSubmatch(line); m != nil {
			return off, next, string(m[1]), true
		}
		off = next
	}
	return 0, 0, "", false
}

// contentSum is the CRC-32C of data without the bytes start to end.
func contentSum(data []byte, start, end int) uint32 {
	return crc32.Update(crc32.Checksum(data[:start], castagnoli()), castagnoli(), data[end:])
}

// checksumMatches reports whether a save has a checksum line, and whether
// it matches the rest of the file.
func checksumMatches(data []byte) (has, matches bool) {
	start, end, v, ok := checksumLine(data)
	if !ok {
		return false, false
	}
	return true, v == fmt.Sprintf("%08x", contentSum(data, start, end))
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
	var events []logged // one step's, reused
	for _, s := range steps {
		cmd, err := lineOf(s.Cmd)
		if err != nil {
			return nil, err
		}
		l := hline{Cmd: cmd, Faces: s.Faces}
		if withLog {
			events = events[:0]
			for _, e := range s.Events {
				le, err := loggedOf(e)
				if err != nil {
					return nil, fmt.Errorf("encoding a %s step: %w", s.Cmd.Op(), err)
				}
				events = append(events, le)
			}
			l.Log = events
		}
		if b, err = l.appendInline(b); err != nil {
			return nil, fmt.Errorf("encoding a %s step: %w", s.Cmd.Op(), err)
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
	// BackupPath is the save's backup, when it opens (Store.Open fills it
	// in): the screen offers it.
	BackupPath string
}

// Backup is the save's backup, when it opens (session.BackupOffer).
func (e *LoadError) Backup() string { return e.BackupPath }

func (e *LoadError) Error() string {
	s := fmt.Sprintf("%s: %s", e.File, e.Msg)
	if e.Line > 0 {
		s = fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, max(e.Col, 1), e.Msg)
	}
	if e.BackupPath != "" {
		s += fmt.Sprintf("; its backup %s opens (the fight then goes on in a new file)", session.Safe(e.BackupPath))
	}
	return s
}

// loaded is a save as read from its file, before its journal.
type loaded struct {
	saved  *session.Saved
	schema int
	hash   string // the ruleset hash the save names
	// damaged says how the save is not as fray wrote it (a checksum that
	// does not match, a history shorter than its count), or "".
	damaged string
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

func decode(name string, data []byte, rules Rules) (*loaded, error) {
	return decodeAs(name, data, rules, false)
}

// decodeAs reads a save; later, a long history of a save whose checksum
// matches is read when first needed, after the fight is on the screen
// (engine.ResumeLater): a save fray wrote was read back whole before it
// replaced the one before, so what is left to read reads.
func decodeAs(name string, data []byte, rules Rules, later bool) (l *loaded, err error) {
	// A hostile file must never crash fray: what the checks below miss and
	// the engine trips on is an error like any other.
	defer func() {
		if r := recover(); r != nil {
			l, err = nil, &LoadError{File: name, Msg: fmt.Sprintf("this save breaks fray (%v): it was not opened, and is left as it is", r)}
		}
	}()
	n, ok := schemaOf(data)
	switch {
	case !ok:
		return decodeLegacy(name, data, rules) // says what is wrong
	case n > Schema:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1,
			Msg: fmt.Sprintf("saved by a newer fray (schema %d; this fray reads schema %d)", n, Schema)}
	case n < 1:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1, Msg: fmt.Sprintf("schema %d is not a fray schema", n)}
	case n < 3:
		return decodeLegacy(name, data, rules)
	}
	return decode3(name, data, rules, n, later)
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

// maxHead is the largest head (the part before [history]) fray reads: a
// fight of a thousand combatants has one of some 2 MB.
const maxHead = 16 << 20

// decode3 reads a save of schema 3 or 4 (schema is the one it says). A
// schema 4 save whose checksum does not match is read and checked like any
// other, and opens if it passes, with a notice; if it does not, the error
// says that it was edited or damaged.
func decode3(name string, data []byte, rules Rules, schema int, later bool) (*loaded, error) {
	mismatch := ""
	if schema >= 4 {
		switch has, ok := checksumMatches(data); {
		case !has:
			mismatch = "it has no checksum"
		case !ok:
			mismatch = "its checksum does not match its content"
		}
	}
	l, err := decodeHead(name, data, rules, schema, later && mismatch == "")
	if mismatch == "" {
		return l, err
	}
	if err != nil {
		var le *LoadError
		if errors.As(err, &le) {
			le.Msg += " (" + mismatch + ": edited by hand, or damaged)"
		}
		return nil, err
	}
	l.damaged = mismatch + ": edited by hand, or damaged"
	l.saved.Notices = append([]string{fmt.Sprintf("%s: %s; it was checked, and opens as it reads", name, l.damaged)}, l.saved.Notices...)
	return l, nil
}

// decodeHead reads a schema 3 or 4 save, its checksum aside: the head, then
// its history a step a line; each part in the order it is read, with the
// error it may meet.
func decodeHead(name string, data []byte, rules Rules, schema int, later bool) (*loaded, error) {
	cut := historyAt(data)
	if cut < 0 {
		return nil, &LoadError{File: name, Line: lines(data) + 1, Col: 1, Msg: "the save has no [history]: it was cut short or edited"}
	}
	if cut > maxHead {
		return nil, &LoadError{File: name, Line: 1, Col: 1,
			Msg: fmt.Sprintf("the part before [history] is larger than %d MB: not read", maxHead>>20)}
	}
	var de *session.DepthError
	if errors.As(session.TOMLDepth(data[:cut]), &de) {
		return nil, &LoadError{File: name, Line: de.Line, Col: de.Col, Msg: de.Error()}
	}
	var h head
	md, err := toml.Decode(string(data[:cut]), &h)
	if err != nil {
		return nil, tomlError(name, err)
	}
	if err := foldedKeys(name, data, md); err != nil {
		return nil, err
	}
	if err := headChecks(name, data, h, md); err != nil {
		return nil, err
	}
	hist, err := scanHistory(name, data, cut, schema)
	if err != nil {
		return nil, err
	}
	// A long history is read later but for its last steps, which the log
	// shows; undone steps are read now (redo needs them).
	from := 0
	var earlier func() ([]engine.Step, error)
	if later && schema >= 4 && hist.done > readLaterFrom {
		from = hist.done - laterTail
		earlier = sync.OnceValues(func() ([]engine.Step, error) {
			done, _, err := hist.read(0, from)
			return done, err
		})
	}
	done, undone, err := hist.read(from, len(hist.items))
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
	short := ""
	if nd, nu := hist.done, len(hist.items)-hist.done; h.DoneSteps != nil && (nd != *h.DoneSteps || nu != *h.UndoneSteps) {
		short = fmt.Sprintf("its history holds %d steps done and %d undone, its head counts %d and %d: it was cut short or edited, "+
			"and undo reaches back as far as the history goes", nd, nu, *h.DoneSteps, *h.UndoneSteps)
		out.Notices = append(out.Notices, name+": "+short)
	}
	// A phase the ruleset no longer has is said once the rest is known to
	// fit (a save switched to another ruleset is that, first).
	missing := phasesByID(name, data, rs, h.Phases, &h.Current, &h.Base)
	// A stat the ruleset gained since the save takes its default, as it
	// would for a combatant joining now.
	h.Base, h.Current = withStats(rs, h.Base), withStats(rs, h.Current)
	for _, e := range []struct {
		enc   engine.Encounter
		table string
	}{{h.Base, "[base]"}, {h.Current, "[current]"}} {
		if missing != nil {
			// Checked but for where it stands in the round.
			e.enc.Phase, e.enc.Cur, e.enc.PhaseHolds = 0, engine.Ref{}, nil
		}
		if err := fits(name, data, rs, h.Ruleset, e.enc, e.table); err != nil {
			return nil, err
		}
	}
	if missing != nil {
		return nil, missing
	}
	ruleChange := h.RulesetHash != "" && h.RulesetHash != hash
	if ruleChange {
		out.Notices = append(out.Notices, fmt.Sprintf("ruleset %q has changed since this fight was saved", h.Ruleset))
	}
	f, err := resume(rs, h, earlier, done, undone, src, schema, ruleChange)
	if err != nil {
		out.Notices = append(out.Notices,
			fmt.Sprintf("the undo history could not be replayed (%v): the fight opens as it was saved, and undo starts from here; "+
				"every step is kept in the save", err))
	}
	out.Fight = f
	changed, _ := time.Parse(time.RFC3339Nano, h.Changed)
	return &loaded{saved: out, schema: h.Schema, hash: h.RulesetHash, damaged: short,
		meta: meta{fight: h.Fight, changes: h.Changes, changed: changed}}, nil
}

// resume makes the fight of a schema 3 or 4 save. Schema 3 kept the words
// each event showed, not its facts: the history, replayed to the saved
// state, states them all again. Where it does not, the words stay, as lines
// the players never read (engine.PrivateLegacy). A fight whose ruleset has
// changed is replayed now, to find out whether undo still works: the error
// says why not.
func resume(rs *rules.Ruleset, h head, earlier func() ([]engine.Step, error), done, undone []engine.Step, src *dice.Source, schema int,
	ruleChange bool) (*engine.Fight, error) {
	if schema < 4 {
		g, err := restore(rs, h.Base, done, undone, src)
		if err == nil && engine.Same(asSaved(*g.Current(), schema), asSaved(engine.TakenFrom(h.Current, *g.Current()), schema)) {
			return g, nil
		}
	}
	f := engine.Resume(rs, h.Base, done, h.Current, undone, src)
	if earlier != nil {
		f = engine.ResumeLater(rs, h.Base, earlier, done, h.Current, undone, src)
	}
	if ruleChange {
		if _, err := f.Replay(-1); err != nil {
			return f, err
		}
	}
	return f, nil
}

// headChecks refuses a head that no fray could have written: the schema
// not where it is read, a key of a later schema, a count out of bounds.
func headChecks(name string, data []byte, h head, md toml.MetaData) error {
	bad := func(key, msg string) error {
		return &LoadError{File: name, Line: keyLine(data, key), Col: 1, Msg: msg}
	}
	n, _ := schemaOf(data)
	switch {
	case h.Schema != n:
		return bad("schema", "the schema key is not where fray can read it")
	case md.IsDefined("history"):
		return bad("history", "history is defined twice")
	}
	if h.Schema < 4 {
		for _, k := range []string{"checksum", "done_steps", "undone_steps", "phases"} {
			if md.IsDefined(k) {
				return bad(k, fmt.Sprintf("%s is a key of schema 4; this save says schema %d", k, h.Schema))
			}
		}
	} else if h.DoneSteps == nil || h.UndoneSteps == nil {
		return bad("changes", "a schema 4 save counts its steps (done_steps and undone_steps): these are missing")
	}
	counts := []struct {
		key string
		n   *int
	}{{"changes", &h.Changes}, {"round", &h.Round}, {"done_steps", h.DoneSteps}, {"undone_steps", h.UndoneSteps}}
	for _, c := range counts {
		if c.n != nil && (*c.n < 0 || *c.n > maxCount) {
			return bad(c.key, fmt.Sprintf("%s = %d is not a count fray could have made (0 to %d)", c.key, *c.n, maxCount))
		}
	}
	return nil
}

// phasesByID maps the phase indexes of a save's encounters from the list
// of phase ids it was saved with to the ruleset's phases as they are now.
// A fight under way in a phase the ruleset no longer has is refused: it
// would open in another phase. Saves with no list (schemas 1 to 3) count
// in the ruleset's phases as they are.
func phasesByID(name string, data []byte, rs *rules.Ruleset, saved []string, encs ...*engine.Encounter) error {
	if saved == nil {
		return nil
	}
	now := rs.RoundPhases()
	index := func(i int) (int, string, bool) {
		if i < 0 || i >= len(saved) {
			return i, "", true // out of range: fits says so
		}
		for j, p := range now {
			if p.ID == saved[i] {
				return j, saved[i], true
			}
		}
		return 0, saved[i], false
	}
	var missing error
	for _, enc := range encs {
		table := "[current]"
		if enc != encs[0] {
			table = "[base]"
		}
		p, id, ok := index(enc.Phase)
		if !ok && enc.Status == engine.StatusRunning && missing == nil {
			missing = &LoadError{File: name, Line: keyLine(data, "phases"), Col: 1,
				Msg: fmt.Sprintf("%s does not fit ruleset %q as it is now: it stands in phase %q, which the ruleset does not have; "+
					"if the ruleset has changed since the save, put the old one back to open it", table, rs.ID, id)}
		}
		enc.Phase = p
		holds := slices.Clone(enc.PhaseHolds)
		for k := range holds {
			p, id, ok := index(holds[k].Phase)
			if !ok && missing == nil {
				missing = &LoadError{File: name, Line: keyLine(data, "phases"), Col: 1,
					Msg: fmt.Sprintf("%s does not fit ruleset %q as it is now: it holds a combatant in phase %q, which the ruleset "+
						"does not have; if the ruleset has changed since the save, put the old one back to open it", table, rs.ID, id)}
			}
			holds[k].Phase = p
		}
		enc.PhaseHolds = holds
	}
	return missing
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

// A history longer than readLaterFrom steps is read after the fight opens
// (decodeAs) but for its last laterTail steps: more than a screen of the
// log shows, as a step logs an event or more.
const (
	readLaterFrom = 1024
	laterTail     = 256
)

// A history line: where it is, which list it is in, and what it read.
type histLine struct {
	off, end, no int
	undone       bool
	at           int // index in its list
	comma        bool
	err          error
}

// history is the [history] part of a save, its lines found and counted,
// their steps not read yet.
type history struct {
	name   string
	data   []byte
	schema int
	items  []histLine
	done   int // how many of items are done's (they come first)
}

// readHistory reads the [history] part of a save, which starts at cut:
// its lines found, then read on every core, errors placed at their line.
func readHistory(name string, data []byte, cut, schema int) (done, undone []engine.Step, err error) {
	h, err := scanHistory(name, data, cut, schema)
	if err != nil {
		return nil, nil, err
	}
	return h.read(0, len(h.items))
}

// scanHistory finds the lines of the [history] part of a save, which
// starts at cut, in one pass: lists and steps where they belong, a step a
// line.
func scanHistory(name string, data []byte, cut, schema int) (*history, error) {
	no := lines(data[:cut]) + 1 // the [history] line
	off := cut + bytes.IndexByte(data[cut:], '\n') + 1
	if off <= cut {
		off = len(data)
	}
	h := &history{name: name, data: data, schema: schema}
	var (
		list    = ""
		listed  = map[string]bool{}
		nUndone int
	)
	bad := func(line int, msg string) error { return &LoadError{File: name, Line: line, Col: 1, Msg: msg} }
	// Lines are looked at as bytes: a long history has thousands.
	for off < len(data) {
		no++
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += off
		}
		line := bytes.TrimSpace(data[off:end])
		switch {
		case len(line) == 0 || line[0] == '#':
		case list != "" && line[0] == '{':
			if h.items == nil {
				h.items = make([]histLine, 0, bytes.Count(data[off:], []byte("\n"))+1)
			}
			undone := list == "undone"
			at := &h.done
			if undone {
				at = &nUndone
			}
			h.items = append(h.items, histLine{off: off, end: end, no: no, undone: undone, at: *at})
			*at++
		case list == "" && (string(line) == "done = [" || string(line) == "undone = ["):
			key := strings.TrimSuffix(string(line), " = [")
			if listed[key] {
				return nil, bad(no, key+" is given twice")
			}
			listed[key] = true
			list = key
		case list != "" && line[0] == ']' && (len(line) == 1 || bytes.HasPrefix(bytes.TrimSpace(line[1:]), []byte("#"))):
			list = ""
		case list != "":
			return nil, bad(no, "expected a step (one a line, in {}) or ] to end the list")
		default:
			return nil, bad(no, "expected done = [ or undone = [ (one step a line after it)")
		}
		off = end + 1
	}
	if list != "" {
		return nil, bad(no, "the list of steps is not closed: the save was cut short")
	}
	for _, key := range []string{"done", "undone"} {
		if !listed[key] {
			return nil, bad(no+1,
				fmt.Sprintf("[history] has no %s list (%s = [, then one step a line, then ]): the save was cut short", key, key))
		}
	}
	// Read in the order they stand, each list's steps by their place in it.
	byList := func(a, b histLine) int { return cmpBool(a.undone, b.undone) }
	if !slices.IsSortedFunc(h.items, byList) {
		slices.SortStableFunc(h.items, byList)
	}
	return h, nil
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// read reads the steps of items[from:to] (done's first, then undone's),
// on every core, each to its own place.
func (h *history) read(from, to int) (done, undone []engine.Step, err error) {
	items := h.items[from:to]
	nd := max(min(to, h.done)-from, 0)
	done = make([]engine.Step, nd)
	undone = make([]engine.Step, len(items)-nd)
	parts := runtime.GOMAXPROCS(0)
	if len(items) < 256 {
		parts = 1
	}
	data := h.data
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() {
			for i := p * len(items) / parts; i < (p+1)*len(items)/parts; i++ {
				it := &items[i]
				s, rest, err := readStep(string(bytes.TrimLeft(data[it.off:it.end], " \t")), h.schema)
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
				if i < nd {
					done[i] = s
				} else {
					undone[i-nd] = s
				}
			}
		})
	}
	wg.Wait()
	// The first error in the file is said (a list of undone steps may
	// stand before done's).
	var first error
	firstNo := 0
	for i, it := range items {
		var err error
		switch next := from + i + 1; {
		case it.err != nil:
			col := 1
			var ie *InlineError
			if errors.As(it.err, &ie) {
				col = ie.Off + 1 + indent(data[it.off:it.end])
			}
			err = &LoadError{File: h.name, Line: it.no, Col: col, Msg: "step: " + it.err.Error()}
		case !it.comma && next < len(h.items) && h.items[next].undone == it.undone:
			err = &LoadError{File: h.name, Line: it.no, Col: 1, Msg: "a step that is not the last of its list needs a comma after it"}
		}
		if err != nil && (first == nil || it.no < firstNo) {
			first, firstNo = err, it.no
		}
	}
	if first != nil {
		return nil, nil, first
	}
	return done, undone, nil
}

// readStep reads a step from the start of a history line of a save of the
// schema, and returns what is left of the line.
func readStep(line string, schema int) (engine.Step, string, error) {
	var s engine.Step
	var cmd cmdLine
	var rest string
	var err error
	if schema < 4 {
		var l hline3
		if rest, err = unmarshalInline(line, &l); err != nil {
			return s, rest, err
		}
		cmd, s.Faces = l.Cmd, l.Faces
		for _, e := range l.Log {
			s.Events = append(s.Events, e.event())
		}
	} else {
		var l hline
		if rest, err = l.read(line); err != nil {
			return s, rest, err
		}
		cmd, s.Faces = l.Cmd, l.Faces
		s.Events = make([]engine.Event, 0, len(l.Log))
		for _, e := range l.Log {
			ev, err := e.event()
			if err != nil {
				return s, rest, err
			}
			s.Events = append(s.Events, ev)
		}
	}
	s.Cmd, err = cmd.command()
	return s, rest, err
}

func indent(line []byte) int { return len(line) - len(bytes.TrimLeft(line, " \t")) }

// header finds the ruleset and restores the dice a save names.
func header(name string, data []byte, ruleset, rng string, rules Rules) (*rules.Ruleset, string, *dice.Source, error) {
	rs, hash, ok := rules(ruleset)
	if !ok {
		return nil, "", nil, &LoadError{File: name, Line: keyLine(data, "ruleset"), Col: 1,
			Msg: fmt.Sprintf("unknown ruleset %q: add its file to your content directory to open this fight", ruleset)}
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
		return &LoadError{File: name, Line: line(), Col: 1,
			Msg: fmt.Sprintf("%s is a fight of ruleset %q, the save says %q", table, enc.Ruleset, ruleset)}
	}
	if err := engine.Verify(rs, &enc, false); err != nil {
		return &LoadError{File: name, Line: line(), Col: 1,
			Msg: fmt.Sprintf("%s does not fit ruleset %q as it is now (%v): if the ruleset has changed since the save, put the old "+
				"one back to open it", table, ruleset, err)}
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
	return &LoadError{File: name, Line: errLine(err), Msg: "not a readable save: " + cleanTOMLError(err)}
}

// withStats gives each combatant the stats and pools its ruleset has gained
// since the fight was saved, stats at their defaults and pools full, as a
// combatant added now would have them: a new stat (one a check reads, say)
// or pool costs no fight its place on disk.
func withStats(rs *rules.Ruleset, enc engine.Encounter) engine.Encounter {
	enc = enc.Clone()
	for i := range enc.Combatants {
		c := enc.Combatants[i] // the clone's own
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

var lineRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+)`) })

// errLine digs the line out of a TOML library error that has no position.
func errLine(err error) int {
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
