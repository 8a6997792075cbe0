package engine_test

import (
	"fray/engine/rules"
)

// checks.spends: an attack roll in one's own turn spends the attack's
// action where none was spent.

// hitting is the Combat roll beside an Attack pool of one a turn and a Hit
// action that spends it.
func hitting(rs *rules.Ruleset) {
	combat()(rs)
	rs.Pools = append(rs.Pools, rules.Pool{ID: "attack", Name: "Attack", Capacity: ex("1"), Reset: rules.AtOwnTurnStart})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "hit", Name: "Hit", Cost: map[string]int{"attack": 1}, Attack: true},
		rules.ActionDef{ID: "wave", Name: "Wave"})
}

var checkSpendsCases = []schemaCase{
	{key: "checks.spends", need: hitting, set: func(rs *rules.Ruleset) { rs.Checks[0].Spends = "hit" },
		play: duel(rollAt("A", "B"), rollAt("A", "B"), spend("A", "hit")),
		want: []string{"A: Hit\nA: Combat roll against B", "refused: Hit costs 1 Attack; A has Attack 0"}},
	{key: "checks.spends", note: "not an attack", need: hitting, set: func(rs *rules.Ruleset) { rs.Checks[0].Spends = "wave" },
		refused: "does not attack"},
}

func init() { schemaCases = append(schemaCases, checkSpendsCases...) }
