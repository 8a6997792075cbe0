package tui

import (
	"strings"
	"testing"

	"fray/narrate"
)

// g offers War & Combat's maneuver table on the selected: the kind, the
// column it landed in (each cell named), a modifier, and the roll logged.
// ledger: war-and-combat/other-attack-options war-and-combat/maneuver-table war-and-combat/restrict
func TestManeuverInG(t *testing.T) {
	m := fightIn(t, "war-and-combat", "Veteran", "Brigand")
	m, _ = keys(m, "g", "maneuver", "enter")
	if s := screenText(m); !strings.Contains(s, "Grappling") || !strings.Contains(s, "Restrict-4") {
		t.Fatalf("the maneuver table:\n%s", s)
	}
	m, _ = keys(m, "grappl", "enter", "down", "down", "enter", "+1", "enter")
	log := m.fight().Log()
	text := ""
	for _, e := range log {
		text += narrate.Line(m.fight().Rules, e) + "\n"
	}
	sel := m.order.selected().Name
	if !strings.Contains(text, sel+" takes Grappling, Serious: Restrict-16\n"+sel+" is Grappled\n"+sel+": Restrict-16") {
		t.Errorf("the log:\n%s", text)
	}
}
