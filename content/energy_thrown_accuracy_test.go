package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// A weapon with the Thrown property throws with its Attack Bonus as its
// Accuracy (l.272): the javelin (+2) against a Miss Chance of 8 - 2.
// ledger: energy/throwing
func TestEnergyThrownWeaponAimsWithItsAVBonus(t *testing.T) {
	rs, _ := shipped(t).Ruleset("energy")
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	jav := rules.Weapon{Name: "Javelin", Damage: dice.MustParse("1d6 + masdb"), Kinds: []string{"piercing"}, Fields: map[string]int{"attack": 2}}
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Jo", HP: 20, Side: "party", Weapons: []rules.Weapon{jav}},
		{Name: "Bo", HP: 20, Side: "foes"},
	}})
	f.Must(engine.Start{})
	// A 6 at the Miss Chance 6 hits (with the accuracy field, 8: a miss,
	// and the damage die typed is left over).
	if _, err := f.Do(engine.Blow{Who: f.ID("Jo"), Blow: "throw", Foes: []int{f.ID("Bo")}}, 6, 3); err != nil {
		t.Errorf("the throw: %v", err)
	}
	wantLog(t, logText(f), "Jo: Hit roll against Bo: d20: [6] = 6 vs 6 or more", "Bo takes 3")
	// The target's movement still moves it: standing still, 5 less.
	f.Must(engine.Arm{Who: f.ID("Jo")})
	f.Must(engine.Blow{Who: f.ID("Jo"), Blow: "throw", Foes: []int{f.ID("Bo")}, Modifiers: []string{"still"}}, 2, 3)
	wantLog(t, logText(f), "Jo: Hit roll against Bo (Target not moving: target -5): d20: [2] = 2 vs 1 or more")
}
