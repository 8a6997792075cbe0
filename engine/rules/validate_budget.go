package rules

import (
	"fmt"
	"slices"
)

// budget checks the pools, the exchanges between them and the actions that
// spend them, and the actions a wait and a delay pay.
func (c *checker) budget() {
	rs := c.rs
	for i, pl := range rs.Pools {
		p := fmt.Sprintf("pools[%d]", i)
		c.id(p+".id", pl.ID, c.pools)
		c.expr(p+".capacity", pl.Capacity)
		if pl.Capacity.IsZero() {
			c.bad(p+".capacity", "a pool needs a capacity")
		}
		oneOf(c, p+".reset", pl.Reset, []Point{AtOwnTurnStart, AtOwnTurnEnd, AtRoundStart, AtPhaseStart, AtRoundEnd, AtNever})
		c.turnPoint(p+".reset", pl.Reset)
		if (pl.Reset == AtPhaseStart) != (len(pl.Phases) > 0) {
			c.bad(p+".phases", "a pool refilled at phase_start names its phases, and only such a pool does")
		}
		if pl.OnlyInPhases && len(pl.Phases) == 0 {
			c.bad(p+".only_in_phases", "only a pool that names its phases is spent in them only")
		}
		for j, ph := range pl.Phases {
			if !slices.ContainsFunc(rs.Phases, func(x Phase) bool { return x.ID == ph }) {
				c.bad(fmt.Sprintf("%s.phases[%d]", p, j), "unknown phase %q", ph)
			}
		}
		// A capacity may read the pools above it, as they stand when it
		// refills (Energy from the Stamina left), and any formula after it
		// reads it: never itself or one below, which are not known yet.
		if slices.ContainsFunc(rs.Stats, func(s StatDef) bool { return s.ID == pl.ID }) {
			c.bad(p+".id", "%q is a stat already: a formula would not know which to read", pl.ID)
		}
		c.stats[pl.ID] = true
	}
	c.exchanges()
	c.actionDefs()
	c.budgetActions()
}

// exchanges checks what an unspent pool may pay for instead.
func (c *checker) exchanges() {
	rs := c.rs
	for i, ex := range rs.Exchanges {
		p := fmt.Sprintf("exchanges[%d]", i)
		c.ref(p+".from", "pool", ex.From, c.pools)
		if ex.From == "" {
			c.bad(p+".from", "an exchange needs the pool it spends")
		}
		for k, n := range ex.Gives {
			if !c.pools[k] {
				c.bad(p+".gives."+k, "unknown pool %q", k)
			} else if n < 1 {
				c.bad(p+".gives."+k, "must give at least 1")
			}
		}
		for k, n := range ex.Also {
			if !c.pools[k] {
				c.bad(p+".also."+k, "unknown pool %q", k)
			} else if n < 1 || k == ex.From {
				c.bad(p+".also."+k, "spends at least 1 of a pool other than from")
			}
		}
		if ex.WhileUnlimited != "" {
			c.whileUnlimited(p+".while_unlimited", ex)
		}
	}
}

// whileUnlimited checks an exchange made with its pool spent while another
// is unlimited: that pool's unlimited_after holds from, and also limits it.
func (c *checker) whileUnlimited(path string, ex Exchange) {
	i := slices.IndexFunc(c.rs.Pools, func(p Pool) bool { return p.ID == ex.WhileUnlimited })
	switch {
	case i < 0:
		c.bad(path, "unknown pool %q", ex.WhileUnlimited)
	case !slices.Contains(c.rs.Pools[i].UnlimitedAfter, ex.From):
		c.bad(path, "%q is not unlimited after %q (pools.unlimited_after): nothing would open it", ex.WhileUnlimited, ex.From)
	case len(ex.Also) == 0:
		c.bad(path, "set also: without it the exchange could be made without end")
	}
}

// actionDefs checks each action: its id, what it costs, empties, gains
// and refills, and how it pays.
func (c *checker) actionDefs() {
	rs := c.rs
	for i, a := range rs.Actions {
		p := fmt.Sprintf("actions[%d]", i)
		c.id(p+".id", a.ID, c.actions)
		for j, e := range a.Empties {
			if !c.pools[e] {
				c.bad(fmt.Sprintf("%s.empties[%d]", p, j), "unknown pool %q", e)
			}
		}
		for j, e := range a.UsesUp {
			if !c.pools[e] {
				c.bad(fmt.Sprintf("%s.uses_up[%d]", p, j), "unknown pool %q", e)
			} else if a.Cost[e] > 0 || slices.Contains(a.Empties, e) {
				c.bad(fmt.Sprintf("%s.uses_up[%d]", p, j), "%q is in the cost or empties already: not a pool it needs", e)
			}
		}
		for k, n := range a.Cost {
			if !c.pools[k] {
				c.bad(p+".cost."+k, "unknown pool %q", k)
			} else if n < 0 {
				c.bad(p+".cost."+k, "a cost cannot be negative")
			}
		}
		c.poolMap(p+".gains", a.Gains, 1)
		for j, id := range a.Refills {
			c.ref(fmt.Sprintf("%s.refills[%d]", p, j), "pool", id, c.pools)
		}
		if a.OrAll && sum(a.Cost) == 0 {
			c.bad(p+".or_all", "an action that costs nothing has nothing to pay in full or in part")
		}
		if a.OrAll && a.Extended {
			c.bad(p+".or_all", "an extended action already pays what it can")
		}
		c.expr(p+".roll", a.Roll)
		if a.AgainFails && sum(a.Cost) == 0 {
			c.bad(p+".again_fails", "an action that costs nothing is always paid for: it never fails for that")
		}
		if a.EndsEarly != "" {
			switch {
			case a.Cost[a.EndsEarly] < 2:
				c.bad(p+".ends_early", "the action costs less than 2 %s: nothing to pay in part", a.EndsEarly)
			case a.Extended:
				c.bad(p+".ends_early", "an extended action is paid in parts already")
			}
		}
	}
}

// rowLabel reports whether a pool's row label is 1 to 4 ASCII letters.
func rowLabel(s string) bool {
	if len(s) > 4 {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}

// budgetActions checks the references to actions and pools elsewhere: a
// pool's empty condition, the order's initiative, wait and delay actions.
func (c *checker) budgetActions() {
	rs := c.rs
	for i, id := range rs.Order.OffTurnPools {
		c.ref(fmt.Sprintf("order.off_turn_pools[%d]", i), "pool", id, c.pools)
	}
	if len(rs.Order.OffTurnPools) > 0 && rs.Order.Kind == OrderNone {
		c.bad("order.off_turn_pools", "with no order there are no turns to be out of")
	}
	for i, a := range rs.Actions {
		if a.AnyTime && len(rs.Order.OffTurnPools) == 0 {
			c.bad(fmt.Sprintf("actions[%d].any_time", i), "nothing limits what is taken out of turn (order.off_turn_pools)")
		}
	}
	labels := map[string]string{}
	for i, pl := range rs.Pools {
		if pl.Row != "" && pl.Row != "-" && !rowLabel(pl.Row) {
			c.bad(fmt.Sprintf("pools[%d].row", i), "a label of 1 to 4 letters (\"St\"), or \"-\" to keep the pool off the row")
		} else if l := pl.RowLabel(); l != "" {
			if other, seen := labels[l]; seen {
				c.bad(fmt.Sprintf("pools[%d].row", i),
					"the order row would show %s and %s both as %s: give one a row label of its own", other, pl.ID, l)
			}
			labels[l] = pl.ID
		}
		if pl.EarnedBy != "" {
			p := fmt.Sprintf("pools[%d].earned_by", i)
			c.ref(p, "pool", pl.EarnedBy, c.pools)
			if pl.EarnedBy == pl.ID {
				c.bad(p, "a pool is not earned by spending itself")
			}
		}
		for j, id := range pl.UnlimitedAfter {
			q := fmt.Sprintf("pools[%d].unlimited_after[%d]", i, j)
			switch {
			case !c.pools[id] || id == pl.ID:
				c.bad(q, "%q is not another pool", id)
			case !slices.ContainsFunc(rs.Exchanges, func(e Exchange) bool { return e.From == id }):
				c.bad(q, "no exchange spends %q: it is never given up to one", id)
			}
		}
		if pl.EmptyCondition != "" {
			c.later = append(c.later, func() {
				c.ref(fmt.Sprintf("pools[%d].empty_condition", i), "condition", pl.EmptyCondition, c.conds)
			})
		}
	}
	c.ref("order.initiative_action", "action", rs.Order.InitiativeAction, c.actions)
	if rs.Order.InitiativeAction != "" && rs.Order.Kind != OrderNone {
		c.bad("order.initiative_action", "the initiative key sets the order here: only a ruleset with no order takes an action on it")
	}
	c.ref("order.wait_action", "action", rs.Order.WaitAction, c.actions)
	c.ref("order.delay_action", "action", rs.Order.DelayAction, c.actions)
	if rs.Order.WaitAction != "" && !rs.OffersHold(HoldWait) {
		c.bad("order.wait_action", "the ruleset offers no wait (order.hold)")
	}
	if rs.Order.WaitLasts && rs.Order.WaitAction == "" {
		c.bad("order.wait_lasts", "a wait that lasts sets aside what it costs: name its action (order.wait_action)")
	}
	if rs.Order.DelayAction != "" && !rs.OffersHold(HoldDelay) {
		c.bad("order.delay_action", "the ruleset offers no delay (order.hold)")
	}
	for i, id := range rs.Order.AfterDelay {
		if !c.pools[id] {
			c.bad(fmt.Sprintf("order.after_delay[%d]", i), "unknown pool %q", id)
		}
	}
	if len(rs.Order.AfterDelay) > 0 && !rs.OffersHold(HoldDelay) {
		c.bad("order.after_delay", "the ruleset offers no delay (order.hold)")
	}
	for i, a := range rs.Actions {
		if a.FiresDelay && !rs.OffersHold(HoldDelay) {
			c.bad(fmt.Sprintf("actions[%d].fires_delay", i), "the ruleset offers no delay (order.hold)")
		}
	}
}

// poolMap checks a map of pools to amounts of at least least.
func (c *checker) poolMap(p string, m map[string]int, least int) {
	for k, n := range m {
		switch {
		case !c.pools[k]:
			c.bad(p+"."+k, "unknown pool %q", k)
		case n < least || n > 1000:
			c.bad(p+"."+k, "%d is out of range (%d to 1000)", n, least)
		}
	}
}

// atZero checks what hit points at 0 do: the check each damage rolls, and
// what non-lethal damage does instead.
func (c *checker) atZero() {
	hp := c.rs.HP
	if hp.DamageAtZero != "" {
		if ch, ok := c.rs.Check(hp.DamageAtZero); !ok {
			c.bad("hp.damage_at_zero", "unknown check %q", hp.DamageAtZero)
		} else if ch.NeedsTarget() {
			c.bad("hp.damage_at_zero", "%s is rolled against someone: the damaged one rolls it alone", ch.Name)
		}
	}
	c.ref("hp.nonlethal_gives", "condition", hp.NonlethalGives, c.conds)
	if hp.NonlethalApart && hp.OutCondition == "" {
		c.bad("hp.nonlethal_apart", "non-lethal damage past the hit points knocks out: set hp.out_condition")
	}
	if hp.NonlethalApart && (hp.NonlethalGives != "" || len(hp.NonlethalCosts) > 0) {
		c.bad("hp.nonlethal_apart", "non-lethal damage is kept apart or does its work at 0 (nonlethal_gives, nonlethal_costs), not both")
	}
	c.poolMap("hp.nonlethal_costs", hp.NonlethalCosts, 1)
	if (hp.NonlethalGives != "" || len(hp.NonlethalCosts) > 0) && hp.DamageAtZero == "" {
		c.bad("hp.nonlethal_gives", "non-lethal damage at 0 is what replaces hp.damage_at_zero: there is none")
	}
	if (hp.DamageAtZero != "" || hp.NonlethalGives != "") && !hp.StopAtZero {
		c.bad("hp.damage_at_zero", "damage at 0 needs hp.stop_at_zero: hit points that go on falling never stay at 0")
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
