package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// Hit locations (BRP's option, hp.locations_on): damage falls on a part of
// the body with hit points of its own, kept beside the total. What it has
// taken there decides what the wound does (a leg at its hit points is
// useless, a chest at three times kills); a limb takes no more than twice
// its hit points off the total in one blow. The total's own rules (1-2 hit
// points knock out, 0 is a fatal wound) hold as ever.

// LocationHP is a location's hit points for a combatant: its formula of
// the combatant's stats, at least 1.
func LocationHP(rs *rules.Ruleset, c *Combatant, l rules.HitLocation) int {
	v, err := formula(l.HP, statsOf(rs, c))
	if err != nil {
		return 1
	}
	return max(v, 1)
}

// locationsOn reports whether damage falls on hit locations.
func (t *tx) locationsOn() bool { return t.rs.HP.LocationsOn && len(t.rs.HP.Locations) > 0 }

// hitWhere is the location a blow falls on: the one named, or rolled with
// hp.location_roll when none is.
func (t *tx) hitWhere(c *Combatant, id string) (rules.HitLocation, error) {
	if id != "" {
		l, ok := t.rs.HitLocation(id)
		if !ok {
			return l, fmt.Errorf("%s has no hit location %q", t.rs.Name, id)
		}
		return l, nil
	}
	r, err := t.roll(c, t.rs.HP.LocationRoll, LocationRoll{})
	if err != nil {
		return rules.HitLocation{}, err
	}
	l, ok := t.rs.HitLocationAt(r.Total)
	if !ok {
		return l, fmt.Errorf("a hit location roll of %d lands nowhere", r.Total)
	}
	return l, nil
}

// locationDamage takes a blow of amount at a location (after armour):
// the location's record grows, its effects come, and what comes off the
// total is returned (a limb's blow capped at twice its hit points).
func (t *tx) locationDamage(c *Combatant, l rules.HitLocation, amount int) (int, error) {
	most := LocationHP(t.rs, c, l)
	total := amount
	if l.Limb && amount > 2*most {
		total = 2 * most
	}
	before := c.Hits[l.ID]
	if c.Hits == nil {
		c.Hits = map[string]int{}
	}
	c.Hits[l.ID] = before + total
	t.log(EvDamage, of(c), nil, HitAt{Location: l.ID, Amount: amount, Hits: c.Hits[l.ID], Of: most})
	if total < amount {
		t.log(EvDamage, of(c), nil, LimbCap{Location: l.ID, Total: total})
	}
	for _, e := range l.Effects {
		reached := c.Hits[l.ID] >= e.At*most && before < e.At*most
		if e.Blow {
			reached = amount >= e.At*most
		}
		if !reached {
			continue
		}
		t.log(EvDamage, of(c), nil, LocationTaken{Location: l.ID, Times: e.At, Blow: e.Blow})
		if err := t.locationEffect(c, l.ID, e); err != nil {
			return total, err
		}
	}
	return total, nil
}

// locationEffect gives what an effect of the hit location at gives.
func (t *tx) locationEffect(c *Combatant, at string, e rules.LocationEffect) error {
	give := e.Give
	if e.Dies && t.rs.HP.DeadCondition != "" {
		give = append(give[:len(give):len(give)], t.rs.HP.DeadCondition)
	}
	for _, id := range give {
		if c.Has(id) {
			continue
		}
		def, _ := t.rs.Condition(id)
		g, err := t.ownGrant(c, def, "", 0)
		if err != nil {
			return err
		}
		if err := t.give(c, id, g); err != nil {
			return err
		}
	}
	if e.Weapon != "" {
		t.weaponFate(c, e.Weapon)
	}
	if e.Bleed > 0 {
		if err := t.wound(Bleed{Who: c.ID, Rate: e.Bleed}); err != nil {
			return err
		}
		if e.HealCloses {
			c.Wounds[len(c.Wounds)-1].Location = at
		}
	}
	return nil
}

// locationHeal takes healing off a location's record as well as adding it
// to the total.
func (t *tx) locationHeal(c *Combatant, id string, amount int) error {
	l, ok := t.rs.HitLocation(id)
	if !ok {
		return fmt.Errorf("%s has no hit location %q", t.rs.Name, id)
	}
	had := c.Hits[l.ID]
	if had > amount {
		c.Hits[l.ID] = had - amount
	} else {
		delete(c.Hits, l.ID)
	}
	most := LocationHP(t.rs, c, l)
	t.log(EvHeal, of(c), nil, LocationHeals{Location: l.ID, Amount: had - c.Hits[l.ID], Hits: c.Hits[l.ID], Of: most})
	if had >= most && c.Hits[l.ID] < most {
		t.healedOff(c, l)
	}
	if amount > 0 {
		t.healCloses(c, l.ID)
	}
	return nil
}

// healCloses closes for good the wounds a heal_closes effect of the
// location opened: healing there is medical attention.
func (t *tx) healCloses(c *Combatant, at string) {
	for i := len(c.Wounds) - 1; i >= 0; i-- {
		w := c.Wounds[i]
		if w.Location != at {
			continue
		}
		c.Wounds = slices.Delete(c.Wounds, i, i+1)
		t.woundGone(c, i)
		t.log(EvBleed, of(c), nil, WoundClosed{Rate: w.Rate, Total: c.Bleeding()})
	}
}

// healedOff ends what a location's until_healed effects gave, now that it
// is healed below its hit points: the conditions that last until removed,
// unless another location still at or over its hit points gives them too.
func (t *tx) healedOff(c *Combatant, l rules.HitLocation) {
	for _, e := range l.Effects {
		if !e.UntilHealed {
			continue
		}
		for _, id := range e.Give {
			def, ok := t.rs.Condition(id)
			if !ok || def.Duration != rules.UntilRemoved || !c.Has(id) || t.keptElsewhere(c, l.ID, id) {
				continue
			}
			t.endOwn(c, def, HealedOff{Condition: id, Location: l.ID})
		}
	}
}

// keptElsewhere reports whether a location other than healed, still at or
// over its hit points, has an until_healed effect giving the condition
// whose multiple its record still reaches (for a single blow's, the record
// is all fray keeps: a limb's blow adds at least At times to it).
func (t *tx) keptElsewhere(c *Combatant, healed, id string) bool {
	for _, o := range t.rs.HP.Locations {
		most := LocationHP(t.rs, c, o)
		if o.ID == healed || c.Hits[o.ID] < most {
			continue
		}
		for _, e := range o.Effects {
			if e.UntilHealed && c.Hits[o.ID] >= e.At*most && slices.Contains(e.Give, id) {
				return true
			}
		}
	}
	return false
}

// HealedOff: Who was healed, and with it ended its own grant of Condition:
// at Location, below its hit points (hp.locations.effects.until_healed),
// or anywhere ("" where the heal named no location) for one ended by any
// healing (conditions.ended_by_healing).
type HealedOff struct {
	Condition, Location string
}

func (HealedOff) isFact() {}

// healedWhere reports whether a heal at the location (none: anywhere)
// reaches a condition ended by healing: one an effect of it gives.
func (t *tx) healedWhere(at, id string) bool {
	if at == "" {
		return true
	}
	l, _ := t.rs.HitLocation(at)
	return slices.ContainsFunc(l.Effects, func(e rules.LocationEffect) bool { return slices.Contains(e.Give, id) })
}
