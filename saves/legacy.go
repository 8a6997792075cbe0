package saves

import (
	"errors"
	"fmt"
	"strings"

	"fray/engine"
)

// command is a step's command as a save holds it: today's fields, and the
// two schema 1 wrote whose meaning depended on the op.
type command struct {
	engine.Command
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
	cmd := c.Command
	if schema >= 2 {
		if c.Value != 0 || c.Action != 0 {
			return cmd, errors.New(`"value" and "action" are schema 1 keys: this save says schema 2`)
		}
		return cmd, nil
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
	case engine.OpFirstAid:
		cmd.Wound, cmd.Healer, cmd.After = a, cmd.After, 0
	case engine.OpResist:
		cmd.AttackLevel, cmd.DefenceLevel = v, a
	case engine.OpSpend:
		cmd.Maneuver, cmd.Text = cmd.Text, ""
	default:
		if v != 0 || a != 0 {
			return cmd, fmt.Errorf("a %s step has no value or action", cmd.Op)
		}
	}
	return cmd, nil
}

// asSaved is an encounter as a save of the schema holds it: schema 1 kept
// no count of ranks, and of a condition only the one parent that brought it
// (a key this fray reads no more) and whether rules had caused it.
func asSaved(enc engine.Encounter, schema int) engine.Encounter {
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
