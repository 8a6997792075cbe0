package engine_test

import (
	"fray/engine/rules"
)

// The cases of a condition's until_phase and moving_uses_up (War &
// Combat's stop in a zone of danger, l.121, and its one hex adjustment),
// kept beside the rest of schemaCases.
func init() { schemaCases = append(schemaCases, phaseEndCases...) }

// held is a condition held to the round's end.
var held = withConds(rules.ConditionDef{ID: "held", Name: "Held", Duration: rules.UntilRoundEnd})

var phaseEndCases = []schemaCase{
	// until_phase: given in the first phase, Held ends with it, not with
	// the round: gone when the second phase begins.
	{key: "conditions.until_phase", need: needs(twoPhases, held),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].UntilPhase = "first" },
		play: duel(give("A", "held"), next(2)), want: []string{"A is Held until the end of the first phase", "A: hp 20/20 out false pools [] conds []"}},
	{key: "conditions.until_phase", note: "unknown", need: needs(twoPhases, held),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].UntilPhase = "third" }, refused: `unknown phase "third"`},
	{key: "conditions.until_phase", note: "not to the round's end", need: needs(twoPhases, withConds(rules.ConditionDef{ID: "held", Name: "Held"})),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].UntilPhase = "first" }, refused: "duration end_of_round"},

	// moving_uses_up: one who holds Adjusting walks once, and the rest of
	// its AP is gone.
	{key: "conditions.moving_uses_up", need: needs(pool(rules.AtRoundStart), withConds(rules.ConditionDef{ID: "adjusting", Name: "Adjusting"}),
		withActions(rules.ActionDef{ID: "walk", Name: "Walk", Cost: map[string]int{"ap": 1}, Moves: true})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].MovingUsesUp = []string{"ap"} },
		play: duel(give("A", "adjusting"), spend("A", "walk"), spend("A", "walk")), want: []string{"refused: Walk costs 1 AP; A has AP 0"}},
	{key: "conditions.moving_uses_up", note: "unknown", need: needs(pool(rules.AtRoundStart), withConds(rules.ConditionDef{ID: "adjusting", Name: "Adjusting"}),
		withActions(rules.ActionDef{ID: "walk", Name: "Walk", Cost: map[string]int{"ap": 1}, Moves: true})),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].MovingUsesUp = []string{"mp"} }, refused: `unknown pool "mp"`},
	{key: "conditions.moving_uses_up", note: "nothing moves", need: needs(pool(rules.AtRoundStart), withConds(rules.ConditionDef{ID: "adjusting", Name: "Adjusting"})),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].MovingUsesUp = []string{"ap"} }, refused: "no action moves"},
}
