package tui

import (
	"strings"
	"testing"
)

// Countdown's declarations from the D key, before initiative: the panel
// shows them, Defending asks how much, picking one again takes it back,
// and after the declarations phase D is refused.
// ledger: countdown/declarations countdown/no-movement countdown/defending
func TestDeclareKey(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	if m.fight().Current().Phase != 0 {
		t.Fatal("the round does not open with its declarations")
	}
	m, _ = keys(m, "D", "no movement", "enter")
	if c := combatant(m, "Fighter"); len(c.Declared) != 1 || c.Declared[0].ID != "no_movement" {
		t.Fatalf("D no movement: %v", c.Declared)
	}
	if s := screenText(m); !strings.Contains(s, "Declared: No movement") || !strings.Contains(s, "DEF -20") {
		t.Errorf("the panel does not show the declaration:\n%s", screenText(m))
	}
	m, _ = keys(m, "D", "defending", "enter", "9", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "an amount from 1 to") {
		// weapon_rank 0: Defending cannot be declared at all.
		if !strings.Contains(screenText(m), "cannot declare Defending") {
			t.Errorf("Defending at weapon rank 0:\n%s", screenText(m))
		}
	}
	m, _ = keys(m, "esc", "esc")
	m, _ = keys(m, "D", "no movement", "enter")
	if c := combatant(m, "Fighter"); len(c.Declared) != 0 {
		t.Fatalf("picking it again did not take it back: %v", c.Declared)
	}
	m, _ = keys(m, "D", "draw", "enter", "n")
	if !strings.Contains(screenText(m), "-5 declared") {
		t.Errorf("the declared -5 does not reach the roll:\n%s", screenText(m))
	}
	m, _ = keys(m, "D", "run", "enter")
	if !strings.Contains(screenText(m), "declarations are made before initiative") {
		t.Errorf("a declaration after initiative:\n%s", screenText(m))
	}
	m, _ = keys(m, "esc", "u", "u")
	if c := combatant(m, "Fighter"); len(c.Declared) != 0 || m.fight().Current().Phase != 0 {
		t.Errorf("undo: %v, phase %d", c.Declared, m.fight().Current().Phase)
	}
}

// Another free action is declared once for each free action beyond the
// round's one (countdown.txt l.126-127): D picks it again for one more, and
// its own line takes one back.
// ledger: countdown/free-actions
func TestDeclareAnotherFreeActionTwice(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	count := func() int {
		n := 0
		for _, x := range combatant(m, "Fighter").Declared {
			if x.ID == "second_free_action" {
				n++
			}
		}
		return n
	}
	m, _ = keys(m, "D", "another free", "enter", "D", "another free", "enter")
	if n := count(); n != 2 {
		t.Fatalf("Another free action picked twice: declared %d times\n%s", n, screenText(m))
	}
	m, _ = keys(m, "D", "free")
	if s := screenText(m); !strings.Contains(s, "×2") || !strings.Contains(s, "take back one Another free action") {
		t.Errorf("the dialog does not show two and a way back:\n%s", s)
	}
	m, _ = keys(m, "esc", "D", "take back", "enter")
	if n := count(); n != 1 {
		t.Errorf("take back one: declared %d times\n%s", n, screenText(m))
	}
}
