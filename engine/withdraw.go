package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// Withdrawing from melee (countdown): each foe left behind may take a free
// attack on the one withdrawing, rolled at once with the ruleset's check
// and its modifiers (no shield); a foe that declared Full or Desperate
// Defense, is down or cannot act has none. One who flees the fight is
// given the fled condition: no turns until the GM takes it away.

// withdraw is Who withdrawing from melee, the Foes each taking a free
// attack (with the typed modifier Expr), and fleeing the fight with Flee.
func (t *tx) withdraw(cmd Withdraw) error {
	if err := t.running(); err != nil {
		return err
	}
	w := t.rs.Withdraw
	if !w.Offered() {
		return fmt.Errorf("%s has no withdrawing from melee", t.rs.Name)
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	switch {
	case c.Out:
		return fmt.Errorf("%s is down", c.Name)
	case cmd.Flee && w.Fled == "":
		return fmt.Errorf("%s has no fleeing the fight", t.rs.Name)
	case cmd.Flee && c.Has(w.Fled):
		return fmt.Errorf("%s has fled already", c.Name)
	case len(cmd.Foes) > 0 && w.Check == "":
		return fmt.Errorf("%s has no free attacks", t.rs.Name)
	}
	var foes []*Combatant
	for _, id := range cmd.Foes {
		foe, err := t.who(id)
		if err != nil {
			return err
		}
		if foe == c || slices.Contains(foes, foe) {
			return fmt.Errorf("%s takes one free attack on %s", foe.Name, c.Name)
		}
		if why := FreeAttackBarred(t.rs, foe); why != "" {
			return fmt.Errorf("%s: no free attack", why)
		}
		if ch, ok := t.rs.Check(w.Check); ok {
			if v := t.may(foe, Act{Kind: ActRoll, Roll: ch.Kind}); !v.Allowed() {
				return fmt.Errorf("%s: no free attack", v.Why)
			}
		}
		foes = append(foes, foe)
	}
	out := Withdraws{Flee: cmd.Flee}
	if t.enc.Count.Started && t.enc.Count.Reached > t.rs.Movement.From && t.rs.Movement.Stat != "" {
		out.Movement, out.At = true, t.rs.Movement.From
	} else if e := t.enc.Entry(t.enc.Cur); e != nil && t.enc.Count.Started {
		out.Placed, out.At = true, e.Value
	}
	for _, f := range foes {
		out.Foes = append(out.Foes, of(f))
	}
	t.log(EvHold, of(c), nil, out)
	for _, f := range foes {
		if err := t.freeAttack(f, c, cmd.Expr); err != nil {
			return err
		}
	}
	if cmd.Flee {
		return t.giveCondition(GiveCondition{Who: c.ID, Condition: w.Fled})
	}
	return nil
}

// freeAttack is foe's free attack on c: the ruleset's blow (withdraw.blow)
// with its first ready weapon, or else its check alone.
func (t *tx) freeAttack(foe, c *Combatant, expr string) error {
	w := t.rs.Withdraw
	if b, ok := t.rs.Blow(w.Blow); ok {
		if wi, err := firstReady(foe); err == nil {
			return t.strike(b, foe.ID, wi, c.ID, Blow{Blow: b.ID, Expr: expr, Modifiers: w.Modifiers}, 1)
		}
	}
	return t.check(RollCheck{Who: foe.ID, Check: w.Check, Target: c.ID, Expr: expr, Modifiers: w.Modifiers})
}

// FreeAttackBarred says why a foe takes no free attack on one withdrawing
// from it (down, cannot act, a declaration that forbids it), or "".
func FreeAttackBarred(rs *rules.Ruleset, foe *Combatant) string {
	if foe.Out {
		return foe.Name + " is down"
	}
	for _, cond := range foe.Conditions {
		if d, ok := rs.Condition(cond.ID); ok && d.NoTurn {
			return foe.Name + " is " + d.Name
		}
	}
	for _, x := range foe.Declared {
		if slices.Contains(rs.Withdraw.NoFreeAttack, x.ID) {
			d, _ := rs.Declaration(x.ID)
			return foe.Name + " declared " + d.Name
		}
	}
	return ""
}
