package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// l.409, 429: "combat skill rating of 100% or more lets your character
// split their attack into multiple attacks": the rating is the skill the
// attack is made with, the weapon's. A spearman whose spear has its own
// 110% (its skill stat 30), its attacks not typed, has two: ranks 14 and
// 9; one whose skill stat is 110 fighting with a knife of its own 60 has
// one.
// ledger: brp/over-100-split brp/fight-defensively-limits
func TestBRPAttacksFromTheWeaponsSkill(t *testing.T) {
	weapon := func(name string, skill int) []rules.Weapon {
		return []rules.Weapon{{Name: name, Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "melee"},
			Fields: map[string]int{"skill": skill}}}
	}
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Spearman", HP: 14, Stats: map[string]int{"DEX": 14, "skill": 30, "length": 3}, Weapons: weapon("Spear", 110)},
		{Name: "Knifer", HP: 14, Stats: map[string]int{"DEX": 13, "skill": 110, "length": 1}, Weapons: weapon("Knife", 60)}}})
	if a, b := f.Get("Spearman").Stats["attacks"], f.Get("Knifer").Stats["attacks"]; a != 2 || b != 1 {
		t.Errorf("attacks: the spear's 110%% gives %d, want 2; the knife's 60%% gives %d, want 1", a, b)
	}
	f.Must(engine.Start{})
	checkSteps(t, actionSteps(t, f, 1), []string{"r1 action Spearman@14", "r1 action Knifer@13", "r1 action Spearman@9#2"})
}
