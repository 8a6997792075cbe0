package engine_test

import (
	"fray/engine/rules"
)

// conditions.no_exchange_into: no exchange buys the pool for an action that
// moves while the condition holds.

// striding has an Attack and a Move a turn, the Attack exchanged for a
// Move, a Walk that moves, a Load that does not, and a Snared condition.
func striding(rs *rules.Ruleset) {
	rs.Pools = []rules.Pool{{ID: "attack", Name: "Attack", Capacity: ex("1"), Reset: rules.AtOwnTurnStart},
		{ID: "move", Name: "Move", Capacity: ex("1"), Reset: rules.AtOwnTurnStart}}
	rs.Exchanges = []rules.Exchange{{From: "attack", Gives: map[string]int{"move": 1}}}
	rs.Actions = []rules.ActionDef{{ID: "walk", Name: "Walk", Cost: map[string]int{"move": 1}, Moves: true},
		{ID: "load", Name: "Load", Cost: map[string]int{"move": 1}}}
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "snared", Name: "Snared"})
}

var noExchangeIntoCases = []schemaCase{
	{key: "conditions.no_exchange_into", need: striding, set: func(rs *rules.Ruleset) { rs.Conditions[0].NoExchangeInto = []string{"move"} },
		play: duel(give("A", "snared"), spend("A", "walk"), spend("A", "walk"), spend("A", "load")),
		want: []string{"refused: Walk costs 1 Move; A is Snared: no Move bought by exchange to move (only the turn's own)",
			"A: Load (exchanging Attack for 1 Move)"},
		gone: []string{"A: Walk (exchanging Attack for 1 Move)"}},
	{key: "conditions.no_exchange_into", note: "no exchange gives it", need: needs(striding, func(rs *rules.Ruleset) { rs.Exchanges = nil }),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].NoExchangeInto = []string{"move"} }, refused: "no exchange gives"},
}

func init() { schemaCases = append(schemaCases, noExchangeIntoCases...) }
