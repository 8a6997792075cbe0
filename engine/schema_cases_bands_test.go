package engine_test

import (
	"fray/engine/rules"
)

// The cases of what a check's modifier does beyond its target: the bounds
// of its outcomes moved with it (a roll against multiples of a stat), and
// outcomes a chosen modifier keeps from coming up.

func init() { schemaCases = append(schemaCases, bandCases...) }

// goodUnder is the Combat roll made at or under 12, a Good roll at 5 or
// less.
var goodUnder = needs(combat(rules.Outcome{ID: "good", Name: "Good roll", Result: rules.Success, AtMost: ex("5")}), rollUnder)

var bandCases = []schemaCase{
	// -3: the target is 9, and the Good roll's bound 2.
	{key: "checks.modified_bands", need: goodUnder, set: func(rs *rules.Ruleset) { rs.Checks[0].ModifiedBands = true },
		play: duel(attack("-3", 4)), want: []string{"d20: [4] = 4 vs 9 or less (12 - 3): Hit"}, gone: []string{"Good roll"}},
	{key: "checks.modified_bands", note: "rolled at or over", need: combat(rules.Outcome{ID: "good", Name: "Good roll", AtLeast: ex("18")}),
		set: func(rs *rules.Ruleset) { rs.Checks[0].ModifiedBands = true }, refused: "only a check rolled at or under"},
	{key: "checks.modified_bands", note: "a bound of the target number", need: needs(combat(rules.Outcome{ID: "good", Name: "Good roll",
		Result: rules.Success, AtMost: ex("target / 2")}), rollUnder),
		set: func(rs *rules.Ruleset) { rs.Checks[0].ModifiedBands = true }, refused: "reads the target number"},
	{key: "checks.modified_bands", note: "no bounds", need: needs(combat(), rollUnder),
		set: func(rs *rules.Ruleset) { rs.Checks[0].ModifiedBands = true }, refused: "no outcome has an at_most or at_least bound"},

	{key: "checks.outcomes.unless", need: needs(combat(rules.Outcome{ID: "fumble", Name: "Fumble", Faces: faces(1, 2)}), cover("steady", "Steady", "1")),
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Outcomes[0].Unless = []string{"steady"} },
		play: duel(chosen("steady", 2)), want: []string{"d20: [2] = 2 + 1 = 3 vs 12 or more: Miss"}, gone: []string{"Fumble"}},
	{key: "checks.outcomes.unless", note: "not a modifier", need: needs(combat(rules.Outcome{ID: "fumble", Name: "Fumble", Faces: faces(1, 2)}),
		cover("steady", "Steady", "1")),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Outcomes[0].Unless = []string{"nope"} }, refused: "is not a modifier of the check"},
}
