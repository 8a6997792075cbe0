package engine

import (
	"slices"

	"fray/engine/rules"
)

// Disengaging (rules.Declaration.Disengages): one who declared it this
// round leaves the melee if every parry and dodge it rolls this round
// succeeds. Its first failed defence is logged as the disengage failing
// (still engaged); as the round ends, one whose defences all held, or who
// made none, is logged free to move away. The defences are the round's
// (Defending.Defended), counted afresh as the next round starts.

// disengaging is the declaration c made this round that disengages, if
// any.
func (t *tx) disengaging(c *Combatant) (rules.Declaration, bool) {
	for _, x := range c.Declared {
		if d, ok := t.rs.Declaration(x.ID); ok && d.Disengages {
			return d, true
		}
	}
	return rules.Declaration{}, false
}

// disengageFails logs that c's disengage fails, on the first defence of
// the round that failed (the one just rolled).
func (t *tx) disengageFails(c *Combatant, ch rules.Check) {
	d, ok := t.disengaging(c)
	if !ok || slices.ContainsFunc(c.Defended[:max(len(c.Defended)-1, 0)], func(x Defended) bool { return x.Failed }) {
		return
	}
	t.log(EvCondition, of(c), nil, DisengageFails{Declaration: d.ID, Check: ch.ID})
}

// disengageAt says, as the round ends, that one whose disengage every
// defence of the round held (or who made none) is free to move away. One
// knocked out or down goes nowhere.
func (t *tx) disengageAt(c *Combatant, _ moment) {
	d, ok := t.disengaging(c)
	if !ok || c.Out || slices.ContainsFunc(c.Defended, func(x Defended) bool { return x.Failed }) {
		return
	}
	t.log(EvCondition, of(c), nil, Disengaged{Declaration: d.ID, Defences: len(c.Defended)})
}

// DisengageFails: Who's Declaration (a disengage) failed with the defence
// Check: it is still engaged.
type DisengageFails struct {
	Declaration string
	Check       string
}

// Disengaged: every one of the Defences Who rolled this round succeeded
// (none: it made none), and its Declaration (a disengage) frees it to move
// away.
type Disengaged struct {
	Declaration string
	Defences    int `players:"public"`
}

func (DisengageFails) isFact() {}
func (Disengaged) isFact()     {}
