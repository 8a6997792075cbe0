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
	t.linkHarm(c)
}

// hitLinks ties the bleeding wounds a step opens to the wound kept apart
// its hit made (Wound.Harm), as the hit makes them: a blow's bleeding
// special after its damage, a hit location's bleeding before it.
type hitLinks struct {
	kept     map[int]int // by combatant: the wound kept apart this step made last (from 1)
	unlinked map[int]int // by combatant: its last wounds this step opened with none kept yet
}

// linkWound ties c's wound just opened to the wound kept apart this step
// made last, or waits for the one its hit is about to make.
func (t *tx) linkWound(c *Combatant) {
	if h := t.links.kept[c.ID]; h > 0 && h <= len(c.Harms) {
		c.Wounds[len(c.Wounds)-1].Harm = h
		return
	}
	if t.links.unlinked == nil {
		t.links.unlinked = map[int]int{}
	}
	t.links.unlinked[c.ID]++
}

// linkHarm ties the wounds this step opened on c before its hit was kept
// to that hit, and keeps it for those opened after.
func (t *tx) linkHarm(c *Combatant) {
	h := len(c.Harms)
	if t.links.kept == nil {
		t.links.kept = map[int]int{}
	}
	t.links.kept[c.ID] = h
	n := min(t.links.unlinked[c.ID], len(c.Wounds))
	for i := len(c.Wounds) - n; i < len(c.Wounds); i++ {
		if c.Wounds[i].Harm == 0 {
			c.Wounds[i].Harm = h
		}
	}
	delete(t.links.unlinked, c.ID)
}

// woundHarm is the wound kept apart (from 1) whose hit opened the
// bleeding wound w: its own link, or, for one of an older save, the last
// hit of its round no First Aid has healed (harmOf). ok is false when the
// link names one that First Aid has healed or that lacks nothing: the
// bleeding's First Aid then heals nothing (1D3 per wound, once).
func woundHarm(c *Combatant, w Wound) (harm int, ok bool) {
	switch {
	case w.Harm == 0:
		return harmOf(c, w.Round), true
	case w.Harm < 0 || w.Harm > len(c.Harms):
		return 0, true // not one c has: the healing spread, as with none
	}
	h := c.Harms[w.Harm-1]
	return w.Harm, !h.Aided && h.Left > 0
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
