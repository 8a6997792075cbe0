package engine

import (
	"fmt"
	"reflect"
)

// Every state of a fight's history is kept for undo, and a step changes
// a few combatants of a thousand: the states share each combatant until
// a step changes it. A step starts from the state before with its own
// list of the same combatants (Encounter.share); before it writes into
// one, it makes it its own (mine), a copy put in the original's place in
// its list, and writes into that. Whatever a step only reads stays shared.
// Tests run every step against a copy of the state it began from, and fail
// on any write into that state (CheckSteps).

// sharing is what a step keeps of the combatants it made its own.
type sharing struct {
	// step is false for a question asked of a state (as May is), which
	// writes into nothing and copies nothing.
	step bool
	// own are the combatants this step made: its copies, and those that
	// joined (made as the first is).
	own map[*Combatant]bool
	// copied maps each combatant of the state before that this step
	// copied to its copy: a pointer to the original held by the step
	// finds the copy it must write into.
	copied map[*Combatant]*Combatant
}

func newSharing() sharing { return sharing{step: true} }

// mine returns c as this step's own, to write into: c itself if the step
// made it, the copy made of it, or else a new copy, which takes c's place
// in the step's list. A combatant not in the fight (a probe, a party's
// copy) is returned as it is.
func (t *tx) mine(c *Combatant) *Combatant {
	if c == nil || !t.step || t.own[c] {
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
	if !t.step || t.own[c] {
		return c
	}
	cp := new(Combatant) // c.Clone(), made in place: a combatant is a kilobyte to copy
	*cp = *c
	cp.cloneParts()
	t.enc.Combatants[i] = cp
	t.owns(cp)
	if t.copied == nil {
		t.copied = map[*Combatant]*Combatant{}
	}
	t.copied[c] = cp
	return cp
}

// owns records a combatant this step made (one joining).
func (t *tx) owns(c *Combatant) {
	if !t.step {
		return
	}
	if t.own == nil {
		t.own = map[*Combatant]bool{}
	}
	t.own[c] = true
}

// all returns every combatant as this step's own: for a change to each
// (the fight's start fills every pool).
func (t *tx) all() []*Combatant {
	for i := range t.enc.Combatants {
		t.at(i)
	}
	return t.enc.Combatants
}

// CheckSteps makes every step from now on, while on reports true, check
// that it wrote into nothing of the state it began from, and panic naming
// the field if it did: for tests (engine/enginetest turns it on, but for
// benchmarks). It costs a deep copy and a comparison of the fight a step.
func CheckSteps(on func() bool) {
	checkShared = func(before Encounter) func() {
		if !on() {
			return func() {}
		}
		want := before.Clone()
		return func() {
			if reflect.DeepEqual(before, want) {
				return
			}
			if p := firstDifference(reflect.ValueOf(before), reflect.ValueOf(want), "state"); p != "" {
				panic(fmt.Sprintf("a step wrote into %s of the state before it, which the states after share: "+
					"make the combatant the step's own first (tx.mine, tx.at)", p))
			}
		}
	}
}

// firstDifference is the path to the first value that differs between a
// and b, or "".
func firstDifference(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				if p := firstDifference(a.Field(i), b.Field(i), path+"."+f.Name); p != "" {
					return p
				}
			}
		}
		return ""
	case reflect.Slice:
		if a.Len() != b.Len() {
			return path
		}
		for i := range a.Len() {
			if p := firstDifference(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
		return ""
	case reflect.Map:
		if a.Len() != b.Len() {
			return path
		}
		for _, k := range a.MapKeys() {
			w := b.MapIndex(k)
			if !w.IsValid() {
				return fmt.Sprintf("%s[%v]", path, k)
			}
			if p := firstDifference(a.MapIndex(k), w, fmt.Sprintf("%s[%v]", path, k)); p != "" {
				return p
			}
		}
		return ""
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path
			}
			return ""
		}
		return firstDifference(a.Elem(), b.Elem(), path)
	}
	if !reflect.DeepEqual(a.Interface(), b.Interface()) {
		return path
	}
	return ""
}
