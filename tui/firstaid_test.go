package tui

import (
	"strings"
	"testing"

	"fray/narrate"
)

// First Aid from b: the healer picked begins the extended action on the
// wound (the panels of both say so), goes on with it from m on its next
// turns, and the roll comes with the last Move.
func TestFirstAidFromTheBleedingDialog(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j")
	c := m.fight().Current().Combatant(m.order.sel)
	m, _ = keys(m, "b", "enter", "ctrl+u", "7", "enter")
	m, _ = keys(m, "b", "down", "enter", "gav", "enter")
	log := m.fight().Log()
	if got := narrate.Line(m.fight().Rules, log[len(log)-1]); !strings.Contains(got, "Gavvin works on First Aid on "+c.Name+"'s wound #1") {
		t.Fatalf("b: %q (status %q)", got, m.status.text)
	}
	if s := screenText(m); !strings.Contains(s, "First Aid from Gavvin") {
		t.Errorf("the patient's panel does not say who treats it:\n%s", s)
	}
	for range 12 {
		if g := combatant(m, "Gavvin"); g.Ext == nil {
			break
		}
		m, _ = keys(m, "n")
		for actorName(m) != "Gavvin" {
			m, _ = keys(m, "n")
		}
		for m.fight().Current().Combatant(m.order.sel).Name != "Gavvin" {
			m, _ = keys(m, "k")
		}
		if !strings.Contains(screenText(m), "Under way: First Aid on") {
			t.Fatalf("the healer's panel:\n%s", screenText(m))
		}
		m, _ = keys(m, "m", "enter")
	}
	var text []string
	for _, e := range m.fight().Log() {
		text = append(text, narrate.Line(m.fight().Rules, e))
	}
	all := strings.Join(text, "\n")
	if !strings.Contains(all, "Gavvin completes First Aid on "+c.Name+"'s wound #1") || !strings.Contains(all, "Gavvin First Aid: d100oe + FA") {
		t.Errorf("no roll at the end of the work:\n%s", all)
	}
}
