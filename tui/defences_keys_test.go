package tui

import (
	"strings"
	"testing"
)

// All-Out Defense's options are chosen from m as it is taken, and an orc
// that has not yet had a turn (Off-Guard) has its parry allotted from g on
// Gavvin's turn, at most half its weapon skill.
// ledger: pathmaster/all-out-defense pathmaster/off-guard-before-first-turn
func TestDefencesFromTheKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "m", "increased parry", "enter")
	if c := m.fight().Current().Actor(); c.Stance != "all_out_defense_parry" || c.Pools["attack"] != 0 {
		t.Fatalf("m, All Out Defense: Increased Parry: stance %q, pools %v", c.Stance, c.Pools)
	}
	m, _ = keys(m, "j", "g", "allot parry", "enter", "ctrl+u", "25", "enter")
	if !strings.Contains(screenText(m), "Orc 2 has not had a turn yet (Do Nothing (Off-Guard)): its parry is at most") {
		t.Fatalf("an Off-Guard orc allotted 25:\n%s", screenText(m))
	}
	m, _ = keys(m, "g", "allot parry", "enter", "ctrl+u", "20", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.Name != "Orc 2" || c.Allotted != 20 {
		t.Fatalf("Orc 2's parry from g before its turn: %s %d\n%s", c.Name, c.Allotted, screenText(m))
	}
}
