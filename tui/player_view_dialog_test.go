package tui

import (
	"strings"
	"testing"

	"fray/engine/rules"
)

// H hides the selected from the players and shows it again; the GM's
// screen marks it; P sets what the players see; each is a step undone by u.
func TestHideAndPlayerViewKeys(t *testing.T) {
	m, st, sess := demo(t)
	m, _ = keys(m, "j")
	c := m.fight().Current().Combatant(m.order.sel)
	m, _ = keys(m, "H")
	if !combatant(m, c.Name).Hidden {
		t.Fatalf("H did not hide %s", c.Name)
	}
	if s := screenText(m); !strings.Contains(s, "Hidden from the players") || !strings.Contains(s, "45/45  hidden") {
		t.Errorf("the GM's screen does not mark %s hidden:\n%s", c.Name, s)
	}
	saved := st.saved[sess.Path].Current
	if !saved.Combatant(c.ID).Hidden {
		t.Error("hiding is not saved")
	}
	m, _ = keys(m, "u")
	if combatant(m, c.Name).Hidden {
		t.Error("u did not undo the hiding")
	}
	m, _ = keys(m, "H", "H")
	if combatant(m, c.Name).Hidden {
		t.Error("H twice left it hidden")
	}

	m, _ = keys(m, "P")
	if s := screenText(m); !strings.Contains(s, "What the players see") || !strings.Contains(s, "Hit points of foes: word") {
		t.Fatalf("P does not show the settings:\n%s", s)
	}
	m, _ = keys(m, "enter")
	if !m.fight().Current().View.HideNewFoes {
		t.Error("enter on the first setting did not hide new foes")
	}
	m, _ = keys(m, "P", "down", "down", "down", "enter", "down", "down", "enter")
	if got := m.fight().Current().View.HP; len(got) != 1 || got[0].Side != "foes" || got[0].Show != rules.HPBar {
		t.Errorf("the foes' hit points as a bar: %+v", got)
	}
	m.watching = 3
	if s := screenText(m); !strings.Contains(s, "[3 watching]") {
		t.Errorf("the header does not say how many watch:\n%s", s)
	}
	m, _ = keys(m, "u", "u")
	if v := m.fight().Current().View; v.HideNewFoes || len(v.HP) != 0 {
		t.Errorf("undo did not restore the settings: %+v", v)
	}
}
