package tui

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/session"
)

func TestStartScreen(t *testing.T) {
	m, _, _ := newModel(t)
	s := screenText(m)
	for _, want := range []string{"fray", "New fight", "Demo: Gavvin and the orcs", "Demo: skirmish at the ford", "Quit"} {
		if !strings.Contains(s, want) {
			t.Errorf("start screen lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Resume") {
		t.Error("Resume offered with no saved fight")
	}
	if _, quit := keys(m, "q"); !quit {
		t.Error("q on the start screen does not quit")
	}
}

// Home and end go to the first and the last: of the start screen's menu,
// and of the order.
func TestHomeAndEnd(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = keys(m, "end")
	if got := m.start.menu[m.start.at].label; got != "Quit" {
		t.Errorf("end on the start screen: the cursor on %q", got)
	}
	m, _ = keys(m, "home")
	if m.start.at != 0 {
		t.Errorf("home on the start screen: the cursor on item %d", m.start.at)
	}
	m, _, _ = demo(t)
	rows := m.order.orderRows(m.fight().Current())
	m, _ = keys(m, "end")
	if m.order.sel != rows[len(rows)-1].ID {
		t.Errorf("end selects %d, not the last (%s)", m.order.sel, rows[len(rows)-1].Name)
	}
	m, _ = keys(m, "home")
	if m.order.sel != rows[0].ID {
		t.Errorf("home selects %d, not the first (%s)", m.order.sel, rows[0].Name)
	}
}

// Two fights of the same name are told apart on the start screen by their
// files; a fight prepared ahead (fray new) is listed as such, and enter
// opens it.
func TestStartScreenTellsFightsApart(t *testing.T) {
	m, st, _ := newModel(t)
	rs, hash, _ := shippedLib.Ruleset("pathmaster")
	for _, add := range [][]engine.NewCombatant{{{Name: "Orc", HP: 9}}, {{Name: "Wolf", HP: 7}}} {
		f := engine.NewFight(rs, engine.NewEncounter("Bridge", rs), nil)
		if _, err := f.Do(engine.Add{Combatants: add}); err != nil {
			t.Fatal(err)
		}
		s := session.Saved{Name: "Bridge", Fight: f, Source: dice.NewSource(1), Hash: hash}
		j, err := st.Create(st.NewPath("Bridge"), s.Snapshot(), false)
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	list, _ := st.List()
	m, _ = run(m, listedMsg{saves: list})
	screen := screenText(m)
	for _, want := range []string{"Resume Bridge (bridge-2.toml)", "Bridge (bridge.toml)", "prepared, not started"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the start screen lacks %q:\n%s", want, screen)
		}
	}
	m, _ = keys(m, "enter")
	if m.fight() == nil || m.fight().Current().Status != engine.StatusSetup || combatant(m, "Wolf") == nil { // the first listed (the store lists by path)
		t.Fatalf("enter did not open the prepared fight:\n%s", screenText(m))
	}
}
