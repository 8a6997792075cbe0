package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// hp.gm_wakes: the GM taking the knock-out condition away rules the
// combatant awake, until it is hurt worse.

// knockingOut keeps a knock-out condition given at 0 hits.
func knockingOut(rs *rules.Ruleset) {
	withConds(rules.ConditionDef{ID: "ko", Name: "Unconscious", NoTurn: true})(rs)
	rs.HP.OutCondition = "ko"
}

var gmWakesCases = []schemaCase{
	{key: "hp.gm_wakes", need: knockingOut, set: func(rs *rules.Ruleset) { rs.HP.GMWakes = true },
		play: duel(damage("A", 25), do("A", engine.TakeCondition{Condition: "ko"})),
		want: []string{"A: hp -5/20 out false pools [] conds []"}, gone: []string{"A: hp -5/20 out true pools [] conds [ko(hp)]"}},
	{key: "hp.gm_wakes", note: "hurt worse", need: knockingOut, set: func(rs *rules.Ruleset) { rs.HP.GMWakes = true },
		play: duel(damage("A", 25), do("A", engine.TakeCondition{Condition: "ko"}), damage("A", 1)),
		want: []string{"A is back in the fight\nA takes 1 (-5 -> -6 HP)\nA is down\nA is Unconscious"}, not: []string{"A: hp -6/20 out false"}},
	{key: "hp.gm_wakes", note: "nothing knocks out", set: func(rs *rules.Ruleset) { rs.HP.GMWakes = true },
		refused: "nothing knocks out to rule awake"},
}

func init() { schemaCases = append(schemaCases, gmWakesCases...) }
