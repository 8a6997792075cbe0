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
		if k.set && !w.Given() {
			c.bad("wounds."+k.key, "there is no first aid without wounds.first_aid_check or first_aid_roll")
		}
	}
	c.firstAidRoll()
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
	case w.FumbleHurts > 0 && w.Fumble.IsZero() && w.FumbleOutcome == "":
		c.bad("wounds.first_aid_fumble_hurts", "there is no fumble without wounds.first_aid_fumble or first_aid_fumble_outcome")
	}
}

// firstAidRoll checks the check First Aid is rolled as (first_aid_roll):
// it takes the place of the formula's keys, and its fumble is one of its
// outcomes.
func (c *checker) firstAidRoll() {
	w := c.rs.Wounds
	if w.Roll == "" {
		if w.FumbleOutcome != "" {
			c.bad("wounds.first_aid_fumble_outcome", "an outcome of the First Aid roll's check: there is no wounds.first_aid_roll")
		}
		return
	}
	for _, k := range []struct {
		key string
		set bool
	}{{"first_aid_check", !w.Check.IsZero()}, {"first_aid_target", w.Target != 0}, {"first_aid_fumble", !w.Fumble.IsZero()},
		{"first_aid_penalized", w.Penalized}, {"first_aid_kind", w.Kind != ""}} {
		if k.set {
			c.bad("wounds.first_aid_roll", "First Aid is rolled as the check: no wounds.%s besides (the check says it)",
				k.key)
		}
	}
	ch, ok := c.rs.Check(w.Roll)
	switch {
	case !ok:
		c.bad("wounds.first_aid_roll", "unknown check %q", w.Roll)
		return
	case ch.Defence || len(ch.Against) > 0 || ch.NeedsTarget():
		c.bad("wounds.first_aid_roll", "%q is rolled at or against someone: First Aid's check is the healer's own", w.Roll)
	}
	if o := w.FumbleOutcome; o != "" && !slices.ContainsFunc(ch.Outcomes, func(x Outcome) bool { return x.ID == o }) {
		c.bad("wounds.first_aid_fumble_outcome", "%q is no outcome of the check %q", o, w.Roll)
	}
}
