package engine

import (
	"fmt"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Wounds kept apart (hp.wounds_apart, BRP l.521, 531, 619): each hit that
// cost hit points is a harm of its own, with the damage it did and what of
// it is still to heal. Healing aimed at one heals no more than it lacks;
// unaimed healing is spread over them as evenly as it goes; First Aid
// heals one (1D3 per wound, once it has succeeded on it); the minor
// wounds' hit points are what the minor harms still lack.

// Harm is one hit's own damage.
type Harm struct {
	// Dealt is the hit points it took (a First Aid fumbled on it adds to
	// it: the wound made wider, l.659); Left what of it is not healed.
	Dealt int `toml:"dealt"`
	Left  int `toml:"left"`
	// Round is the round it was dealt in.
	Round int `toml:"round"`
	// Major: it was a major wound (hp.major_at or more).
	Major bool `toml:"major,omitempty"`
	// Aided: a First Aid healed it; another does not (1D3 per wound).
	Aided bool `toml:"aided,omitempty"`
}

// keepHarm keeps a hit of amount as a wound of its own, where the ruleset
// keeps wounds apart.
func (t *tx) keepHarm(c *Combatant, amount int, major bool) {
	if !t.rs.HP.WoundsApart || amount <= 0 || t.rs.Recorded() {
		return
	}
	c.Harms = append(c.Harms, Harm{Dealt: amount, Left: amount, Round: max(t.enc.Round, 1), Major: major})
}

// minorLeft is what the minor wounds kept apart still lack.
func minorLeft(c *Combatant) int {
	n := 0
	for _, h := range c.Harms {
		if !h.Major {
			n = min(n+h.Left, dice.MaxStat)
		}
	}
	return n
}

// harmAt is the combatant's wound n (from 1), one that still lacks hit
// points.
func (t *tx) harmAt(c *Combatant, n int) (*Harm, error) {
	switch {
	case !t.rs.HP.WoundsApart:
		return nil, fmt.Errorf("%s keeps no wounds apart: healing is of the total", t.rs.Name)
	case n < 1 || n > len(c.Harms):
		return nil, fmt.Errorf("%s has no wound %d (%d kept)", c.Name, n, len(c.Harms))
	case c.Harms[n-1].Left == 0:
		return nil, fmt.Errorf("%s's wound %d has healed", c.Name, n)
	}
	return &c.Harms[n-1], nil
}

// healHarms takes healed hit points off the wounds: all off wound n (from
// 1) where the heal was aimed, else spread over those that lack any, a
// point at a time from the first, as evenly as it goes (l.619).
func healHarms(c *Combatant, n, healed int) {
	if n > 0 && n <= len(c.Harms) {
		h := &c.Harms[n-1]
		h.Left = max(h.Left-healed, 0)
		return
	}
	for healed > 0 {
		took := false
		for i := range c.Harms {
			if healed > 0 && c.Harms[i].Left > 0 {
				c.Harms[i].Left--
				healed, took = healed-1, true
			}
		}
		if !took {
			return
		}
	}
}

// widenHarm folds the wound a fumbled First Aid just made into wound n
// (from 1) it was given on: the same wound made wider (l.659).
func widenHarm(c *Combatant, n, before int) {
	if n < 1 || n > before || len(c.Harms) != before+1 {
		return
	}
	last := c.Harms[len(c.Harms)-1]
	c.Harms = c.Harms[:len(c.Harms)-1]
	if len(c.Harms) == 0 {
		c.Harms = nil
	}
	h := &c.Harms[n-1]
	h.Dealt, h.Left = min(h.Dealt+last.Dealt, dice.MaxStat), min(h.Left+last.Left, dice.MaxStat)
}

// harmsWell says what is wrong with wounds kept apart a save or a party
// file holds (nil: nothing).
func harmsWell(rs *rules.Ruleset, harms []Harm) error {
	if len(harms) > 0 && !rs.HP.WoundsApart {
		return fmt.Errorf("it keeps wounds apart: %s keeps none (hp.wounds_apart)", rs.Name)
	}
	for i, h := range harms {
		if h.Dealt < 1 || h.Dealt > dice.MaxStat || h.Left < 0 || h.Left > h.Dealt || h.Round < 0 {
			return fmt.Errorf("wound %d: %d dealt, %d left: dealt is 1 to %d, left 0 to what was dealt", i+1, h.Dealt, h.Left, dice.MaxStat)
		}
	}
	return nil
}

// healingBarred says why c may not be healed now: a condition it holds
// bars healing (conditions.no_healing), or nil.
func (t *tx) healingBarred(c *Combatant) error {
	for _, x := range c.Conditions {
		if d, ok := t.rs.Condition(x.ID); ok && d.NoHealing {
			return fmt.Errorf("%s %s: no healing until it is dealt with (%s)", c.Name, being(d, "is"), d.Summary)
		}
	}
	return nil
}
