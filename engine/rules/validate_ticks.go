package rules

import (
	"fmt"
)

// turnPoint refuses an own turn's point where there are no turns.
func (c *checker) turnPoint(path string, at Point) {
	if (at == AtOwnTurnStart || at == AtOwnTurnEnd) && c.rs.Order.Kind == OrderNone {
		c.bad(path, "%q: a ruleset with no order has no turns", at)
	}
}

func (c *checker) ticks() {
	seen := map[string]bool{}
	phases := map[string]bool{}
	for _, ph := range c.rs.Phases {
		phases[ph.ID] = true
	}
	k := c.rs.Order.Kind
	for i, t := range c.rs.Ticks {
		p := fmt.Sprintf("ticks[%d]", i)
		c.id(p+".id", t.ID, seen)
		oneOf(c, p+".when", t.When, Points)
		c.turnPoint(p+".when", t.When)
		if (t.When == AtPhaseStart || t.When == AtPhaseEnd) && k == OrderNone {
			c.bad(p+".when", "a ruleset with no order has no phases")
		}
		if t.When == AtRank && k != OrderRank && k != OrderSegments {
			c.bad(p+".when", "only a rank or segments order counts ranks")
		}
		if t.Rank != 0 && t.When != AtRank {
			c.bad(p+".rank", "only a tick at a rank has one")
		}
		if t.Phase != "" && t.When != AtPhaseStart && t.When != AtPhaseEnd {
			c.bad(p+".phase", "only a tick at a phase's start or end names a phase")
		} else if t.Phase != "" && !phases[t.Phase] {
			c.bad(p+".phase", "unknown phase %q", t.Phase)
		}
		if t.Effect != "" {
			oneOf(c, p+".effect", t.Effect, Effects)
		}
		if t.Every < 0 {
			c.bad(p+".every", "must not be negative")
		}
		if t.Round < 0 {
			c.bad(p+".round", "must not be negative")
		}
		c.ref(p+".condition", "condition", t.Condition, c.conds)
		if t.SkipNew && t.Effect != EffectBleed {
			c.bad(p+".skip_new", "only bleeding skips new wounds")
		}
		switch ch, ok := c.rs.Check(t.Check); {
		case t.Effect == EffectCheck && t.Check == "":
			c.bad(p+".check", "a tick of effect check names the check it rolls")
		case t.Effect != EffectCheck && t.Check != "":
			c.bad(p+".check", "only a tick of effect check rolls one")
		case t.Check != "" && !ok:
			c.bad(p+".check", "unknown check %q", t.Check)
		case t.Check != "" && ch.NeedsTarget():
			c.bad(p+".check", "%q is rolled against someone; a tick rolls with no target", t.Check)
		}
		c.expr(p+".amount", t.Amount)
		switch {
		case t.Effect == EffectSpend && (t.Pool == "" || t.Amount.IsZero()):
			c.bad(p+".pool", "a tick of effect spend names the pool and the amount it takes")
		case t.Effect == EffectHurt && t.Amount.IsZero():
			c.bad(p+".effect", "a tick of effect hurt takes an amount of hits")
		case t.Effect == EffectHurt && t.Pool != "":
			c.bad(p+".pool", "a tick of effect hurt takes hits, from no pool")
		case t.Effect == EffectBleed && t.Pool == "" && !t.Amount.IsZero():
			c.bad(p+".amount", "a bleeding tick that takes from a pool names the pool and the amount")
		case t.Effect == EffectBleed && t.Pool != "" && t.Amount.IsZero():
			c.bad(p+".pool", "a bleeding tick that takes from a pool names the pool and the amount")
		case t.Effect != EffectSpend && t.Effect != EffectHurt && t.Effect != EffectBleed && (t.Pool != "" || !t.Amount.IsZero()):
			c.bad(p+".pool", "only a tick of effect spend or bleed takes from a pool")
		case t.Pool != "" && !c.pools[t.Pool]:
			c.bad(p+".pool", "unknown pool %q", t.Pool)
		}
		if t.Effect == EffectClot && t.When == AtFightStart {
			c.bad(p+".when", "wounds cannot clot before the fight")
		}
	}
	if c.rs.Order.OutTurns && k == OrderNone {
		c.bad("order.out_turns", "a ruleset with no order has no turns")
	}
}
