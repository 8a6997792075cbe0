package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// The cases of an action taken at a foe that must hold a condition and is
// given one (a coup de grace), of what an action provokes, and of a
// resumable action broken up only from a point of its cost.

func init() { schemaCases = append(schemaCases, foeActionCases...) }

func killing(rs *rules.Ruleset) {
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "helpless", Name: "Helpless"},
		rules.ConditionDef{ID: "dead", Name: "Dead", NoTurn: true})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "kill", Name: "Kill", AtFoe: true})
}

func climbing(rs *rules.Ruleset) {
	rs.Pools = []rules.Pool{{ID: "move", Name: "Move", Capacity: ex("1"), Reset: rules.AtOwnTurnStart}}
	rs.Actions = []rules.ActionDef{{ID: "climb", Name: "Climb", Cost: map[string]int{"move": 3}, Extended: true, Resumable: true},
		{ID: "shout", Name: "Shout", Cost: map[string]int{"move": 1}}}
}

var foeActionCases = []schemaCase{
	{key: "actions.foe_holds", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "dead" }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds = []string{"helpless"} },
		play: duel(do("A", engine.Spend{Action: "kill", At: 2})), want: []string{"refused: Kill is taken at a foe who is Helpless: B is not"}},
	{key: "actions.foe_holds", note: "not at a foe", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "dead" }),
		set: func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds, rs.Actions[0].AtFoe = []string{"helpless"}, false }, refused: "set at_foe"},
	{key: "actions.foe_gets", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds = []string{"helpless"} }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "dead" },
		play: duel(give("B", "helpless"), do("A", engine.Spend{Action: "kill", At: 2})), want: []string{"A: Kill at B\nB is Dead"}},
	{key: "actions.foe_gets", note: "an unknown condition", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds = []string{"helpless"} }),
		set: func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "gone" }, refused: "unknown condition"},
	{key: "actions.provokes", need: withActions(rules.ActionDef{ID: "kill", Name: "Kill"}, rules.ActionDef{ID: "swipe", Name: "Swipe"}),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].Provokes = "swipe" },
		play: duel(spend("A", "kill")), want: []string{"A: Kill: it provokes Swipe from foes in reach"}},
	{key: "actions.provokes", note: "an unknown action", need: withActions(rules.ActionDef{ID: "kill", Name: "Kill"}),
		set: func(rs *rules.Ruleset) { rs.Actions[0].Provokes = "swipe" }, refused: "unknown action"},
	{key: "actions.resumable_from", need: climbing,
		set:  func(rs *rules.Ruleset) { rs.Actions[0].ResumableFrom = 2 },
		play: duel(spend("A", "climb"), next(2), spend("A", "shout"), next(2), spend("A", "climb")),
		want: []string{"A breaks off Climb", "A works on Climb: 1 of 3"}, gone: []string{"A works on Climb: 2 of 3"}},
	{key: "actions.resumable_from", note: "past its cost", need: climbing,
		set: func(rs *rules.Ruleset) { rs.Actions[0].ResumableFrom = 3 }, refused: "not within its cost"},
}
