package saves

import (
	"errors"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/session"
)

// Saves before schema 3 were one TOML document, the history as [[steps]]
// tables: schema 1 wrote commands with fields that meant one thing per op,
// schema 2 a field per meaning. They open with their history, replayed in
// full as they load (they have no log to show before), and the first change
// made to one writes it again as schema 3, keeping the old file as .bak.

// legacyFile is a schema 1 or 2 save as it stands in TOML.
type legacyFile struct {
	Schema      int              `toml:"schema"`
	Name        string           `toml:"name"`
	Ruleset     string           `toml:"ruleset"`
	RulesetHash string           `toml:"ruleset_hash"`
	Saved       string           `toml:"saved"`
	Round       int              `toml:"round"`
	Status      string           `toml:"status"`
	RNG         string           `toml:"rng"`
	Current     engine.Encounter `toml:"current"`
	Base        engine.Encounter `toml:"base"`
	Steps       []legacyStep     `toml:"steps"`
	Undone      []legacyStep     `toml:"undone"`
}

// legacyStep is one transition: the command and the faces it rolled. The
// lines it logged were comments (or, before that, a key: read, never used).
type legacyStep struct {
	Cmd   command  `toml:"cmd"`
	Faces []int    `toml:"faces,omitempty"`
	Log   []string `toml:"log,omitempty"`
}

// command is a step's command as a legacy save holds it: a line's keys,
// and the two schema 1 wrote whose meaning depended on the op.
type command struct {
	cmdLine
	// Value was an amount, an initiative, a rank to hold to, a direction to
	// move, a rounds count or an attack level; Action an entry, a wound, a
	// defence level, or 1 to remove a condition.
	Value  int `toml:"value,omitzero"`
	Action int `toml:"action,omitzero"`
}

// upgrade returns the engine command a step of a save of the schema holds.
// Schema 1 also kept the healer of first aid in After, and the stun level,
// the condition and the action spent in Text.
func (c command) upgrade(schema int) (engine.Command, error) {
	cmd := c.cmdLine
	if schema >= 2 {
		if c.Value != 0 || c.Action != 0 {
			return nil, errors.New(`"value" and "action" are schema 1 keys: this save says schema 2`)
		}
		return cmd.command()
	}
	v, a := c.Value, c.Action
	switch cmd.Op {
	case engine.OpDamage, engine.OpHeal, engine.OpWound, engine.OpInjury, engine.OpInitRounds:
		cmd.Amount = v
	case engine.OpStun:
		cmd.Amount, cmd.Level, cmd.Text = v, cmd.Text, ""
	case engine.OpSetInit:
		cmd.Init, cmd.Entry = v, a
	case engine.OpMove:
		cmd.Dir, cmd.Entry = v, a
	case engine.OpHold:
		cmd.To = v
	case engine.OpCondition:
		cmd.Amount, cmd.Remove, cmd.Condition, cmd.Text = v, a == 1, cmd.Text, ""
		if cmd.Remove {
			cmd.Amount = 0 // a condition taken away never read it
		}
	case engine.OpFirstAid:
		cmd.Wound, cmd.Healer, cmd.After = a, cmd.After, 0
	case engine.OpResist:
		cmd.AttackLevel, cmd.DefenceLevel = v, a
	case engine.OpSpend:
		cmd.Maneuver, cmd.Text = cmd.Text, ""
	default:
		if v != 0 || a != 0 {
			return nil, fmt.Errorf("a %s step has no value or action", cmd.Op)
		}
	}
	return cmd.command()
}

// fromSteps reads the steps of a save of the given schema.
func fromSteps(in []legacyStep, schema int) ([]engine.Step, error) {
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

// asSaved is an encounter as a save of the schema holds it: schema 1 kept
// no count of ranks, and of a condition only the one parent that brought it
// (a key this fray reads no more) and whether rules had caused it.
func asSaved(enc engine.Encounter, schema int) engine.Encounter {
	if schema < 4 {
		// Schemas before 4 kept no record of those who left the fight;
		// the history, replayed, makes it.
		enc.Gone = nil
	}
	if schema >= 2 {
		return enc
	}
	enc = enc.Clone()
	enc.Count = engine.Count{}
	for i := range enc.Combatants {
		for j := range enc.Combatants[i].Conditions {
			x := &enc.Combatants[i].Conditions[j]
			x.Own, x.Parents = false, nil
		}
	}
	return enc
}

// schema1Key reports whether a key a schema 1 save holds is one this fray
// no longer reads: a condition's single parent.
func schema1Key(k string) bool {
	return strings.HasSuffix(k, ".conditions.parent")
}

// decodeLegacy reads a schema 1 or 2 save (its schema already read), each
// step in order with its error where it happens, and replays its whole
// history. A history that no longer replays under a changed ruleset stops
// undo at the saved state; under the same ruleset the file was damaged or
// edited, and is refused.
func decodeLegacy(name string, data []byte, rules Rules) (*loaded, error) {
	var sf legacyFile
	if len(data) > maxHead {
		return nil, &LoadError{File: name, Line: 1, Col: 1,
			Msg: fmt.Sprintf("larger than %d MB, as a save of schema 1 or 2: not read", maxHead>>20)}
	}
	var de *session.DepthError
	if errors.As(session.TOMLDepth(data), &de) {
		return nil, &LoadError{File: name, Line: de.Line, Col: de.Col, Msg: de.Error()}
	}
	md, err := toml.Decode(string(data), &sf)
	if err != nil {
		return nil, tomlError(name, err)
	}
	if err := foldedKeys(name, data, md); err != nil {
		return nil, err
	}
	switch {
	case !md.IsDefined("schema"):
		return nil, &LoadError{File: name, Line: 1, Msg: "not a fray save (it has no schema)"}
	case sf.Schema > Schema:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1,
			Msg: fmt.Sprintf("saved by a newer fray (schema %d; this fray reads schema %d)", sf.Schema, Schema)}
	case sf.Schema < 1:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1,
			Msg: fmt.Sprintf("schema %d is not a fray schema", sf.Schema)}
	case sf.Schema > 2:
		return nil, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1,
			Msg: "write the schema key as schema = 3, before any table"}
	}
	rs, hash, src, err := header(name, data, sf.Ruleset, sf.RNG, rules)
	if err != nil {
		return nil, err
	}
	out := &session.Saved{Name: sf.Name, Source: src, Hash: hash}
	for _, k := range md.Undecoded() {
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
	sf.Base, sf.Current = ownConditions(sf.Base, sf.Schema), ownConditions(sf.Current, sf.Schema)
	if err := fits(name, data, rs, sf.Ruleset, sf.Base, "[base]"); err != nil {
		return nil, err
	}
	if err := fits(name, data, rs, sf.Ruleset, sf.Current, "[current]"); err != nil {
		return nil, err
	}
	done, err := fromSteps(sf.Steps, sf.Schema)
	if err != nil {
		return nil, &LoadError{File: name, Line: stepLine(data, "[[steps]]", err), Col: 1, Msg: err.Error()}
	}
	undone, err := fromSteps(sf.Undone, sf.Schema)
	if err != nil {
		return nil, &LoadError{File: name, Line: stepLine(data, "[[undone]]", err), Col: 1, Msg: err.Error()}
	}
	f, err := restore(rs, sf.Base, done, undone, src)
	if err == nil {
		sf.Current = engine.TakenFrom(sf.Current, *f.Current())
	}
	if err == nil && !engine.Same(asSaved(*f.Current(), sf.Schema), asSaved(sf.Current, sf.Schema)) {
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
		// Keep the fight as it stands, and its history with it: undo stops
		// here, and the next save still holds every step.
		f = engine.Resume(rs, sf.Base, done, sf.Current, undone, src)
		f.Replay(-1)
		out.Notices = append(out.Notices,
			fmt.Sprintf("the undo history could not be replayed (%v): the fight opens as it was saved, and undo starts from here; "+
				"every step is kept in the save", err))
	}
	out.Fight = f
	return &loaded{saved: out, schema: sf.Schema, hash: sf.RulesetHash}, nil
}

// restore replays a history; the engine is trusted with states that fit
// the ruleset, but a hostile file is not worth a crash if it ever is not.
func restore(rs *rules.Ruleset, base engine.Encounter, done, undone []engine.Step, src *dice.Source) (f *engine.Fight, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("the engine failed on this history: %v", r)
		}
	}()
	return engine.Restore(rs, base, done, undone, src)
}

// ownConditions reads a schema 1 encounter's conditions as this fray holds
// them: schema 1 kept no grants, so a condition no rule caused is taken as
// given in its own right (the one parent it may have named is not read).
// The history, when it replays, makes the exact state.
func ownConditions(enc engine.Encounter, schema int) engine.Encounter {
	if schema >= 2 {
		return enc
	}
	enc = enc.Clone()
	for i := range enc.Combatants {
		for j := range enc.Combatants[i].Conditions {
			if x := &enc.Combatants[i].Conditions[j]; len(x.Cause) == 0 && len(x.Parents) == 0 {
				x.Own = true
			}
		}
	}
	return enc
}
