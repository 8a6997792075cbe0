package tui

import (
	"reflect"
	"strings"
	"testing"
)

// Damage to the marked shared out: one orc saved for half, one takes
// double, one an amount typed for it; one step, one undo, each one's line
// in the log.
func TestDamageSharedOutAmongTheMarked(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2", "Orc 3")
	before := m.fight().Current().Clone()
	steps := len(m.fight().Done)
	m, _ = keys(m, "j", "v", "j", "v", "j", "v", "d", "12", "enter")
	s := screenText(m)
	if !strings.Contains(s, "Each one's share of 12") || !strings.Contains(s, "Orc 3  all      → 12") {
		t.Fatalf("no share for each marked:\n%s", s)
	}
	if bar := lastLine(s); !strings.Contains(bar, "← less damage") || !strings.Contains(bar, "0-9 typed amount") {
		t.Errorf("the help bar lacks the dialog's keys: %q", bar)
	}
	m, _ = keys(m, "left", "down", "right", "down", "5")
	if s := screenText(m); !strings.Contains(s, "Orc 1  half     → 6") || !strings.Contains(s, "Orc 2  double   → 24") ||
		!strings.Contains(s, "Orc 3  typed 5  → 5") {
		t.Fatalf("the shares as set:\n%s", s)
	}
	m, _ = keys(m, "enter")
	for name, hp := range map[string]int{"Orc 1": 24, "Orc 2": 6, "Orc 3": 25, "Gavvin": 30} {
		if c := combatant(m, name); c.HP != hp {
			t.Errorf("%s has %d hit points, want %d", name, c.HP, hp)
		}
	}
	if n := len(m.fight().Done) - steps; n != 1 {
		t.Errorf("%d steps, want one", n)
	}
	s = screenText(m)
	for _, want := range []string{"Orc 1 takes 6, half of 12", "Orc 2 takes 24, double 12", "Orc 3 takes 5, typed in place of 12"} {
		if !strings.Contains(s, want) {
			t.Errorf("the log lacks %q:\n%s", want, s)
		}
	}
	m, _ = keys(m, "u")
	if !reflect.DeepEqual(*m.fight().Current(), before) {
		t.Error("one undo must take back all three")
	}
}

// Dice rolled once, shared out: none for one, half (rounded down) for the
// other; esc leaves everyone untouched.
func TestDiceSharedOutAmongTheMarked(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2")
	m, _ = keys(m, "j", "v", "j", "v", "d", "3d6", "enter")
	if s := screenText(m); !strings.Contains(s, "Each one's share of 3d6") {
		t.Fatalf("no shares:\n%s", s)
	}
	m, _ = keys(m, "esc")
	if combatant(m, "Orc 1").HP != 30 || m.dlg != nil {
		t.Fatalf("esc: Orc 1 at %d, dialog %T", combatant(m, "Orc 1").HP, m.dlg)
	}
	m, _ = keys(m, "d", "3d6", "enter", "left", "left", "down", "left", "enter")
	rolled := 30 - combatant(m, "Orc 2").HP
	if combatant(m, "Orc 1").HP != 30 || rolled < 1 || !strings.Contains(screenText(m), "Orc 1 takes 0, none of") {
		t.Errorf("none for Orc 1 (%d hit points), half for Orc 2 (%d):\n%s", combatant(m, "Orc 1").HP, rolled, screenText(m))
	}
}
