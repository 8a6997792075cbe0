package engine

// A blow struck in a flurry uses the attacker's flurry actions
// (flurries.blow_actions): a fighter makes as many attacks as it has
// actions (War & Combat l.277), and the gate refuses one with none left,
// as it refuses any action in the flurry.

// blowInFlurry uses a blow's actions from the attacker's flurry, when it
// is in one that has begun.
func (t *tx) blowInFlurry(c *Combatant) error {
	n := t.rs.Flurries.BlowActions
	if n == 0 || c.Flurry == nil || !c.Flurry.Rolled {
		return nil
	}
	return t.flurry(Flurry{Who: c.ID, Step: FlurryAction, Actions: n})
}
