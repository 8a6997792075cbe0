package engine_test

import (
	"maps"

	"fray/engine"
	"fray/engine/rules"
)

// Cases for the classes of concentrated spell, Transcendence and a spell
// cast in its Concentrate (spell_classes.go).
func init() { schemaCases = append(schemaCases, spellClassCases...) }

// costing is spellBase with spells cast by Cast, checked by Spell, paid
// from MP: 1 on a Fizzle, the level when cast.
func costing(rs *rules.Ruleset) {
	spellBase(rs)
	rs.Spells.Cast, rs.Spells.Check, rs.Spells.Power, rs.Spells.Concentrate = "cast", "spell", "mp", "focus"
	rs.Spells.Costs = map[string]string{"cast": "SPELL_LEVEL", "fizzle": "1"}
	rs.Spells.Ruined = "1"
	rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "gagged", Name: "Gagged", Mod: ex("-20")}, {ID: "alien", Name: "Alien", Mod: ex("-5")}}
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "TR", Name: "Transcendence", Default: 25})
}

func classes(ks ...rules.SpellClass) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		rs.Spells.Classes = nil
		for _, k := range ks {
			k.Costs = maps.Clone(k.Costs)
			rs.Spells.Classes = append(rs.Spells.Classes, k)
		}
	}
}

var (
	beginLore = do("A", engine.Cast{Name: "Lore", Rank: 3, Kind: "lore"})
	castLow   = do("A", engine.Cast{}, 20)
)

var spellClassCases = []schemaCase{
	{key: "spells.classes.id", need: costing,
		set:  classes(rules.SpellClass{ID: "lore", Name: "Informational", Costs: map[string]string{"fizzle": "SPELL_LEVEL"}}),
		play: duel(beginLore, castLow), want: []string{"A: Fizzle costs 3 MP (10 -> 7)"}},
	{key: "spells.classes.costs", need: needs(costing, classes(rules.SpellClass{ID: "lore", Name: "Informational", Ruined: "0"})),
		set:  func(rs *rules.Ruleset) { rs.Spells.Classes[0].Costs = map[string]string{"fizzle": "2"} },
		play: duel(beginLore, castLow), want: []string{"A: Fizzle costs 2 MP (10 -> 8)"}},
	{key: "spells.classes.ruined", need: needs(costing, classes(rules.SpellClass{ID: "lore", Name: "Free", Costs: map[string]string{"cast": "0"}})),
		set:  func(rs *rules.Ruleset) { rs.Spells.Classes[0].Ruined = "0" },
		play: duel(beginLore, next(2), next(2)), want: []string{"A: the ruined spell costs 0 MP (10 -> 10)"}},
	{key: "spells.classes.name", need: costing,
		set: classes(rules.SpellClass{ID: "lore", Costs: map[string]string{"cast": "0"}}), refused: "a class of spell needs a name"},
	{key: "spells.classes.costs", note: "none, nor ruined", need: costing,
		set: classes(rules.SpellClass{ID: "lore", Name: "Lore"}), refused: "give it costs or ruined"},
	{key: "spells.transcendence", need: costing, set: withSpells(func(sp *rules.Spells) { sp.Transcendence = "TR" }),
		play: duel(begin, spend("A", "focus"), do("A", engine.Cast{Modifiers: []string{"gagged"}})),
		want: []string{"A's Transcendence 25 covers 20 of the casting's penalties of 20: the spell is cast without a roll",
			"A: Cast costs 1 MP (10 -> 9)"}},
	{key: "spells.transcendence", note: "more penalty than skill", need: costing, set: withSpells(func(sp *rules.Spells) { sp.Transcendence = "TR" }),
		play: duel(begin, do("A", engine.Cast{Modifiers: []string{"gagged"}, Expr: "-10"}, 20)),
		want: []string{"covers 25 of the casting's penalties of 30: a roll for the rest", "A: Spell (Gagged -20): d100: [20] = 20 - 5 = 15"}},
	{key: "spells.transcendence_skips", need: needs(costing, withSpells(func(sp *rules.Spells) { sp.Transcendence = "TR" })),
		set:  withSpells(func(sp *rules.Spells) { sp.TranscendenceSkips = []string{"alien"} }),
		play: duel(begin, do("A", engine.Cast{Modifiers: []string{"alien"}}, 20)),
		want: []string{"covers 5 of the casting's penalties of 5: a roll all the same, for the cross-realm spell"}},
	{key: "spells.transcendence_skips", note: "an unknown modifier", need: needs(costing, withSpells(func(sp *rules.Spells) { sp.Transcendence = "TR" })),
		set: withSpells(func(sp *rules.Spells) { sp.TranscendenceSkips = []string{"nope"} }), refused: `has no modifier "nope"`},
	{key: "spells.cast_in_concentrate", need: costing, set: withSpells(func(sp *rules.Spells) { sp.CastInConcentrate = true }),
		play: duel(begin, spend("A", "focus"), do("A", engine.Cast{}, 60), spend("A", "cast")),
		want: []string{"1 round prepared, cast now +0\nA casts Bolt", "Cast costs 1 MP (10 -> 9)\nA: Cast"}},
	{key: "spells.subconscious", need: needs(costing, withConds(rules.ConditionDef{ID: "asleep", Name: "Asleep", NoTurn: true})),
		set:  withSpells(func(sp *rules.Spells) { sp.Subconscious = true }),
		play: duel(give("A", "asleep"), do("A", engine.Cast{Name: "Heal", Rank: 1, Subconscious: true}, 60)),
		want: []string{"A's subconscious casts Heal (level 1) at once"}},
}
