package engine_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// checks.modifiers.spends and checks.outcomes.effects.at_foe: a condition
// an outcome gives its roller at the foe, and a modifier it pays for once.

// feinting is a Combat roll whose Critical hit gives the roller Feinting
// at the foe (at_foe unless bare) and a Feint modifier of +5.
func feinting(bare bool) func(*rules.Ruleset) {
	return needs(withConds(rules.ConditionDef{ID: "feinting", Name: "Feinting", Duration: rules.UntilRemoved,
		CheckBonus: map[string]int{"combat": 10}}),
		combat(critical(rules.CheckEffect{To: rules.ToActor, Give: "feinting", AtFoe: !bare})),
		cover("feint", "Feint", "5"))
}

// feintAt is A's Combat roll at the foe named with the Feint, a 10.
func feintAt(foe string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do("A", engine.RollCheck{Check: "combat", Target: f.ID(foe), Modifiers: []string{"feint"}}, 10)(t, f)
	}
}

// critAt is A's Combat roll at the foe named, a natural 20.
func critAt(foe string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do("A", engine.RollCheck{Check: "combat", Target: f.ID(foe)}, 20)(t, f)
	}
}

var spendsCases = []schemaCase{
	{key: "checks.modifiers.spends", need: feinting(false), set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Spends = "feinting" },
		play: trio(feintAt("X"), critAt("X"), feintAt("Y"), feintAt("X"), feintAt("X")),
		want: []string{"refused: Combat roll: Feint needs A Feinting at X", "refused: Combat roll: Feint needs A Feinting at Y",
			"A: Combat roll against X (Feint +5, Feinting +10): d20: [10] = 10 + 15 = 25 vs 12 or more: Hit\nA is no longer Feinting (spent on Combat roll)"}},
	{key: "checks.modifiers.spends", note: "unknown", need: feinting(false),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Spends = "nope" }, refused: `unknown condition "nope"`},
	{key: "checks.modifiers.spends", note: "never given at a foe", need: feinting(true),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Spends = "feinting" }, refused: "nothing would let it be picked"},
	{key: "checks.outcomes.effects.at_foe", need: feinting(true), set: func(rs *rules.Ruleset) { rs.Checks[0].Outcomes[0].Effects[0].AtFoe = true },
		play: trio(critAt("X"), critAt("Y")), want: []string{"A: Combat roll against Y: d20"}, not: []string{"against Y (Feinting"}},
	{key: "checks.outcomes.effects.at_foe", note: "to the target", need: feinting(true), set: func(rs *rules.Ruleset) {
		rs.Checks[0].Outcomes[0].Effects[0].AtFoe, rs.Checks[0].Outcomes[0].Effects[0].To = true, rules.ToTarget
	}, refused: "at_foe is for a condition given to the roller"},
}

func init() { schemaCases = append(schemaCases, spendsCases...) }
