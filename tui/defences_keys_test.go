package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// All-Out Defense's options are chosen from m as it is taken, and an orc
// that has not yet had a turn (Off-Guard) has its parry allotted from g on
// Gavvin's turn, at most half its weapon skill. Gavvin's panel gives the
// share a new foe's attack meets: the second foe at the whole parry.
// ledger: pathmaster/all-out-defense pathmaster/off-guard-before-first-turn
func TestDefencesFromTheKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "g", "allot parry", "enter", "ctrl+u", "40", "enter", "m", "increased parry", "enter")
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
	g := m.fight().Current().Combatant(combatant(m, "Gavvin").ID)
	if _, err := m.fight().Do(engine.RollCheck{Who: combatant(m, "Orc 2").ID, Check: "attack", Target: g.ID, Modifiers: []string{"parry"}}, 50); err != nil {
		t.Fatal(err)
	}
	g = m.fight().Current().Combatant(g.ID)
	if line := guardLine(m.fight().Rules, g); !strings.Contains(line, "Parry 40, a new foe at 100%") {
		t.Errorf("Gavvin's panel after one foe's parry in Increased Parry: %q", line)
	}
}
