package engine_test

import "fray/engine/rules"

// conditions.own_turn_only: a condition that counts in its holder's own
// turn alone.

// sizingAll is a lasting Sizing, +10 on the Combat roll.
func sizingAll(rs *rules.Ruleset) {
	combat()(rs)
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "sizing", Name: "Sizing", Duration: rules.UntilRemoved,
		CheckBonus: map[string]int{"combat": 10}})
}

var ownTurnCases = []schemaCase{
	// B's roll in A's turn takes no Sizing; in its own, it does.
	{key: "conditions.own_turn_only", need: sizingAll, set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].OwnTurnOnly = true },
		play: duel(give("B", "sizing"), combatAt("B", "A"), next(1), combatAt("B", "A")),
		want: []string{"B: Combat roll against A: d20", "B: Combat roll against A (Sizing +10)"}},
}

func init() { schemaCases = append(schemaCases, ownTurnCases...) }
