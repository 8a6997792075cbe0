package engine

import (
	"slices"

	"fray/engine/rules"
)

// Waiting is a condition given in its own right during a round, where
// the ruleset has it wait for the next (conditions.waits_round), or after
// its holder had acted this round (conditions.waits_acted):
// it is given as round Round begins, for Left rounds (0: its own
// duration), nothing of it holding before.
type Waiting struct {
	Condition string `toml:"condition"`
	Round     int    `toml:"round"`
	Left      int    `toml:"left,omitzero"`
}

// waits sets a grant aside for the next round where the condition waits
// for it (waits_round), or for one who has acted this round (waits_acted),
// and logs that it will come: true if it was set aside.
func (t *tx) waits(c *Combatant, def rules.ConditionDef, g grant) bool {
	if !g.own || g.waited || t.enc.Round < 1 || !def.WaitsRound && !(def.WaitsActed && t.acted(c)) {
		return false
	}
	next := t.enc.Round + 1
	c.Waiting = append(slices.Clone(c.Waiting), Waiting{Condition: def.ID, Round: next, Left: g.left})
	t.log(EvCondition, of(c), nil, ConditionGiven{Condition: def.ID, Lasts: Lasts{Rounds: g.left, Reckoned: g.reckoned, From: next}})
	return true
}

// waitingAt gives, as a round begins, the conditions that waited for it:
// rounds rolled as it was given kept, any other duration worked out now.
func (t *tx) waitingAt(c *Combatant, _ moment) {
	if len(c.Waiting) == 0 {
		return
	}
	var keep []Waiting
	for _, w := range c.Waiting {
		if w.Round > t.enc.Round {
			keep = append(keep, w)
			continue
		}
		g := grant{own: true, left: w.Left}
		if def, ok := t.rs.Condition(w.Condition); ok && w.Left == 0 {
			var err error
			if g, err = t.ownGrant(c, def, "", 0); err != nil {
				continue
			}
		}
		g.waited = true
		t.give(c, w.Condition, g)
	}
	c.Waiting = keep
}
