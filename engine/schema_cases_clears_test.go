package engine_test

import (
	"fray/engine"
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

// flank and open are modifiers of blowBase's Hit check; Exposed is a
// condition.
func flankMods(rs *rules.Ruleset) {
	rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "flank", Name: "Flank", Mod: ex("2")},
		rules.CheckModifier{ID: "open", Name: "Open", Mod: ex("5")})
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "exposed", Name: "Exposed"})
}

func init() {
	schemaCases = append(schemaCases,
		// target_gives: A's blow from a flank leaves B Exposed.
		schemaCase{key: "checks.modifiers.target_gives", need: needs(blowBase, flankMods),
			set:  func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[len(rs.Checks[0].Modifiers)-2].TargetGives = "exposed" },
			play: armed(sword(), nil, strike(engine.Blow{Modifiers: []string{"flank"}}, 12, 4)), want: []string{"B is Exposed"}},
		schemaCase{key: "checks.modifiers.target_gives", note: "unknown", need: needs(blowBase, flankMods),
			set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].TargetGives = "nope" }, refused: `unknown condition "nope"`},
		// attacked_with: B Exposed, A's blow takes Open by itself.
		schemaCase{key: "conditions.attacked_with", need: needs(blowBase, flankMods),
			set:  func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].AttackedWith = "open" },
			play: armed(sword(), nil, do("B", engine.GiveCondition{Condition: "exposed"}), strike(engine.Blow{}, 12, 4)), want: []string{"(Open +5)"}},
		schemaCase{key: "conditions.attacked_with", note: "unknown", need: needs(blowBase, flankMods),
			set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].AttackedWith = "nope" }, refused: `modifier "nope"`},
		// attacked_unless: from a flank, the Open does not come.
		schemaCase{key: "conditions.attacked_unless", need: needs(blowBase, flankMods,
			func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].AttackedWith = "open" }),
			set:  func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].AttackedUnless = []string{"flank"} },
			play: armed(sword(), nil, do("B", engine.GiveCondition{Condition: "exposed"}), strike(engine.Blow{Modifiers: []string{"flank"}}, 12, 4)),
			gone: []string{"Open +5"}},
		schemaCase{key: "conditions.attacked_unless", note: "unknown", need: needs(blowBase, flankMods,
			func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].AttackedWith = "open" }),
			set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].AttackedUnless = []string{"nope"} }, refused: `no modifier "nope"`},
	)
}
