package engine

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// A fight read back from a long save need not replay its whole history
// before it can be shown: the save holds the state the history led to and
// the events each step logged. Resume takes them as given; the states
// between, which only undo needs, are replayed from the base when undo first
// reaches them, or a little at a time by Replay. The replay that reaches the
// saved state checks that it is the same state: a history that does not
// replay, or does not lead there, stops undo at the saved state, and Broken
// says why. Nothing is dropped from the history either way.

// Resume makes a fight from a saved history without replaying it: base is
// where done starts, cur the state done led to, and each step of done keeps
// the events it logged. Undone steps are replayed when redone, as always.
func Resume(rs *rules.Ruleset, base Encounter, done []Step, cur Encounter, undone []Step, rnd dice.Rand) *Fight {
	f := &Fight{Rules: rs, Dice: rnd, Base: base, Done: done, Undone: undone}
	f.states = make([]Encounter, len(done)+1)
	f.states[0] = base
	f.states[len(done)] = cur
	f.lo, f.hi = 0, len(done)
	if len(done) == 0 && !sameState(base, cur) {
		f.breakAt(errors.New("the save has no steps, yet its state is not where the fight began"))
	}
	return f
}

// Replay replays up to n steps (all, if n < 0) of a resumed fight's history
// that have not been replayed yet. It reports whether any are left, and the
// error that stopped undo, if this replay found one.
func (f *Fight) Replay(n int) (more bool, err error) {
	if err := f.whole(); err != nil {
		return false, err
	}
	for ; n != 0 && f.lo < f.hi; n-- {
		if err := f.advance(); err != nil {
			return false, err
		}
	}
	return f.lo < f.hi, nil
}

// Broken says why undo stops where it does, when it stops before the first
// step: the history before does not replay.
func (f *Fight) Broken() error { return f.broken }

// DoRecorded does again a step recorded before (a journal's), with the faces
// it rolled then, as redo does; like Do, it clears the redo stack.
func (f *Fight) DoRecorded(s Step) (Step, error) {
	next, events, err := f.replay(*f.Current(), s)
	if err != nil {
		return Step{}, err
	}
	s.Events = events
	f.Done = append(f.Done, s)
	f.states = append(f.states, next)
	f.Undone = nil
	return s, nil
}

// ResumeLater is Resume with the history read later: done holds the last
// steps of the history only (enough for the log's end), and earlier reads
// the steps before them. A fight opens on its saved state and draws before
// its long history is read; undo, Replay, Log and Verify read it first
// (each, the first time). earlier may be called from any goroutine (see
// Later), and must return the same each time.
func ResumeLater(rs *rules.Ruleset, base Encounter, earlier func() ([]Step, error), done []Step, cur Encounter, undone []Step,
	rnd dice.Rand) *Fight {
	f := &Fight{Rules: rs, Dice: rnd, Base: base, Done: done, Undone: undone, earlier: earlier}
	// Until the history is whole, states holds the saved state and those
	// made since: states[i] is the state after Done[:len(done)+i].
	f.states = []Encounter{cur}
	f.tail = len(done)
	return f
}

// Later returns what reads the part of the fight's history not read yet
// (see ResumeLater), to be called from another goroutine so the history
// is read by the time it is needed; nil when there is none. It changes
// nothing: the fight takes the steps in when it needs them.
func (f *Fight) Later() func() ([]Step, error) { return f.earlier }

// Earlier returns the steps done before Done[0] not yet in Done (none
// once the history is whole), reading them if they are not read yet; it
// changes nothing, so a view may call it.
func (f *Fight) Earlier() ([]Step, error) {
	if f.earlier == nil {
		return nil, nil
	}
	return f.earlier()
}

// History returns every step done, oldest first, without changing the
// fight; when the part read later does not read, the steps it has, and
// why.
func (f *Fight) History() ([]Step, error) {
	if f.earlier == nil {
		return f.Done, nil
	}
	steps, err := f.earlier()
	if err != nil {
		return f.Done, err
	}
	return append(slices.Clip(steps), f.Done...), nil
}

// whole takes the history read later into Done, and the states to it
// into the gap replayed when first needed (as Resume does). When it does
// not read, undo stops at the saved state, and Broken says why.
func (f *Fight) whole() error {
	if f.earlier == nil {
		return nil
	}
	steps, err := f.earlier()
	f.earlier = nil
	tail := f.tail
	states := make([]Encounter, len(steps)+len(f.Done)+1)
	copy(states[len(steps)+tail:], f.states)
	f.states = states
	if err != nil {
		f.floor, f.broken = tail, fmt.Errorf("its history does not read: %w", err)
		return f.broken
	}
	f.Done = append(slices.Clip(steps), f.Done...)
	f.states[0] = f.Base
	f.lo, f.hi = 0, len(steps)+tail
	return nil
}

// fill makes states[i] known, replaying what it must.
func (f *Fight) fill(i int) error {
	if f.lo >= f.hi || i <= f.lo || i >= f.hi {
		return nil
	}
	for f.lo < i {
		if err := f.advance(); err != nil {
			return err
		}
	}
	if f.lo == f.hi-1 {
		return f.advance() // the step into the saved state checks it
	}
	return nil
}

// advance replays the first step not replayed yet.
func (f *Fight) advance() error {
	j := f.lo
	next, _, err := f.replay(f.states[j], f.Done[j])
	if err != nil {
		return f.breakAt(&ReplayError{Step: j, Err: err})
	}
	if j+1 == f.hi {
		saved := &f.states[f.hi]
		cmp := *saved
		if len(saved.Gone) == 0 {
			// A save from before the fight kept those who left: the
			// replay's record of them is taken.
			cmp.Gone = next.Gone
		}
		cmp = TakenFrom(cmp, next)
		if !sameState(next, cmp) {
			return f.breakAt(errors.New("the history does not lead to the saved state"))
		}
		*saved = cmp
		f.lo, f.hi = 0, 0
		return nil
	}
	f.states[j+1] = next
	f.lo = j + 1
	return nil
}

// breakAt stops undo at the saved state, for err.
func (f *Fight) breakAt(err error) error {
	f.floor, f.broken = f.hi, err
	f.lo, f.hi = 0, 0
	return err
}

// sameState reports whether two encounters hold the same fight.
func sameState(a, b Encounter) bool { return Same(a, b) }

// TakenFrom is a saved state with what a save written before it was kept
// leaves out taken as its history, replayed, made it: the marks of places
// and initiatives taken from another (Entry.Taken, Ordering.InitTaken),
// where the save marks none, and the foes parried (ParriedFoes) of one
// whose parries the save counts but names no foe of, where the replay
// counts as many.
func TakenFrom(saved, replayed Encounter) Encounter {
	if !anyTaken(saved) {
		saved = withTaken(saved, replayed)
	}
	return withParriedFoes(saved, replayed)
}

// withParriedFoes is e with the foes parried that from names, for each
// combatant e counts parries of and names no foe of, as many in both.
func withParriedFoes(e, from Encounter) Encounter {
	cloned := false
	for i, c := range e.Combatants {
		if c.Parries == 0 || len(c.ParriedFoes) > 0 {
			continue
		}
		r := from.Combatant(c.ID)
		if r == nil || r.Parries != c.Parries || len(r.ParriedFoes) == 0 {
			continue
		}
		if !cloned {
			e.Combatants, cloned = slices.Clone(e.Combatants), true
		}
		x := *c
		x.ParriedFoes = slices.Clone(r.ParriedFoes)
		e.Combatants[i] = &x
	}
	return e
}

// anyTaken reports whether a state marks any place or initiative as taken
// from another.
func anyTaken(e Encounter) bool {
	return slices.ContainsFunc(e.Entries, func(x Entry) bool { return x.Taken }) ||
		slices.ContainsFunc(e.Combatants, func(c *Combatant) bool { return c.InitTaken })
}

// withTaken is e with the marks of what was taken from another as from
// holds them, where the two have the same places and combatants (copies:
// e's own are shared with other states).
func withTaken(e, from Encounter) Encounter {
	if len(e.Entries) == len(from.Entries) {
		e.Entries = slices.Clone(e.Entries)
		for i := range e.Entries {
			e.Entries[i].Taken = from.Entries[i].Taken
		}
	}
	if len(e.Combatants) == len(from.Combatants) {
		e.Combatants = slices.Clone(e.Combatants)
		for i, c := range e.Combatants {
			if from.Combatants[i].InitTaken && c.ID == from.Combatants[i].ID {
				x := *c
				x.InitTaken = true
				e.Combatants[i] = &x
			}
		}
	}
	return e
}

// Same reports whether two values hold the same, as a save reads them
// back: an empty list or table is the same as none, and text is the same
// once made valid UTF-8 (a save holds no other). It is the one comparison
// of fights, for the engine's replays and the saves' read-back checks.
func Same(a, b any) bool { return same(reflect.ValueOf(a), reflect.ValueOf(b)) }

func same(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.String:
		return a.String() == b.String() || strings.ToValidUTF8(a.String(), "\ufffd") == strings.ToValidUTF8(b.String(), "\ufffd")
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !same(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			v := b.MapIndex(k)
			if !v.IsValid() || !same(a.MapIndex(k), v) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return same(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !same(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return a.Equal(b)
}
