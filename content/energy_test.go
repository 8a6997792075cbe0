package content_test

import (
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
