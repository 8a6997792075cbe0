package rules

import (
	"fmt"
	"maps"
	"slices"

	"fray/engine/dice"
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
		c.bad("declarations[0].id",
			"declarations are made before initiative: set order.roll_after (segments) or order.declare_phase (rank)")
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
		for j, x := range d.Excludes {
			if x == d.ID || !slices.ContainsFunc(rs.Declarations, func(o Declaration) bool { return o.ID == x }) {
				c.bad(fmt.Sprintf("%s.excludes[%d]", p, j), "no other declaration %q", x)
			}
		}
		if d.Repeat && !d.Amount.IsZero() {
			c.bad(p+".repeat", "a declaration with an amount is declared once, with the whole amount")
		}
		if d.Carries && d.Lose == "" {
			c.bad(p+".carries", "it gives up no action (lose), so there is no round it could hold over")
		}
		switch {
		case d.Rank == "":
		case !c.stats[d.Rank]:
			c.bad(p+".rank", "unknown stat %q", d.Rank)
		case o.Kind != OrderRank:
			c.bad(p+".rank", "only a rank order has ranks to act on")
		case d.Lose == LoseAll:
			c.bad(p+".rank", "the action it places is given up (lose = \"all\"): keep one")
		case slices.ContainsFunc(rs.Phases, func(ph Phase) bool { return ph.Declared == d.ID }):
			c.bad(p+".rank", "a phase has declared = %q: its step is there, not in the action countdown", d.ID)
		}
		if d.Pays != "" {
			c.ref(p+".pays", "pool", d.Pays, c.pools)
			switch {
			case d.Amount.IsZero():
				c.bad(p+".pays", "what is paid is the amount declared: set amount (the most)")
			case d.Rank == "" && !slices.ContainsFunc(rs.Phases, func(ph Phase) bool { return ph.Declared == d.ID }):
				c.bad(p+".pays", "paid at its step in the phase that names it: no phase has declared = %q", d.ID)
			}
		}
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
		if d.Initiative == 0 && d.Divide == 0 && d.PerAmount == 0 && d.Lose == "" && len(d.Stats) == 0 && d.Summary == "" &&
			d.RangedBonus == 0 {
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
	if sp.RoundTime != 0 {
		if sp.CarryTo == 0 {
			c.bad("spells.round_time", "a spell of a whole round begins at spells.carry_to: set it")
		}
		if sp.RoundTime < 1 || sp.RoundTime > 100 {
			c.bad("spells.round_time", "a casting time from 1 to 100 segments")
		}
	}
	for _, k := range slices.Sorted(maps.Keys(sp.Stats)) {
		p := "spells.stats." + k
		if sp.CarryTo == 0 && len(sp.Kinds) == 0 {
			c.bad(p, "stats while a spell is cast need timed spells (spells.carry_to or spells.kinds)")
		}
		if !c.stats[k] {
			c.bad(p, "unknown stat %q", k)
		}
		c.expr(p, sp.Stats[k])
		c.formula(p, sp.Stats[k])
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

// concentrated checks the spells prepared by concentrating.
func (c *checker) concentrated() {
	sp := c.rs.Spells
	set := sp.Concentrate != "" || sp.Check != "" || sp.Level != "" || len(sp.Prep) > 0 || sp.Power != "" || len(sp.Costs) > 0 ||
		sp.Instant != "" || sp.Ruined != "" || len(sp.Between) > 0
	if !set {
		return
	}
	if sp.Cast == "" {
		c.bad("spells.cast", "spells prepared by concentrating are cast with an action: name it")
	}
	c.ref("spells.concentrate", "action", sp.Concentrate, c.actions)
	c.ref("spells.cast", "action", sp.Cast, c.actions)
	c.ref("spells.instant", "action", sp.Instant, c.actions)
	if sp.Instant != "" && sp.Instant == sp.Cast {
		c.bad("spells.instant", "an instantaneous spell needs its own action, not the one that casts a prepared spell")
	}
	if _, ok := c.rs.Check(sp.Check); !ok && sp.Check != "" {
		c.bad("spells.check", "unknown check %q", sp.Check)
	}
	if sp.Level != "" && !c.stats[sp.Level] {
		c.bad("spells.level", "unknown stat %q", sp.Level)
	}
	if len(sp.Prep) > 0 && sp.Level == "" {
		c.bad("spells.prep", "the table reads the caster's level: spells.level names its stat")
	}
	for i, r := range sp.Prep {
		if i > 0 && r.Diff >= sp.Prep[i-1].Diff {
			c.bad(fmt.Sprintf("spells.prep[%d].diff", i), "rows go from the greatest difference down")
		}
		if len(r.Mods) == 0 {
			c.bad(fmt.Sprintf("spells.prep[%d].mods", i), "a row needs its modifiers by rounds of concentration")
		}
		if r.Instant != 0 && sp.Instant == "" {
			c.bad(fmt.Sprintf("spells.prep[%d].instant", i),
				"the instant column is read for spells cast with spells.instant: name that action")
		}
	}
	c.ref("spells.power", "pool", sp.Power, c.pools)
	if sp.Ruined != "" && sp.Power == "" {
		c.bad("spells.ruined", "a ruined spell's cost is taken from spells.power: name the pool")
	}
	if len(sp.Costs) > 0 && sp.Power == "" {
		c.bad("spells.costs", "costs are taken from spells.power: name the pool")
	}
	ch, _ := c.rs.Check(sp.Check)
	if len(sp.Costs) > 0 && sp.Check == "" {
		c.bad("spells.costs", "costs are by the outcome of spells.check: there is none")
	}
	for _, id := range slices.Sorted(maps.Keys(sp.Costs)) {
		p := "spells.costs." + id
		if !slices.ContainsFunc(ch.Outcomes, func(o Outcome) bool { return o.ID == id }) {
			c.bad(p, "the check %q has no outcome %q", sp.Check, id)
		}
		c.spellCost(p, sp.Costs[id])
	}
	if sp.Ruined != "" {
		c.spellCost("spells.ruined", sp.Ruined)
	}
	if len(sp.Between) > 0 && sp.Concentrate == "" {
		c.bad("spells.between", "nothing comes between a concentration and a casting without spells.concentrate")
	}
	for i, id := range sp.Between {
		c.ref(fmt.Sprintf("spells.between[%d]", i), "pool", id, c.pools)
	}
	seen := map[string]bool{}
	for i, k := range sp.Classes {
		p := fmt.Sprintf("spells.classes[%d]", i)
		c.id(p+".id", k.ID, seen)
		if k.Name == "" {
			c.bad(p+".name", "a class of spell needs a name")
		}
		if len(k.Costs) == 0 && k.Ruined == "" {
			c.bad(p+".costs", "a class of spell that costs as the others does nothing: give it costs or ruined")
		}
		if (len(k.Costs) > 0 || k.Ruined != "") && sp.Power == "" {
			c.bad(p+".costs", "costs are taken from spells.power: name the pool")
		}
		for _, id := range slices.Sorted(maps.Keys(k.Costs)) {
			if !slices.ContainsFunc(ch.Outcomes, func(o Outcome) bool { return o.ID == id }) {
				c.bad(p+".costs."+id, "the check %q has no outcome %q", sp.Check, id)
			}
			c.spellCost(p+".costs."+id, k.Costs[id])
		}
		if k.Ruined != "" {
			c.spellCost(p+".ruined", k.Ruined)
		}
	}
	if sp.Transcendence != "" && !c.stats[sp.Transcendence] {
		c.bad("spells.transcendence", "unknown stat %q", sp.Transcendence)
	}
	if sp.Transcendence != "" && sp.Check == "" {
		c.bad("spells.transcendence", "it covers the spell check's penalties: there is no spells.check")
	}
	if sp.Transcendence != "" && !slices.ContainsFunc(ch.Outcomes, func(o Outcome) bool { return o.Result == Success }) {
		c.bad("spells.transcendence", "a spell cast without a roll takes the check's success: %q has no outcome with result = \"success\"",
			sp.Check)
	}
	for i, id := range sp.TranscendenceSkips {
		if _, ok := ch.Modifier(id); !ok {
			c.bad(fmt.Sprintf("spells.transcendence_skips[%d]", i), "the check %q has no modifier %q", sp.Check, id)
		}
		if sp.Transcendence == "" {
			c.bad(fmt.Sprintf("spells.transcendence_skips[%d]", i), "there is no spells.transcendence to skip")
		}
	}
	if sp.CastInConcentrate && sp.Concentrate == "" {
		c.bad("spells.cast_in_concentrate", "a spell is cast in the Concentrate: name spells.concentrate")
	}
}

// spellCost checks a cost of a spell: a formula of the caster's stats and
// SPELL_LEVEL.
func (c *checker) spellCost(p, f string) {
	e, err := dice.Parse(f)
	if err != nil {
		c.bad(p, "%v", err)
		return
	}
	for _, name := range e.Stats() {
		if name != SpellLevel && !c.stats[name] {
			c.bad(p, "unknown stat %q (the caster's stats, and %s)", name, SpellLevel)
		}
	}
}
