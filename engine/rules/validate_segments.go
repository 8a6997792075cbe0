package rules

import (
	"fmt"
	"maps"
	"slices"
)

func (c *checker) declarations() {
	rs := c.rs
	o := rs.Order
	if o.RollAfter != "" {
		if o.Kind != OrderSegments && o.Kind != OrderRound {
			c.bad("order.roll_after", "only a segments or round order is rolled after a phase")
		}
		if !slices.ContainsFunc(rs.Phases, func(p Phase) bool { return p.ID == o.RollAfter && p.Order == PhaseOnce }) {
			c.bad("order.roll_after", "%q is no phase in once order", o.RollAfter)
		}
	}
	if o.DeclarePhase != "" {
		if o.Kind != OrderRank {
			c.bad("order.declare_phase", "only a rank order takes declarations in a phase")
		}
		if !slices.ContainsFunc(rs.Phases, func(p Phase) bool { return p.ID == o.DeclarePhase }) {
			c.bad("order.declare_phase", "%q is no phase of the ruleset", o.DeclarePhase)
		}
		if len(rs.Declarations) == 0 {
			c.bad("order.declare_phase", "the ruleset has no declarations")
		}
	}
	if len(rs.Declarations) > 0 && o.RollAfter == "" && o.DeclarePhase == "" {
		c.bad("declarations[0].id", "declarations are made before initiative: set order.roll_after (segments) or order.declare_phase (rank)")
	}
	if o.DeclaredPenaltiesLose < 0 || (o.DeclaredPenaltiesLose > 0 && len(rs.Declarations) == 0) {
		c.bad("order.declared_penalties_lose", "a number of declarations with an initiative penalty, and there are none")
	}
	seen := map[string]bool{}
	for i, d := range rs.Declarations {
		p := fmt.Sprintf("declarations[%d]", i)
		c.id(p+".id", d.ID, seen)
		if d.Name == "" {
			c.bad(p+".name", "a declaration needs a name")
		}
		if d.Lose != "" {
			oneOf(c, p+".lose", d.Lose, Losses)
		}
		c.expr(p+".amount", d.Amount)
		c.formula(p+".amount", d.Amount)
		for _, k := range slices.Sorted(maps.Keys(d.Stats)) {
			e := d.Stats[k]
			if !c.stats[k] {
				c.bad(p+".stats", "unknown stat %q", k)
			}
			c.formula(p+".stats."+k, e)
			for _, n := range e.Stats() {
				if !c.stats[n] && !slices.Contains(BuiltinStats, n) && (n != DeclaredAmount || d.Amount.IsZero()) {
					c.bad(p+".stats."+k, "unknown stat %q", n)
				}
			}
		}
		if (d.Divide != 0 || d.PerAmount != 0) && o.DeclarePhase == "" {
			c.bad(p+".divide", "only a rank order with order.declare_phase divides or steps its ranks")
		}
		if d.Divide < 0 || d.Divide == 1 {
			c.bad(p+".divide", "divide the rank by 2 or more")
		}
		if d.PerAmount != 0 && d.Amount.IsZero() {
			c.bad(p+".per_amount", "a step for each of the amount needs an amount")
		}
		if d.Initiative == 0 && d.Divide == 0 && d.PerAmount == 0 && d.Lose == "" && len(d.Stats) == 0 && d.Summary == "" && d.RangedBonus == 0 {
			c.bad(p, "a declaration with no initiative, loss, stats or summary does nothing")
		}
	}
}

func (c *checker) spells() {
	sp := c.rs.Spells
	if (sp.CarryTo != 0 || len(sp.Kinds) > 0) && c.rs.Order.Kind != OrderSegments {
		c.bad("spells.carry_to", "spells are cast in a segments order")
	}
	if sp.CarryTo != 0 && sp.CarryTo < c.rs.Order.Lowest {
		c.bad("spells.carry_to", "a spell carried over begins at a segment at or above order.lowest")
	}
	seen := map[string]bool{}
	for i, k := range sp.Kinds {
		p := fmt.Sprintf("spells.kinds[%d]", i)
		c.id(p+".id", k.ID, seen)
		if k.Name == "" {
			c.bad(p+".name", "a kind of spell needs a name")
		}
		if len(k.Times) == 0 {
			c.bad(p+".times", "casting times by rank: [{ from = 1, segments = 6 }, ...]")
		}
		for j, r := range k.Times {
			if j > 0 && r.From <= k.Times[j-1].From {
				c.bad(fmt.Sprintf("%s.times[%d].from", p, j), "rows go from the lowest rank up")
			}
			if r.Segments < 0 {
				c.bad(fmt.Sprintf("%s.times[%d].segments", p, j), "a casting time is 0 segments or more")
			}
		}
	}
}

func (c *checker) missiles() {
	seen := map[string]bool{}
	for i, m := range c.rs.Missiles {
		p := fmt.Sprintf("missiles[%d]", i)
		c.id(p+".id", m.ID, seen)
		if m.Name == "" {
			c.bad(p+".name", "a missile needs a name")
		}
		if m.Bleed < 0 {
			c.bad(p+".bleed", "hit points lost a round: 0 or more")
		}
		if m.Stat != "" && !c.stats[m.Stat] {
			c.bad(p+".stat", "unknown stat %q", m.Stat)
		}
		if m.Stat == "" && (m.Penalty != 0 || m.Grievous != 0) {
			c.bad(p+".penalty", "a penalty lowers a stat: set stat")
		}
		if m.Bleed == 0 && m.Penalty == 0 && m.Grievous == 0 {
			c.bad(p, "a missile that neither bleeds nor lowers a stat does nothing")
		}
	}
}
