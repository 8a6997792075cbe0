package engine_test

import (
	"fray/engine/rules"
)

// checks.modifiers.action: a modifier that is an attacking action's bonus.

// rushing is hitting with a Rush action (an attack that gives Rushing)
// and a Rush modifier of +5.
func rushing(rs *rules.Ruleset) {
	hitting(rs)
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "rushing", Name: "Rushing", Duration: rules.UntilRemoved})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "rush", Name: "Rush", Cost: map[string]int{"attack": 1}, Attack: true, Gives: "rushing"})
	rs.Checks[0].Spends = "hit"
	rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "rush", Name: "Rush bonus", Mod: ex("5")}}
}

var modifierActionCases = []schemaCase{
	{key: "checks.modifiers.action", need: rushing, set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Action = "rush" },
		play: duel(rollAt("A", "B", "rush"), next(1), spend("B", "hit"), rollAt("B", "A", "rush")),
		want: []string{"A: Rush\nA is Rushing", "A: Combat roll against B (Rush bonus +5)",
			"refused: Combat roll: Rush bonus needs B to have taken Rush"},
		not: []string{"A: Hit"}},
	{key: "checks.modifiers.action", note: "not an attack", need: rushing,
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Action = "wave" }, refused: "does not attack"},
	{key: "checks.modifiers.action", note: "gives nothing", need: rushing,
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Action = "hit" }, refused: "gives no condition"},
}

func init() { schemaCases = append(schemaCases, modifierActionCases...) }
