package engine_test

import (
	"fray/engine/rules"
)

// actions.holds_defences: what an action lowers holds through the turn's
// later actions, to the next own turn.

var holdsDefencesCases = []schemaCase{
	{key: "actions.holds_defences", need: needs(guardBase, withActions(load, rules.ActionDef{ID: "walk", Name: "Walk", Cost: map[string]int{}}),
		func(rs *rules.Ruleset) { rs.Guard.Shield, rs.Actions[0].Shield = "sh", rules.GuardNone }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].HoldsDefences = true },
		play: duel(spend("A", "load"), spend("A", "walk"), next(1), rollAt("B", "A", "shield")),
		want: []string{"refused: A has no shield now (Load)"}},
}

func init() { schemaCases = append(schemaCases, holdsDefencesCases...) }
