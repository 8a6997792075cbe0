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
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Action = "hit"; rs.Checks[0].Spends = "" }, refused: "gives no condition"},
	// On a check that spends actions, the bonus is bound to the roll its
	// action pays for, the first: a Rush of many rolls pays for no more
	// after it, and the action need give nothing.
	{key: "checks.modifiers.action", note: "its one roll", need: rushing,
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Modifiers[0].Action = "rush"
			for i := range rs.Actions {
				if rs.Actions[i].ID == "rush" {
					rs.Actions[i].Gives, rs.Actions[i].ManyRolls = "", true
				}
			}
		},
		play: duel(spend("A", "rush"), rollAt("A", "B"), rollAt("A", "B", "rush"), next(2), spend("A", "rush"), rollAt("A", "B", "rush"),
			rollAt("A", "B"), next(1), spend("B", "rush"), rollAt("B", "A", "rush")),
		want: []string{"refused: Combat roll: Rush bonus is the bonus of one roll of Rush, and A has made it",
			"A: Combat roll against B (Rush bonus +5)", "refused: A has made the attack rolls its attacks pay for this turn"},
		not: []string{"refused: Combat roll: Rush bonus needs B"}},
}

func init() { schemaCases = append(schemaCases, modifierActionCases...) }
