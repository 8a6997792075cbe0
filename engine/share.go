package engine

// Every state of a fight's history is kept for undo, and a step changes
// a few combatants of a thousand: the states share each combatant until
// a step changes it. A step starts from the state before with its own
// list of the same combatants (Encounter.share); before it writes into
// one, it makes it its own (mine), a copy put in the original's place in
// its list, and writes into that. Whatever a step only reads stays shared.
// The engine's tests run every step against a copy of the state it began
// from, and fail on any write into that state (share_test.go).

// sharing is what a step keeps of the combatants it made its own.
type sharing struct {
	// own are the combatants this step made: its copies, and those that
	// joined. nil: not a step (a question asked of a state, as May is),
	// which writes into nothing and copies nothing.
	own map[*Combatant]bool
	// copied maps each combatant of the state before that this step
	// copied to its copy: a pointer to the original held by the step
	// finds the copy it must write into.
	copied map[*Combatant]*Combatant
}

func newSharing() sharing {
	return sharing{own: map[*Combatant]bool{}, copied: map[*Combatant]*Combatant{}}
}

// mine returns c as this step's own, to write into: c itself if the step
// made it, the copy made of it, or else a new copy, which takes c's place
// in the step's list. A combatant not in the fight (a probe, a party's
// copy) is returned as it is.
func (t *tx) mine(c *Combatant) *Combatant {
	if c == nil || t.own == nil || t.own[c] {
		return c
	}
	if cp, ok := t.copied[c]; ok {
		return cp
	}
	for i, x := range t.enc.Combatants {
		if x == c {
			return t.at(i)
		}
	}
	return c
}

// at returns the i-th combatant of the list as this step's own.
func (t *tx) at(i int) *Combatant {
	c := t.enc.Combatants[i]
	if t.own == nil || t.own[c] {
		return c
	}
	cp := c.Clone()
	t.enc.Combatants[i] = &cp
	t.own[&cp] = true
	t.copied[c] = &cp
	return &cp
}

// owns records a combatant this step made (one joining).
func (t *tx) owns(c *Combatant) {
	if t.own != nil {
		t.own[c] = true
	}
}

// all returns every combatant as this step's own: for a change to each
// (the fight's start fills every pool).
func (t *tx) all() []*Combatant {
	for i := range t.enc.Combatants {
		t.at(i)
	}
	return t.enc.Combatants
}
