package engine

import (
	"errors"
	"fmt"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Step is one transition as it happened: the command, every face it rolled
// and the events it produced. Replaying a step feeds its faces back, so a
// redo or a resumed fight never rolls again.
type Step struct {
	Cmd    Command
	Faces  []int
	Events []Event
}

// Fight is an encounter with its history: the state it began from, the
// steps done (undoable) and the steps undone (redoable).
type Fight struct {
	Rules  *rules.Ruleset
	Dice   dice.Rand
	Base   Encounter
	Done   []Step
	Undone []Step // the most recently undone last

	states []Encounter // states[i] is the state after Done[:i] (see gap)
	// A resumed fight (Resume) knows its base and its current state; the
	// states between, states[lo+1:hi], are replayed when first needed. With
	// no gap, hi <= lo+1.
	lo, hi int
	// Undo stops at Done[:floor]: the states before it did not replay
	// (broken says why).
	floor  int
	broken error
	// earlier reads the steps done before Done[0] of a fight resumed with
	// its history read later (ResumeLater); nil once they are in Done.
	earlier func() ([]Step, error)
	tail    int // how many steps Done held as such a fight opened
}

// NewFight starts a history at enc.
func NewFight(rs *rules.Ruleset, enc Encounter, rnd dice.Rand) *Fight {
	return &Fight{Rules: rs, Dice: rnd, Base: enc, states: []Encounter{enc}}
}

// Current returns the encounter as it is now.
func (f *Fight) Current() *Encounter { return &f.states[len(f.states)-1] }

// Do applies a command, rolling with the fight's dice (or with the faces the
// GM typed, when faces is not empty), and records it.
func (f *Fight) Do(cmd Command, typed ...int) ([]Event, error) {
	var src dice.Rand = f.Dice
	var script *dice.Scripted
	if len(typed) > 0 {
		script = dice.Script(typed...)
		src = script
	}
	if err := noNonlethal(f.Rules, cmd); err != nil {
		return nil, err
	}
	tp := &tape{src: src}
	next, events, err := Apply(f.Rules, *f.Current(), cmd, tp)
	if err != nil {
		return nil, err
	}
	if script != nil {
		if script.Err != nil {
			return nil, fmt.Errorf("typed dice: %w", script.Err)
		}
		if script.Left() > 0 {
			n := script.Left()
			return nil, fmt.Errorf("typed dice: %d face%s more than the roll used", n, plural(n))
		}
	}
	f.Done = append(f.Done, Step{Cmd: cmd, Faces: tp.faces, Events: events})
	f.states = append(f.states, next)
	f.Undone = nil
	return events, nil
}

// CanUndo and CanRedo report whether there is something to undo or redo.
func (f *Fight) CanUndo() bool { return len(f.Done) > f.floor || f.earlier != nil }
func (f *Fight) CanRedo() bool { return len(f.Undone) > 0 }

// Undo takes the last step back. It returns the step undone, or false when
// there is none, or when the state before it does not replay (Broken says
// why, and undo stops there from then on).
func (f *Fight) Undo() (Step, bool) {
	f.whole()
	if len(f.Done) <= f.floor || f.fill(len(f.Done)-1) != nil {
		return Step{}, false
	}
	s := f.Done[len(f.Done)-1]
	f.Done = f.Done[:len(f.Done)-1]
	f.states = f.states[:len(f.states)-1]
	f.Undone = append(f.Undone, s)
	return s, true
}

// Redo replays the last undone step with the faces it rolled the first time.
func (f *Fight) Redo() (Step, error) {
	if len(f.Undone) == 0 {
		return Step{}, errors.New("nothing to redo")
	}
	s := f.Undone[len(f.Undone)-1]
	next, events, err := f.replay(*f.Current(), s)
	if err != nil {
		return Step{}, err
	}
	s.Events = events
	f.Undone = f.Undone[:len(f.Undone)-1]
	f.Done = append(f.Done, s)
	f.states = append(f.states, next)
	return s, nil
}

// replay applies a recorded step with its recorded faces and checks that it
// used them all, exactly. The events are the replay's own.
func (f *Fight) replay(enc Encounter, s Step) (Encounter, []Event, error) {
	src := dice.Script(s.Faces...)
	next, events, err := Apply(f.Rules, enc, s.Cmd, src)
	if err != nil {
		return enc, nil, fmt.Errorf("replaying %s: %w", s.Cmd.Op(), err)
	}
	if src.Err != nil || src.Left() != 0 {
		return enc, nil, fmt.Errorf("replaying %s: the recorded dice do not fit the rules (%v, %d left)", s.Cmd.Op(), src.Err, src.Left())
	}
	return next, events, nil
}

// Restore rebuilds a fight from its base and steps, as loaded from a save,
// replaying every step with its recorded faces.
func Restore(rs *rules.Ruleset, base Encounter, done, undone []Step, rnd dice.Rand) (*Fight, error) {
	f := NewFight(rs, base, rnd)
	for i, s := range done {
		next, events, err := f.replay(*f.Current(), s)
		if err != nil {
			return nil, &ReplayError{Step: i, Err: err}
		}
		s.Events = events
		f.Done = append(f.Done, s)
		f.states = append(f.states, next)
	}
	f.Undone = undone
	return f, nil
}

// ReplayError says which recorded step (from 0) could not be replayed.
type ReplayError struct {
	Step int
	Err  error
}

func (e *ReplayError) Error() string { return fmt.Sprintf("step %d: %v", e.Step+1, e.Err) }
func (e *ReplayError) Unwrap() error { return e.Err }

// Log returns every event of the steps done, oldest first.
func (f *Fight) Log() []Event {
	f.whole()
	var out []Event
	for _, s := range f.Done {
		out = append(out, s.Events...)
	}
	return out
}

// Verify checks the fight as it is now (see Verify) and its hit points
// against its history: each combatant's are its hit points at the base plus
// the changes its events report, so nothing moves them unlogged. Ties are
// checked while the whole history is known and holds no manual move.
func (f *Fight) Verify() error {
	f.whole()
	ties := len(f.Base.Combatants) == 0
	hp := map[int]int{}
	for _, c := range f.Base.Combatants {
		hp[c.ID] = c.HP
	}
	for _, s := range f.Done {
		ties = ties && s.Cmd.Op() != OpMove
		for _, e := range s.Events {
			hp[e.Who.ID] += e.HP
		}
	}
	enc := f.Current()
	if err := Verify(f.Rules, enc, ties); err != nil {
		return err
	}
	for _, c := range enc.Combatants {
		if c.HP != hp[c.ID] {
			return fmt.Errorf("%s has %d hit points; the history adds up to %d", c.Name, c.HP, hp[c.ID])
		}
	}
	return nil
}

// tape records the faces a transition rolls so a redo or a replay feeds back
// the same faces instead of rolling again.
type tape struct {
	src   dice.Rand
	faces []int
}

func (t *tape) IntN(n int) int {
	v := t.src.IntN(n)
	t.faces = append(t.faces, v+1)
	return v
}
