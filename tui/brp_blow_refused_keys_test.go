package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.99: an attack is made on the attacker's own DEX rank, one a rank. Once
// the Cultist has attacked on its rank, the blow (A) is refused at the
// first key, saying why, not after its target, answer and modifiers have
// been asked; the engine, asked before any dialog, still refuses it too.
// ledger: brp/attack brp/actions-on-dex-ranks
func TestBRPOneAttackARankRefusedAtTheFirstKey(t *testing.T) {
	m := armedFight(t, "brp", []string{"cultist", "swordmaster"}, nil)
	m = toRankOf(t, m, "Cultist")
	cu, sm := combatant(m, "Cultist").ID, combatant(m, "Swordmaster").ID
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "A")
	if m.dlg == nil {
		t.Fatalf("A before the rank's attack opens no dialog: status %q", m.status.text)
	}
	m, _ = keys(m, "esc", "esc", "esc", "esc")
	if _, err := m.fight().Do(engine.Blow{Who: cu, Blow: "attack", Foes: []int{sm}}, 30, 2); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "A")
	if m.dlg != nil || !strings.Contains(m.status.text, "has attacked on this rank") {
		t.Errorf("a second attack on the rank is not refused at the first key: status %q\n%s", m.status.text, screenText(m))
	}
	if _, err := m.fight().Preview(engine.Blow{Who: cu, Blow: "attack", Foes: []int{sm}}); err == nil ||
		!strings.Contains(err.Error(), "has attacked on this rank") {
		t.Errorf("the engine lets the second attack on the rank go: %v", err)
	}
	// On another's rank, with no step of its own left: refused at once too.
	m = toRankOf(t, m, "Swordmaster")
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "A")
	if m.dlg != nil || !strings.Contains(m.status.text, "attacks on its own rank") {
		t.Errorf("an attack off its own rank is not refused at the first key: status %q", m.status.text)
	}
}

// l.119, 517: an arrow is never parried at the full skill, only at a
// shield's base chance (or a hand weapon on a special against a thrown
// one). The blow's parry against the Short bow says, as its modifiers are
// listed, that one of those is needed; Roll without one is refused in the
// list itself, which stays open and shows every choice the refusal names,
// unwrapped by the status line's cut.
// ledger: brp/missile-parry
func TestBRPMissileParryNeedsAChoiceInTheList(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "temple_guard"}, nil)
	m = toRankOf(t, m, "Cult archer")
	m = selectByKeys(t, m, "Cult archer")
	m, _ = keys(m, "A", "enter", "enter", "enter", "down", "enter") // Attack, the Temple guard, Short bow, Parry
	s := screenText(m)
	if !strings.Contains(s, "modifiers") || !strings.Contains(s, "pick one of") {
		t.Fatalf("the parry's modifiers do not say one is needed against the bow:\n%s", s)
	}
	m, _ = keys(m, "enter") // Roll, none picked
	s = screenText(m)
	if m.dlg == nil || !strings.Contains(s, "modifiers") {
		t.Fatalf("Roll without a shield's choice closed the list: status %q\n%s", m.status.text, s)
	}
	flat := strings.Join(strings.Fields(s), " ")
	for _, name := range []string{"A missile, half or small shield", "A thrown weapon", "Spot failed: Difficult (half); then Roll"} {
		if !strings.Contains(flat, name) {
			t.Errorf("the refusal does not show %q whole:\n%s", name, s)
		}
	}
}

// l.99: g's skill roll at a foe is an attack too: once the Cultist has
// attacked on its rank, picking the foe is refused in the list, before the
// answer and the modifiers are asked; at nobody it is no attack, and goes.
// ledger: brp/attack brp/actions-on-dex-ranks
func TestBRPSkillRollAtAFoeRefusedOnceTheRankIsUsed(t *testing.T) {
	m := armedFight(t, "brp", []string{"cultist", "swordmaster"}, nil)
	m = toRankOf(t, m, "Cultist")
	cu, sm := combatant(m, "Cultist").ID, combatant(m, "Swordmaster").ID
	if _, err := m.fight().Do(engine.Blow{Who: cu, Blow: "attack", Foes: []int{sm}}, 30, 2); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "g", "skill roll", "enter", "swordmaster", "enter")
	s := screenText(m)
	if m.dlg == nil || !strings.Contains(s, "against whom?") || !strings.Contains(s, "has attacked on this rank") {
		t.Errorf("g's skill roll at a foe after the rank's attack is not refused at the foe:\n%s", s)
	}
}
