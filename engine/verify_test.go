package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// A running fight of three, each mutation of which Verify must catch.
func TestVerifyCatchesBrokenState(t *testing.T) {
	// Initiative kept all fight, ties broken on BS, a budget of an Attack and
	// a Move each turn, a stun ladder of one level.
	one := dice.MustParse("1")
	rs := enginetest.Rules(t, rules.Ruleset{ID: "verify", Name: "Verify",
		Stats: []rules.StatDef{{ID: "BS", Name: "Basic Speed"}},
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10"), Tiebreak: []string{"BS"}},
		Pools: []rules.Pool{
			{ID: "attack", Name: "Attack", Capacity: one, Reset: rules.AtOwnTurnStart},
			{ID: "move", Name: "Move", Capacity: one, Reset: rules.AtOwnTurnStart},
		},
		Stun: rules.StunRules{Kind: rules.StunLadder, Levels: []rules.StunLevel{{ID: "stunned", Name: "Stunned"}}, Recovery: dice.MustParse("1d100"), Target: 101},
	})
	newFight := func() *engine.Fight {
		f := engine.NewFight(rs, engine.NewEncounter("v", rs), dice.NewSource(5))
		init := []int{20, 15, 15}
		var add []engine.NewCombatant
		for i, n := range []string{"A", "B", "C"} {
			add = append(add, engine.NewCombatant{Name: n, HP: 30, Stats: map[string]int{"BS": 3 - i}, Init: &init[i]})
		}
		for _, cmd := range []engine.Command{engine.Add{Combatants: add}, engine.Start{}} {
			if _, err := f.Do(cmd); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.Verify(); err != nil {
			t.Fatalf("a good fight fails: %v", err)
		}
		return f
	}
	for _, tc := range []struct {
		name, want string
		edit       func(e *engine.Encounter)
	}{
		{"hp over max", "out of range", func(e *engine.Encounter) { e.Combatants[0].HP, e.Combatants[0].MaxHP = 31, 30 }},
		{"out while up", "out is true", func(e *engine.Encounter) { e.Combatants[1].Out = true }},
		{"hp unlogged", "history adds up", func(e *engine.Encounter) { e.Combatants[1].HP-- }},
		{"pool over", "outside 0..1", func(e *engine.Encounter) { e.Combatants[0].Pools["attack"] = 2 }},
		{"pool negative", "outside", func(e *engine.Encounter) { e.Combatants[0].Pools["move"] = -1 }},
		{"order unsorted", "before", func(e *engine.Encounter) { e.Entries[0], e.Entries[2] = e.Entries[2], e.Entries[0] }},
		{"tie against the tie-break", "tie-breaks", func(e *engine.Encounter) { e.Entries[1], e.Entries[2] = e.Entries[2], e.Entries[1] }},
		{"actor gone", "not in the fight", func(e *engine.Encounter) { e.Cur.Who = 99 }},
		{"nobody acts", "could", func(e *engine.Encounter) { e.Cur.Who = 0 }},
		{"repeated id", "repeated id", func(e *engine.Encounter) { e.Combatants[1].ID = e.Combatants[0].ID }},
		{"unknown condition", "unknown condition", func(e *engine.Encounter) {
			e.Combatants[0].Conditions = append(e.Combatants[0].Conditions, engine.Condition{ID: "nope"})
		}},
		{"fixed order short", "of 3 combatants", func(e *engine.Encounter) { e.Order = e.Order[:2] }},
		{"negative stun", "negative stun", func(e *engine.Encounter) {
			e.Combatants[0].Stun = make([]int, len(rs.Stun.Levels))
			e.Combatants[0].Stun[0] = -1
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFight()
			tc.edit(f.Current())
			err := f.Verify()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}
