package tui

import (
	"strings"
	"testing"

	"fray/engine/dice"
	"fray/narrate"
)

// g rolls any of the ruleset's checks for the selected combatant, against
// a target it picks, with the faces typed when table dice are on: energy's
// combat roll of 20 is a critical that Exposes the target.
// ledger: energy/combat-roll energy/critical-hit
func TestCheckFromTheHelpers(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	m, _ = keys(m, "t", "g", "combat", "enter", "brand", "enter", "enter", "enter", "20", "enter") // modifiers: none
	log := m.fight().Log()
	if got := narrate.Line(m.fight().Rules, log[len(log)-2]); !strings.HasPrefix(got, "Ash: Combat roll against Brand: d20: [20] = 20") || !strings.HasSuffix(got, ": Critical hit") {
		t.Fatalf("the check's line: %q", got)
	}
	if !combatant(m, "Brand").Has("exposed") {
		t.Error("a critical did not Expose the target")
	}
	// A check with no target (the Death Save) asks only for a modifier.
	m, _ = keys(m, "t", "g", "death save", "enter", "+0", "enter")
	if log := m.fight().Log(); !strings.HasPrefix(narrate.Line(m.fight().Rules, log[len(log)-1]), "Ash: Death Save: d20") {
		t.Errorf("the death save: %q", narrate.Line(m.fight().Rules, log[len(log)-1]))
	}
}

// g rolls countdown's strike with the book's modifiers as choices: each
// picked is marked and named in the log.
// ledger: countdown/cover
func TestStrikeModifiersInG(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "g", "strike", "enter", "ogre", "enter", "running", "enter")
	if !strings.Contains(screenText(m), "✓ Ranged: target running") {
		t.Fatalf("the running modifier is not marked:\n%s", screenText(m))
	}
	m, _ = keys(m, "hard cover", "enter", "enter", "enter")
	log := m.fight().Log()
	last := narrate.Line(m.fight().Rules, log[len(log)-1])
	for _, e := range log {
		if strings.Contains(narrate.Line(m.fight().Rules, e), "Strike against Ogre") {
			last = narrate.Line(m.fight().Rules, e)
		}
	}
	if !strings.Contains(last, "Strike against Ogre (Ranged: target running -10, Ranged: hard cover -20)") || !strings.Contains(last, "vs 20 or less (50 - 30)") {
		t.Errorf("the strike: %q", last)
	}
}

// g rolls Pathmaster's attack roll: OB less the foe's dodge, the parry
// typed off it, and the foe's shield, taken against a single attacker
// every time (l.1076-1077; these two have no stats: every bonus is 0).
// ledger: pathmaster/attack-roll pathmaster/shield-once-a-turn
func TestPathmasterAttackRollInG(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc")
	// Gavvin's two attacks are out of his turn, in the Orc's: the
	// Interrupt's and a second one exchanged (each attack one roll).
	m, _ = keys(m, "t", "n", "up", "g", "melee attack", "enter", "orc", "enter", "shield", "enter", "enter", "-40", "enter", "50", "enter")
	line := ""
	for _, e := range m.fight().Log() {
		if l := narrate.Line(m.fight().Rules, e); strings.Contains(l, "Melee attack against Orc") {
			line = l
		}
	}
	if !strings.Contains(line, "(Foe uses its shield +0): d100oe + OB - target_DB: [50] + 0 - 0 = 50 - 40 = 10") {
		t.Fatalf("the attack: %q\n%s", line, screenText(m))
	}
	m, _ = keys(m, "g", "melee attack", "enter", "orc", "enter", "shield", "enter", "enter", "enter", "50", "enter")
	n := 0
	for _, e := range m.fight().Log() {
		if l := narrate.Line(m.fight().Rules, e); strings.Contains(l, "Melee attack against Orc (Foe uses its shield") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("the shield against the one attacker taken %d times, want 2:\n%s", n, screenText(m))
	}
}

// A modifier of the check's target number alone says what it does to the
// chance (BRP's Easy and Difficult), not its formula.
func TestModifierSaysWhatItDoesToTheChance(t *testing.T) {
	for expr, want := range map[string]string{
		"target": "the chance doubled", "(target + 1) / 2 - target": "the chance halved, rounded up",
		"10": "+10", "-20": "-20", "target_DB": "target_DB", "target / 2": "target / 2",
	} {
		if got := modText(dice.MustParse(expr)); got != want {
			t.Errorf("%s: %q, want %q", expr, got, want)
		}
	}
}

// Marking a charging foe's opportunity attack in g unmarks the foe's
// shield: a charger has none against it (l.281-283).
// ledger: pathmaster/charge
func TestChargingFoeUnmarksTheShieldInG(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc")
	m, _ = keys(m, "t", "g", "melee attack", "enter", "orc", "enter", "uses its shield", "enter")
	if !strings.Contains(screenText(m), "✓ Foe uses its shield") {
		t.Fatalf("the shield is not marked:\n%s", screenText(m))
	}
	m, _ = keys(m, "charging foe", "enter")
	s := screenText(m)
	if !strings.Contains(s, "Roll  with Opportunity attack on a charging foe") || strings.Contains(s, "✓ Foe uses its shield") {
		t.Errorf("the charging foe did not unmark the shield:\n%s", s)
	}
}
