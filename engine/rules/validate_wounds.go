package rules

import (
	"slices"
)

// firstAid checks First Aid's action and what a success may do.
func (c *checker) firstAid() {
	w := c.rs.Wounds
	for _, k := range []struct {
		key string
		set bool
	}{{"first_aid_action", w.Action != ""}, {"first_aid_brace", w.Brace != 0}, {"first_aid_heals", !w.Heals.IsZero()},
		{"first_aid_fumble", !w.Fumble.IsZero()}, {"first_aid_once", w.Once}, {"restricted_pool", w.RestrictedPool != ""}} {
		if k.set && w.Check.IsZero() {
			c.bad("wounds."+k.key, "there is no first aid without wounds.first_aid_check")
		}
	}
	c.ref("wounds.restricted_pool", "pool", w.RestrictedPool, c.pools)
	if w.Action != "" {
		if a, ok := c.rs.Action(w.Action); !ok {
			c.bad("wounds.first_aid_action", "unknown action %q", w.Action)
		} else if !a.Extended {
			c.bad("wounds.first_aid_action", "%q is not an extended action: First Aid is rolled when its work is done", w.Action)
		}
	}
	c.ref("wounds.bleeding_condition", "condition", w.BleedingCondition, c.conds)
	if w.Brace < 0 || w.Brace > 100 {
		c.bad("wounds.first_aid_brace", "a percentage of the injury's penalty, 1 to 100")
	}
	for _, name := range w.Heals.Stats() {
		if name != MarginStat && !c.stats[name] && !slices.Contains(BuiltinStats, name) {
			c.bad("wounds.first_aid_heals", "unknown stat %q (the ruleset's stats, and %s: the roll's margin)", name, MarginStat)
		}
	}
	if w.HealsBleeding && w.Heals.IsZero() {
		c.bad("wounds.first_aid_heals_bleeding", "a bleeding wound treated heals first_aid_heals: there is none")
	}
	c.expr("wounds.first_aid_fumble", w.Fumble)
	c.formula("wounds.first_aid_fumble", w.Fumble)
	switch {
	case w.FumbleHurts < 0:
		c.bad("wounds.first_aid_fumble_hurts", "the hit points a fumble costs: 1 or more")
	case w.FumbleHurts > 0 && w.Fumble.IsZero():
		c.bad("wounds.first_aid_fumble_hurts", "there is no fumble without wounds.first_aid_fumble")
	}
}
