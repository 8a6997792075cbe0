package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// The cases of a check modifier taken once between the target's turns.

func init() { schemaCases = append(schemaCases, onceCases...) }

var onceCases = []schemaCase{
	{key: "checks.modifiers.once", need: needs(combat(), cover("shield", "Shield", "-2")),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Once = true },
		play: duel(do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"shield"}}, 15),
			do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"shield"}}, 15)),
		want: []string{"refused: Combat roll: Shield once between B's turns, and it has been"}},
}
