package engine

import (
	"maps"
	"slices"

	"fray/engine/rules"
)

// A pool that stops being counted (pools.unlimited_after): Pathmaster's
// Option 6 (l.163), a turn that gives up its Attack and its Move to
// exchanges, takes as many Free actions as it wants.

// paid counts what an action paid of each pool another's unlimited_after
// names (its cost, and what it empties or uses up), exchanges not counted.
func (t *tx) paid(c *Combatant, a rules.ActionDef, cost map[string]int) {
	add := func(id string, n int) {
		if n <= 0 || !slices.ContainsFunc(t.rs.Pools, func(p rules.Pool) bool { return slices.Contains(p.UnlimitedAfter, id) }) {
			return
		}
		if c.Paid == nil {
			c.Paid = map[string]int{}
		}
		c.Paid[id] += n
	}
	for k, n := range cost {
		add(k, n)
	}
	for _, id := range a.Empties {
		add(id, 1)
	}
	for _, id := range a.UsesUp {
		add(id, 1)
	}
}

// Unlimited reports whether c's pool is not counted now: each of its
// unlimited_after is spent, all of it on exchanges.
func Unlimited(rs *rules.Ruleset, c *Combatant, pool string) bool {
	for _, p := range rs.Pools {
		if p.ID != pool || len(p.UnlimitedAfter) == 0 {
			continue
		}
		for _, id := range p.UnlimitedAfter {
			if c.Pools[id] > 0 || c.Paid[id] > 0 {
				return false
			}
		}
		return true
	}
	return false
}

// uncounted is cost without the pools c's budget does not count now.
func (t *tx) uncounted(c *Combatant, cost map[string]int) map[string]int {
	var out map[string]int
	for k, n := range cost {
		if n > 0 && Unlimited(t.rs, c, k) {
			if out == nil {
				out = maps.Clone(cost)
			}
			delete(out, k)
		}
	}
	if out == nil {
		return cost
	}
	return out
}

// unlimitedNow are the pools c's budget does not count now: the
// exchanges.while_unlimited that name one may be made with their pool spent.
func (t *tx) unlimitedNow(c *Combatant) map[string]bool {
	var out map[string]bool
	for _, e := range t.rs.Exchanges {
		if e.WhileUnlimited != "" && Unlimited(t.rs, c, e.WhileUnlimited) {
			if out == nil {
				out = map[string]bool{}
			}
			out[e.WhileUnlimited] = true
		}
	}
	return out
}
