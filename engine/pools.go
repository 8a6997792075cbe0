package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/rules"
)

// What pools are besides a budget spent and refilled: read by formulas
// (a capacity may read the pools above it), changed by actions, checks and
// damage within 0 and their capacity, blocked by conditions, and, for some,
// a condition given when they run dry.

// poolValue reads a pool of the ruleset by its id, for formulas: a pool
// stands before a stat of the same id an older save may still carry.
func poolValue(rs *rules.Ruleset, c *Combatant, name string) (int, bool) {
	for i := range rs.Pools {
		if rs.Pools[i].ID == name {
			return c.Pools[name], true
		}
	}
	return 0, false
}

// capacity is the most a pool may hold: its capacity at its highest, with
// the pools it reads at theirs (Energy may stay above what the Stamina
// left would give: it was reset from the Stamina the round began with).
func (t *tx) capacity(c *Combatant, id string) int {
	stats := t.statsOf(c)
	var full func(name string) (int, bool)
	full = func(name string) (int, bool) {
		for i := range t.rs.Pools {
			if p := &t.rs.Pools[i]; p.ID == name {
				_, hi, err := p.Capacity.Bounds(full)
				if err != nil {
					return 0, true
				}
				return max(hi, 0), true
			}
		}
		return stats(name)
	}
	v, _ := full(id)
	return v
}

// PoolCapacity is the most a pool of the ruleset may hold for a combatant
// (0 for an unknown pool), for bands of a pool and the screen.
func PoolCapacity(rs *rules.Ruleset, c *Combatant, id string) int {
	for i := range rs.Pools {
		if rs.Pools[i].ID == id {
			return (&tx{rs: rs}).capacity(c, id)
		}
	}
	return 0
}

// setPool sets a pool within 0 and its capacity, logs the change with the
// reason, and gives the pool's empty condition when it falls to 0.
func (t *tx) setPool(c *Combatant, id string, v int, why poolWhy) {
	if c.Pools == nil {
		c.Pools = map[string]int{}
	}
	was := c.Pools[id]
	v = min(max(v, 0), max(t.capacity(c, id), was))
	if v == was {
		return
	}
	c.Pools[id] = v
	t.log(EvPool, of(c), nil, PoolChanged{Pool: id, Before: was, After: v, NonLethal: why.nonLethal, Action: why.action,
		Declaration: why.declaration})
	t.poolEmptied(c, id, was)
}

// poolEmptied gives a pool's empty condition once the pool has fallen to 0
// from above (Energy: no Stamina left knocks out).
func (t *tx) poolEmptied(c *Combatant, id string, was int) {
	if was <= 0 || c.Pools[id] > 0 {
		return
	}
	t.emptyCondition(c, id)
}

// startsEmpty gives the empty conditions of the pools a combatant begins
// its fight without (Energy: a Constitution of 0, or a party member
// brought back at no Stamina, starts unconscious).
func (t *tx) startsEmpty(c *Combatant) {
	for _, p := range t.rs.Pools {
		if p.EmptyCondition != "" && c.Pools[p.ID] <= 0 {
			t.emptyCondition(c, p.ID)
		}
	}
}

// emptyCondition gives the empty condition of a pool that holds nothing.
func (t *tx) emptyCondition(c *Combatant, id string) {
	for _, p := range t.rs.Pools {
		if p.ID != id || p.EmptyCondition == "" || c.Has(p.EmptyCondition) {
			continue
		}
		def, _ := t.rs.Condition(p.EmptyCondition)
		t.log(EvPool, of(c), nil, PoolEmpty{Pool: p.ID})
		if g, err := t.ownGrant(c, def, "", 0); err == nil {
			t.give(c, p.EmptyCondition, g)
		}
		t.vitals(c)
	}
}

// blocked lists the pools a combatant may not spend now, each with the
// condition that blocks it.
func blocked(rs *rules.Ruleset, c *Combatant) map[string]string {
	return barred(rs, c, false)
}

// blockedFor is blocked for the action a: for one that moves, also under
// intoBar+id the pools no exchange may buy (conditions.no_exchange_into).
func blockedFor(rs *rules.Ruleset, c *Combatant, a rules.ActionDef) map[string]string {
	return barred(rs, c, a.Moves)
}

func barred(rs *rules.Ruleset, c *Combatant, moving bool) map[string]string {
	var out map[string]string
	bar := func(key, name string) {
		if out == nil {
			out = map[string]string{}
		}
		if _, seen := out[key]; !seen {
			out[key] = name
		}
	}
	for _, x := range c.Conditions {
		def, ok := rs.Condition(x.ID)
		if !ok {
			continue
		}
		for _, id := range def.NoSpend {
			bar(id, def.Name)
		}
		for _, id := range def.NoExchangeInto {
			if moving {
				bar(intoBar+id, def.Name)
			}
		}
	}
	return out
}

// intoBar marks, in what blocked lists, a pool no exchange may buy (pool
// ids are lower-case words: none begins so).
const intoBar = "+"

// barredInto says why the cost of a no exchange may pay for is refused (""
// when nothing bars it): the pool it lacks is one a condition bars buying.
func (t *tx) barredInto(c *Combatant, a rules.ActionDef, cost map[string]int) string {
	no := blockedFor(t.rs, c, a)
	for _, p := range t.rs.Pools {
		if cond, ok := no[intoBar+p.ID]; ok && c.Pools[p.ID] < cost[p.ID] {
			return fmt.Sprintf("%s is %s: no %s bought by exchange to move (only the turn's own)", c.Name, cond, p.Name)
		}
	}
	return ""
}

// blockedReason says why a cost cannot be paid by a blocked pool ("" when
// none of its pools is blocked).
func (t *tx) blockedReason(c *Combatant, cost map[string]int) string {
	no := blocked(t.rs, c)
	for _, p := range t.rs.Pools {
		if cond, ok := no[p.ID]; ok && cost[p.ID] > 0 {
			return fmt.Sprintf("%s is %s: no %s may be spent", c.Name, cond, p.Name)
		}
		if why := t.outOfPhase(p); why != "" && cost[p.ID] > 0 {
			return why
		}
	}
	return ""
}

// outOfPhase says why a pool spent in its phases only (only_in_phases)
// cannot be spent in the phase the round is in ("" when it can).
func (t *tx) outOfPhase(p rules.Pool) string {
	phases := t.rs.RoundPhases()
	if !p.OnlyInPhases || t.enc.Round < 1 || t.enc.Phase < 0 || t.enc.Phase >= len(phases) {
		return ""
	}
	now := phases[t.enc.Phase]
	if slices.Contains(p.Phases, now.ID) {
		return ""
	}
	names := make([]string, 0, len(p.Phases))
	for _, id := range p.Phases {
		if i := slices.IndexFunc(phases, func(x rules.Phase) bool { return x.ID == id }); i >= 0 {
			names = append(names, phases[i].Name)
		}
	}
	plural := "phase"
	if len(names) > 1 {
		plural = "phases"
	}
	return fmt.Sprintf("%s: spent in the %s %s only, not in the %s phase", p.Name, strings.Join(names, " and "), plural, now.Name)
}

// refillMods are what the conditions held do to a pool as it refills: the
// sum of their pool_mods, and the least of their pool_caps (-1: none), and
// each for the log.
func refillMods(rs *rules.Ruleset, c *Combatant, id string) (mod, limit int, why []RefillMod) {
	limit = -1
	for _, x := range c.Conditions {
		def, ok := rs.Condition(x.ID)
		if !ok {
			continue
		}
		if n, ok := def.PoolMods[id]; ok {
			mod += n
			why = append(why, RefillMod{Condition: def.ID, Mod: n})
		}
		if n, ok := def.PoolCaps[id]; ok && (limit < 0 || n < limit) {
			limit = n
			why = append(why, RefillMod{Condition: def.ID, Cap: n, IsCap: true})
		}
	}
	return mod, limit, why
}

// poolWhy is why setPool moves a pool, for the log: non-lethal damage at 0
// hit points, an action, or (neither) a check's outcome.
type poolWhy struct {
	nonLethal   bool
	action      string
	declaration string
}

// actionPools does what an action does to pools besides its cost: the
// pools it gives back and those it fills.
func (t *tx) actionPools(c *Combatant, a rules.ActionDef) {
	for _, p := range t.rs.Pools {
		if n := a.Gains[p.ID]; n > 0 {
			t.setPool(c, p.ID, c.Pools[p.ID]+n, poolWhy{action: a.ID})
		}
		if slices.Contains(a.Refills, p.ID) {
			t.setPool(c, p.ID, t.capacity(c, p.ID), poolWhy{action: a.ID})
		}
	}
}

// actionTakes ends the conditions an action ends for its taker; one that
// another condition brings stays, and the log says why.
func (t *tx) actionTakes(c *Combatant, a rules.ActionDef) {
	takes := a.Takes
	if a.Moves {
		// What the conditions it holds take from one who moves.
		for _, x := range c.Conditions {
			if def, ok := t.rs.Condition(x.ID); ok && len(def.MovingTakes) > 0 {
				takes = append(slices.Clone(takes), def.MovingTakes...)
			}
		}
	}
	for _, id := range takes {
		if c.Has(id) {
			t.checkTake(c, id)
		}
	}
}

// orAll is what an action that may take all that is left pays when it
// cannot pay its whole cost: what is left of each pool of the cost, if it
// is at least 1 in all.
func orAll(c *Combatant, cost map[string]int) map[string]int {
	out := map[string]int{}
	n := 0
	for k, v := range cost {
		out[k] = min(v, c.Pools[k])
		n += out[k]
	}
	if n == 0 {
		return nil
	}
	return out
}

// poolChanges are the pools that moved, in the ruleset's order, for the
// log ("Energy 5 -> 2").
func (t *tx) poolChanges(before, after map[string]int) []PoolChange {
	var out []PoolChange
	for _, p := range t.rs.Pools {
		if before[p.ID] != after[p.ID] {
			out = append(out, PoolChange{Pool: p.ID, Before: before[p.ID], After: after[p.ID]})
		}
	}
	return out
}
