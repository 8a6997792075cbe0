package tui

import (
	"strings"
	"testing"
)

// Damage typed with d comes off after the armour worn, as the book nets
// every hit (l.459, 651: Yvarre's tunic takes 1 off the dagger's 4); typed
// with a leading !, a critical, it goes through the armour (l.184).
// ledger: brp/armour-value
func TestBRPTypedDamageNetsArmour(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "cult_archer"}, nil)
	m, _ = keys(m, "d")
	if s := screenText(m); !strings.Contains(s, "less AV 1") {
		t.Errorf("d: the prompt does not say the armour comes off:\n%s", s)
	}
	m, _ = keys(m, "4", "enter")
	if got := combatant(m, "Yvarre").HP; got != 10 {
		t.Errorf("4 typed through the tunic (AV 1) on 13 HP: %d left, want 10\n%s", got, logOf(m))
	}
	m, _ = keys(m, "d", "!", "4", "enter")
	if got := combatant(m, "Yvarre").HP; got != 6 {
		t.Errorf("!4 typed (a critical) on 10 HP: %d left, want 6 (armour ignored)\n%s", got, logOf(m))
	}
}
