package content_test

import (
	"fmt"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// actionSteps are the action phase's steps of round n, as where says them,
// stepping to the round's resolution.
func actionSteps(t *testing.T, f *enginetest.Fight, n int) []string {
	t.Helper()
	var steps []string
	for i := 0; where(f.Rules, f.Current()) != fmt.Sprintf("r%d resolution", n); i++ {
		if i > 200 {
			t.Fatalf("round %d's resolution never came", n)
		}
		if s := where(f.Rules, f.Current()); f.Current().Round == n && strings.Contains(s, "action ") {
			steps = append(steps, s)
		}
		f.Next()
	}
	return steps
}

// l.71: within a DEX rank "finally those with short weapons (daggers, etc.)
// or who are unarmed". A brawler of 90% whose sword is dropped in round 1
// fights unarmed: on their shared rank of round 2 it goes after a swordsman
// of 50% (medium),
// where its length stat (2, the sword's) would tie them and its skill win;
// a fist typed as a natural weapon goes with the short ones too.
// ledger: brp/weapon-length-first
func TestBRPUnarmedGoesWithTheShortWeapons(t *testing.T) {
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}}
	fist := rules.Weapon{Name: "Fist", Damage: dice.MustParse("1d3"), Kinds: []string{"natural"}}
	fight := func(brawler rules.Weapon) *enginetest.Fight {
		f := enginetest.New(t, brpRules(t), dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "Brawler", HP: 12, Stats: map[string]int{"DEX": 12, "skill": 90, "length": 2}, Weapons: []rules.Weapon{brawler}},
			{Name: "Swordsman", HP: 12, Stats: map[string]int{"DEX": 12, "skill": 50, "length": 2}, Weapons: []rules.Weapon{sword}}}})
		f.Must(engine.Start{})
		return f
	}
	f := fight(sword)
	checkSteps(t, actionSteps(t, f, 1), []string{"r1 action Brawler@12", "r1 action Swordsman@12"})
	f.Must(engine.Arm{Who: f.ID("Brawler"), Weapon: 0, State: rules.FateDropped})
	checkSteps(t, actionSteps(t, f, 2), []string{"r2 action Swordsman@12", "r2 action Brawler@12"})

	f = fight(fist)
	checkSteps(t, actionSteps(t, f, 1), []string{"r1 action Swordsman@12", "r1 action Brawler@12"})
}

// l.71: "Attackers armed with missile weapons (bows, guns, etc.) are
// considered to act before those in hand-to-hand (melee) combat". A bow
// that gives no length, its archer's length stat left at 2, goes before a
// spear (3) of the higher skill; so does one that gives a length of 1.
// ledger: brp/weapon-length-first
func TestBRPMissileKindGoesFirstOnItsRank(t *testing.T) {
	for _, fields := range []map[string]int{nil, {"length": 1}} {
		bow := rules.Weapon{Name: "Bow", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile"}, Fields: fields}
		f := enginetest.New(t, brpRules(t), dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "Spear", HP: 12, Stats: map[string]int{"DEX": 12, "skill": 80, "length": 3}},
			{Name: "Archer", HP: 12, Stats: map[string]int{"DEX": 12, "skill": 40}, Weapons: []rules.Weapon{bow}}}})
		f.Must(engine.Start{})
		checkSteps(t, actionSteps(t, f, 1), []string{"r1 action Archer@12", "r1 action Spear@12"})
	}
}
