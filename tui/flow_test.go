package tui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"fray/session"
)

// startProgram runs the model as a program in a virtual 80x24 terminal and
// opens the demo fight.
func startProgram(t *testing.T) (*teatest.TestModel, *memStore, *session.Session) {
	t.Helper()
	st := newMemStore()
	sess := &session.Session{}
	m := New(shippedLib, st, sess, Options{Seed: func() uint64 { return 7 }, NoColor: true})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "Demo: Gavvin and the orcs")
	tm.Send(press("enter")) // one keypress: the demo
	waitFor(t, tm, "Orc 3")
	return tm, st, sess
}

func waitFor(t *testing.T, tm *teatest.TestModel, s string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
		teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
}

func send(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		if len([]rune(k)) > 1 && !strings.Contains("enter esc up down space pgup pgdown", k) && !strings.HasPrefix(k, "ctrl+") {
			tm.Type(k)
			continue
		}
		tm.Send(press(k))
	}
}

func finalModel(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	return tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
}

func TestFlowDemoTwoRoundsStunBleedUndoQuit(t *testing.T) {
	tm, st, sess := startProgram(t)
	for range 8 { // two rounds of four turns
		send(tm, "n")
	}
	send(tm, "s", "enter", "ctrl+u", "2", "enter") // 2 rounds Downed on the actor
	send(tm, "b", "enter", "ctrl+u", "4", "enter") // a wound bleeding 4
	send(tm, "u")                                  // take the wound back
	send(tm, "q")
	finalModel(t, tm)
	enc := sess.Fight.Current()
	a := enc.Actor()
	if enc.Round != 3 || a == nil {
		t.Fatalf("round %d, actor %v", enc.Round, a)
	}
	if a.StunTotal() != 2 || a.Bleeding() != 0 || !a.Has("prone") {
		t.Errorf("after undo: stun %d, bleeding %d, prone %v", a.StunTotal(), a.Bleeding(), a.Has("prone"))
	}
	saved := st.saved[sess.Path]
	if saved.Current.Round != 3 || len(saved.Done) != len(sess.Fight.Done) || len(saved.Undone) != 1 {
		t.Errorf("the save does not hold the fight as it stood: round %d, %d/%d steps, %d undone", saved.Current.Round, len(saved.Done), len(sess.Fight.Done), len(saved.Undone))
	}
}

func TestFlowAddOrcsKeepsTheActor(t *testing.T) {
	tm, _, sess := startProgram(t)
	send(tm, "n", "n")
	send(tm, "a", "orc x3", "enter")
	send(tm, "q")
	finalModel(t, tm)
	// The program has ended: step back over the add to see who acted before it.
	f := sess.Fight
	after := f.Current().Actor()
	if _, ok := f.Undo(); !ok {
		t.Fatal("nothing to undo")
	}
	before := f.Current().Actor()
	if _, err := f.Redo(); err != nil {
		t.Fatal(err)
	}
	if before == nil || after == nil || after.ID != before.ID {
		t.Errorf("actor before the add %v, after %v", before, after)
	}
	enc := f.Current()
	if len(enc.Combatants) != 7 {
		t.Errorf("%d combatants, want 7", len(enc.Combatants))
	}
}
