package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Energy's unarmed attacks and Combat Maneuvers on the blow (A): an
// unarmed blow (AV 15 + MASAB, damage MASAB at least 1, 2 Energy), Disarm,
// Push and Restrain, and escaping a hold as a contested roll.

func wantLog(t *testing.T, log string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(log, w) {
			t.Errorf("want %q in the log:\n%s", w, log)
		}
	}
}

// Unarmed (l.541, 545-547): the adventurer's AV 18 (15 + MASAB 3) with no
// weapon's bonus, damage its MASAB 3, on the armour less the raider's
// Armor Rating 2; a raider's MASAB 0 still deals 1. 2 Energy a blow.
// ledger: energy/unarmed-av-damage energy/unarmed-attack
func TestEnergyUnarmed(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: ash, Blow: "unarmed", Foes: []int{bo}, Answer: "evasion"}, 5, 8)
	f.Must(engine.Blow{Who: bo, Blow: "unarmed", Foes: []int{ash}}, 15)
	wantLog(t, logText(f),
		"Ash strikes at Bo with Fists (Unarmed attack)",
		"Bo: Evasion roll against Ash: d10! + evasion - min(1, max(0, hand_mpr - mpl)): [8] + 9 - min(1, max(0, 1 - 1)) = 17 vs more than 18: Hit",
		"Bo's armor_rating 2 takes 2 off 3: 1 gets through",
		"Bo takes 1 (14 -> 13 Aura)",
		"Ash takes 1 (20 -> 19 Aura)")
	if got := f.Get("Ash").Pools["energy"]; got != 3 {
		t.Errorf("an unarmed attack left %d Energy, want 5 - 2", got)
	}
}

// Disarm (l.565): a melee attack at -5 AV (the spear's 19 less 5), no
// damage; on a hit the raider's Fortitude must beat the full AV, or it
// drops its scimitar, which 1 Agility may fling away (l.99).
// ledger: energy/disarm
func TestEnergyDisarm(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: ash, Blow: "disarm", Foes: []int{bo}, Answer: "evasion"}, 10, 3, 1, 2)
	wantLog(t, logText(f),
		"with Advantage: [3 (not 1)] + 9 - min(1, max(0, 1 - 1)) = 12 vs more than 14: Hit",
		"Bo: Fortitude against a disarm against Ash: d10! + fortitude: [2] + 10 = 12 vs more than 19: Disarmed",
		"Bo's Scimitar is dropped")
	if b := f.Get("Bo"); b.Weapons[0].Ready() || b.HP != 14 {
		t.Errorf("disarmed: %+v, %d Aura", b.Weapons[0], b.HP)
	}
	f.Must(engine.Spend{Who: ash, Action: "fling"})
	if got := f.Get("Ash").Pools["agility"]; got != 2 {
		t.Errorf("flinging the scimitar left %d Agility, want 3 - 1", got)
	}
}

// Push (l.583-585): an unarmed attack at -5 AV (18 - 5); the target's
// Fortitude must beat the full AV 18, or it is Unguarded (and pushed 1 m);
// if it holds, the pusher is Unguarded.
// ledger: energy/push
func TestEnergyPush(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: bo, Condition: "exposed"}) // no Advantage, and no Unguarded for a maneuver at one on guard
	f.Must(engine.Blow{Who: ash, Blow: "push", Foes: []int{bo}, Answer: "evasion"}, 10, 2, 2)
	if !f.Get("Bo").Has("unguarded") || f.Get("Ash").Has("unguarded") {
		t.Errorf("a push that worked: Bo %v, Ash %v", f.Get("Bo").Conditions, f.Get("Ash").Conditions)
	}
	f.Must(engine.Blow{Who: ash, Blow: "push", Foes: []int{bo}, Answer: "evasion"}, 10, 2, 9)
	if !f.Get("Ash").Has("unguarded") {
		t.Errorf("a push held: Ash %v", f.Get("Ash").Conditions)
	}
	wantLog(t, logText(f),
		"Bo: Evasion roll against Ash: d10! + evasion - min(1, max(0, hand_mpr - mpl)): [2] + 9 - min(1, max(0, 1 - 1)) = 11 vs more than 13: Hit",
		"Bo: Fortitude against a push against Ash: d10! + fortitude: [2] + 10 = 12 vs more than 18: Pushed",
		"Bo: Fortitude against a push against Ash: d10! + fortitude: [9] + 10 = 19 vs more than 18: Stands firm")
	if got := f.Get("Ash").Pools["energy"]; got != 1 {
		t.Errorf("two pushes left %d Energy, want 5 - 2 - 2", got)
	}
}

// Restrain (l.571) and escaping the hold (l.575, 682): an unarmed attack
// at -5 AV; on a hit the target is Restrained and the attacker
// Restraining. The held one escapes for 3 Energy, its Fortitude roll
// against the holder's: the higher wins, and a tie keeps the hold.
// ledger: energy/restrain-maneuver energy/escape-hold
func TestEnergyRestrainAndEscape(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: ash, Blow: "restrain", Foes: []int{bo}, Answer: "evasion"}, 10, 2, 1)
	if !f.Get("Bo").Has("restrained") || !f.Get("Ash").Has("restraining") {
		t.Fatalf("restrained: Bo %v, Ash %v", f.Get("Bo").Conditions, f.Get("Ash").Conditions)
	}
	// 2 + 10 = 12 against 1 + 11 = 12: a tie keeps the hold.
	f.Must(engine.Blow{Who: bo, Blow: "escape", Foes: []int{ash}, Answer: "hold_fortitude"}, 2, 1)
	if !f.Get("Bo").Has("restrained") {
		t.Fatalf("a tie broke the hold: %v", f.Get("Bo").Conditions)
	}
	f.Next()
	f.Must(engine.Blow{Who: bo, Blow: "escape", Foes: []int{ash}, Answer: "hold_fortitude"}, 9, 3)
	if f.Get("Bo").Has("restrained") || f.Get("Ash").Has("restraining") {
		t.Errorf("escaped: Bo %v, Ash %v", f.Get("Bo").Conditions, f.Get("Ash").Conditions)
	}
	wantLog(t, logText(f),
		"Bo's Escape a hold on Ash: The hold holds",
		"Bo: Fortitude to escape against Ash: d10! + fortitude: [9] + 10 = 19",
		"Ash: Fortitude to hold against Bo: d10! + fortitude: [3] + 11 = 14",
		"Bo's Escape a hold on Ash: Escapes")
	if got := f.Get("Bo").Pools["energy"]; got != 5-3 {
		t.Errorf("an escape left %d Energy, want 5 - 3", got)
	}
}

// A Combat Maneuver at one not Exposed (l.553): the target has Advantage
// on its Evasion roll (the first Defense roll of it) and the attacker is
// left Unguarded; at one Exposed (Prone), neither.
// ledger: energy/combat-maneuvers
func TestEnergyManeuverAtTheGuarded(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: ash, Blow: "push", Foes: []int{bo}, Answer: "evasion"}, 10, 2, 1, 9)
	if !f.Get("Ash").Has("unguarded") {
		t.Errorf("a push at one on guard leaves the pusher Unguarded: %v", f.Get("Ash").Conditions)
	}
	wantLog(t, logText(f), "Bo: Evasion roll against Ash (Against a Combat Maneuver, not Exposed: Advantage): d10! + evasion - min(1, max(0, hand_mpr - mpl)), with Advantage: [2 (not 1)]")
	g, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	g.Must(engine.GiveCondition{Who: g.ID("Bo"), Condition: "prone"})
	g.Must(engine.Blow{Who: g.ID("Ash"), Blow: "trip", Foes: []int{g.ID("Bo")}, Answer: "evasion"}, 10, 1, 3, 9)
	if g.Get("Ash").Has("unguarded") || strings.Contains(logText(g), "Against a Combat Maneuver") {
		t.Errorf("a trip at one Prone (Exposed):\n%s", logText(g))
	}
}

// A Combat Maneuver made as a Swift Attack (l.481-485, 553): 1 Energy and
// the round's Swift attack pay for it, and at one not Exposed it gives no
// Advantage and leaves the attacker guarded; the round's second Swift
// attack is refused.
// ledger: energy/combat-maneuvers energy/swift-attack
func TestEnergyManeuverAsASwiftAttack(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	energy := f.Get("Ash").Pools["energy"]
	f.Must(engine.Blow{Who: ash, Blow: "push", Foes: []int{bo}, Answer: "evasion", As: true}, 10, 2, 1)
	a := f.Get("Ash")
	if a.Has("unguarded") || strings.Contains(logText(f), "Against a Combat Maneuver") {
		t.Errorf("a push as a Swift attack left Ash Unguarded or gave Advantage: %v\n%s", a.Conditions, logText(f))
	}
	if a.Pools["energy"] != energy-1 || a.Pools["swift"] != 0 {
		t.Errorf("a push as a Swift attack cost %d Energy and left %d Swift attacks, want 1 and 0", energy-a.Pools["energy"], a.Pools["swift"])
	}
	wantLog(t, logText(f), "Ash: Swift attack")
	f.Refuse(engine.Blow{Who: ash, Blow: "trip", Foes: []int{bo}, Answer: "evasion", As: true}, "Swift attack")
	f.Refuse(engine.Blow{Who: ash, Blow: "unarmed", Foes: []int{bo}, As: true}, "one way only")
}
