package engine_test

import (
	"fray/engine/rules"
)

// The cases of a condition's clears (War & Combat's Dead, no longer open
// to a coup-de-grace), kept beside the rest of schemaCases.
func init() { schemaCases = append(schemaCases, clearsCases...) }

var clearsCases = []schemaCase{
	// Down implies Open; Gone clears it: given Gone, A is no longer Open,
	// and Down given again does not bring it back.
	{key: "conditions.clears", need: withConds(rules.ConditionDef{ID: "gone", Name: "Gone"},
		rules.ConditionDef{ID: "down", Name: "Down", Implies: []string{"open"}}, rules.ConditionDef{ID: "open", Name: "Open"}),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Clears = []string{"open"} },
		play: duel(give("A", "down"), give("A", "gone"), give("B", "gone"), give("B", "down")),
		want: []string{"A is no longer Open", "B: hp 20/20 out false pools [] conds [gone(own) down(own)]"}},
	{key: "conditions.clears", note: "unknown", need: withConds(rules.ConditionDef{ID: "gone", Name: "Gone"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Clears = []string{"open"} }, refused: `unknown condition "open"`},
	{key: "conditions.clears", note: "itself", need: withConds(rules.ConditionDef{ID: "gone", Name: "Gone"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Clears = []string{"gone"} }, refused: "clears neither itself"},
}
