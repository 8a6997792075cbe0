package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Energy's blows (A): the melee attack, AV against the Evasion roll with
// the Combat roll beside it against Armor Coverage; the ranged attack, the
// Hit roll against the Miss Chance with the Ranged Evasion roll added.

// A Prone raider attacked in melee evades with Disadvantage, each die of
// its exploding d10 rolled twice: a 10 and a 10 explode, and it evades;
// then a 3 (not a 9) and the spear goes in on the armour (a Combat roll of
// 5 under its Armor Coverage 8): 1d8 + 2, less its Armor Rating 2.
// ledger: energy/melee-hit energy/prone-disadvantage energy/melee-damage energy/combat-roll-armor
func TestEnergyMeleeBlowAtTheProne(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: bo, Condition: "prone"})
	f.Must(engine.Blow{Who: ash, Blow: "attack", Foes: []int{bo}, Answer: "evasion"}, 12, 10, 10, 6, 2)
	if got := f.Get("Bo").HP; got != 14 {
		t.Fatalf("an evaded attack hurt: %d Aura", got)
	}
	f.Must(engine.Blow{Who: ash, Blow: "attack", Foes: []int{bo}, Answer: "evasion"}, 5, 9, 3, 6)
	if got := f.Get("Bo").HP; got != 8 {
		t.Errorf("Bo has %d Aura, want 14 - (6 + 2 - 2) = 8", got)
	}
	log := logText(f)
	for _, want := range []string{
		"Bo: Evasion roll against Ash (Prone: Disadvantage): d10! + evasion - min(1, max(0, hand_mpr - mpl)), with Disadvantage: [10! (not 10), 2 (not 6)] + 9 - min(1, max(0, 1 - 1)) = 21 vs more than 19: Defended",
		"Evaded",
		"Bo: Evasion roll against Ash (Prone: Disadvantage): d10! + evasion - min(1, max(0, hand_mpr - mpl)), with Disadvantage: [3 (not 9)] + 9 - min(1, max(0, 1 - 1)) = 12 vs more than 19: Hit",
		"A hit on the armour",
		"Bo takes 6",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
	if got := f.Get("Ash").Pools["energy"]; got != 0 {
		t.Errorf("two melee attacks leave %d Energy", got)
	}
}

// A Prone raider shot at close range: its Ranged Evasion roll (a d4 that
// explodes, with Disadvantage) is added to the Miss Chance (the scout's 7,
// less the bow's Accuracy 1); the Hit roll has Advantage within the bow's
// first range, and at or over the Ranged Armor Coverage it is past the
// armour.
// ledger: energy/prone-disadvantage energy/hit-roll energy/ranged-evasion-roll energy/range-advantage energy/ranged-armor energy/hit-roll-table
func TestEnergyRangedBlowAtTheProne(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Sly", creature: "scout"}, {name: "Bo", creature: "raider"}})
	sly, bo := f.ID("Sly"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: bo, Condition: "prone"})
	f.Must(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}, Answer: "ranged_evasion", Modifiers: []string{"close"}}, 4, 4, 1, 3, 9, 15, 4)
	if got := f.Get("Bo").HP; got != 10 {
		t.Errorf("Bo has %d Aura, want 14 - 4 = 10", got)
	}
	// Unaware, it rolls no Ranged Evasion: the Miss Chance is the scout's
	// own; a 5 under it misses, far off with Disadvantage.
	f.Must(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}, Modifiers: []string{"far"}}, 5, 17)
	log := logText(f)
	for _, want := range []string{
		"Bo: Ranged Evasion roll against Sly (Prone: Disadvantage): d4! + ranged_evasion, with Disadvantage: [4! (not 4), 1 (not 3)] + 1 = 6",
		"Sly: Hit roll against Bo (Within the first range: Advantage): d20, with Advantage: [15 (not 9)] = 15 vs 12",
		"A hit past the armour",
		"Bo takes 4",
		"Sly: Hit roll against Bo (Beyond the second range: Disadvantage): d20, with Disadvantage: [5 (not 17)] = 5 vs 6",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// Precision (l.390): the raider's scimitar, Precise 1, crits on a Combat
// roll of 19 (hitting whatever the Evasion roll, past the armour); the
// adventurer's spear, with none, does not. The Combat roll in g reads the
// weapon in hand the same way.
// ledger: energy/precision
func TestEnergyScimitarCritsOn19(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: bo, Blow: "attack", Foes: []int{ash}, Answer: "evasion"}, 19, 9, 5)
	f.Must(engine.Blow{Who: ash, Blow: "attack", Foes: []int{bo}, Answer: "evasion"}, 19, 10, 7)
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "combat"}, 19)
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "combat"}, 19)
	if got := f.Get("Ash").HP; got != 20-6 {
		t.Errorf("Ash has %d Aura, want 20 - (5 + 1), the armour bypassed", got)
	}
	log := logText(f)
	for _, want := range []string{
		"Bo: Combat roll against Ash: d20: [19] = 19 vs 12 or more: Critical hit",
		"Bo's Melee attack on Ash: Critical hit",
		"Ash: Combat roll against Bo: d20: [19] = 19 vs 8 or more: Past the armour",
		"Ash's Melee attack on Bo: Evaded",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
	if n := strings.Count(log, "Bo: Combat roll against Ash: d20: [19] = 19 vs 12 or more: Critical hit"); n != 2 {
		t.Errorf("the scimitar in hand crits on 19 in g too: %d of 2\n%s", n, log)
	}
}

// One who cannot defend rolls no Defense (l.346, 653): an unconscious
// raider answered with Evasion is not, and the blow hits.
// ledger: energy/no-defense-auto-hit
func TestEnergyUnconsciousIsHit(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: bo, Condition: "unconscious"})
	f.Must(engine.Blow{Who: ash, Blow: "attack", Foes: []int{bo}, Answer: "evasion"}, 12, 5)
	log := logText(f)
	if strings.Contains(log, "Bo: Evasion roll") || !strings.Contains(log, "the blow is unanswered") || f.Get("Bo").HP != 14-7 {
		t.Errorf("an unconscious defender evaded (Aura %d):\n%s", f.Get("Bo").HP, log)
	}
}

// The target's size moves the Miss Chance (l.211-220): the Large gnoll's
// -2 makes the scout's 6 a 4, and a Hit roll of 4 under its Ranged Armor
// Coverage meets the armour: 1d6 less its Armor Rating 2.
// ledger: energy/miss-chance-size energy/ranged-armor
func TestEnergyRangedAtTheLarge(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Sly", creature: "scout"}, {name: "Gor", creature: "brute"}})
	f.Must(engine.Blow{Who: f.ID("Sly"), Blow: "ranged", Foes: []int{f.ID("Gor")}}, 4, 5)
	log := logText(f)
	for _, want := range []string{"Sly: Hit roll against Gor: d20: [4] = 4 vs 4 or more: Hit under the Ranged Coverage", "A hit on the armour", "Gor takes 3"} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// Trip (l.557): a melee attack at -5 AV that deals no damage; on a hit the
// target's Fortitude must beat the full AV, or it falls Prone. The raider
// is not Exposed: Advantage on its Evasion roll (l.553).
// ledger: energy/trip energy/combat-maneuvers
func TestEnergyTrip(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: ash, Blow: "trip", Foes: []int{bo}, Answer: "evasion"}, 10, 3, 1, 2)
	if b := f.Get("Bo"); !b.Has("prone") || b.HP != 14 {
		t.Errorf("tripped: %v, %d Aura", b.Conditions, b.HP)
	}
	log := logText(f)
	for _, want := range []string{"with Advantage: [3 (not 1)] + 9 - min(1, max(0, 1 - 1)) = 12 vs more than 14: Hit",
		"Bo: Fortitude against a trip against Ash: d10! + fortitude: [2] + 10 = 12 vs more than 19: Knocked Prone"} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// The Miss Chance's movement modifier (l.222-226): a still target -5, a
// zig-zagging or sprinting one +5, on the Miss Chance (the Hit roll's
// target number), not on the Hit roll, which stays a bare d20 against the
// Ranged Armor Coverage.
// ledger: energy/miss-chance-movement
func TestEnergyMissChanceMovement(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Sly", creature: "scout"}, {name: "Bo", creature: "raider"}})
	sly, bo := f.ID("Sly"), f.ID("Bo")
	// Still: the Miss Chance 7 - 1 is 1; a 2 hits, under the Coverage 8.
	f.Must(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}, Modifiers: []string{"still"}}, 2, 3)
	// Zig-zagging: 6 + 5 = 11; a 10 misses.
	f.Must(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}, Modifiers: []string{"zigzag"}}, 10)
	wantLog(t, logText(f),
		"Sly: Hit roll against Bo (Target not moving: target -5): d20: [2] = 2 vs 1 or more: Hit under the Ranged Coverage",
		"Sly: Hit roll against Bo (Target zig-zagging or sprinting: target +5): d20: [10] = 10 vs 11 or more: Miss")
}

// The GM's typed modifier on an attack is on the AV (l.168, 519: "-3 AV
// (or +3 Miss Chance)"), not the d20: the Combat roll stays bare, so its
// faces still decide the critical and the armour. Ash's AV 19 less 3 is
// 16, and Bo's Evasion 8 + 9 = 17 beats it; on the bow, -3 AV is the Miss
// Chance 6 raised to 9. It was: the -3 went on the Combat roll (12 - 3 =
// 9, under the Armor Coverage: on the armour).
// ledger: energy/melee-hit energy/nonlethal-chance
func TestEnergyTypedModifierIsOnTheAV(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}, {name: "Sly", creature: "scout"}})
	ash, bo, sly := f.ID("Ash"), f.ID("Bo"), f.ID("Sly")
	f.Must(engine.Blow{Who: ash, Blow: "attack", Foes: []int{bo}, Answer: "evasion", Expr: "-3"}, 12, 8)
	if got := f.Get("Bo").HP; got != 14 {
		t.Errorf("Bo has %d Aura: the Evasion 17 beats the AV 16", got)
	}
	f.Must(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}, Modifiers: []string{"far"}, Expr: "-3"}, 8, 17)
	f.Refuse(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}, Expr: "-1d4"}, "a modifier to the AV")
	log := logText(f)
	for _, want := range []string{
		"Ash strikes at Bo with", ", AV -3",
		"Ash: Combat roll against Bo: d20: [12] = 12 vs 8",
		"= 17 vs more than 16: Defended",
		"Sly: Hit roll against Bo (Beyond the second range: Disadvantage): d20, with Disadvantage: [8 (not 17)] = 8 vs 9",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}
