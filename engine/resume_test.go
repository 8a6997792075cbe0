package engine_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// rolled plays a fight with initiative and damage rolled each round, and
// some of it undone.
func rolled(t *testing.T, steps int) *engine.Fight {
	t.Helper()
	rs := enginetest.Rules(t, rules.Ruleset{ID: "rolled", Name: "Rolled", Order: rules.OrderRules{Kind: rules.OrderRound, Initiative: dice.MustParse("1d20")}})
	f := engine.NewFight(rs, engine.NewEncounter("x", rs), dice.NewSource(5))
	if _, err := f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "A", HP: 500}, {Name: "B", HP: 500}, {Name: "C", HP: 500}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Do(engine.Start{}); err != nil {
		t.Fatal(err)
	}
	for i := range steps {
		var cmd engine.Command = engine.Next{}
		if i%3 == 0 {
			cmd = engine.Damage{Who: 1 + i%3, Expr: "1d6"}
		}
		if _, err := f.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	f.Undo()
	f.Undo()
	return f
}

// copySteps keeps only what a save keeps of each step.
func copySteps(in []engine.Step) []engine.Step {
	out := make([]engine.Step, len(in))
	for i, s := range in {
		out[i] = engine.Step{Cmd: s.Cmd, Faces: s.Faces, Events: s.Events}
	}
	return out
}

// A resumed fight undoes, redoes and goes on exactly as the fight it was
// saved from, whether its states are replayed as undo reaches them or ahead
// of it, a few at a time.
// The same when the history before its last steps is read later
// (ResumeLater): the fight is whole once undo, Replay or Log needs it.
func TestResumeIsTheFight(t *testing.T) {
	for _, c := range []struct {
		warm  int
		later bool
	}{{0, false}, {1, false}, {7, false}, {-1, false}, {0, true}, {3, true}, {-1, true}} {
		warm := c.warm
		want := rolled(t, 40)
		src := dice.NewSource(0)
		got := engine.Resume(want.Rules, want.Base, copySteps(want.Done), *want.Current(), copySteps(want.Undone), src)
		if c.later {
			k := len(want.Done) - 5
			reads := 0
			earlier := func() ([]engine.Step, error) { reads++; return copySteps(want.Done[:k]), nil }
			got = engine.ResumeLater(want.Rules, want.Base, earlier, copySteps(want.Done[k:]), *want.Current(), copySteps(want.Undone), src)
			all, err := got.History()
			if err != nil || len(got.Done) != 5 || len(all) != len(want.Done) || !reflect.DeepEqual(all, copySteps(want.Done)) ||
				got.Later() == nil || !got.CanUndo() || reads != 1 {
				t.Fatalf("resumed to be read later: %d steps done, %d in its history (%v), read %d times", len(got.Done), len(all), err, reads)
			}
			if !reflect.DeepEqual(got.Log(), want.Log()) || len(got.Done) != len(want.Done) || got.Later() != nil {
				t.Fatal("the log is not the fight's, or the history was not taken in")
			}
			got = engine.ResumeLater(want.Rules, want.Base, earlier, copySteps(want.Done[k:]), *want.Current(), copySteps(want.Undone), src)
		}
		src.SetState(want.Dice.(*dice.Source).State())
		if warm != 0 {
			for more := true; more; {
				var err error
				if more, err = got.Replay(warm); err != nil {
					t.Fatal(err)
				}
			}
		}
		same := func(what string) {
			t.Helper()
			all, _ := got.History()
			if !reflect.DeepEqual(*got.Current(), *want.Current()) || len(all) != len(want.Done) || len(got.Undone) != len(want.Undone) {
				t.Fatalf("warm %d, %s: the resumed fight is not the fight", warm, what)
			}
		}
		same("resumed")
		got.Redo()
		want.Redo()
		same("redo")
		for want.CanUndo() {
			if _, ok := got.Undo(); !ok {
				t.Fatalf("warm %d: undo refused at step %d: %v", warm, len(got.Done), got.Broken())
			}
			want.Undo()
			same("undo")
		}
		if got.CanUndo() || got.Broken() != nil {
			t.Fatalf("warm %d: undo past the first step", warm)
		}
		for want.CanRedo() {
			want.Redo()
			got.Redo()
		}
		same("redo all")
		a, _ := got.Do(engine.Damage{Who: 2, Expr: "3d6"})
		b, _ := want.Do(engine.Damage{Who: 2, Expr: "3d6"})
		if x, y := narrate.Line(got.Rules, a[0]), narrate.Line(want.Rules, b[0]); x != y {
			t.Fatalf("the next roll differs: %s, %s", x, y)
		}
	}
}

// A history that does not lead to the saved state (edited, or its rules
// changed) stops undo at the saved state and says why; the steps stay.
func TestResumeBrokenHistory(t *testing.T) {
	want := rolled(t, 20)
	done := copySteps(want.Done)
	done[5].Faces = []int{99} // no d6 or d20 shows 99

	f := engine.Resume(want.Rules, want.Base, done, *want.Current(), nil, dice.NewSource(1))
	f.Do(engine.Notes{Who: 1, Text: "after"})
	if !f.CanUndo() {
		t.Fatal("the step done since the resume cannot be undone")
	}
	if _, ok := f.Undo(); !ok {
		t.Fatal("undo of the step done since the resume")
	}
	if _, ok := f.Undo(); ok {
		t.Fatal("undo crossed a history that does not replay")
	}
	var re *engine.ReplayError
	if err := f.Broken(); err == nil || !asReplay(err, &re) || re.Step != 5 {
		t.Fatalf("Broken = %v, want step 6", err)
	}
	if f.CanUndo() || len(f.Done) != len(done) || !reflect.DeepEqual(*f.Current(), *want.Current()) {
		t.Fatal("the broken history moved the fight or lost steps")
	}

	// The same when the steps replay but lead elsewhere.
	cur := want.Current().Clone()
	cur.Combatants[0].HP--
	f = engine.Resume(want.Rules, want.Base, copySteps(want.Done), cur, nil, dice.NewSource(1))
	if _, err := f.Replay(-1); err == nil || !strings.Contains(err.Error(), "does not lead to the saved state") {
		t.Fatalf("Replay = %v", err)
	}
	if f.CanUndo() {
		t.Fatal("undo past a history that leads elsewhere")
	}
}

// A history read later that does not read stops undo at the saved state,
// with the steps done since undone first; Broken says why.
func TestResumeLaterUnread(t *testing.T) {
	want := rolled(t, 20)
	k := len(want.Done) - 3
	bad := errors.New("line 7: a step cut short")
	f := engine.ResumeLater(want.Rules, want.Base, func() ([]engine.Step, error) { return nil, bad }, copySteps(want.Done[k:]),
		*want.Current(), nil, dice.NewSource(1))
	f.Do(engine.Notes{Who: 1, Text: "after"})
	if _, ok := f.Undo(); !ok {
		t.Fatal("undo of the step done since the resume")
	}
	if _, ok := f.Undo(); ok || f.CanUndo() || !errors.Is(f.Broken(), bad) {
		t.Fatalf("undo crossed a history that does not read: %v", f.Broken())
	}
	if len(f.Done) != 3 || !reflect.DeepEqual(*f.Current(), *want.Current()) {
		t.Fatal("the history that does not read moved the fight or lost steps")
	}
	if f.Redo(); !f.CanUndo() {
		t.Fatal("the step redone cannot be undone")
	}
}

func asReplay(err error, re **engine.ReplayError) bool {
	r, ok := err.(*engine.ReplayError)
	*re = r
	return ok
}

// A step from a journal is done again with its faces, and must use them all.
func TestDoRecorded(t *testing.T) {
	want := rolled(t, 6)
	f, err := engine.Restore(want.Rules, want.Base, copySteps(want.Done), nil, dice.NewSource(1))
	if err != nil {
		t.Fatal(err)
	}
	s := want.Done[len(want.Done)-1]
	f.Undo()
	if _, err := f.DoRecorded(engine.Step{Cmd: s.Cmd, Faces: s.Faces}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*f.Current(), *want.Current()) || f.CanRedo() {
		t.Fatal("not the step recorded")
	}
	if _, err := f.DoRecorded(engine.Step{Cmd: engine.Damage{Who: 1, Expr: "1d6"}}); err == nil {
		t.Fatal("a step with no faces for its roll was done")
	}
}
