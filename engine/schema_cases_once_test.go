package engine_test

import (
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// The cases of a check modifier taken once between the target's turns,
// and of a band of hit points that caps a stat.

func init() { schemaCases = append(schemaCases, onceCases...) }

var onceCases = []schemaCase{
	{key: "checks.modifiers.once", need: needs(combat(), cover("shield", "Shield", "-2")),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Once = true },
		play: duel(do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"shield"}}, 15),
			do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"shield"}}, 15)),
		want: []string{"refused: Combat roll: Shield once between B's turns, and it has been"}},
	{key: "checks.modifiers.once_a_round", need: needs(combat(), cover("shield", "Shield", "-2")),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].OnceARound = true },
		play: duel(do("A", engine.RollCheck{Check: "combat", Modifiers: []string{"shield"}}, 15),
			do("A", engine.RollCheck{Check: "combat", Modifiers: []string{"shield"}}, 15), next(2),
			do("A", engine.RollCheck{Check: "combat", Modifiers: []string{"shield"}}, 15)),
		want: []string{"refused: Combat roll: Shield once a round, and A has had it this round",
			"Round 2 begins\nA acts at initiative 20\nA: Combat roll (Shield -2)"}},
}

// [[thresholds]] stats: the lowest band of hit points held caps a stat.
var bandStatCases = []schemaCase{
	{key: "thresholds.stats", need: needs(withStats("move"), func(rs *rules.Ruleset) {
		rs.Stats[0].Default = 5
		rs.Thresholds = []rules.Threshold{{AtMostPct: at(50), Penalty: -10}}
	}),
		set:  func(rs *rules.Ruleset) { rs.Thresholds[0].Stats = map[string]dice.Expr{"move": ex("max(move - 2, 1)")} },
		play: duel(damage("A", 10), do("A", engine.Roll{Expr: "move"}), do("B", engine.Roll{Expr: "move"})),
		want: []string{"A rolls: move: 3 = 3", "B rolls: move: 5 = 5"}},
	{key: "thresholds.stats", note: "a pool's band", need: needs(withStats("move"), func(rs *rules.Ruleset) {
		rs.Pools = []rules.Pool{{ID: "mana", Name: "Mana", Capacity: ex("10"), Reset: rules.AtNever}}
		rs.Thresholds = []rules.Threshold{{AtMostPct: at(50), Penalty: -10, Pool: "mana"}}
	}),
		set: func(rs *rules.Ruleset) { rs.Thresholds[0].Stats = map[string]dice.Expr{"move": ex("1")} }, refused: "only a band of hit points caps stats"},
}

func init() { schemaCases = append(schemaCases, bandStatCases...) }

// helpers.hurt_resists: one hurt while aiming is told of its Resistance Roll.
var hurtCases = []schemaCase{
	{key: "helpers.hurt_resists", need: needs(withActions(rules.ActionDef{ID: "aim", Name: "Aim", Aim: true}), func(rs *rules.Ruleset) {
		rs.Helpers.ResistanceRoll, rs.Helpers.ResistanceBase = ex("d100"), 50
	}),
		set:  func(rs *rules.Ruleset) { rs.Helpers.HurtResists = true },
		play: duel(spend("A", "aim"), damage("A", 3)), want: []string{"A is hurt while aiming: a Resistance Roll, or the aim is lost"}},
	{key: "helpers.hurt_resists", note: "with no Resistance Roll", set: func(rs *rules.Ruleset) { rs.Helpers.HurtResists = true },
		refused: "there is no helpers.resistance_roll"},
	{key: "helpers.knocked_down", need: knockable, set: func(rs *rules.Ruleset) { rs.Helpers.KnockedDown = "prone" },
		play: duel(begin, spend("A", "focus"), give("A", "prone")),
		want: []string{"A is knocked down while preparing Bolt: a Resistance Roll, or the spell is lost"}},
	{key: "helpers.knocked_down", note: "an unknown condition", need: knockable, set: func(rs *rules.Ruleset) { rs.Helpers.KnockedDown = "flat" },
		refused: `unknown condition "flat"`},
	{key: "helpers.knocked_down", note: "with no hurt_resists", need: needs(knockable, func(rs *rules.Ruleset) { rs.Helpers.HurtResists = false }),
		set: func(rs *rules.Ruleset) { rs.Helpers.KnockedDown = "prone" }, refused: "set helpers.hurt_resists"},
}

// knockable is a caster who concentrates on its spells, may be given
// Prone, and is told of a Resistance Roll as it is hurt.
func knockable(rs *rules.Ruleset) {
	costing(rs)
	withConds(rules.ConditionDef{ID: "prone", Name: "Prone"})(rs)
	rs.Helpers.ResistanceRoll, rs.Helpers.ResistanceBase, rs.Helpers.HurtResists = ex("d100"), 50, true
}

func init() { schemaCases = append(schemaCases, hurtCases...) }

// A tick that takes hits each round, and a condition's own penalty (a
// poison's).
var poisonCases = []schemaCase{
	{key: "ticks.effect=hurt", need: needs(withConds(rules.ConditionDef{ID: "venom", Name: "Venom"}),
		withTicks(rules.Tick{ID: "burn", Name: "Burning", Summary: "it burns", When: rules.AtRoundStart, Condition: "venom", Effect: rules.EffectNote})),
		set:  func(rs *rules.Ruleset) { rs.Ticks[0].Effect, rs.Ticks[0].Amount = rules.EffectHurt, ex("3") },
		play: duel(give("A", "venom"), next(2)), want: []string{"A: Burning: 3 "}, gone: []string{"A: Burning: it burns"}},
	{key: "ticks.effect=hurt", note: "with no amount", need: needs(withConds(rules.ConditionDef{ID: "venom", Name: "Venom"})),
		set:     withTicks(rules.Tick{ID: "burn", Name: "Burning", When: rules.AtRoundStart, Condition: "venom", Effect: rules.EffectHurt}),
		refused: "takes an amount of hits"},
	{key: "conditions.penalty", need: withConds(rules.ConditionDef{ID: "sick", Name: "Sick"}),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Penalty = -20 },
		play: duel(give("A", "sick"), do("A", engine.Injure{Penalty: -5})), want: []string{"total penalty -25"}},
	{key: "conditions.penalty", note: "above 0", need: withConds(rules.ConditionDef{ID: "sick", Name: "Sick"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Penalty = 10 }, refused: "a penalty is -1000 to 0"},
}

func init() { schemaCases = append(schemaCases, poisonCases...) }

// ghostly holds a condition that takes nothing from a blade.
func ghostly(rs *rules.Ruleset) {
	withConds(rules.ConditionDef{ID: "ghost", Name: "Ghostly",
		DamageSources: []rules.DamageSource{{ID: "blade", Name: "a blade", Share: "none"}}})(rs)
}

var sourceCases = []schemaCase{
	{key: "conditions.damage_sources.id", need: ghostly, set: func(rs *rules.Ruleset) { rs.Conditions[0].DamageSources[0].ID = "steel" },
		play: duel(give("B", "ghost"), do("B", engine.Damage{Amount: 4, Source: "steel"})), want: []string{"B is Ghostly: a blade does nothing"}},
	{key: "conditions.damage_sources.id", note: "twice", need: ghostly,
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].DamageSources = append(rs.Conditions[0].DamageSources, rules.DamageSource{ID: "blade", Name: "b", Share: "half"})
		}, refused: `"blade" twice`},
	{key: "conditions.damage_sources.name", need: ghostly, set: func(rs *rules.Ruleset) { rs.Conditions[0].DamageSources[0].Name = "cold iron" },
		play: duel(give("B", "ghost"), do("B", engine.Damage{Amount: 4, Source: "blade"})), want: []string{"B is Ghostly: cold iron does nothing"}},
	{key: "conditions.damage_sources.name", note: "none", need: ghostly, set: func(rs *rules.Ruleset) { rs.Conditions[0].DamageSources[0].Name = "" },
		refused: "a damage source needs a name"},
	{key: "conditions.damage_sources.share", need: ghostly, set: func(rs *rules.Ruleset) { rs.Conditions[0].DamageSources[0].Share = "half" },
		play: duel(give("B", "ghost"), do("B", engine.Damage{Amount: 4, Source: "blade"})), want: []string{"B is Ghostly: a blade does half\nB takes 2"}},
	{key: "conditions.damage_sources.share", note: "not a share", need: ghostly,
		set: func(rs *rules.Ruleset) { rs.Conditions[0].DamageSources[0].Share = "most" }, refused: "a share is none, half, whole or double"},
}

func init() { schemaCases = append(schemaCases, sourceCases...) }

// A once-a-round defence spent by the round's first blow with a weapon of
// some kinds, answered with it or not (BRP's missile dodge, l.133).
var spentByCases = []schemaCase{
	{key: "checks.modifiers.spent_by", need: needs(blowBase, parried, missileParry, onceShield),
		set: func(rs *rules.Ruleset) { parryOf(rs).Modifiers[0].SpentBy = []string{"missile"} },
		play: armed(sword(func(w *rules.Weapon) { w.Kinds = []string{"missile"} }), nil, strike(engine.Blow{}, 12, 4),
			strike(engine.Blow{Answer: "parry", Guards: []string{"shield"}}, 12, 4, 4)),
		want: []string{"Parry: Shield once a round, and the round's first missile weapon at B has come, answered or not"}},
	{key: "checks.modifiers.spent_by", note: "not once a round", need: needs(blowBase, parried, missileParry),
		set: func(rs *rules.Ruleset) { parryOf(rs).Modifiers[0].SpentBy = []string{"missile"} }, refused: "only a modifier taken once a round"},
	{key: "checks.modifiers.spent_by", note: "unknown kind", need: needs(blowBase, parried, missileParry, onceShield),
		set: func(rs *rules.Ruleset) { parryOf(rs).Modifiers[0].SpentBy = []string{"arrow"} }, refused: `unknown weapon kind "arrow"`},
	{key: "checks.modifiers.spent_by_not", need: needs(blowBase, parried, missileParry, onceShield, func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = append(rs.Gear.WeaponKinds, rules.WeaponKind{ID: "thrown", Name: "Thrown"})
		parryOf(rs).Modifiers[0].SpentBy = []string{"missile"}
	}), set: func(rs *rules.Ruleset) { parryOf(rs).Modifiers[0].SpentByNot = []string{"thrown"} },
		play: armed(sword(func(w *rules.Weapon) { w.Kinds = []string{"missile", "thrown"} }), nil, strike(engine.Blow{}, 12, 4),
			strike(engine.Blow{Answer: "parry", Guards: []string{"shield"}}, 12, 4, 4)),
		gone: []string{"Parry: Shield once a round, and the round's first missile weapon at B has come, answered or not"}},
	{key: "checks.modifiers.spent_by_not", note: "without spent_by", need: needs(blowBase, parried, missileParry, onceShield),
		set: func(rs *rules.Ruleset) { parryOf(rs).Modifiers[0].SpentByNot = []string{"missile"} }, refused: "set spent_by"},
}

// A defence's modifier that goes only against a weapon of some kinds (BRP:
// a thrown weapon's full-skill dodge, never against an arrow, l.131-133).
var againstKindsCases = []schemaCase{
	{key: "checks.modifiers.against_kinds", need: needs(blowBase, parried, missileParry, func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = append(rs.Gear.WeaponKinds, rules.WeaponKind{ID: "thrown", Name: "Thrown"})
	}), set: func(rs *rules.Ruleset) { parryOf(rs).Modifiers[0].AgainstKinds = []string{"thrown"} },
		play: armed(sword(func(w *rules.Weapon) { w.Kinds = []string{"missile"} }), nil,
			strike(engine.Blow{Answer: "parry", Guards: []string{"shield"}}, 12, 4, 4)),
		want: []string{"refused: Parry: Shield is only against a thrown weapon, not Sword"}},
	{key: "checks.modifiers.against_kinds", note: "unknown kind", need: needs(blowBase, parried, missileParry),
		set: func(rs *rules.Ruleset) { parryOf(rs).Modifiers[0].AgainstKinds = []string{"javelin"} }, refused: `unknown weapon kind "javelin"`},
	{key: "checks.modifiers.against_kinds", note: "not a defence", need: needs(blowBase, parried, missileParry),
		set: func(rs *rules.Ruleset) {
			parryOf(rs).Modifiers[0].AgainstKinds, parryOf(rs).Defence = []string{"missile"}, false
		},
		refused: "only a defence's modifier"},
}

func init() { schemaCases = append(schemaCases, againstKindsCases...) }

// onceShield makes missileParry's shield once a round.
func onceShield(rs *rules.Ruleset) { parryOf(rs).Modifiers[0].OnceARound = true }

func init() { schemaCases = append(schemaCases, spentByCases...) }
