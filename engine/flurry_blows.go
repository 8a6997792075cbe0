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
// is in one that has begun and flurries are fought now: out of the flurry
// phase the last flurry's actions are spent and over (War & Combat l.275,
// 293), and a blow pays as the phase has it (the shot its action).
func (t *tx) blowInFlurry(c *Combatant) error {
	n := t.rs.Flurries.BlowActions
	if n == 0 || !t.fightingFlurry(c) {
		return nil
	}
	return t.flurry(Flurry{Who: c.ID, Step: FlurryAction, Actions: n})
}

// undefended adds the blow's undefended modifier (flurries.undefended) to
// the modifiers picked, in place of those it excludes, where the foe cannot defend for want of actions
// (War & Combat l.238, 277): it is in a flurry fought now with none left,
// and the striker is outside that flurry or has flurries.indefensible
// actions or more left in it, before this blow uses one.
func (t *tx) undefended(b rules.Blow, c, foe *Combatant, picked []string) []string {
	id := t.rs.Flurries.Undefended
	ch, _ := t.rs.Check(b.Check)
	if _, ok := ch.Modifier(id); id == "" || !ok || slices.Contains(picked, id) {
		return picked
	}
	f := foe.Flurry
	if !t.fightingFlurry(foe) || f.Left > 0 {
		return picked
	}
	if in := c.Flurry; in != nil && in.ID == f.ID && (!in.Rolled || in.Left < t.rs.Flurries.Indefensible) {
		return picked
	}
	// No defence at all: it stands in for the picked modifiers it excludes
	// (War & Combat: the rear, a flank), which it would count twice, or
	// count a defence the fighter has nothing left to make.
	kept := slices.DeleteFunc(slices.Clone(picked), func(x string) bool { return ch.Excluded(id, x) })
	return append(kept, id)
}

// fightingFlurry reports whether c fights its flurry now: it is in one
// that has begun, in the flurry phase (flurries.phase; any time where the
// ruleset names none). After that phase the flurry's count stands as it was
// left, for the panel, until the next flurry phase rolls it again.
func (t *tx) fightingFlurry(c *Combatant) bool {
	return c.Flurry != nil && c.Flurry.Rolled && t.inFlurryPhase()
}

// attackedWith adds to the modifiers picked those the foe's conditions
// give every blow on it (conditions.attacked_with), unless one of their
// attacked_unless was picked (War & Combat: the front forfeited to defend a
// flank, an attack from the front is undefended).
func (t *tx) attackedWith(b rules.Blow, foe *Combatant, picked []string) []string {
	ch, _ := t.rs.Check(b.Check)
	for _, x := range foe.Conditions {
		def, _ := t.rs.Condition(x.ID)
		if _, ok := ch.Modifier(def.AttackedWith); !ok || slices.Contains(picked, def.AttackedWith) ||
			slices.ContainsFunc(def.AttackedUnless, func(id string) bool { return slices.Contains(picked, id) }) {
			continue
		}
		picked = append(slices.Clone(picked), def.AttackedWith)
	}
	return picked
}

// modifiersGive gives the blow's target the conditions its chosen
// modifiers give (checks.modifiers.target_gives).
func (t *tx) modifiersGive(b rules.Blow, foe *Combatant, picked []string) error {
	ch, _ := t.rs.Check(b.Check)
	for _, id := range picked {
		m, ok := ch.Modifier(id)
		if !ok || m.TargetGives == "" {
			continue
		}
		def, _ := t.rs.Condition(m.TargetGives)
		if def.UntilPhase != "" && !t.inPhase(def.UntilPhase) {
			// It lasts to that phase's end: a blow struck before it (a
			// free attack as one moves) is not in the fight it is for.
			continue
		}
		g, err := t.ownGrant(foe, def, "", 0)
		if err != nil {
			return err
		}
		if err := t.give(foe, m.TargetGives, g); err != nil {
			return err
		}
	}
	return nil
}
