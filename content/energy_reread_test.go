package content_test

import (
	"maps"
	"strings"
	"testing"

	"fray/engine"
)

// Dazed (l.670): Disadvantage on all its Attack rolls, the ranged Hit roll
// too, and on its Initiative roll (a skill: l.126); Blinded (l.672): on all
// its Attack rolls, the Hit roll too.
// ledger: energy/dazed-disadvantage energy/blinded-disadvantage
func TestEnergyDazedAndBlindedShootWithDisadvantage(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Sly", creature: "scout"}, {name: "Bo", creature: "raider"}})
	sly, bo := f.ID("Sly"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: sly, Condition: "dazed"})
	f.Must(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}}, 18, 2)
	f.Must(engine.Spend{Who: sly, Action: "initiative"}, 15, 4)
	f.Must(engine.TakeCondition{Who: sly, Condition: "dazed"})
	f.Must(engine.GiveCondition{Who: sly, Condition: "blinded"})
	f.Must(engine.RollCheck{Who: sly, Target: bo, Check: "hit"}, 17, 6)
	wantLog(t, logText(f),
		"Sly: Hit roll against Bo (Dazed: Disadvantage): d20, with Disadvantage: [2 (not 18)] = 2",
		"Sly Initiative roll: d20 + init_bonus, with Disadvantage: [4 (not 15)] + 3 = 7, Dazed: Disadvantage: 7",
		"Sly: Hit roll against Bo (Blinded: Disadvantage): d20, with Disadvantage: [6 (not 17)] = 6")
}

// Defending wins ties on its Defenses (l.35): the Fortitude rolls against
// a trip, a disarm and a push (Defense rolls, l.352) get its +1 as Evasion
// does. Ash's AV 18 + the spear's 1 is 19: a Fortitude of 9 + 10 = 19
// ties, and Defending it holds.
// ledger: energy/defend-wins-ties
func TestEnergyDefendingWinsManeuverTies(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: bo, Condition: "defending"})
	for _, check := range []string{"trip_fortitude", "disarm_fortitude"} {
		f.Must(engine.RollCheck{Who: bo, Target: ash, Check: check}, 9)
	}
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "push_fortitude"}, 9)
	log := logText(f)
	wantLog(t, log,
		"Bo: Fortitude against a trip against Ash (Defending +1): d10! + fortitude: [9] + 10 = 19 + 1 = 20 vs more than 19: Stays standing",
		"Bo: Fortitude against a disarm against Ash (Defending +1): d10! + fortitude: [9] + 10 = 19 + 1 = 20 vs more than 19: Keeps its weapon",
		"Bo: Fortitude against a push against Ash (Defending +1): d10! + fortitude: [9] + 10 = 19 + 1 = 20 vs more than 18: Stands firm")
}

// The Swift attack (l.481-483) is a blow: a melee attack for 1 Energy and
// the round's Swift attack, the Evasion roll and the Combat roll as any
// melee attack; a second in the round is refused.
// ledger: energy/swift-attack
func TestEnergySwiftBlow(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: ash, Blow: "swift", Foes: []int{bo}, Answer: "evasion"}, 9, 2, 5)
	if a := f.Get("Ash"); a.Pools["energy"] != 4 || a.Pools["swift"] != 0 {
		t.Errorf("a Swift blow leaves %d Energy and %d Swift attack, want 4 and 0", a.Pools["energy"], a.Pools["swift"])
	}
	if got := f.Get("Bo").HP; got != 14-(5+2) {
		t.Errorf("Bo has %d Aura, want 14 - (5 + 2), past the armour", got)
	}
	f.Refuse(engine.Blow{Who: ash, Blow: "swift", Foes: []int{bo}, Answer: "evasion"}, "Swift attack")
	wantLog(t, logText(f), "Ash's Swift attack on Bo")
}

// Trip (l.559): a target moving during the attack has Disadvantage on its
// Fortitude roll: the blow's modifier "moving" reaches it.
// ledger: energy/trip
func TestEnergyTripAMovingTarget(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: bo, Condition: "exposed"})
	f.Must(engine.Blow{Who: ash, Blow: "trip", Foes: []int{bo}, Answer: "evasion", Modifiers: []string{"moving"}}, 10, 1, 9, 2)
	if !f.Get("Bo").Has("prone") {
		t.Errorf("a moving target's Fortitude had no Disadvantage:\n%s", logText(f))
	}
	if !strings.Contains(logText(f), "(Moving: Disadvantage): d10! + fortitude, with Disadvantage: [2 (not 9)]") {
		t.Errorf("no Disadvantage logged:\n%s", logText(f))
	}
}

// A weapon readied again from the ground (A offers it, l.37-39) is picked
// up: 1 Energy, and the one picking it up is Exposed.
// ledger: energy/pick-up-exposes energy/pick-up-cost
func TestEnergyReadyingADroppedWeaponIsAPickUp(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	bo := f.ID("Bo")
	f.Must(engine.Arm{Who: bo, State: "dropped"})
	f.Must(engine.Arm{Who: bo})
	b := f.Get("Bo")
	if b.Pools["energy"] != 4 || !b.Has("exposed") || !b.Weapons[0].Ready() {
		t.Errorf("the scimitar picked up: %d Energy, %v, ready %v", b.Pools["energy"], b.Conditions, b.Weapons[0].Ready())
	}
	// With no Energy left and no Stamina to spend (Shaken), it cannot.
	f.Must(engine.Spend{Who: bo, Action: "melee"})
	f.Must(engine.Spend{Who: bo, Action: "shift"})
	f.Must(engine.GiveCondition{Who: bo, Condition: "shaken"})
	f.Must(engine.Arm{Who: bo, State: "dropped"})
	f.Refuse(engine.Arm{Who: bo}, "Energy")
}

// Not proficient with the melee weapon in hand (l.527): -1 Evasion, on the
// Evasion roll in a blow and in g alike; the Unarmed Evasion roll (no
// weapon helps) and the Ranged Evasion roll (no weapon bonus) keep theirs.
// Ash (MPL 0, the spear's MPR 1) evades the raider's AV 16 + 1 with 8 +
// 10 - 1 = 17: not more than 17, a hit.
// ledger: energy/proficiency
func TestEnergyNotProficientEvadesWorse(t *testing.T) {
	f := energyFight(t, func(name string, n *engine.NewCombatant) {
		if name == "Ash" {
			n.Stats = maps.Clone(n.Stats)
			n.Stats["mpl"] = 0
		}
	}, nil, member{name: "Ash", creature: "adventurer"}, member{name: "Bo", creature: "raider"})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: bo, Blow: "attack", Foes: []int{ash}, Answer: "evasion"}, 14, 8, 3)
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "evasion"}, 8)
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "unarmed_evasion"}, 8)
	log := logText(f)
	wantLog(t, log, "Ash: Evasion roll against Bo: d10! + evasion - min(1, max(0, hand_mpr - mpl)): [8] + 10 - min(1, max(0, 1 - 0)) = 17 vs more than 17: Hit",
		"Ash: Unarmed Evasion roll against Bo: d10! + unarmed_evasion: [8] + 9 = 17")
	if got := f.Get("Ash").HP; got == 20 {
		t.Errorf("the unproficient Ash evaded:\n%s", log)
	}
}

// Non-lethal damage from a blow (l.505-511, 543): the unarmed attack with
// "Non-lethal" chosen at a raider at 0 Aura leaves it Shaken and 5 Stamina
// down, with no Death roll; a ranged shot with it chosen (after the Chance
// roll) too.
// ledger: energy/nonlethal-chance energy/nonlethal-no-death-roll
func TestEnergyNonLethalBlow(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Sly", creature: "scout"}, {name: "Bo", creature: "raider"}})
	ash, sly, bo := f.ID("Ash"), f.ID("Sly"), f.ID("Bo")
	f.Must(engine.Damage{Who: bo, Amount: 14})
	f.Must(engine.Blow{Who: ash, Blow: "unarmed", Foes: []int{bo}, Modifiers: []string{"nonlethal"}}, 12)
	if c := f.Get("Bo"); !c.Has("shaken") || c.Pools["stamina"] != 3 || strings.Contains(logText(f), "Death roll") {
		t.Fatalf("a non-lethal punch at 0 Aura: %v %v\n%s", c.Conditions, c.Pools, logText(f))
	}
	f.Must(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}, Modifiers: []string{"nonlethal"}}, 15, 2)
	if c := f.Get("Bo"); !c.Has("knocked_out") || strings.Contains(logText(f), "Death roll") {
		t.Errorf("a non-lethal shot at 0 Aura: %v %v\n%s", c.Conditions, c.Pools, logText(f))
	}
	// Without it, the punch is lethal: a Death roll.
	f.Must(engine.Blow{Who: ash, Blow: "unarmed", Foes: []int{bo}}, 12, 20)
	if !strings.Contains(logText(f), "Death roll") {
		t.Errorf("a lethal punch at 0 Aura rolled no Death roll:\n%s", logText(f))
	}
}

// Non-lethal damage takes Aura above 0 just as lethal damage does (l.505):
// the same punch, with "Non-lethal" chosen and without, takes the same
// Aura from two raiders alike.
// ledger: energy/nonlethal-reduces-aura
func TestEnergyNonLethalTakesAura(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"},
		{name: "Cy", creature: "raider"}})
	ash, bo, cy := f.ID("Ash"), f.ID("Bo"), f.ID("Cy")
	f.Must(engine.Blow{Who: ash, Blow: "unarmed", Foes: []int{bo}, Modifiers: []string{"nonlethal"}}, 12)
	f.Must(engine.Blow{Who: ash, Blow: "unarmed", Foes: []int{cy}}, 12)
	b, c := f.Get("Bo"), f.Get("Cy")
	if b.HP >= b.MaxHP || b.HP != c.HP {
		t.Errorf("a non-lethal punch left %d Aura of %d, a lethal one %d:\n%s", b.HP, b.MaxHP, c.HP, logText(f))
	}
	wantLog(t, logText(f), "Bo takes 3 non-lethal (14 -> 11 Aura)")
}

// Load (l.19): an action of its own, 1 Energy a time, taken again for a
// weapon that takes more (the weapons' costs are not in this text).
// ledger: energy/load
func TestEnergyLoad(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Sly", creature: "scout"}})
	sly := f.ID("Sly")
	f.Must(engine.Spend{Who: sly, Action: "load"})
	f.Must(engine.Spend{Who: sly, Action: "load"})
	if got := f.Get("Sly").Pools["energy"]; got != 3 {
		t.Errorf("two Loads leave %d Energy, want 3", got)
	}
	wantLog(t, logText(f), "Sly: Load")
}
