package tui

import (
	"strings"
	"testing"
)

// Countdown's damage from the d key: a hit over CON stuns by itself, a
// leading ! is a critical that ignores PROT, and the wound modifier shows.
// ledger: countdown/critical-no-protection countdown/protection countdown/hit-stun countdown/wound-modifiers
func TestCountdownDamageKey(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "d")
	if !strings.Contains(screenText(m), "start with ! to ignore PROT") {
		t.Errorf("the damage prompt does not say how to ignore PROT:\n%s", screenText(m))
	}
	m, _ = keys(m, "9", "enter")
	if combatant(m, "Fighter").Has("stunned") {
		t.Fatal("9 damage stunned a CON 10 fighter")
	}
	m, _ = keys(m, "d", "!11", "enter")
	c := combatant(m, "Fighter")
	if !c.Has("stunned") || c.HP != 10 {
		t.Fatalf("!11: HP %d, conditions %v", c.HP, c.Conditions)
	}
	for _, want := range []string{"Fighter is stunned by a single hit of 11 (more than 10)", "Very badly wounded: -20"} {
		if !strings.Contains(screenText(m), want) {
			t.Errorf("the screen lacks %q:\n%s", want, screenText(m))
		}
	}
	m, _ = keys(m, "u")
	if c := combatant(m, "Fighter"); c.Has("stunned") || c.HP != 21 {
		t.Errorf("undo: HP %d, conditions %v", c.HP, c.Conditions)
	}
}
