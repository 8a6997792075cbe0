package tui

import (
	"strings"
	"testing"
)

func TestSpendKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "m", "all out def", "enter")
	c := m.fight().Current().Actor()
	if c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Fatalf("m: pools %v", c.Pools)
	}
	// The budget cannot pay: the dialog stays open and says why.
	m, _ = keys(m, "m", "attack - melee", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "costs 1 Attack") {
		t.Fatalf("refused spend: %s", screenText(m))
	}
	m, _ = keys(m, "esc")
	if m.dlg != nil {
		t.Fatal("esc")
	}
}

// m offers a Run ended early and asks how much Energy was used: a third of
// a Run is 1 Energy; the whole or none is refused.
// ledger: energy/incomplete-actions
func TestEnergyRunEndedEarlyKey(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	m, _ = keys(m, "m", "run, ended", "enter")
	if !strings.Contains(screenText(m), "Energy used, 1 to 2") {
		t.Fatalf("m, Run ended early:\n%s", screenText(m))
	}
	m, _ = keys(m, "ctrl+u", "3", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "pays 1 to 2 Energy") {
		t.Fatalf("a whole Run ended early was not refused:\n%s", screenText(m))
	}
	m, _ = keys(m, "ctrl+u", "1", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.Pools["energy"] != 4 {
		t.Fatalf("a third of a Run: %v (status %q)", c.Pools, m.status.text)
	}
}
