package engine

import "fray/engine/rules"

// A check that spends an action (checks.spends): an attack roll made in
// one's own turn with no attacking action spent in it yet spends the
// check's action first, as the action key would, with its gate and its
// cost; after an attacking action nothing is charged again, and a roll
// out of one's own turn (an interrupt's, an opportunity attack the GM
// rolls) spends nothing of the turn's.

// checkSpends spends the check's action for c where it is due (or the
// action a picked modifier belongs to: modifier_action.go).
func (t *tx) checkSpends(c *Combatant, ch rules.Check, chosen []string) error {
	id, err := t.spendsFor(c, ch, chosen)
	if err != nil || id == "" {
		return err
	}
	a, ok := t.rs.Action(id)
	if !ok {
		return nil // refused as the ruleset loads
	}
	return t.spendAs(c, a, Spend{Who: c.ID, Action: a.ID})
}
