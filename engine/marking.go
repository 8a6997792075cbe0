package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Marking: one step on several combatants at once. A command with Targets
// is done to each of them in turn, as one transition: one undo takes back
// all of it, and each one's result is in the log. Its dice are rolled once
// for all (a fireball's damage), or once for each where the ruleset says
// (marked.roll_each).

// onMarked are the ops a step on several marked combatants may be.
var onMarked = []Op{OpDamage, OpHeal, OpCondition, OpStun, OpWound, OpGroup}

// maxTargets bounds the combatants one step acts on.
const maxTargets = 1000

// each does cmd to each of its Targets, as one step.
func (t *tx) each(op func(*tx, Command) error, cmd Command) error {
	if !slices.Contains(onMarked, cmd.Op) {
		return fmt.Errorf("%s is done to one combatant at a time", cmd.Op)
	}
	if len(cmd.Targets) > maxTargets {
		return fmt.Errorf("at most %d combatants at once", maxTargets)
	}
	var names []string
	for i, id := range cmd.Targets {
		c, err := t.who(id)
		if err != nil {
			return err
		}
		if slices.Contains(cmd.Targets[:i], id) {
			return fmt.Errorf("%s is marked twice", c.Name)
		}
		names = append(names, c.Name)
	}
	if cmd.Expr != "" && !t.rs.Marked.RollEach && (cmd.Op == OpDamage || cmd.Op == OpHeal || cmd.Op == OpStun) {
		// One roll for all: rolled with nobody's stats, and logged once.
		e, err := dice.Parse(cmd.Expr)
		if err != nil {
			return fmt.Errorf("%s: %w", cmd.Expr, err)
		}
		r, err := t.roller.Roll(e, nil)
		if err != nil {
			return err
		}
		t.log(EvRoll, 0, &r, "%s for %s: %s", markedWhat(cmd.Op), strings.Join(names, ", "), r)
		cmd.Expr, cmd.Amount = "", r.Total
	}
	targets := cmd.Targets
	cmd.Targets = nil
	for _, id := range targets {
		cmd.Who = id
		if err := op(t, cmd); err != nil {
			return fmt.Errorf("%s: %w", t.enc.Combatant(id).Name, err)
		}
	}
	return nil
}

func markedWhat(op Op) string {
	switch op {
	case OpHeal:
		return "Healing"
	case OpStun:
		return "Rounds of stun"
	}
	return "Damage"
}

// Marked is how a ruleset rolls a step on several combatants, for the screen.
func MarkedRolls(rs *rules.Ruleset) string {
	if rs.Marked.RollEach {
		return "one roll for each"
	}
	return "one roll for all"
}
