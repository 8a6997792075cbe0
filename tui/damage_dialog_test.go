package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
)

// Countdown's damage from the d key: a hit over CON stuns by itself, a
// leading ! is a critical that ignores PROT, and the wound modifier shows.
// ledger: countdown/critical-no-protection countdown/critical-double countdown/protection countdown/hit-stun countdown/wound-modifiers
func TestCountdownDamageKey(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "d")
	if s := screenText(m); !strings.Contains(s, "start with ! for a critical") || !strings.Contains(s, "(doubled, no PROT)") {
		t.Errorf("the damage prompt does not say what a critical does:\n%s", screenText(m))
	}
	m, _ = keys(m, "9", "enter")
	if combatant(m, "Fighter").Has("stunned") {
		t.Fatal("9 damage stunned a CON 10 fighter")
	}
	m, _ = keys(m, "d", "!6", "enter")
	c := combatant(m, "Fighter")
	if !c.Has("stunned") || c.HP != 9 {
		t.Fatalf("!6 (doubled: 12): HP %d, conditions %v", c.HP, c.Conditions)
	}
	for _, want := range []string{"Fighter is stunned by a single hit of 12 (more than 10)", "Very badly wounded: -20"} {
		if !strings.Contains(screenText(m), want) {
			t.Errorf("the screen lacks %q:\n%s", want, screenText(m))
		}
	}
	m, _ = keys(m, "u")
	if c := combatant(m, "Fighter"); c.Has("stunned") || c.HP != 21 {
		t.Errorf("undo: HP %d, conditions %v", c.HP, c.Conditions)
	}
}

// A critical typed on the damage key is the blow's critical: "double damage
// and the target gets no Protection" (d !15 takes 30, whatever the PROT),
// and the log says what was doubled; a hit typed without ! is not doubled.
// ledger: countdown/critical-double countdown/critical-no-protection
func TestCountdownCriticalDoubled(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m = do(t, m, engine.Add{Combatants: []engine.NewCombatant{{Name: "Knight", HP: 50, Stats: map[string]int{"PROT": 4}}}})
	m = selectName(t, m, "Knight")
	m, _ = keys(m, "d")
	if s := screenText(m); !strings.Contains(s, "start with ! for a critical") || !strings.Contains(s, "(doubled, no PROT)") {
		t.Errorf("the damage prompt does not say what a critical does:\n%s", screenText(m))
	}
	m, _ = keys(m, "!15", "enter")
	if c := combatant(m, "Knight"); c.HP != 20 {
		t.Fatalf("d !15 on PROT 4: HP %d, want 50 - 30 = 20", c.HP)
	}
	if want := "Knight takes 30 (50 -> 20 HP; a critical: 15 doubled, no PROT)"; !strings.Contains(screenText(m), want) {
		t.Errorf("the log lacks %q:\n%s", want, screenText(m))
	}
	m, _ = keys(m, "d", "15", "enter")
	if c := combatant(m, "Knight"); c.HP != 9 {
		t.Errorf("d 15 on PROT 4: HP %d, want 20 - 11 = 9", c.HP)
	}
}

// Amounts past fray's bound: typed, the dialog says so and keeps what was
// typed; doubled past it by a critical, the log says where it stopped.
func TestDamagePastTheBound(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "d", "2000000", "enter")
	if s := screenText(m); m.dlg == nil || !strings.Contains(s, "an amount is a whole number from 0 to 1000000") || !strings.Contains(s, "2000000") {
		t.Fatalf("2000000 typed: the dialog closed or says nothing:\n%s", s)
	}
	m, _ = keys(m, "esc", "d", "!600000", "enter")
	if want := "a critical: 600000 doubled, at most 1000000"; !strings.Contains(strings.Join(strings.Fields(screenText(m)), " "), want) {
		t.Errorf("the log lacks %q:\n%s", want, screenText(m))
	}
}

// BRP's dead are dead: healing one is refused with why, at the key (no
// amount asked first), not logged "back in the fight" while it stays Dead.
func TestHealingTheDeadIsRefused(t *testing.T) {
	m := fightIn(t, "brp", "Yvarre", "Cultist")
	m = do(t, m, engine.GiveCondition{Who: combatant(m, "Cultist").ID, Condition: "dead"})
	m = selectName(t, m, "Cultist")
	steps := len(m.fight().Done)
	m, _ = keys(m, "h")
	if s := screenText(m); len(m.fight().Done) != steps || m.dlg != nil || !strings.Contains(strings.Join(strings.Fields(s), " "), "Cultist is Dead: healing does not bring one back") {
		t.Errorf("h on the dead:\n%s", s)
	}
}

// Pathmaster keeps non-lethal damage apart: d offers ~ and the panel
// shows what is carried.
func TestNonlethalKeyAndPanel(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = run(m, tea.WindowSizeMsg{Width: 160, Height: 48})
	m, _ = keys(m, "d")
	if s := screenText(m); !strings.Contains(s, "start with ~ for non-lethal") {
		t.Fatalf("the hint does not offer ~:\n%s", s)
	}
	m, _ = keys(m, "~12", "enter")
	if s := screenText(m); !strings.Contains(s, "Non-lethal 12") {
		t.Errorf("the panel does not show the non-lethal damage:\n%s", s)
	}
}

// d on one who holds a condition that takes damage by its source
// (Pathmaster's Incorporeal, l.940-944) asks what deals it first: a spell
// does half, anything else (a magic weapon) all of it.
// ledger: pathmaster/incorporeal
func TestDamageKeyAsksTheSource(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Ghost")
	m = do(t, m, engine.GiveCondition{Who: combatant(m, "Ghost").ID, Condition: "incorporeal"})
	m = selectName(t, m, "Ghost")
	m, _ = keys(m, "d")
	if s := screenText(m); !strings.Contains(s, "What deals the damage to Ghost?") || !strings.Contains(s, "a nonmagical attack") {
		t.Fatalf("d on the incorporeal:\n%s", s)
	}
	m, _ = keys(m, "down", "enter", "13", "enter")
	if c := combatant(m, "Ghost"); c.HP != 24 {
		t.Errorf("a spell's 13 on the incorporeal: %d hits, want 24", c.HP)
	}
	m, _ = keys(m, "d", "down", "down", "enter", "5", "enter")
	if c := combatant(m, "Ghost"); c.HP != 19 {
		t.Errorf("anything else's 5: %d hits, want 19", c.HP)
	}
}
