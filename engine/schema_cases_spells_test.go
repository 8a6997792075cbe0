package engine_test

import (
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// Cases for the spells prepared by concentrating, and for bands of a pool.
func init() {
	schemaCases = append(schemaCases, spellCases...)
}

// spellBase is a caster's ruleset without its spells section: a level, a
// budget of 2 AP a turn, 10 MP, Focus and Cast, and a spell check of d100 (60
// typed) against 50.
func spellBase(rs *rules.Ruleset) {
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "LVL", Name: "Level", Default: 3})
	rs.Pools = []rules.Pool{{ID: "ap", Name: "AP", Capacity: ex("2"), Reset: rules.AtOwnTurnStart}, {ID: "mp", Name: "MP", Capacity: ex("10"), Reset: rules.AtNever}}
	rs.Actions = []rules.ActionDef{{ID: "focus", Name: "Focus", Cost: map[string]int{"ap": 1}}, {ID: "cast", Name: "Cast", Cost: map[string]int{"ap": 1}}, {ID: "snap", Name: "Snap", Cost: map[string]int{"ap": 2}}}
	rs.Checks = []rules.Check{{ID: "spell", Name: "Spell", Roll: ex("d100"), Target: ex("50"), Succeeds: rules.AtLeast,
		Outcomes: []rules.Outcome{{ID: "cast", Name: "Cast", Result: rules.Success}, {ID: "fizzle", Name: "Fizzle", Result: rules.Failure}}}}
}

func withSpells(f func(sp *rules.Spells)) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) { f(&rs.Spells) }
}

// begin and castIt: A names Bolt (level 1), then casts it.
var (
	begin  = do("A", engine.Cast{Name: "Bolt", Rank: 1})
	castIt = do("A", engine.Cast{}, 60)
	// rollSpell rolls the spell check on its own, a 20.
	rollSpell = do("A", engine.RollCheck{Check: "spell"}, 20)
	// castBare casts with no check to roll.
	castBare = do("A", engine.Cast{})
)

// prepRows is a casting table of two rows, made anew for each ruleset.
func prepRows() []rules.PrepRow {
	return []rules.PrepRow{{Diff: 2, Mods: []int{0, 5}}, {Diff: 0, Mods: []int{-50, -20, 0}}}
}

var spellCases = []schemaCase{
	{key: "spells.cast", need: spellBase, set: withSpells(func(sp *rules.Spells) { sp.Cast = "cast" }),
		play: duel(begin, castBare), want: []string{"A: Cast\nA casts Bolt (level 1) after 0 rounds of concentration: +0 (-1 levels)"}},
	{key: "spells.check", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast = "cast" })), set: withSpells(func(sp *rules.Spells) { sp.Check = "spell" }),
		play: duel(begin, castIt), want: []string{"A: Spell: d100: [60] = 60 vs 50 or more: Cast"}},
	{key: "spells.concentrate", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast = "cast" })), set: withSpells(func(sp *rules.Spells) { sp.Concentrate = "focus" }),
		play: duel(begin, spend("A", "focus"), next(2), spend("A", "focus"), castBare),
		want: []string{"A concentrates on Bolt: 2 rounds prepared", "after 2 rounds of concentration"}},
	{key: "spells.level", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast = "cast" })), set: withSpells(func(sp *rules.Spells) { sp.Level = "LVL" }),
		play: duel(begin, castBare), want: []string{"after 0 rounds of concentration: +0 (+2 levels)"}},
	{key: "spells.prep.diff", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Level, sp.Prep = "cast", "LVL", prepRows() })),
		set: func(rs *rules.Ruleset) {
			rs.Spells.Prep = []rules.PrepRow{{Diff: 3, Mods: []int{0, 5}}, {Diff: 0, Mods: []int{-50, -20, 0}}}
		},
		play: duel(begin, castBare), want: []string{"after 0 rounds of concentration: -50 (+2 levels, the table's +0 row)"}},
	{key: "spells.prep.mods", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Level, sp.Prep = "cast", "LVL", prepRows() })),
		set:  func(rs *rules.Ruleset) { rs.Spells.Prep[0].Mods = []int{10} },
		play: duel(begin, castBare), want: []string{"after 0 rounds of concentration: +10 (+2 levels)"}},
	{key: "spells.power", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Check = "cast", "spell" })),
		set:  withSpells(func(sp *rules.Spells) { sp.Power, sp.Costs = "mp", map[string]string{"cast": "2 * SPELL_LEVEL"} }),
		play: duel(begin, castIt), want: []string{"A: Cast costs 2 MP (10 -> 8)"}},
	{key: "spells.costs", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Check, sp.Power = "cast", "spell", "mp" })),
		set:  withSpells(func(sp *rules.Spells) { sp.Costs = map[string]string{"cast": "12"} }),
		play: duel(begin, castIt), want: []string{"A: Cast costs 12 MP (10 -> 0)\nA has no MP left: the other 2 from HP"}},
	{key: "spells.costs", note: "an outcome the check lacks", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Check, sp.Power = "cast", "spell", "mp" })),
		set: withSpells(func(sp *rules.Spells) { sp.Costs = map[string]string{"boom": "1"} }), refused: "no outcome"},
	{key: "spells.prep.diff", note: "rows out of order", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Level, sp.Prep = "cast", "LVL", prepRows() })),
		set: func(rs *rules.Ruleset) { rs.Spells.Prep[1].Diff = 5 }, refused: "greatest difference down"},

	{key: "spells.instant", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast = "cast" })), set: withSpells(func(sp *rules.Spells) { sp.Instant = "snap" }),
		play: duel(begin, do("A", engine.Cast{Instant: "snap", Name: "Spark", Rank: 1})),
		want: []string{"A's Bolt is spoiled by an instantaneous spell\nA: Snap\nA casts Spark (level 1) at once: +0 (-1 levels)"}},
	{key: "spells.instant", note: "the cast action itself", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast = "cast" })),
		set: withSpells(func(sp *rules.Spells) { sp.Instant = "cast" }), refused: "its own action"},
	{key: "spells.prep.instant", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Instant, sp.Level, sp.Prep = "cast", "snap", "LVL", prepRows() })),
		set:  func(rs *rules.Ruleset) { rs.Spells.Prep[0].Instant = 10 },
		play: duel(do("A", engine.Cast{Instant: "snap", Name: "Spark", Rank: 1})), want: []string{"A casts Spark (level 1) at once: +10 (+2 levels)"}},
	// stats: A, casting from segment 6 to 0, has TMR 5 lower meanwhile.
	{key: "spells.stats", need: needs(spellKinds, withTMR), set: func(rs *rules.Ruleset) { rs.Spells.Stats = map[string]dice.Expr{"TMR": ex("-5")} },
		play: duel(castA("gk", 1, 0), do("A", engine.Roll{Expr: "TMR"})),
		want: []string{"A begins casting Spell (GK, rank 1) at segment 6, casting time 6: it goes off at segment 0 (TMR -5 meanwhile)", "A rolls: TMR: 35 = 35"}},
	// round_time: A acts at 6, below carry_to 10: a spell of 8 segments
	// (a whole round) begins at 10 of the next round, not at 6.
	{key: "spells.round_time", need: needs(spellKinds, func(rs *rules.Ruleset) { rs.Spells.CarryTo = 10 }),
		set:  withSpells(func(sp *rules.Spells) { sp.RoundTime = 8 }),
		play: duel(castA("", 0, 8)),
		want: []string{"A cannot begin Spell at segment 6: a spell of a whole round begins at segment 10; it begins at segment 10 of round 2 and goes off at segment 2"}},
	{key: "spells.round_time", note: "without carry_to", need: spellKinds,
		set: withSpells(func(sp *rules.Spells) { sp.RoundTime = 8 }), refused: "set it"},
	// interrupt: A casts at 6, then makes a roll whose success interrupts
	// the spell.
	{key: "checks.outcomes.effects.interrupt", need: needs(spellKinds, hitCheck),
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Outcomes[0].Effects = []rules.CheckEffect{{To: rules.ToActor, Interrupt: true}}
		},
		play: duel(castA("gk", 1, 0), do("A", engine.RollCheck{Check: "hit"}, 30)),
		want: []string{"A's Spell (GK, rank 1) is interrupted: the spell and the action are lost"}},
	{key: "checks.outcomes.effects.interrupt", note: "without spells", need: hitCheck,
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Outcomes[0].Effects = []rules.CheckEffect{{To: rules.ToActor, Interrupt: true}}
		}, refused: "has spells"},
	{key: "spells.stats", note: "an unknown stat", need: spellKinds,
		set: func(rs *rules.Ruleset) { rs.Spells.Stats = map[string]dice.Expr{"NOPE": ex("-5")} }, refused: "unknown stat"},
	{key: "spells.stats", note: "without timed spells", need: withTMR,
		set: func(rs *rules.Ruleset) { rs.Spells.Stats = map[string]dice.Expr{"TMR": ex("-5")} }, refused: "need timed spells"},
	{key: "spells.prep.instant", note: "with no instant action", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Level, sp.Prep = "cast", "LVL", prepRows() })),
		set: func(rs *rules.Ruleset) { rs.Spells.Prep[0].Instant = 10 }, refused: "spells.instant"},

	{key: "spells.ruined", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Concentrate, sp.Power = "cast", "focus", "mp" })),
		set:  withSpells(func(sp *rules.Spells) { sp.Ruined = "1" }),
		play: duel(begin, next(2), next(2)), want: []string{"A's Bolt is ruined: a turn without concentrating on it\nA: the ruined spell costs 1 MP (10 -> 9)"}},
	{key: "spells.between", need: needs(spellBase, func(rs *rules.Ruleset) {
		rs.Pools = append(rs.Pools, rules.Pool{ID: "free", Name: "Free", Capacity: ex("1"), Reset: rules.AtOwnTurnStart})
		rs.Actions = append(rs.Actions, rules.ActionDef{ID: "nod", Name: "Nod", Cost: map[string]int{"free": 1}})
	}, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Concentrate, sp.Power = "cast", "focus", "mp" })),
		set:  withSpells(func(sp *rules.Spells) { sp.Between = []string{"free"} }),
		play: duel(begin, spend("A", "focus"), next(2), spend("A", "nod"), spend("A", "snap")),
		want: []string{"A: Nod\nA's Bolt is ruined: Snap taken between the concentration and the casting"}},
	{key: "spells.between", note: "no concentration", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast, sp.Concentrate = "cast", "" })),
		set: withSpells(func(sp *rules.Spells) { sp.Between = []string{"ap"} }), refused: "without spells.concentrate"},
	{key: "spells.ruined", note: "with no pool", need: needs(spellBase, withSpells(func(sp *rules.Spells) { sp.Cast = "cast" })),
		set: withSpells(func(sp *rules.Spells) { sp.Ruined = "1" }), refused: "name the pool"},
	{key: "conditions.check_bonus", need: func(rs *rules.Ruleset) {
		spellBase(rs)
		rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "keen", Name: "Keen", Duration: rules.UntilRemoved})
	}, set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].CheckBonus = map[string]int{"spell": 30} },
		play: duel(give("A", "keen"), rollSpell, rollSpell), want: []string{"A: Spell (Keen +30): d100: [20] = 20 + 30 = 50 vs 50 or more: Cast\nA: Spell (Keen +30)"}},
	{key: "conditions.check_bonus", note: "an unknown check", need: func(rs *rules.Ruleset) {
		rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "keen", Name: "Keen", Duration: rules.UntilRemoved})
	}, set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].CheckBonus = map[string]int{"spell": 30} }, refused: "unknown check"},
	{key: "conditions.spent_by_check", need: func(rs *rules.Ruleset) {
		spellBase(rs)
		rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "keen", Name: "Keen", Duration: rules.UntilRemoved, CheckBonus: map[string]int{"spell": 30}})
	}, set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].SpentByCheck = true },
		play: duel(give("A", "keen"), rollSpell, rollSpell), want: []string{"= 50 vs 50 or more: Cast\nA is no longer Keen (spent on Spell)\nA: Spell: d100: [20] = 20 vs 50 or more: Fizzle"}},

	{key: "thresholds.pool", need: func(rs *rules.Ruleset) {
		rs.Pools = []rules.Pool{{ID: "mp", Name: "MP", Capacity: ex("10"), Reset: rules.AtNever}}
		rs.Actions = []rules.ActionDef{{ID: "zap", Name: "Zap", Cost: map[string]int{"mp": 5}}}
		rs.Thresholds = []rules.Threshold{{Below: at(75), Penalty: -10}}
	}, set: func(rs *rules.Ruleset) { rs.Thresholds[0].Pool = "mp" }, play: duel(spend("A", "zap")), want: []string{"pools [mp=5] conds [] stun 0 penalty -10"}},
	{key: "thresholds.pool", note: "an unknown pool", need: func(rs *rules.Ruleset) { rs.Thresholds = []rules.Threshold{{Below: at(75), Penalty: -10}} },
		set: func(rs *rules.Ruleset) { rs.Thresholds[0].Pool = "mp" }, refused: "unknown pool"},
}
