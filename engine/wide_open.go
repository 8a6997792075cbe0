package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// Wide open: a table row rolled for the one a blow struck at, in that
// blow (a fumbled parry's), may leave it open to the striker, who hits it
// again at once at the row's outcome of the attack check, unanswered
// (table.foe_hits). The hit is the blow's result for that outcome with no
// defence: its damage, armour and effects.

// wideOpenHits runs the hits the struck one's table rows gave, in order.
func (t *tx) wideOpenHits(b rules.Blow, c, foe *Combatant, wi int, w rules.Weapon, cmd Blow, ch rules.Check,
	holds func(rules.BlowEffect) bool) error {
	s := t.striking
	if s == nil {
		return nil
	}
	levels := s.wideOpen
	s.wideOpen = nil
	for _, level := range levels {
		if !slices.ContainsFunc(ch.Outcomes, func(o rules.Outcome) bool { return o.ID == level }) {
			continue // another blow's check: nothing to hit with here
		}
		stats := blowStats(checkStats(t.statsOf(c), t.statsOf(foe)), nil)
		ri := -1
		for i, r := range b.Results {
			ok, err := resultHolds(r, level, "", false, 0, stats, s.chosen)
			if err != nil {
				return err
			}
			if ok {
				ri = i
				break
			}
		}
		if ri < 0 {
			return fmt.Errorf("no result for %s unanswered", level)
		}
		r := b.Results[ri]
		t.log(EvBlow, of(c), nil, WideOpen{Blow: b.ID, Against: of(foe), Attack: level})
		t.log(EvBlow, of(c), nil, BlowLands{Blow: b.ID, Result: ri, Against: of(foe), Attack: level})
		rolled, through := 0, 0
		if r.Damage != rules.DamageNone {
			var err error
			if rolled, through, err = t.blowDamage(b, r, c, foe, w, cmd.Location, 0, holds, damageMods(t.rs, ch, cmd.Modifiers, foe),
				guardArmor{}); err != nil {
				return err
			}
		}
		for _, e := range r.Effects {
			if e.Shapes() || !holds(e) || (e.Through && through <= 0) {
				continue
			}
			on, other := c, foe
			if e.To == rules.ToTarget {
				on, other = foe, c
			}
			if err := t.blowEffect(e, on, other, wi, cmd.Guard, rolled); err != nil {
				return err
			}
		}
	}
	return nil
}
