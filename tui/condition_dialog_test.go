package tui

import (
	"strings"
	"testing"
)

// The conditions dialog gives any duration: its own, rounds, the end of
// this round or of the next, or until removed.
func TestConditionDurationsFromTheDialog(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	round := m.fight().Current().Round
	m, _ = keys(m, "c", "exposed", "enter", "n", "enter")
	c := combatant(m, "Ash")
	if len(c.Conditions) != 1 || c.Conditions[0].Until != round+1 {
		t.Fatalf("n: %+v, want Exposed to the end of round %d", c.Conditions, round+1)
	}
	m, _ = keys(m, "c", "prone", "enter", "3", "enter")
	if x := combatant(m, "Ash").Conditions; len(x) != 2 || x[1].ID != "prone" || x[1].Left != 3 {
		t.Fatalf("3: %+v", x)
	}
	m, _ = keys(m, "c", "dazed", "enter", "x", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "a whole number of rounds, e, n, u, or empty") {
		t.Errorf("a bad duration: %s", screenText(m))
	}
}
