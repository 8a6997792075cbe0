package content_test

import (
	"testing"

	"fray/engine"
)

// The Defense rolls in g are held against the attacker's Attack Value,
// 15 + MASAB + its weapon's Attack Bonus (l.162), and the attack hits at
// or over the roll (l.166): Ash's AV with his spear (+1) is 19, as in a
// blow (A), not his av 18; Bo's with his scimitar (+1) 17.
// ledger: energy/melee-hit energy/evasion-roll
func TestEnergyDefenceInGAgainstTheWeaponsAV(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}, {name: "Sly", creature: "scout"}})
	ash, bo, sly := f.ID("Ash"), f.ID("Bo"), f.ID("Sly")
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "evasion"}, 9)             // 9 + 9 = 18: hit
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "fortitude"}, 9)           // 9 + 10 = 19: hit
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "unarmed_evasion"}, 10, 1) // 11 + 9 = 20: defended
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "evasion"}, 7)             // 7 + 10 = 17: hit
	// The trip's Fortitude roll against Bo's scimitar, not the scout's bow.
	f.Must(engine.RollCheck{Who: sly, Target: bo, Check: "trip_fortitude"}, 7) // 7 + 10 = 17: falls
	wantLog(t, logText(f),
		"Bo: Evasion roll against Ash: d10! + evasion - min(1, max(0, hand_mpr - mpl)): [9] + 9 - min(1, max(0, 1 - 1)) = 18 vs more than 19: Hit",
		"Bo: Fortitude roll against Ash: d10! + fortitude: [9] + 10 = 19 vs more than 19: Hit",
		"Bo: Unarmed Evasion roll against Ash: d10! + unarmed_evasion: [10!, 1] + 9 = 20 vs more than 19: Defended",
		"Ash: Evasion roll against Bo: d10! + evasion - min(1, max(0, hand_mpr - mpl)): [7] + 10 - min(1, max(0, 1 - 2)) = 17 vs more than 17: Hit",
		"Sly: Fortitude against a trip against Bo: d10! + fortitude: [7] + 10 = 17 vs more than 17: Knocked Prone")
	// The blow holds the Evasion roll against the same number: 18 hits.
	f.Must(engine.Blow{Who: ash, Blow: "attack", Foes: []int{bo}, Answer: "evasion"}, 5, 9, 3)
	wantLog(t, logText(f), "Bo: Evasion roll against Ash: d10! + evasion - min(1, max(0, hand_mpr - mpl)): [9] + 9 - min(1, max(0, 1 - 1)) = 18 vs more than 19: Hit\nAsh's Melee attack")
}
