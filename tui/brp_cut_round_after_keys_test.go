package tui

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// l.369: the cut through the entangling weapon comes "on the round
// following" the entangle. E, entangled by H's whip this round, aims A's
// Attack a parrying weapon or shield with its sword at that whip: refused
// as the whip is picked, before the modifiers and dice, with why; nothing
// is rolled and the whip stays whole.
// ledger: brp/entangle
func TestBRPCutInTheEntanglesRoundRefusedFromTheKeys(t *testing.T) {
	m := whipFight(t)
	m = toRankOf(t, m, "H")
	h, e := combatant(m, "H").ID, combatant(m, "E").ID
	if _, err := m.fight().Do(engine.Blow{Who: h, Blow: "attack", Weapon: 1, Foes: []int{e}}, 5, 1); err != nil {
		t.Fatal(err)
	}
	if !combatant(m, "E").Has("entangle_fresh") {
		t.Fatalf("not entangled:\n%s", logOf(m))
	}
	m = toRankOf(t, m, "E")
	m = selectByKeys(t, m, "E")
	m, _ = keys(m, "A", "down", "enter") // Attack a parrying weapon or shield
	for range 6 {
		if strings.Contains(m.status.text, "Just entangled") || strings.Contains(screenText(m), "aims at H's") {
			break
		}
		m, _ = keys(m, "enter")
	}
	if strings.Contains(screenText(m), "aims at H's") {
		m, _ = keys(m, "down", "enter") // its Whip
	}
	if !strings.Contains(m.status.text, "E is Just entangled: cutting free of H's Whip comes the round after") {
		t.Errorf("the cut in the entangle's round: status %q\n%s", m.status.text, screenText(m))
	}
	if w := combatant(m, "H").Weapons[1]; w.Lost != 0 || !w.Ready() {
		t.Errorf("the whip was struck: %+v\n%s", w, logOf(m))
	}
}

// l.490 breaks a weapon, and nothing in a round mends it (l.101-103): H's
// whip broken, A on H's rank offers no readying of it ("mended"), but says
// why as the whip is picked; nothing is logged and it stays broken.
// ledger: brp/attack-on-shield
func TestBRPBrokenWeaponNotReadiedFromTheKeys(t *testing.T) {
	m := whipFight(t)
	h := combatant(m, "H").ID
	if _, err := m.fight().Do(engine.Arm{Who: h, Weapon: 1, State: rules.FateBroken}); err != nil {
		t.Fatal(err)
	}
	m = toRankOf(t, m, "H")
	m = selectByKeys(t, m, "H")
	m, _ = keys(m, "A", "enter", "enter", "down", "enter") // Attack, at E, its Whip
	if !strings.Contains(m.status.text, "H's Whip is broken: it is not mended in the fight") ||
		strings.Contains(screenText(m), "Ready it again") {
		t.Errorf("A with the broken whip: status %q\n%s", m.status.text, screenText(m))
	}
	if combatant(m, "H").Weapons[1].Ready() {
		t.Errorf("the broken whip is ready again:\n%s", logOf(m))
	}
}

// whipFight is a BRP fight begun between H, with a sword and a whip (4 hit
// points), and E, with a sword.
func whipFight(t *testing.T) Model {
	t.Helper()
	whip := rules.Weapon{Name: "Whip", Damage: dice.MustParse("1d3"), Kinds: []string{"entangling", "melee"},
		Fields: map[string]int{"skill": 60}, HP: 4}
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"},
		Fields: map[string]int{"skill": 60}}
	return brpStarted(t, []engine.NewCombatant{
		{Name: "H", HP: 12, Stats: map[string]int{"DEX": 14}, Weapons: []rules.Weapon{sword, whip}},
		{Name: "E", HP: 12, Stats: map[string]int{"DEX": 10}, Weapons: []rules.Weapon{sword}}})
}
