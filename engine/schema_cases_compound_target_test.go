package engine_test

import (
	"fray/engine/rules"
)

// dice.compound_target: a modifier reading the target number reads it as
// the modifiers before it left it, so two halvings are a quarter.

// halvedTwice is a roll-under combat roll (12) with two modifiers that each
// halve the chance they read.
func halvedTwice(rs *rules.Ruleset) {
	combat()(rs)
	rollUnder(rs)
	half := ex("(target + 1) / 2 - target")
	rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "dark", Name: "Dark", Mod: half}, {ID: "far", Name: "Far", Mod: half}}
}

var compoundTargetCases = []schemaCase{
	{key: "dice.compound_target", need: halvedTwice, set: func(rs *rules.Ruleset) { rs.Dice.CompoundTarget = true },
		play: duel(rollAt("A", "B", "dark", "far")),
		want: []string{"A: Combat roll against B (Dark -6, Far -3): d20: [10] = 10 vs 3 or less (12 - 9): Miss"}},
}

func init() { schemaCases = append(schemaCases, compoundTargetCases...) }
