package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// Energy's worked examples, with the shipped ruleset and creatures.

func TestEnergyHasNoOrder(t *testing.T) {
	f, dice := startFight(t, "energy", []member{
		{name: "Adventurer", creature: "adventurer"}, {name: "Raider", creature: "raider"},
		{name: "Tired", hp: 10, stats: map[string]int{"stamina": 2}},
	})
	checkSteps(t, twoRounds(t, f), []string{"r1 -", "r2 -"})
	if dice.Left() != 0 || dice.Err != nil {
		t.Errorf("dice: %v", dice.Err)
	}
	enc := f.Current()
	for name, want := range map[string][2]int{"Adventurer": {5, 3}, "Raider": {4, 4}, "Tired": {2, 3}} {
		for _, c := range enc.Combatants {
			if c.Name == name && (c.Pools["energy"] != want[0] || c.Pools["agility"] != want[1]) {
				t.Errorf("%s pools %v, want energy %d agility %d", name, c.Pools, want[0], want[1])
			}
		}
	}
	if enc.Actor() != nil {
		t.Errorf("energy has an actor: %v", enc.Actor())
	}
}

// Energy has no order to set, and at 0 Aura a combatant stays in the fight.
func TestEnergyAuraAtZeroKeepsActing(t *testing.T) {
	rs, _ := shipped(t).Ruleset("energy")
	f := enginetest.Start(t, rs.Ruleset, nil, "X")
	f.Refuse(engine.Command{Op: engine.OpSetInit, Who: 1, Init: 3}, "no initiative order")
	f.Must(engine.Command{Op: engine.OpDamage, Who: 1, Amount: 40})
	if f.Current().Combatant(1).Out {
		t.Error("energy keeps combatants at 0 Aura in the fight")
	}
}

// A roll with outcomes on the clock (energy.txt, Unconsciousness and the
// Death Save): at the start of each round a knocked-out combatant rolls a
// d20 and wakes on a 20; one bleeding out makes a Death Save, stabilised on
// a 20, unconscious on 2-4 (waking then is the GM's call), dead on a 1.
func TestEnergyRollsOnTheClock(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", hp: 10}, {name: "Brand", hp: 10}})
	ash, brand := f.ID("Ash"), f.ID("Brand")
	f.Must(engine.Command{Op: engine.OpCondition, Who: ash, Condition: "knocked_out"})
	f.Must(engine.Command{Op: engine.OpCondition, Who: brand, Condition: "bleeding_out"})
	f.Must(engine.Command{Op: engine.OpNext}, 7, 12) // round 2: Ash 7 stays out; Brand 12 bleeds on
	if !f.Get("Ash").Has("unconscious") || !f.Get("Brand").Has("bleeding_out") {
		t.Fatal("a 7 woke Ash or a 12 stopped Brand's bleeding")
	}
	if !strings.Contains(logText(f), "Ash: Waking: d20: [7] = 7 vs 20 or more: Still out") {
		t.Errorf("the waking roll is not logged:\n%s", logText(f))
	}
	f.Must(engine.Command{Op: engine.OpNext}, 20, 3) // round 3: Ash wakes; Brand falls unconscious
	if f.Get("Ash").Has("unconscious") || f.Get("Ash").Has("knocked_out") || !f.Get("Brand").Has("unconscious") || !f.Get("Brand").Has("bleeding_out") {
		t.Fatalf("round 3: Ash %v, Brand %v", f.Get("Ash").Conditions, f.Get("Brand").Conditions)
	}
	f.Must(engine.Command{Op: engine.OpNext}, 20) // round 4: Brand is stabilised, and stays out
	if b := f.Get("Brand"); b.Has("bleeding_out") || !b.Has("stabilized") || !b.Has("unconscious") {
		t.Fatalf("round 4: Brand %v", b.Conditions)
	}
	f.Must(engine.Command{Op: engine.OpCondition, Who: ash, Condition: "bleeding_out"})
	f.Must(engine.Command{Op: engine.OpNext}, 1) // round 5: Ash dies
	if !f.Get("Ash").Has("dead") {
		t.Errorf("a 1 on the Death Save: Ash %v", f.Get("Ash").Conditions)
	}
}
