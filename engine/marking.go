package engine

import (
	"fmt"
	"slices"

	"fray/engine/dice"
)

// Marking: one step on several combatants at once. A Marked command's step
// is done to each of its targets in turn, as one transition: one undo takes back
// all of it, and each one's result is in the log. Its dice are rolled once
// for all (a fireball's damage), or once for each where the ruleset says
// (marked.roll_each).

// maxTargets bounds the combatants one step acts on.
const maxTargets = 1000

// each does a Marked command's step to each of its targets, as one step.
func (t *tx) each(cmd Marked) error {
	if cmd.Step == nil {
		return fmt.Errorf("a step on marked combatants needs a step to do")
	}
	if cmd.Step.who() != 0 {
		return fmt.Errorf("a step on marked combatants names no one else")
	}
	if len(cmd.Targets) > maxTargets {
		return fmt.Errorf("at most %d combatants at once", maxTargets)
	}
	var marked []Subject
	for i, id := range cmd.Targets {
		c, err := t.who(id)
		if err != nil {
			return err
		}
		if slices.Contains(cmd.Targets[:i], id) {
			return fmt.Errorf("%s is marked twice", c.Name)
		}
		marked = append(marked, of(c))
	}
	step := cmd.Step
	if expr, ok := oneRoll(step); ok && expr != "" && !t.rs.Marked.RollEach {
		// One roll for all: rolled with nobody's stats, and logged once.
		e, err := dice.Parse(expr)
		if err != nil {
			return fmt.Errorf("%s: %w", expr, err)
		}
		r, err := t.roller.Roll(e, nil)
		if err != nil {
			return err
		}
		t.log(EvRoll, Subject{}, &r, MarkedRoll{For: step.Op(), Targets: marked})
		step = rolled(step, r.Total)
	}
	for _, id := range cmd.Targets {
		if err := t.apply(step.to(id)); err != nil {
			return fmt.Errorf("%s: %w", t.enc.Combatant(id).Name, err)
		}
	}
	return nil
}

// oneRoll is the expression a marked step rolls, for the steps whose roll
// may be one for all: damage, healing, rounds of stun.
func oneRoll(step Markable) (string, bool) {
	switch s := step.(type) {
	case Damage:
		return s.Expr, true
	case Heal:
		return s.Expr, true
	case Stun:
		return s.Expr, true
	}
	return "", false
}

// rolled is a marked step with its one roll for all done: the total in
// place of the expression.
func rolled(step Markable, total int) Markable {
	switch s := step.(type) {
	case Damage:
		s.Expr, s.Amount = "", total
		return s
	case Heal:
		s.Expr, s.Amount = "", total
		return s
	case Stun:
		s.Expr, s.Rounds = "", total
		return s
	}
	return step
}
