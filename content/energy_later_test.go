package content_test

import (
	"testing"

	"fray/engine"
)

// Only an attack against Evasion meets the armour (l.344): the melee and
// ranged blows, answered by Evasion, take the Armor Rating off; damage the
// GM types (a spell against Fortitude or Will) is taken whole.
// ledger: energy/armor-on-evasion-only
func TestEnergyArmourOnlyAgainstEvasion(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: ash, Blow: "attack", Foes: []int{bo}, Answer: "evasion"}, 5, 2, 4)
	f.Must(engine.Damage{Who: bo, Amount: 5})
	wantLog(t, logText(f), "Bo's armor_rating 2 takes 2 off 6: 4 gets through", "Bo takes 4 (14 -> 10 Aura)", "Bo takes 5 (10 -> 5 Aura)")
}

// A single strike at one who cannot defend (l.156): 1 Energy, no Defense
// roll; the Combat roll still says the critical and the armour. It need
// not be the round's Swift Attack.
// ledger: energy/defenceless-strike
func TestEnergyDefencelessStrike(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: bo, Condition: "unconscious"})
	f.Must(engine.Blow{Who: ash, Blow: "defenceless", Foes: []int{bo}}, 15, 4)
	f.Must(engine.Blow{Who: ash, Blow: "defenceless", Foes: []int{bo}}, 5, 4)
	wantLog(t, logText(f), "Ash strikes at Bo with Spear (Strike the defenceless)", "Bo takes 6 (14 -> 8 Aura)", "Bo takes 4 (8 -> 4 Aura)")
	a := f.Get("Ash")
	if a.Pools["energy"] != 3 || a.Pools["swift"] != 1 {
		t.Errorf("two strikes at the defenceless: Energy %d, Swift %d; want 3 and the Swift Attack unspent", a.Pools["energy"], a.Pools["swift"])
	}
}

// Attacked from where it is not facing (l.338-340, 404), one evades with
// its Unarmed Evasion (no weapon or shield bonus) and Disadvantage: the
// adventurer's 9 to its Evasion 10; a raider's is its Evasion.
// ledger: energy/facing-unarmed-evasion
func TestEnergyUnarmedEvasionFromBehind(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Blow{Who: bo, Blow: "attack", Foes: []int{ash}, Answer: "unarmed_evasion", Guards: []string{"unfaced"}}, 10, 9, 8, 3)
	wantLog(t, logText(f),
		"Ash: Unarmed Evasion roll against Bo (Not facing the attack: Disadvantage): d10! + unarmed_evasion, with Disadvantage: [8 (not 9)] + 9 = 17 vs more than 17: Hit")
	if got := f.Get("Bo").Stats["unarmed_evasion"]; got != 9 {
		t.Errorf("the raider's Unarmed Evasion is %d, want its Evasion 9", got)
	}
}

// Defending ends on moving more than one's Speed in a round (l.35): a
// full Run is the Speed, so any movement after it that round ends it (a
// Shift after Defend); a Run ended early has not gone the whole Speed.
// ledger: energy/defend-ends-on-moving
func TestEnergyDefendEndsPastSpeed(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Spend{Who: ash, Action: "run"})
	f.Must(engine.Spend{Who: ash, Action: "defend"})
	if !f.Get("Ash").Has("defending") {
		t.Fatalf("Defend: %v", f.Get("Ash").Conditions)
	}
	f.Must(engine.Spend{Who: ash, Action: "shift"})
	if f.Get("Ash").Has("defending") {
		t.Errorf("a Shift after a full Run is past the Speed: Defending stays %v", f.Get("Ash").Conditions)
	}
	wantLog(t, logText(f), "Ash is no longer Defending")
	f.Next()
	f.Must(engine.Spend{Who: ash, Action: "run", Part: 2})
	f.Must(engine.Spend{Who: ash, Action: "defend"})
	f.Must(engine.Spend{Who: ash, Action: "shift"})
	if !f.Get("Ash").Has("defending") {
		t.Errorf("two thirds of a Run and a Shift: Defending ended %v", f.Get("Ash").Conditions)
	}
}

// Throwing (l.272-274): a ranged attack (1 Energy, the Hit roll against
// the Miss Chance); a weapon without the Thrown property deals half damage
// unless the Hit roll is a natural 20; the weapon leaves the hand.
// ledger: energy/throwing
func TestEnergyThrowing(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Sly", creature: "scout"}, {name: "Bo", creature: "raider"}})
	sly, bo := f.ID("Sly"), f.ID("Bo")
	// The knife (1d4 + masdb in hand), not made for throwing: a 15, past
	// the armour: 3 / 2. A throw's damage is the weapon's roll (l.240:
	// the draw weight's extra, none for a hand's throw), not the melee
	// bonus MASDB.
	f.Must(engine.Blow{Who: sly, Blow: "throw_unfit", Weapon: 1, Foes: []int{bo}}, 15, 3)
	if w := f.Get("Sly").Weapons[1]; w.Ready() {
		t.Errorf("the thrown knife is still in hand: %+v", w)
	}
	f.Must(engine.Arm{Who: sly, Weapon: 1})
	// A natural 20: full damage.
	f.Must(engine.Blow{Who: sly, Blow: "throw_unfit", Weapon: 1, Foes: []int{bo}}, 20, 3)
	wantLog(t, logText(f), "Sly's damage: weapon 3 / 2 = 1", "Bo takes 1 (14 -> 13 Aura)", "Bo takes 3 (13 -> 10 Aura)", "Sly's Knife is dropped")
	if got := f.Get("Sly").Pools["energy"]; got != 2 {
		t.Errorf("two throws and the knife picked up between them left %d Energy, want 5 - 1 - 1 - 1", got)
	}
	// A weapon with the Thrown property deals its full damage.
	g, _ := startFight(t, "energy", []member{{name: "Sly", creature: "scout"}, {name: "Bo", creature: "raider"}})
	g.Must(engine.Blow{Who: g.ID("Sly"), Blow: "throw", Weapon: 1, Foes: []int{g.ID("Bo")}}, 15, 3)
	wantLog(t, logText(g), "Bo takes 3 (14 -> 11 Aura)")
}
