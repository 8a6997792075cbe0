// Package saves writes fights to disk and reads them back: a TOML format a
// person can read and diff, durable writes that never replace a good save
// with a bad one, and a lock so two trackers never write one fight.
package saves

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/session"
)

// Schema is the version of the save format this fray writes. It reads every
// schema from 1 up to it: schema 1 wrote commands with fields that meant
// one thing per op (see legacy.go).
const Schema = 2

// file is a save as it stands in TOML.
type file struct {
	Schema      int    `toml:"schema"`
	Name        string `toml:"name"`
	Ruleset     string `toml:"ruleset"`
	RulesetHash string `toml:"ruleset_hash"`
	Saved       string `toml:"saved"`
	Round       int    `toml:"round"`
	Status      string `toml:"status"`
	// RNG is the random source's state: the next roll after a resume is the
	// roll that would have come.
	RNG string `toml:"rng"`
	// Current is the fight as it stands, for a person reading the file and to
	// check the replayed history against.
	Current engine.Encounter `toml:"current"`
	// Base is where the history starts; Steps lead from it to Current.
	Base   engine.Encounter `toml:"base"`
	Steps  []step           `toml:"steps"`
	Undone []step           `toml:"undone"`
}

// step is one transition: the command and the faces it rolled. Loading
// replays the command with the faces. The lines it logged are written above
// it as comments, for people: the replay makes them again, and comments cost
// the parser next to nothing (as a key, the log was half the load time).
// Saves that have the log as a key still load.
type step struct {
	Cmd   command  `toml:"cmd"`
	Faces []int    `toml:"faces,omitempty"`
	Log   []string `toml:"log,omitempty"` // read, never written
	log   []string
}

// Rules finds a ruleset and the hash of its content by id.
type Rules func(id string) (rs *rules.Ruleset, hash string, ok bool)

func toSteps(in []engine.Step) []step {
	out := make([]step, len(in))
	for i, s := range in {
		out[i] = step{Cmd: command{Command: s.Cmd}, Faces: s.Faces}
		for _, e := range s.Events {
			out[i].log = append(out[i].log, e.Text)
		}
	}
	return out
}

// fromSteps reads the steps of a save of the given schema.
func fromSteps(in []step, schema int) ([]engine.Step, error) {
	out := make([]engine.Step, len(in))
	for i, s := range in {
		cmd, err := s.Cmd.upgrade(schema)
		if err != nil {
			return nil, &engine.ReplayError{Step: i, Err: err}
		}
		out[i] = engine.Step{Cmd: cmd, Faces: s.Faces}
	}
	return out, nil
}

// Encode writes a snapshot as TOML; now is the time it says it was saved.
func Encode(s session.Snapshot, now time.Time) ([]byte, error) {
	sf := file{
		Schema: Schema, Name: s.Name, Ruleset: s.Rules.ID, RulesetHash: s.Hash,
		Saved: now.UTC().Format(time.RFC3339), Round: s.Current.Round, Status: s.Current.Status,
		RNG: s.RNG, Current: s.Current, Base: s.Base,
		Steps: toSteps(s.Done), Undone: toSteps(s.Undone),
	}
	var b bytes.Buffer
	b.WriteString("# A fight saved by fray. Steps replay from base with the faces they rolled.\n")
	enc := toml.NewEncoder(&b)
	enc.Indent = ""
	if err := enc.Encode(sf); err != nil {
		return nil, fmt.Errorf("encoding the save: %w", err)
	}
	return logComments(b.Bytes(), sf), nil
}

// logComments writes each step's log lines as comments under its header.
// Strings are encoded on one line with their newlines escaped, so a line
// that is a table header is one.
func logComments(data []byte, sf file) []byte {
	out := make([]byte, 0, len(data)+len(data)/2)
	lists := map[string][]step{"[[steps]]": sf.Steps, "[[undone]]": sf.Undone}
	next := map[string]int{}
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			i = len(data) - 1
		}
		line := data[:i+1]
		data = data[i+1:]
		out = append(out, line...)
		h := string(bytes.TrimSpace(line))
		list, ok := lists[h]
		if !ok || next[h] >= len(list) {
			continue
		}
		for _, l := range list[next[h]].log {
			out = append(out, "# "...)
			out = append(out, strings.ReplaceAll(l, "\n", " ")...)
			out = append(out, '\n')
		}
		next[h]++
	}
	return out
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

// Decode reads a save. name is the file's name for messages. A save whose
// history no longer replays (its ruleset changed) still opens at its saved
// state, with a notice, when that state fits the ruleset.
func Decode(name string, data []byte, rules Rules) (*session.Saved, error) {
	d, err := decodeTOML(data)
	sf := d.sf
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &LoadError{File: name, Line: max(pe.Position.Line, 1), Col: pe.Position.Col, Msg: "not a readable save: " + pe.Message}
		}
		return nil, &LoadError{File: name, Line: lineOf(err), Msg: "not a readable save: " + cleanTOMLError(err)}
	}
	switch {
	case !d.hasSchema:
		return nil, &LoadError{File: name, Line: 1, Msg: "not a fray save (it has no schema)"}
	case sf.Schema > Schema:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1, Msg: fmt.Sprintf("saved by a newer fray (schema %d; this fray reads schema %d)", sf.Schema, Schema)}
	case sf.Schema < 1:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1, Msg: fmt.Sprintf("schema %d is not a fray schema", sf.Schema)}
	}
	rs, hash, ok := rules(sf.Ruleset)
	if !ok {
		return nil, &LoadError{File: name, Line: keyLine(data, "ruleset"), Col: 1, Msg: fmt.Sprintf("unknown ruleset %q: add its file to your content directory to open this fight", sf.Ruleset)}
	}
	if sf.Base.Ruleset != sf.Ruleset || sf.Current.Ruleset != sf.Ruleset {
		return nil, &LoadError{File: name, Line: keyLine(data, "ruleset"), Col: 1, Msg: "the encounters in the save name another ruleset"}
	}
	src := dice.NewSource(0)
	if err := src.SetState(sf.RNG); err != nil {
		return nil, &LoadError{File: name, Line: keyLine(data, "rng"), Col: 1, Msg: err.Error()}
	}
	out := &session.Saved{Name: sf.Name, Source: src, Hash: hash}
	for _, k := range d.undecoded {
		if sf.Schema < 2 && schema1Key(k.String()) {
			continue
		}
		out.Notices = append(out.Notices, fmt.Sprintf("%s: key %q ignored", name, k.String()))
	}
	changed := sf.RulesetHash != "" && sf.RulesetHash != hash
	if changed {
		out.Notices = append(out.Notices, fmt.Sprintf("ruleset %q has changed since this fight was saved", sf.Ruleset))
	}
	sf.Base, sf.Current = withStats(rs, sf.Base), withStats(rs, sf.Current)
	done, err := fromSteps(sf.Steps, sf.Schema)
	if err != nil {
		return nil, &LoadError{File: name, Line: stepLine(data, "[[steps]]", err), Col: 1, Msg: err.Error()}
	}
	undone, err := fromSteps(sf.Undone, sf.Schema)
	if err != nil {
		return nil, &LoadError{File: name, Line: stepLine(data, "[[undone]]", err), Col: 1, Msg: err.Error()}
	}
	f, err := engine.Restore(rs, sf.Base, done, undone, src)
	if err == nil && !sameEncounter(asSaved(*f.Current(), sf.Schema), sf.Current) {
		err = errors.New("the history does not lead to the saved state")
	}
	if err != nil {
		var re *engine.ReplayError
		line := 0
		if errors.As(err, &re) {
			line = nthLine(data, "[[steps]]", re.Step)
		}
		if !changed {
			// Same rules, yet the history does not replay to the saved
			// state: the file was damaged or edited. Refuse it rather than
			// open a fight that may be missing part of itself.
			if line == 0 {
				line = max(nthLine(data, "[current]", 0), 1)
			}
			return nil, &LoadError{File: name, Line: line, Col: 1, Msg: err.Error()}
		}
		// Keep the fight as it stands; its history starts here.
		f = engine.NewFight(rs, sf.Current, src)
		out.Notices = append(out.Notices, fmt.Sprintf("the undo history could not be replayed (%v): the fight opens as it was saved, and undo starts from here", err))
	}
	// A save edited by hand (or by another tool) may hold a fight no step
	// could make: say so, and open it anyway; the GM can mend it from here.
	if err := f.Verify(); err != nil {
		out.Notices = append(out.Notices, fmt.Sprintf("%s: the fight breaks a rule of its own: %v", name, err))
	}
	f.Dice = src
	out.Fight = f
	return out, nil
}

// withStats gives each combatant the stats its ruleset has gained since the
// fight was saved, at their defaults, as a combatant added now would have
// them: a new stat (one a check reads, say) costs no fight its history.
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

var lineRE = regexp.MustCompile(`line (\d+)`)

// lineOf digs the line out of a TOML library error that has no position.
func lineOf(err error) int {
	if m := lineRE.FindStringSubmatch(err.Error()); m != nil {
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
