package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// gunnerActs counts the gunner's steps in the action phase of the round
// the fight is in, stepping to the round's end.
func gunnerActs(f interface {
	Next()
	Current() *engine.Encounter
	Actor() string
}) int {
	n, r := 0, f.Current().Round
	for f.Current().Round == r {
		if f.Actor() == "Gunner" && f.Current().Phase == 2 {
			n++
		}
		f.Next()
	}
	return n
}

// The missile fumble's 01-15, "lose the next attack or other activity"
// (l.288), costs the next attack: the second of two this round where the
// shooter has one left, the next round's first where it has none.
//
// ledger: brp/fumble-missile-table
func TestBRPMissileFumbleLosesTheNextAttack(t *testing.T) {
	for _, tc := range []struct {
		attacks        int
		after, nextRnd int
	}{{2, 0, 2}, {1, 0, 0}} {
		rs, _ := shipped(t).Ruleset("brp")
		f := enginetest.New(t, rs.Ruleset, dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "Gunner", HP: 12, Stats: map[string]int{"DEX": 16, "skill": 50, "attacks": tc.attacks, "length": 4},
				Weapons: []rules.Weapon{{Name: "Pistol", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile"}}}},
			{Name: "Foe", HP: 12, Stats: map[string]int{"DEX": 5, "skill": 50}},
		}})
		f.Must(engine.Start{})
		onRank(t, f, "Gunner")
		f.Must(engine.Blow{Who: f.ID("Gunner"), Blow: "attack", Foes: []int{f.ID("Foe")}}, 99, 10)
		f.Next()
		if n := gunnerActs(f); n != tc.after {
			t.Errorf("%d attacks: %d more steps this round after the fumble, want %d\n%s", tc.attacks, n, tc.after, logText(f))
		}
		if n := gunnerActs(f); n != tc.nextRnd {
			t.Errorf("%d attacks: %d steps in round 2, want %d\n%s", tc.attacks, n, tc.nextRnd, logText(f))
		}
		if n := gunnerActs(f); n != tc.attacks {
			t.Errorf("%d attacks: %d steps in round 3, want all\n%s", tc.attacks, n, logText(f))
		}
	}
}
