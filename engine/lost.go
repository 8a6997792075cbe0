package engine

import (
	"slices"

	"fray/engine/rules"
)

// Lost actions: a check's outcome, a table's row or a wound that costs
// actions takes them at once from the budget the ruleset names
// (lost_actions.from): the first that has one left, then the next, until
// all are taken or none is left. "flurry" is the actions left in the
// loser's flurry, "order" its next actions in this round's order (rank or
// segments), any other a pool. Each take is logged; undo gives it back
// with the rest of the step.

// loseActions takes n actions from c.
func (t *tx) loseActions(c *Combatant, n int) {
	for _, from := range t.rs.LostActions.From {
		if n <= 0 {
			return
		}
		took, left := 0, 0
		switch from {
		case rules.LostFromFlurry:
			if f := c.Flurry; f != nil && f.Rolled && f.Left > 0 && t.inFlurryPhase() {
				took = min(n, f.Left)
				f.Left -= took
				left = f.Left
			}
		case rules.LostFromOrder:
			if t.initiativeToCome() {
				// Nothing rolled yet: the loss waits for the roll.
				c.LostEarly += n
				t.log(EvLost, of(c), nil, ActionsLostEarly{Lost: n})
				return
			}
			took, left = t.loseEntries(c, n)
			if rest := n - took; rest > 0 && t.rs.LostActions.NextRound {
				if took > 0 {
					t.log(EvLost, of(c), nil, ActionsTaken{From: from, Lost: took, Left: left})
				}
				c.LostNext += rest
				t.log(EvLost, of(c), nil, ActionsLostEarly{Lost: rest, Next: true})
				return
			}
		default:
			i := slices.IndexFunc(t.rs.Pools, func(p rules.Pool) bool { return p.ID == from })
			now := i < 0 || t.outOfPhase(t.rs.Pools[i]) == ""
			if v := c.Pools[from]; now && v > 0 {
				took = min(n, v)
				c.Pools[from] = v - took
				left = c.Pools[from]
			}
			// Not this phase's to spend, nor to lose, or all spent: what is
			// left to lose is taken as the pool refills later this round.
			if rest := n - took; rest > 0 && i >= 0 && t.refillToCome(t.rs.Pools[i]) != "" {
				if took > 0 {
					t.log(EvLost, of(c), nil, ActionsTaken{From: from, Lost: took, Left: left})
				}
				t.owe(c, t.rs.Pools[i], rest)
				return
			}
		}
		if took > 0 {
			t.log(EvLost, of(c), nil, ActionsTaken{From: from, Lost: took, Left: left})
			n -= took
		}
	}
	if n > 0 {
		t.log(EvLost, of(c), nil, NoActionToLose{Lost: n})
	}
}

// loseEntries marks c's next actions in this round's order lost, the
// soonest first, and returns how many, and how many it has left.
func (t *tx) loseEntries(c *Combatant, n int) (took, left int) {
	var mine []*Entry
	for i := range t.enc.Entries {
		if e := &t.enc.Entries[i]; e.Who == c.ID && !e.Lost && !e.Started {
			mine = append(mine, e)
		}
	}
	slices.SortStableFunc(mine, func(a, b *Entry) int { return b.Value - a.Value })
	for _, e := range mine {
		if took == n {
			left++
			continue
		}
		e.Lost = true
		took++
	}
	return took, left
}

// flurryHalts takes away what is left of a fighter's flurry once it can no
// longer act (stunned, knocked out, mortally wounded in the middle of it):
// it can take no more actions in it.
func (t *tx) flurryHalts(c *Combatant) {
	f := c.Flurry
	if f == nil || !f.Rolled || f.Left == 0 || t.turnVerdict(c).Allowed() {
		return
	}
	t.log(EvLost, of(c), nil, FlurryHalted{Flurry: f.ID, Lost: f.Left})
	f.Left = 0
}

// refillToCome is the name of the first phase later this round that refills
// the pool, or "".
func (t *tx) refillToCome(p rules.Pool) string {
	if p.Reset != rules.AtPhaseStart {
		return ""
	}
	phases := t.rs.RoundPhases()
	for i := t.enc.Phase + 1; i < len(phases); i++ {
		if slices.Contains(p.Phases, phases[i].ID) {
			return phases[i].Name
		}
	}
	return ""
}

// owe has c lose n actions of pool p as it refills in the phases to come
// this round, each phase taking as many as the pool holds after what is
// owed already (War & Combat: two actions lost before the movement phase
// take its quick action and the adjustment phase's); what no phase to come
// holds is lost with nothing to lose.
func (t *tx) owe(c *Combatant, p rules.Pool, n int) {
	room := t.capacity(c, p.ID)
	before := c.Owed[p.ID]
	owed := 0
	phases := t.rs.RoundPhases()
	for i := t.enc.Phase + 1; i < len(phases) && n > 0; i++ {
		if !slices.Contains(p.Phases, phases[i].ID) {
			continue
		}
		k := min(n, max(room-before, 0))
		before = max(before-room, 0)
		if k == 0 {
			continue
		}
		n -= k
		owed += k
		t.log(EvLost, of(c), nil, ActionsOwed{From: p.ID, Lost: k, Phase: phases[i].Name})
	}
	if owed > 0 {
		if c.Owed == nil {
			c.Owed = map[string]int{}
		}
		c.Owed[p.ID] += owed
	}
	if n > 0 {
		t.log(EvLost, of(c), nil, NoActionToLose{Lost: n})
	}
}

// takeOwed takes from a pool, as it refills, the actions lost for it
// earlier this round; what it does not hold stays owed to its next refill
// this round, if there is one.
func (t *tx) takeOwed(c *Combatant, id string, n int) {
	took := min(n, c.Pools[id])
	c.Pools[id] -= took
	delete(c.Owed, id)
	i := slices.IndexFunc(t.rs.Pools, func(p rules.Pool) bool { return p.ID == id })
	if rest := n - took; rest > 0 && i >= 0 && t.refillToCome(t.rs.Pools[i]) != "" {
		c.Owed[id] = rest // logged as it was lost
		n = took
	}
	if len(c.Owed) == 0 {
		c.Owed = nil
	}
	if took > 0 {
		t.log(EvLost, of(c), nil, ActionsTaken{From: id, Lost: took, Left: c.Pools[id]})
	}
	if n > took {
		t.log(EvLost, of(c), nil, NoActionToLose{Lost: n - took})
	}
}
