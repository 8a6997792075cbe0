package engine

import (
	"fmt"
	"slices"
	"strconv"

	"fray/engine/dice"
)

// Marking: one step on several combatants at once. A Marked command's step
// is done to each of its targets in turn, as one transition: one undo takes back
// all of it, and each one's result is in the log. Its dice are rolled once
// for all (a fireball's damage), or once for each where the ruleset says
// (marked.roll_each). Damage may be shared out unevenly: each target's
// share of it (half on a save, double for a weakness, none, or an amount
// of its own) is in its line of the log.

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
	if err := checkShares(cmd); err != nil {
		return err
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
	for i, id := range cmd.Targets {
		one := step.to(id)
		if d, ok := one.(Damage); ok && len(cmd.Shares) > 0 {
			d.Share = cmd.Shares[i]
			one = d
		}
		if err := t.apply(one); err != nil {
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

// Share is how much of the damage typed or rolled one combatant takes: all
// of it ("" or whole), half (rounded down), double, none, or an amount of
// its own ("7"). It is taken before armour, and before a critical doubles.
type Share string

// The shares with names.
const (
	ShareWhole  Share = "whole"
	ShareHalf   Share = "half"
	ShareDouble Share = "double"
	ShareNone   Share = "none"
)

// of is the share of amount.
func (s Share) of(amount int) (int, error) {
	switch s {
	case "", ShareWhole:
		return amount, nil
	case ShareHalf:
		return amount / 2, nil
	case ShareDouble:
		return min(2*amount, dice.MaxStat), nil
	case ShareNone:
		return 0, nil
	}
	n, err := strconv.Atoi(string(s))
	if err != nil || n < 0 || n > dice.MaxStat {
		return 0, fmt.Errorf("a share is whole, half, double, none or an amount from 0 to %d, not %q", dice.MaxStat, string(s))
	}
	return n, nil
}

// checkShares refuses shares that are not one a target of damage, each
// whole, half, double, none or an amount.
func checkShares(cmd Marked) error {
	if len(cmd.Shares) == 0 {
		return nil
	}
	d, ok := cmd.Step.(Damage)
	if !ok {
		return fmt.Errorf("only damage is shared out: a %s step is the same for all the marked", cmd.Step.Op())
	}
	if d.Share != "" {
		return fmt.Errorf("a step on marked combatants gives each its share, not one for all")
	}
	if len(cmd.Shares) != len(cmd.Targets) {
		return fmt.Errorf("%d shares for %d marked: one each", len(cmd.Shares), len(cmd.Targets))
	}
	for _, s := range cmd.Shares {
		if _, err := s.of(0); err != nil {
			return err
		}
	}
	return nil
}
