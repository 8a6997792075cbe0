package tui

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
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
	m, _ = keys(m, "i", "99", "enter")
	if m.fight().Current().Order[0] != last.ID {
		t.Fatal("i 99 did not lead the order")
	}
	m, _ = keys(m, "J")
	if m.fight().Current().Order[1] != last.ID {
		t.Fatal("J did not move later")
	}
	m, _ = keys(m, "K")
	if m.fight().Current().Order[0] != last.ID {
		t.Fatal("K did not move earlier")
	}
	m, _ = keys(m, "K")
	if !m.status.err {
		t.Error("moving past the top is not reported")
	}
}

func TestRollKeyWithHistory(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "r", "d100oe + OB", "enter")
	log := m.fight().Log()
	last := narrate.Line(m.fight().Rules, log[len(log)-1])
	if !strings.HasPrefix(last, "Gavvin rolls: d100oe + OB: [") {
		t.Fatalf("roll with the selected's stats: %q", last)
	}
	m, _ = keys(m, "r", "up")
	if p, ok := m.dlg.(*prompt); !ok || p.input.Value() != "d100oe + OB" {
		t.Fatal("up does not recall the last roll")
	}
	m, _ = keys(m, "esc")
}

func TestNotesKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "e", "ctrl+u", "wounded left arm", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); !strings.Contains(c.Notes, "wounded left arm") {
		t.Errorf("notes: %q", c.Notes)
	}
}

func TestTypedDiceStep(t *testing.T) {
	m, st := func() (Model, *memStore) { m, st, _ := newModel(t); return m, st }()
	// A new Pathmaster fight: set up, then start it with dice typed at the table.
	m, _ = keys(m, "up", "enter") // New fight
	m, _ = keys(m, "down", "down", "down", "enter")
	m, _ = keys(m, "ctrl+u", "Ambush", "enter")
	if m.fight() == nil || m.fight().Rules.ID != "pathmaster" {
		t.Fatalf("new fight: %v %q", m.fight(), m.status.text)
	}
	m, _ = keys(m, "a", "Orc", "enter", "a", "Wolf", "enter")
	// N says which dice, for what, in which order, and counts them as typed.
	m, _ = keys(m, "N")
	for _, want := range []string{"4 dice, Orc initiative (2d10 + QU): d10 d10, Wolf", "0 of 4 typed"} {
		if !strings.Contains(strings.Join(strings.Fields(screenText(m)), " "), want) {
			t.Fatalf("N does not say %q:\n%s", want, screenText(m))
		}
	}
	m, _ = keys(m, "9 9 1")
	if !strings.Contains(screenText(m), "3 of 4 typed") {
		t.Fatalf("the faces typed are not counted:\n%s", screenText(m))
	}
	m, _ = keys(m, "enter")
	if m.fight().Current().Status != engine.StatusSetup || m.dlg == nil || !strings.Contains(screenText(m), "too few faces: the roll uses 4, 3 typed") {
		t.Fatalf("too few faces accepted:\n%s", screenText(m))
	}
	m, _ = keys(m, " 1", "enter")
	enc := m.fight().Current()
	if enc.Status != engine.StatusRunning || combatant(m, "Orc").Init != 23 || combatant(m, "Wolf").Init != 17 {
		t.Fatalf("typed initiative: %s, orc %d wolf %d", enc.Status, combatant(m, "Orc").Init, combatant(m, "Wolf").Init)
	}
	if st.saves == 0 {
		t.Error("not saved")
	}
}

func TestTableDiceMode(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "t")
	if !m.tableDice || !strings.Contains(screenText(m), "[table dice]") {
		t.Fatal("t did not turn table dice on")
	}
	m, _ = keys(m, "j")
	c := m.fight().Current().Combatant(m.order.sel)
	// A damage roll asks for its two d6 first; a wrong count keeps the prompt open.
	m, _ = keys(m, "d", "2d6", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "damage (2d6): d6 d6") {
		t.Fatalf("no faces prompt:\n%s", screenText(m))
	}
	m, _ = keys(m, "6", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "too few faces: the roll uses 2, 1 typed") {
		t.Fatalf("one face accepted for 2d6:\n%s", screenText(m))
	}
	m, _ = keys(m, " 5", "enter")
	if got := combatant(m, c.Name).HP; got != c.MaxHP-11 {
		t.Fatalf("typed 6 5: HP %d, want %d", got, c.MaxHP-11)
	}
	// A step that rolls nothing goes straight through.
	before := actorName(m)
	m, _ = keys(m, "n")
	if actorName(m) == before || m.dlg != nil {
		t.Error("a step without dice asked for faces")
	}
	m, _ = keys(m, "t")
	m, _ = keys(m, "d", "1d4", "enter")
	if m.dlg != nil {
		t.Error("table dice off still asks")
	}
}
