package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// stats.drains: a stat lowered in the fight, read lowered.
var drainCases = []schemaCase{
	{key: "stats.drains", need: withStats("CON"), set: func(rs *rules.Ruleset) { rs.Stats[0].Drains = true },
		play: duel(do("A", engine.Drain{Stat: "CON", Amount: 3}), do("A", engine.Roll{Expr: "CON"})),
		want: []string{"A is drained of 3 CON (3 in all, CON -3 now)", "A rolls: CON: -3 = -3"},
		gone: []string{`refused: Base drains no stat "CON"`}},
}

func init() { schemaCases = append(schemaCases, drainCases...) }
