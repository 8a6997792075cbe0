package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// The cases of what a check's modifier does beyond its target: the bounds
// of its outcomes moved with it (a roll against multiples of a stat),
// outcomes a chosen modifier keeps from coming up, and the damage of a
// blow it changes (as a condition of the target's may).

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

	// 8 is a Hit at or under 12, but not the Good roll the modifier needs.
	{key: "checks.modifiers.needs", need: goodUnder,
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "sure", Name: "Only a good roll", Needs: "good"}}
		},
		play: duel(chosen("sure", 8), chosen("sure", 5)),
		want: []string{"A: Combat roll against B (Only a good roll): d20: [8] = 8 vs 12 or less: Miss", "[5] = 5 vs 12 or less: Good roll"}},
	{key: "checks.modifiers.needs", note: "not an outcome", need: goodUnder,
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "sure", Name: "Sure", Needs: "great"}}
		},
		refused: `"great" is not an outcome of the check`},
	{key: "checks.modifiers.needs", note: "a failure", need: goodUnder,
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "sure", Name: "Sure", Needs: "miss"}}
		},
		refused: `"miss" is not a success`},

	// A blow's damage: blowBase's Attack, its Hit check offering Offhand.
	{key: "checks.modifiers.damage", need: needs(blowBase, modifierOn("hit", "offhand", "Offhand")),
		set:  func(rs *rules.Ruleset) { checkOf(rs, "hit").Modifiers[0].Damage = -2 },
		play: armed(sword(), nil, strike(engine.Blow{Modifiers: []string{"offhand"}}, 12, 4)),
		want: []string{"A's damage: weapon 4 + Offhand -2 = 2", "B takes 2 (20 -> 18 HP)"}},
	{key: "checks.modifiers.damage", note: "a check no blow rolls", need: needs(blowBase, modifierOn("save", "steady", "Steady")),
		set: func(rs *rules.Ruleset) { checkOf(rs, "save").Modifiers[0].Damage = 2 }, refused: "no blow's attack is this check"},
	{key: "checks.modifiers.nonlethal", need: needs(blowBase, modifierOn("hit", "soft", "Soft")),
		set:  func(rs *rules.Ruleset) { checkOf(rs, "hit").Modifiers[0].NonLethal = true },
		play: armed(sword(), nil, strike(engine.Blow{Modifiers: []string{"soft"}}, 12, 4)),
		want: []string{"B takes 4 non-lethal"}},
	{key: "checks.modifiers.nonlethal", note: "a check no blow rolls", need: needs(blowBase, modifierOn("save", "steady", "Steady")),
		set: func(rs *rules.Ruleset) { checkOf(rs, "save").Modifiers[0].NonLethal = true }, refused: "no blow's attack is this check"},
	{key: "conditions.against_damage", need: blowBase, set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].AgainstDamage = 2 },
		play: armed(sword(), nil, give("B", "dazed"), strike(engine.Blow{}, 12, 4)),
		want: []string{"A's damage: weapon 4 + target Dazed +2 = 6", "B takes 6 (20 -> 14 HP)"}},
	{key: "conditions.against_damage", note: "no blows", need: withConds(rules.ConditionDef{ID: "dazed", Name: "Dazed"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].AgainstDamage = 2 }, refused: "has no blows"},
}

// checkOf is the ruleset's check with the id.
func checkOf(rs *rules.Ruleset, id string) *rules.Check {
	for i := range rs.Checks {
		if rs.Checks[i].ID == id {
			return &rs.Checks[i]
		}
	}
	panic("no check " + id)
}

// modifierOn gives a check a modifier the GM may choose, adding nothing to
// the roll.
func modifierOn(check, id, name string) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		ch := checkOf(rs, check)
		ch.Modifiers = append(ch.Modifiers, rules.CheckModifier{ID: id, Name: name, Mod: ex("0")})
	}
}
