package engine

import (
	"fmt"
	"maps"
	"strings"

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
	r, err := t.roll(c, t.rs.HP.LocationRoll, "hit location roll")
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
	c.Hits = cloneHits(c.Hits) // copied on write: undo's snapshots share it
	c.Hits[l.ID] = before + total
	t.log(EvDamage, c.ID, nil, "%s is hit in the %s: %d there (%d of %d)", c.Name, strings.ToLower(l.Name), amount, c.Hits[l.ID], most)
	if total < amount {
		t.log(EvDamage, c.ID, nil, "%s: a %s takes no more than %d off the total in one blow", c.Name, strings.ToLower(l.Name), total)
	}
	for _, e := range l.Effects {
		reached := c.Hits[l.ID] >= e.At*most && before < e.At*most
		if e.Blow {
			reached = amount >= e.At*most
		}
		if !reached {
			continue
		}
		t.log(EvDamage, c.ID, nil, "%s: the %s has taken %s its hit points", c.Name, strings.ToLower(l.Name), times(e.At, e.Blow))
		if err := t.locationEffect(c, e); err != nil {
			return total, err
		}
	}
	return total, nil
}

func times(n int, blow bool) string {
	s := map[int]string{1: "all", 2: "twice", 3: "three times"}[n]
	if s == "" {
		s = fmt.Sprintf("%d times", n)
	}
	if blow {
		s += " (one blow)"
	}
	return s
}

// locationEffect gives what an effect of a hit location gives.
func (t *tx) locationEffect(c *Combatant, e rules.LocationEffect) error {
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
	if e.Bleed > 0 {
		return t.wound(Bleed{Who: c.ID, Rate: e.Bleed})
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
	c.Hits = cloneHits(c.Hits)
	c.Hits[l.ID] = max(had-amount, 0)
	if c.Hits[l.ID] == 0 {
		delete(c.Hits, l.ID)
	}
	t.log(EvHeal, c.ID, nil, "%s's %s heals %d (%d of %d)", c.Name, strings.ToLower(l.Name), had-c.Hits[l.ID], c.Hits[l.ID], LocationHP(t.rs, c, l))
	return nil
}

func cloneHits(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return maps.Clone(m)
}

// LocationsText is what the hurt locations have left, for the panel:
// "Right leg 2/5 (useless) · Chest 3/6", or that none is hurt (d lists
// them all, with their hit points).
func LocationsText(rs *rules.Ruleset, c *Combatant) string {
	var parts []string
	for _, l := range rs.HP.Locations {
		most, got := LocationHP(rs, c, l), c.Hits[l.ID]
		if got == 0 {
			continue
		}
		s := fmt.Sprintf("%s %d/%d", l.Name, most-got, most)
		if got >= most && l.Limb {
			s += " (useless)"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "No location hurt"
	}
	return strings.Join(parts, " · ")
}
