package engine

import (
	"errors"
	"reflect"
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
		if !sameState(next, f.states[f.hi]) {
			return f.breakAt(errors.New("the history does not lead to the saved state"))
		}
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
