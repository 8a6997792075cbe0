package engine

import (
	"fmt"

	"fray/engine/rules"
)

// A check that spends an action (checks.spends): each attacking action a
// combatant spends pays for one attack roll (a full round of attacks for
// its strikes, actions.many_rolls for any number until its next turn). An
// attack roll with none left to pay for it spends the check's action
// first in one's own turn, as the action key would, with its gate and its
// cost, and is refused when it cannot be paid; out of one's own turn it
// spends checks.off_turn_spends (Pathmaster's opportunity attack, paid by
// the Interrupt), and is refused without it.

// checkSpends spends the check's action for c where it is due.
func (t *tx) checkSpends(c *Combatant, ch rules.Check) error {
	if ch.Spends == "" || t.enc.Round == 0 {
		return nil
	}
	if err := strikesRefuse(c, ch.Kind); err != nil {
		return err
	}
	if rollPaid(c, ch) {
		c.AttackRolls -= min(c.AttackRolls, rollTakesPaid(c, ch))
		return nil
	}
	id := ch.Spends
	if !t.ownTurn(c) {
		id = ch.OffTurnSpends
	}
	a, ok := t.rs.Action(id)
	if !ok {
		return fmt.Errorf("%s has no attack out of its turn to make this roll with: spend one first (m)", c.Name)
	}
	if err := t.spendAs(c, a, Spend{Who: c.ID, Action: a.ID}); err != nil {
		if !t.ownTurn(c) {
			return fmt.Errorf("%s attacks out of its turn with %s: %w", c.Name, a.Name, err)
		}
		return fmt.Errorf("%s has made the attack rolls its attacks pay for this turn: another is %s: %w", c.Name, a.Name, err)
	}
	if !rollPaid(c, ch) {
		return fmt.Errorf("%s pays for no %s roll", a.Name, ch.Name)
	}
	c.AttackRolls -= min(c.AttackRolls, rollTakesPaid(c, ch))
	return nil
}

// rollPaid reports whether an attacking action c spent pays for a roll of
// the check: a strike left that reaches it, an attack that pays for many,
// or one roll left.
func rollPaid(c *Combatant, ch rules.Check) bool {
	return c.RollsOpen || c.AttackRolls > 0 || rollTakesStrike(c, ch)
}

// rollTakesStrike reports whether the roll takes a strike of a full round
// (strikeSpent counts it).
func rollTakesStrike(c *Combatant, ch rules.Check) bool {
	return c.Strikes != "" && c.StrikeNext < c.StrikeOf && strikeReaches(c.Strikes, ch.Kind)
}

// rollTakesPaid is how many of the single rolls paid for the roll uses:
// none when a strike or an attack of many rolls pays for it.
func rollTakesPaid(c *Combatant, ch rules.Check) int {
	if c.RollsOpen || rollTakesStrike(c, ch) {
		return 0
	}
	return 1
}

// attackRollsPaid counts the attack roll an attacking action pays for.
func (t *tx) attackRollsPaid(c *Combatant, a rules.ActionDef) {
	if !a.Attack || !t.rs.RollsSpend() {
		return
	}
	switch {
	case a.ManyRolls:
		c.RollsOpen = true
	case a.Strikes == "":
		c.AttackRolls++
	}
}
