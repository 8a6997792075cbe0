package engine

import (
	"slices"

	"fray/engine/rules"
)

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

// undefended adds the blow's undefended modifier (flurries.undefended) to
// the modifiers picked, where the foe cannot defend for want of actions
// (War & Combat l.238, 277): it is in a flurry that has begun with none
// left, and the striker is outside that flurry or has flurries.indefensible
// actions or more left in it, before this blow uses one.
func (t *tx) undefended(b rules.Blow, c, foe *Combatant, picked []string) []string {
	id := t.rs.Flurries.Undefended
	ch, _ := t.rs.Check(b.Check)
	if _, ok := ch.Modifier(id); id == "" || !ok || slices.Contains(picked, id) {
		return picked
	}
	f := foe.Flurry
	if f == nil || !f.Rolled || f.Left > 0 {
		return picked
	}
	if in := c.Flurry; in != nil && in.ID == f.ID && (!in.Rolled || in.Left < t.rs.Flurries.Indefensible) {
		return picked
	}
	return append(slices.Clone(picked), id)
}
