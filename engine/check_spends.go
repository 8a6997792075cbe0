package engine

import "fray/engine/rules"

// A check that spends an action (checks.spends): an attack roll made in
// one's own turn with no attacking action spent in it yet spends the
// check's action first, as the action key would, with its gate and its
// cost; after an attacking action nothing is charged again, and a roll
// out of one's own turn (an interrupt's, an opportunity attack the GM
// rolls) spends nothing of the turn's.

// checkSpends spends the check's action for c where it is due.
func (t *tx) checkSpends(c *Combatant, ch rules.Check) error {
	if ch.Spends == "" || c.AttackActed || t.enc.Round == 0 || !t.ownTurn(c) {
		return nil
	}
	a, ok := t.rs.Action(ch.Spends)
	if !ok {
		return nil // refused as the ruleset loads
	}
	return t.spendAs(c, a, Spend{Who: c.ID, Action: a.ID})
}
