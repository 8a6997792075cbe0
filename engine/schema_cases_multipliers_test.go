package engine_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// Cases for damage multipliers, what a blow's action costs more, a blow's
// own weapon, and a check's outcome that drops a weapon.
func init() {
	schemaCases = append(schemaCases, multiplierCases...)
}

// keen gives blowBase the weapon kind keen and the multiplier m.
func keen(ms ...rules.Multiplier) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "keen", Name: "Keen"}}
		rs.Multipliers = append([]rules.Multiplier(nil), ms...)
	}
}

// swings gives blowBase's blow the action Swing (2 AP of 3) and the
// ruleset a Jab (1 AP).
func swings(rs *rules.Ruleset) {
	rs.Pools = []rules.Pool{{ID: "ap", Name: "AP", Capacity: ex("3"), Reset: rules.AtRoundStart}}
	rs.Actions = []rules.ActionDef{{ID: "swing", Name: "Swing", Cost: map[string]int{"ap": 2}}, {ID: "jab", Name: "Jab", Cost: map[string]int{"ap": 1}}}
	rs.Blows[0].Action = "swing"
}

// takes is a fight of A with a keen Sword and B, who takes the multipliers
// given from keen weapons.
func takes(ids []string, acts ...act) func(*testing.T, *rules.Ruleset) string {
	init := func(n int) *int { return &n }
	m := map[string][]string{}
	for _, id := range ids {
		m[id] = []string{"keen"}
	}
	return cast([]engine.NewCombatant{
		{Name: "A", HP: 20, Init: init(20), Weapons: []rules.Weapon{sword(func(w *rules.Weapon) { w.Kinds = []string{"keen"} })}},
		{Name: "B", HP: 20, Init: init(10), Multipliers: m},
	}, acts...)
}

var (
	weak = rules.Multiplier{ID: "weak", Name: "Weakness", Times: 2}
	res  = rules.Multiplier{ID: "res", Name: "Resistance", Divide: 2}
)

var multiplierCases = []schemaCase{
	{key: "multipliers.id", need: needs(blowBase, keen(weak)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].ID = "frail" },
		play: takes([]string{"frail"}, strike(engine.Blow{}, 12, 4)),
		want: []string{"Weakness on B: 4 becomes 8"}, gone: []string{`has no multiplier "frail"`}},
	{key: "multipliers.name", need: needs(blowBase, keen(weak)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].Name = "Frailty" },
		play: takes([]string{"weak"}, strike(engine.Blow{}, 12, 4)), want: []string{"Frailty on B: 4 becomes 8"}},
	{key: "multipliers.name", note: "none", need: needs(blowBase, keen(weak)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].Name = "" },
		refused: "needs a name"},
	{key: "multipliers.times", need: needs(blowBase, keen(weak)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].Times = 3 },
		play: takes([]string{"weak"}, strike(engine.Blow{}, 12, 4)), want: []string{"Weakness on B: 4 becomes 12"}},
	{key: "multipliers.times", note: "neither", need: needs(blowBase, keen(weak)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].Times = 0 },
		refused: "say what it does"},
	{key: "multipliers.times", note: "two of them", need: needs(blowBase, keen(weak, rules.Multiplier{ID: "x", Name: "X", Divide: 2})),
		set:  func(rs *rules.Ruleset) { rs.Multipliers[1].Times, rs.Multipliers[1].Divide = 2, 0 },
		play: takes([]string{"weak", "x"}, strike(engine.Blow{}, 12, 4)), want: []string{"Weakness and X on B: 4 becomes 12"}},
	{key: "multipliers.divide", need: needs(blowBase, keen(weak)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].Times, rs.Multipliers[0].Divide = 0, 2 },
		play: takes([]string{"weak"}, strike(engine.Blow{}, 12, 5)), want: []string{"Weakness on B: 5 becomes 2"}},
	{key: "multipliers.divide", note: "both", need: needs(blowBase, keen(weak)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].Divide = 2 },
		refused: "not both"},
	{key: "multipliers.cancels", need: needs(blowBase, keen(weak, res)), set: func(rs *rules.Ruleset) {
		rs.Multipliers[0].Cancels, rs.Multipliers[1].Cancels = "res", "weak"
	}, play: takes([]string{"weak", "res"}, strike(engine.Blow{}, 12, 5)),
		want: []string{"Weakness and Resistance cancel out on B: 5 becomes 5"}, gone: []string{"Weakness and Resistance on B: 5 becomes 5"}},
	{key: "multipliers.cancels", note: "one way", need: needs(blowBase, keen(weak, res)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].Cancels = "res" },
		refused: `"res" must cancel "weak" too`},
	{key: "multipliers.when", need: needs(blowBase, keen(res)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].When = ex("target_DEF - 10") },
		play: takes(nil, strike(engine.Blow{}, 12, 5)), want: []string{"Resistance on B: 5 becomes 2"}},
	{key: "multipliers.when", note: "taken from weapons", need: needs(blowBase, keen(res)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].When = ex("1") },
		play: takes([]string{"res"}, strike(engine.Blow{}, 12, 5)), want: []string{"refused: B: multipliers.res: Resistance applies by its formula"}},
	{key: "multipliers.when", note: "not a stat", need: needs(blowBase, keen(res)), set: func(rs *rules.Ruleset) { rs.Multipliers[0].When = ex("MPL") },
		refused: `unknown stat "MPL"`},

	// [[blows]] costs_more
	{key: "blows.costs_more", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Pools = []rules.Pool{{ID: "ap", Name: "AP", Capacity: ex("5"), Reset: rules.AtRoundStart}}
		rs.Actions = []rules.ActionDef{{ID: "swing", Name: "Swing", Cost: map[string]int{"ap": 2}}}
		rs.Blows[0].Action = "swing"
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].CostsMore = map[string]dice.Expr{"ap": ex("target_DEF - 13")} },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4), strike(engine.Blow{}, 12, 4)),
		want: []string{"refused: Swing costs 3 AP; A has AP 2"}},
	// [blows.weapon]
	{key: "blows.weapon.name", need: needs(blowBase, func(rs *rules.Ruleset) { rs.Blows[0].Weapon = &rules.BlowWeapon{Name: "Fist", Damage: ex("2")} }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Weapon.Name = "Knee" },
		play: cast([]engine.NewCombatant{who("A", 20, 20, nil), who("B", 10, 20, nil)}, strike(engine.Blow{}, 12)),
		want: []string{"A strikes at B with Knee (Attack)"}},
	{key: "blows.weapon.name", note: "none", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Weapon = &rules.BlowWeapon{Damage: ex("2")} },
		refused: "a weapon needs a name"},
	{key: "blows.weapon.damage", need: needs(blowBase, func(rs *rules.Ruleset) { rs.Blows[0].Weapon = &rules.BlowWeapon{Name: "Fist", Damage: ex("2")} }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Weapon.Damage = ex("max(DEF - 10, 1)") },
		play: cast([]engine.NewCombatant{who("A", 20, 20, nil), who("B", 10, 20, nil)}, strike(engine.Blow{}, 12)),
		want: []string{"B takes 4 (20 -> 16 HP)"}, gone: []string{"B takes 2 (20 -> 18 HP)"}},
	{key: "blows.weapon.damage", note: "none", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Weapon = &rules.BlowWeapon{Name: "Fist"} },
		refused: "a weapon needs its damage"},
	{key: "blows.weapon.kinds", need: needs(blowBase, keen(weak), func(rs *rules.Ruleset) { rs.Blows[0].Weapon = &rules.BlowWeapon{Name: "Fist", Damage: ex("2")} }),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Weapon.Kinds = []string{"keen"} },
		play: cast([]engine.NewCombatant{who("A", 20, 20, nil), {Name: "B", HP: 20, Multipliers: map[string][]string{"weak": {"keen"}}}},
			strike(engine.Blow{}, 12)),
		want: []string{"Weakness on B: 2 becomes 4"}},
	{key: "blows.weapon.kinds", note: "unknown", need: blowBase, set: func(rs *rules.Ruleset) {
		rs.Blows[0].Weapon = &rules.BlowWeapon{Name: "Fist", Damage: ex("2"), Kinds: []string{"keen"}}
	}, refused: `no weapon kind "keen"`},

	// [blows.on_guard]
	{key: "blows.on_guard.unless", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].OnGuard = rules.OnGuard{Unless: "dazed", Gives: "dazed"} },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A is Dazed"}},
	{key: "blows.on_guard.unless", note: "none", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].OnGuard = rules.OnGuard{Gives: "dazed"} },
		refused: "name the condition a defender on guard does not hold"},
	{key: "blows.on_guard.gives", need: needs(blowBase, parried, wary, func(rs *rules.Ruleset) {
		rs.Blows[0].OnGuard = rules.OnGuard{Unless: "dazed", Modifiers: []string{"wary"}}
	}),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].OnGuard.Gives = "dazed" },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 5, 3, 4)), want: []string{"A is Dazed"}},
	{key: "blows.on_guard.modifiers", need: needs(blowBase, parried, wary, func(rs *rules.Ruleset) { rs.Blows[0].OnGuard = rules.OnGuard{Unless: "dazed", Gives: "dazed"} }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].OnGuard.Modifiers = []string{"wary"} },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 5, 3, 4)), want: []string{"B: Parry against A (Wary: Advantage)"}},
	{key: "blows.on_guard.modifiers", note: "unknown", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) {
		rs.Blows[0].OnGuard = rules.OnGuard{Unless: "dazed", Modifiers: []string{"wary"}}
	}, refused: `has no modifier "wary"`},

	// [blows.also_as]: another action pays for the blow, and then its
	// on_guard holds only if kept.
	{key: "blows.also_as.action", need: needs(blowBase, swings), set: func(rs *rules.Ruleset) {
		rs.Blows[0].AlsoAs = &rules.BlowAlso{Action: "jab", Name: "as a jab"}
	}, play: armed(sword(), nil, strike(engine.Blow{As: true}, 12, 4), strike(engine.Blow{}, 12, 4)),
		want: []string{"A: Jab\nA strikes at B with Sword (Attack as a jab)", "A: Swing\nA strikes at B with Sword (Attack)"}},
	{key: "blows.also_as.action", note: "unknown", need: blowBase, set: func(rs *rules.Ruleset) {
		rs.Blows[0].AlsoAs = &rules.BlowAlso{Action: "jab", Name: "as a jab"}
	}, refused: `unknown action "jab"`},
	{key: "blows.also_as.action", note: "its own", need: needs(blowBase, swings), set: func(rs *rules.Ruleset) {
		rs.Blows[0].AlsoAs = &rules.BlowAlso{Action: "swing", Name: "again"}
	}, refused: `"swing" is the blow's own action`},
	{key: "blows.also_as.name", need: needs(blowBase, swings), set: func(rs *rules.Ruleset) {
		rs.Blows[0].AlsoAs = &rules.BlowAlso{Action: "jab", Name: "quickly"}
	}, play: armed(sword(), nil, strike(engine.Blow{As: true}, 12, 4)), want: []string{"A strikes at B with Sword (Attack quickly)"}},
	{key: "blows.also_as.name", note: "none", need: needs(blowBase, swings), set: func(rs *rules.Ruleset) {
		rs.Blows[0].AlsoAs = &rules.BlowAlso{Action: "jab"}
	}, refused: "say how the list names the blow made this way"},
	{key: "blows.also_as.keeps_on_guard", need: needs(blowBase, swings, func(rs *rules.Ruleset) {
		rs.Blows[0].OnGuard = rules.OnGuard{Unless: "dazed", Gives: "dazed"}
		rs.Blows[0].AlsoAs = &rules.BlowAlso{Action: "jab", Name: "as a jab"}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].AlsoAs.KeepsOnGuard = true },
		play: armed(sword(), nil, strike(engine.Blow{As: true}, 12, 4)), want: []string{"A is Dazed"}},
	{key: "blows.also_as.keeps_on_guard", note: "no on_guard", need: needs(blowBase, swings), set: func(rs *rules.Ruleset) {
		rs.Blows[0].AlsoAs = &rules.BlowAlso{Action: "jab", Name: "as a jab", KeepsOnGuard: true}
	}, refused: "the blow has no on_guard to keep"},

	// [[blows.results]] damage = "halved"
	{key: "blows.results.damage=halved", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Damage = rules.DamageHalved },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 5)), want: []string{"A's damage: weapon 5 / 2 = 2", "B takes 2"}},

	// [[conditions]] moving_takes
	{key: "conditions.moving_takes", need: needs(withConds(rules.ConditionDef{ID: "ran", Name: "Ran"}, rules.ConditionDef{ID: "guard", Name: "On guard"}),
		withActions(rules.ActionDef{ID: "walk", Name: "Walk", Moves: true})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].MovingTakes = []string{"guard"} },
		play: duel(give("A", "ran"), give("A", "guard"), spend("A", "walk")), want: []string{"A is no longer On guard"}},
	{key: "conditions.moving_takes", note: "nothing moves", need: withConds(rules.ConditionDef{ID: "ran", Name: "Ran"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].MovingTakes = []string{"ran"} }, refused: "no action moves"},
	{key: "conditions.moving_takes", note: "unknown", need: needs(withConds(rules.ConditionDef{ID: "ran", Name: "Ran"}),
		withActions(rules.ActionDef{ID: "walk", Name: "Walk", Moves: true})),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].MovingTakes = []string{"guard"} }, refused: `unknown condition "guard"`},

	// [[checks.modifiers]] target
	{key: "checks.modifiers.target", need: needs(combat(), cover("still", "Still", "0")),
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Modifiers[0].Mod, rs.Checks[0].Modifiers[0].Target = dice.Expr{}, ex("-5")
		},
		play: duel(do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"still"}}, 8)),
		want: []string{"A: Combat roll against B (Still: target -5): d20: [8] = 8 vs 7 or more: Hit"}},
	{key: "checks.modifiers.target", note: "rolled", need: needs(combat(), cover("still", "Still", "0")),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Target = ex("1d6") }, refused: "is worked out, not rolled"},

	// [[checks.outcomes.effects]] weapon
	{key: "checks.outcomes.effects.weapon=dropped", need: needs(withConds(prone), combat(critical(rules.CheckEffect{To: rules.ToTarget, Give: "prone"}))),
		set:  critEffect(rules.CheckEffect{To: rules.ToTarget, Weapon: rules.FateDropped}),
		play: armed(sword(), nil, attack("", 20)), want: []string{"Critical hit\nB's Shield is dropped"}},
	{key: "checks.outcomes.effects.weapon=broken", need: needs(withConds(prone), combat(critical(rules.CheckEffect{To: rules.ToTarget, Give: "prone"}))),
		set:  critEffect(rules.CheckEffect{To: rules.ToActor, Weapon: rules.FateBroken}),
		play: armed(sword(), nil, attack("", 20)), want: []string{"Critical hit\nA's Sword is broken"}},
	{key: "checks.outcomes.effects.weapon=stuck", need: needs(withConds(prone), combat(critical(rules.CheckEffect{To: rules.ToTarget, Give: "prone"}))),
		set: critEffect(rules.CheckEffect{To: rules.ToTarget, Weapon: rules.FateStuck}), refused: "dropped or broken"},
	// A holds a Sword and a keen Whip: the fate falls on the keen one
	// (BRP: the entangling weapon wrenched away, l.369).
	{key: "checks.outcomes.effects.weapon_kinds", need: needs(withConds(prone), keen(),
		combat(critical(rules.CheckEffect{To: rules.ToActor, Weapon: rules.FateDropped}))),
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Outcomes[0].Effects[0].WeaponKinds = []string{"keen"} },
		play: armed2([]rules.Weapon{sword(), {Name: "Whip", Damage: ex("1d3"), Kinds: []string{"keen"}}}, attack("", 20)),
		want: []string{"Critical hit\nA's Whip is dropped"}, gone: []string{"A's Sword is dropped"}},
	{key: "checks.outcomes.effects.weapon_kinds", note: "without weapon", need: needs(withConds(prone), keen(),
		combat(critical(rules.CheckEffect{To: rules.ToTarget, Give: "prone"}))),
		set:     func(rs *rules.Ruleset) { rs.Checks[0].Outcomes[0].Effects[0].WeaponKinds = []string{"keen"} },
		refused: "only a weapon's fate"},
	{key: "checks.outcomes.effects.weapon_kinds", note: "unknown kind", need: needs(withConds(prone), keen(),
		combat(critical(rules.CheckEffect{To: rules.ToActor, Weapon: rules.FateDropped}))),
		set:     func(rs *rules.Ruleset) { rs.Checks[0].Outcomes[0].Effects[0].WeaponKinds = []string{"dull"} },
		refused: "unknown weapon kind \"dull\""},
	{key: "blows.damage_stats", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Stats = append(rs.Stats, rules.StatDef{ID: "DB", Name: "Damage bonus", Default: 3})
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].DamageStats = map[string]dice.Expr{"DB": ex("0")} },
		play: armed(sword(func(w *rules.Weapon) { w.Damage = ex("1d6 + DB") }), nil, strike(engine.Blow{}, 12, 4)),
		want: []string{"B takes 4"}, gone: []string{"B takes 7"}},
	{key: "blows.damage_stats", note: "not a stat", need: blowBase,
		set: func(rs *rules.Ruleset) { rs.Blows[0].DamageStats = map[string]dice.Expr{"DB": ex("0")} }, refused: `unknown stat "DB"`},
	{key: "blows.damage_stats", note: "the defender's", need: blowBase,
		set:     func(rs *rules.Ruleset) { rs.Blows[0].DamageStats = map[string]dice.Expr{"DEF": ex("target_DEF")} },
		refused: "the damage reads the attacker's stats"},
	{key: "blows.costs_more", note: "no action", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].CostsMore = map[string]dice.Expr{"ap": ex("1")} },
		refused: "name its action"},
}

// wary gives blowBase's Parry and Dodge the modifier Wary: Advantage.
func wary(rs *rules.Ruleset) {
	for i := range rs.Checks {
		if id := rs.Checks[i].ID; id == "parry" || id == "dodge" {
			rs.Checks[i].Modifiers = []rules.CheckModifier{{ID: "wary", Name: "Wary", Edge: rules.WithAdvantage}}
		}
	}
}

// armed2 is armed's fight with A holding the weapons given, the first in
// hand first.
func armed2(ws []rules.Weapon, acts ...act) func(*testing.T, *rules.Ruleset) string {
	init := func(n int) *int { return &n }
	return cast([]engine.NewCombatant{
		{Name: "A", HP: 20, Init: init(20), Weapons: ws},
		{Name: "B", HP: 20, Init: init(10), Weapons: []rules.Weapon{{Name: "Shield", Damage: ex("1d3"), HP: 8}}},
	}, acts...)
}
