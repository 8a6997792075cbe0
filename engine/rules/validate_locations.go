package rules

import "fmt"

// locations checks the hit locations: switched on with a table to roll on,
// every face of the roll landing on exactly one location, and never with
// major wounds (the book: the two do not go together).
func (c *checker) locations() {
	hp := c.rs.HP
	// The table is checked whether or not it is on: BRP ships it off, for
	// a GM to switch on.
	if hp.LocationsOn {
		if len(hp.Locations) == 0 {
			c.bad("hp.locations_on", "hit locations need their table: [[hp.locations]]")
		}
		if !hp.MajorAt.IsZero() {
			c.bad("hp.locations_on", "hit locations and major wounds do not go together: leave out hp.major_at and hp.major_condition")
		}
		if c.rs.Recorded() {
			c.bad("hp.locations_on", "a wound record has its own locations")
		}
	}
	if len(hp.Locations) == 0 && hp.LocationRoll.IsZero() {
		return
	}
	c.expr("hp.location_roll", hp.LocationRoll)
	if hp.LocationRoll.IsZero() {
		c.bad("hp.location_roll", "hit locations are rolled for: name the dice (1d20)")
	}
	ids := map[string]bool{}
	for i, l := range hp.Locations {
		p := fmt.Sprintf("hp.locations[%d]", i)
		c.id(p+".id", l.ID, ids)
		if l.Name == "" {
			c.bad(p+".name", "a location needs a name")
		}
		c.expr(p+".hp", l.HP)
		c.formula(p+".hp", l.HP)
		if l.HP.IsZero() {
			c.bad(p+".hp", "a location needs its hit points (a formula: (MAX_HP + 2) / 3)")
		}
		if l.Roll.IsZero() {
			c.bad(p+".roll", "which faces of the roll land on it (\"1..4\")")
		}
		for j, e := range l.Effects {
			q := fmt.Sprintf("%s.effects[%d]", p, j)
			if e.At < 1 {
				c.bad(q+".at", "a multiple of the location's hit points, 1 or more")
			}
			if len(e.Give) == 0 && e.Bleed == 0 && !e.Dies && e.Weapon == "" {
				c.bad(q, "an effect that gives, bleeds, kills or drops the weapon")
			}
			c.fateNotStuck(q+".weapon", e.Weapon)
			if e.HealCloses && e.Bleed == 0 {
				c.bad(q+".heal_closes", "it closes the wound the effect opens: give it a bleed")
			}
			if e.UntilHealed && len(e.Give) == 0 {
				c.bad(q+".until_healed", "it ends what the effect gives: give a condition")
			}
			if e.Dies && hp.DeadCondition == "" {
				c.bad(q+".dies", "death is hp.dead_condition: name it")
			}
			if e.Bleed < 0 {
				c.bad(q+".bleed", "a wound bleeds 1 or more a round")
			}
			for k, id := range e.Give {
				c.later = append(c.later, func() { c.ref(fmt.Sprintf("%s.give[%d]", q, k), "condition", id, c.conds) })
			}
		}
	}
	lo, hi, err := hp.LocationRoll.Bounds(func(string) (int, bool) { return 0, true })
	if err != nil || hp.LocationRoll.IsZero() {
		return
	}
	for v := lo; v <= hi && hi-lo < 1000; v++ {
		n := 0
		for _, l := range hp.Locations {
			if l.Roll.Holds(v) {
				n++
			}
		}
		if n != 1 {
			c.bad("hp.location_roll", "a roll of %d lands on %d locations: every face of %s must land on one", v, n,
				hp.LocationRoll.String())
			return
		}
	}
}
