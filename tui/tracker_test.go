package tui

import (
	"strings"
	"testing"
)

func TestStepUndoRedoKeys(t *testing.T) {
	m, st, sess := demo(t)
	first := actorName(m)
	m, _ = keys(m, "n")
	second := actorName(m)
	if second == first {
		t.Fatal("n did not step")
	}
	m, _ = keys(m, "space")
	if actorName(m) == second {
		t.Fatal("space did not step")
	}
	m, _ = keys(m, "u", "ctrl+z")
	if actorName(m) != first || m.order.sel != m.fight().Current().Actor().ID {
		t.Fatalf("two undos: %s acts, want %s selected and acting", actorName(m), first)
	}
	m, _ = keys(m, "U")
	if actorName(m) != second {
		t.Fatalf("U: %s acts, want %s", actorName(m), second)
	}
	m, _ = keys(m, "ctrl+y")
	m, _ = keys(m, "ctrl+y")
	if !strings.Contains(m.status.text, "nothing to redo") {
		t.Errorf("redo past the end: status %q", m.status.text)
	}
	if got := st.saved[sess.Path].Current.Cur; got != m.fight().Current().Cur {
		t.Error("undo/redo not saved")
	}
	for range 10 {
		m, _ = keys(m, "u")
	}
	if !strings.Contains(m.status.text, "nothing to undo") {
		t.Errorf("undo past the start: %q", m.status.text)
	}
}

func TestDamageHealKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j")
	target := m.fight().Current().Combatant(m.order.sel)
	hp := target.HP
	m, _ = keys(m, "d", "7", "enter")
	if got := combatant(m, target.Name).HP; got != hp-7 {
		t.Fatalf("d 7: HP %d, want %d", got, hp-7)
	}
	m, _ = keys(m, "d", "2d6+1", "enter")
	got := combatant(m, target.Name).HP
	if got > hp-7-3 || got < hp-7-13 {
		t.Fatalf("d 2d6+1: HP %d", got)
	}
	if !strings.Contains(screenText(m), "damage: 2d6+1: [") {
		t.Error("the roll is not in the log")
	}
	m, _ = keys(m, "h", "100", "enter")
	if combatant(m, target.Name).HP != target.MaxHP {
		t.Error("heal does not reach max")
	}
	// A bad expression keeps the prompt open with the column.
	m, _ = keys(m, "d", "2d6+*", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "col 5") {
		t.Fatalf("bad expression: dialog %v\n%s", m.dlg, screenText(m))
	}
	m, _ = keys(m, "esc")
	if m.dlg != nil {
		t.Fatal("esc did not close the prompt")
	}
	if combatant(m, target.Name).HP != target.MaxHP {
		t.Error("a cancelled prompt changed HP")
	}
}

func TestRemoveKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j")
	name := m.fight().Current().Combatant(m.order.sel).Name
	m, _ = keys(m, "x", "n")
	if combatant(m, name) == nil {
		t.Fatal("x then n removed anyway")
	}
	m, _ = keys(m, "x", "y")
	if combatant(m, name) != nil {
		t.Fatal("x then y did not remove")
	}
	if m.fight().Current().Combatant(m.order.sel) == nil {
		t.Error("selection left on a removed combatant")
	}
}

func TestInitiativeAndMoveKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j", "j", "j")
	last := m.fight().Current().Combatant(m.order.sel)
	// Above the one acting, it would be passed over this round: asked first.
	m, _ = keys(m, "i", "99", "enter")
	if s := screenText(m); m.fight().Current().Order[0] == last.ID || !strings.Contains(s, "loses its turn this round") {
		t.Fatalf("i 99 above the one acting is not asked first:\n%s", s)
	}
	m, _ = keys(m, "y")
	if m.fight().Current().Order[0] != last.ID {
		t.Fatal("i 99 did not lead the order")
	}
	m, _ = keys(m, "J") // after the one acting again: its turn is back, nothing to ask
	if m.fight().Current().Order[1] != last.ID || m.dlg != nil {
		t.Fatal("J did not move later")
	}
	m, _ = keys(m, "K", "y")
	if m.fight().Current().Order[0] != last.ID {
		t.Fatal("K did not move earlier")
	}
	m, _ = keys(m, "K")
	if !m.status.err {
		t.Error("moving past the top is not reported")
	}
}

// K on one that has not acted, next after the one acting: moved ahead of
// it, it would lose its turn this round. Asked first; no leaves the order
// as it was, and yes moves it, its turn passed over as the GM said.
func TestMovingPastTheOneActingAsksFirst(t *testing.T) {
	m, _, _ := demo(t)
	enc := m.fight().Current()
	actor := enc.Actor().Name
	var next string
	for _, e := range enc.Entries {
		if c := enc.Combatant(e.Who); c != nil && !e.Started && c.Name != actor {
			next = c.Name
			break
		}
	}
	m = selectName(t, m, next)
	steps := len(m.fight().Done)
	m, _ = keys(m, "K")
	if s := screenText(m); !strings.Contains(s, actor+" is acting now, and "+next+" has not acted") {
		t.Fatalf("K past the one acting is not asked first:\n%s", s)
	}
	m, _ = keys(m, "n")
	if len(m.fight().Done) != steps {
		t.Fatal("no moved it anyway")
	}
	m = selectName(t, m, actor)
	m, _ = keys(m, "J") // the actor after it: the same question
	if s := screenText(m); !strings.Contains(s, "so "+next+" loses its turn this round") {
		t.Fatalf("J on the one acting past one that has not acted is not asked first:\n%s", s)
	}
	m, _ = keys(m, "y")
	if len(m.fight().Done) != steps+1 {
		t.Fatal("yes did not move it")
	}
}

func TestNotesKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "e", "ctrl+u", "wounded left arm", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); !strings.Contains(c.Notes, "wounded left arm") {
		t.Errorf("notes: %q", c.Notes)
	}
}

// Undo, redo and remove leave the selection where the GM put it: b after u
// wounds the one selected, not the actor.
func TestUndoAndRemoveKeepTheSelection(t *testing.T) {
	m, _, _ := demo(t)
	m = selectName(t, m, "Orc 2")
	m, _ = keys(m, "d", "5", "enter", "u")
	if sel := m.order.selected(); sel == nil || sel.Name != "Orc 2" {
		t.Fatalf("after undo the selection is on %v", selName(sel))
	}
	m, _ = keys(m, "U")
	if sel := m.order.selected(); sel == nil || sel.Name != "Orc 2" {
		t.Fatalf("after redo the selection is on %v", selName(sel))
	}
	m, _ = keys(m, "b", "enter", "2", "enter")
	if len(combatant(m, "Orc 2").Wounds) != 1 || len(combatant(m, "Gavvin").Wounds) != 0 {
		t.Fatal("b after undo wounded someone else")
	}
	// Removing the selected one selects the one after it in the order.
	m = selectName(t, m, "Orc 1")
	m, _ = keys(m, "x", "y")
	if sel := m.order.selected(); sel == nil || sel.Name != "Orc 3" {
		t.Fatalf("after removing Orc 1 the selection is on %v", selName(sel))
	}
	// On the actor, the selection follows the turn as it moves on.
	m = selectName(t, m, actorName(m))
	m, _ = keys(m, "n")
	if sel := m.order.selected(); sel == nil || sel.Name != actorName(m) {
		t.Fatalf("the turn moved to %s, the selection stayed on %v", actorName(m), selName(sel))
	}
}
