package engine_test

import (
	"fmt"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// Cases for hit locations (BRP's option).
func init() {
	schemaCases = append(schemaCases, locationCases...)
}

// bodyParts switches hit locations on: a Leg (1-10 on 1d20) and a Head
// (11-20), each with a third of the total hit points rounded up (7 of 20),
// and the conditions Lame and Dead (a fatal wound's, after two rounds).
func bodyParts(rs *rules.Ruleset) {
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "lame", Name: "Lame", Duration: rules.UntilRemoved},
		rules.ConditionDef{ID: "dead", Name: "Dead", Duration: rules.UntilRemoved, NoTurn: true})
	rs.HP.DeadCondition, rs.HP.DiesWithin = "dead", 2
	rs.HP.LocationsOn, rs.HP.LocationRoll = true, ex("1d20")
	rs.HP.Locations = []rules.HitLocation{
		{ID: "leg", Name: "Leg", Roll: faces(1, 10), HP: ex("(MAX_HP + 2) / 3")},
		{ID: "head", Name: "Head", Roll: faces(11, 20), HP: ex("(MAX_HP + 2) / 3")},
	}
}

// legEffect gives the Leg one effect.
func legEffect(e rules.LocationEffect) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects = []rules.LocationEffect{e} }
}

// hitLeg deals A n at the leg; hitAt rolls the location.
func hitLeg(n int) act {
	return do("A", engine.Damage{Amount: n, Location: "leg"})
}

func hitAt(n, face int) act {
	return do("A", engine.Damage{Amount: n}, face)
}

// limbRow is slips() whose row takes 1 HP, with a weapon field limb (the
// weapon in hand's location roll, 15: the head, by default).
func limbRow(rs *rules.Ruleset) {
	bodyParts(rs)
	withConds(slips())(rs)
	rs.Conditions[len(rs.Conditions)-1].Table[0].Damage = ex("1")
	rs.Gear.WeaponFields = []rules.WeaponField{field("limb", "15")}
}

var locationCases = []schemaCase{
	{key: "conditions.table.limb_field", need: limbRow, set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].Table[0].LimbField = "limb" },
		play: armed(rules.Weapon{Name: "Kick", Damage: ex("1d6"), Fields: map[string]int{"limb": 3}}, nil, do("A", engine.GiveCondition{Condition: "slip"})),
		want: []string{"A is hit in the leg: 1 there"}, gone: []string{"A hit location roll"}},
	{key: "conditions.table.limb_field", note: "an unknown field", need: limbRow,
		set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].Table[0].LimbField = "reach" }, refused: "unknown weapon field"},
	{key: "conditions.table.limb_field", note: "no damage", need: limbRow, set: func(rs *rules.Ruleset) {
		row := &rs.Conditions[len(rs.Conditions)-1].Table[0]
		row.LimbField, row.Damage = "limb", dice.Expr{}
	}, refused: "give damage or weapon_damage"},
	{key: "hp.locations_on", need: func(rs *rules.Ruleset) { bodyParts(rs); rs.HP.LocationsOn = false }, set: func(rs *rules.Ruleset) { rs.HP.LocationsOn = true },
		play: duel(hitLeg(3)), want: []string{"A is hit in the leg: 3 there (3 of 7)\nA takes 3 (20 -> 17 HP)"}},
	{key: "hp.locations_on", note: "with major wounds", need: func(rs *rules.Ruleset) { bodyParts(rs); rs.HP.LocationsOn = false },
		set: func(rs *rules.Ruleset) { rs.HP.LocationsOn, rs.HP.MajorAt = true, ex("10") }, refused: "do not go together"},
	{key: "hp.location_roll", need: bodyParts, set: func(rs *rules.Ruleset) { rs.HP.LocationRoll = ex("1d10") },
		play: duel(hitAt(3, 7)), want: []string{"A hit location roll: 1d10: [7] = 7\nA is hit in the leg"}},
	{key: "hp.location_roll", note: "faces landing nowhere", need: bodyParts, set: func(rs *rules.Ruleset) { rs.HP.LocationRoll = ex("1d30") }, refused: "lands on 0 locations"},
	{key: "hp.locations.id", need: bodyParts, set: func(rs *rules.Ruleset) { rs.HP.Locations[0].ID = "shin" },
		play: duel(hitLeg(3)), want: []string{`refused: Base has no hit location "leg"`}},
	{key: "hp.locations.name", need: bodyParts, set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Name = "Shin" },
		play: duel(hitLeg(3)), want: []string{"A is hit in the shin"}},
	{key: "hp.locations.roll", need: bodyParts, set: func(rs *rules.Ruleset) {
		rs.HP.Locations[0].Roll, rs.HP.Locations[1].Roll = faces(1, 12), faces(13, 20)
	},
		play: duel(hitAt(3, 12)), want: []string{"A hit location roll: 1d20: [12] = 12\nA is hit in the leg"}},
	{key: "hp.locations.hp", need: bodyParts, set: func(rs *rules.Ruleset) { rs.HP.Locations[0].HP = ex("2") },
		play: duel(hitLeg(3)), want: []string{"A is hit in the leg: 3 there (3 of 2)"}},
	{key: "hp.locations.hp", note: "dice", need: bodyParts, set: func(rs *rules.Ruleset) { rs.HP.Locations[0].HP = ex("1d6") }, refused: "formula of stats"},
	{key: "hp.locations.limb", need: bodyParts, set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Limb = true },
		play: duel(hitLeg(18)), want: []string{"A: a leg takes no more than 14 off the total in one blow\nA takes 14 (20 -> 6 HP)"}},
	{key: "hp.locations.effects.at", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Give: []string{"lame"}})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].At = 2 }, play: duel(hitLeg(7), hitLeg(7)),
		want: []string{"A is hit in the leg: 7 there (14 of 7)\nA: the leg has taken twice its hit points\nA is Lame"}},
	{key: "hp.locations.effects.blow", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 2, Give: []string{"lame"}})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].Blow = true }, play: duel(hitLeg(7), hitLeg(7), hitLeg(14)),
		want: []string{"A is hit in the leg: 7 there (14 of 7)\nA takes 7", "A is hit in the leg: 14 there (28 of 7)\nA: the leg has taken twice (one blow) its hit points\nA is Lame"}},
	{key: "hp.locations.effects.give", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Bleed: 1})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].Give = []string{"lame"} }, play: duel(hitLeg(7)), want: []string{"A: the leg has taken all its hit points\nA is Lame"}},
	{key: "hp.locations.effects.give", note: "unknown", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Bleed: 1})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].Give = []string{"nope"} }, refused: `unknown condition "nope"`},
	{key: "hp.locations.effects.bleed", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Give: []string{"lame"}})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].Bleed = 1 }, play: duel(hitLeg(7)), want: []string{"A is Lame\nA bleeds 1 a round from a new wound"}},
	{key: "hp.locations.effects.weapon=dropped", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Give: []string{"lame"}})),
		set:  func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].Weapon = rules.FateDropped },
		play: armed(sword(), nil, hitLeg(7)), want: []string{"A is Lame\nA's Sword is dropped"}},
	{key: "hp.locations.effects.weapon=broken", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Give: []string{"lame"}})),
		set:  func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].Weapon = rules.FateBroken },
		play: armed(sword(), nil, hitLeg(7)), want: []string{"A is Lame\nA's Sword is broken"}},
	{key: "hp.locations.effects.weapon=stuck", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Give: []string{"lame"}})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].Weapon = rules.FateStuck }, refused: "stuck in another by a blow"},
	{key: "hp.locations.effects.until_healed", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Give: []string{"lame"}})),
		set:  func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].UntilHealed = true },
		play: duel(hitLeg(8), do("A", engine.Heal{Amount: 1, Location: "leg"}), do("A", engine.Heal{Amount: 1, Location: "leg"})),
		want: []string{"A's leg heals 1 (7 of 7)\nA heals 1", "A's leg heals 1 (6 of 7)\nA is no longer Lame (the leg healed)"}},
	{key: "hp.locations.effects.until_healed", note: "gives nothing", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Bleed: 1})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].UntilHealed = true }, refused: "give a condition"},
	{key: "hp.locations.effects.heal_closes", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Bleed: 2})),
		set:  func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].HealCloses = true },
		play: duel(hitLeg(7), do("A", engine.Heal{Amount: 1, Location: "head"}), do("A", engine.Heal{Amount: 1, Location: "leg"})),
		want: []string{"A's head heals 0 (0 of 7)\nA heals 1 (13 -> 14 HP)\nA's leg heals 1 (6 of 7)\nA's wound bleeding 2 a round is closed by magic"}},
	{key: "hp.locations.effects.heal_closes", note: "no bleed", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 1, Give: []string{"lame"}})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].HealCloses = true }, refused: "give it a bleed"},
	{key: "hp.locations.effects.dies", need: needs(bodyParts, legEffect(rules.LocationEffect{At: 3, Give: []string{"lame"}})),
		set: func(rs *rules.Ruleset) { rs.HP.Locations[0].Effects[0].Dies = true }, play: duel(hitLeg(21)), want: []string{"A is Lame\nA is Dead"}},
	{key: "thresholds.gives", need: func(rs *rules.Ruleset) {
		rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "ko", Name: "Knocked out", Duration: rules.ForRounds, Rounds: ex("3")})
		rs.Thresholds = []rules.Threshold{{AtMost: at(2), Summary: "1-2 HP"}}
	}, set: func(rs *rules.Ruleset) { rs.Thresholds[0].Gives = "ko" },
		play: duel(do("A", engine.Damage{Amount: 19}), do("A", engine.Heal{Amount: 10})),
		want: []string{"A is Knocked out for 3 rounds", "A: hp 11/20 out false pools [] conds [ko(own)]"}},
	// Given as A falls to 1 HP and taken away there (c), it is not given
	// again while A stays in the band: only a new fall into it gives it.
	{key: "thresholds.gives", note: "once a fall", need: func(rs *rules.Ruleset) {
		rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "ko", Name: "Knocked out", Duration: rules.ForRounds, Rounds: ex("3")})
		rs.Thresholds = []rules.Threshold{{AtMost: at(2), Summary: "1-2 HP"}}
	}, set: func(rs *rules.Ruleset) { rs.Thresholds[0].Gives = "ko" },
		play: duel(do("A", engine.Damage{Amount: 19}), do("A", engine.TakeCondition{Condition: "ko"}),
			next(4), screen(holding("A", "ko")), do("A", engine.Heal{Amount: 2}), do("A", engine.Damage{Amount: 1})),
		want: []string{"screen: A ko false", "A: hp 2/20 out false pools [] conds [ko(own)]"}},
}

// parryAndDodge has a Parry and a Dodge, both defences, the Dodge with a
// free Defensive modifier.
func parryAndDodge(rs *rules.Ruleset) {
	out := []rules.Outcome{{ID: "ok", Name: "Blocked", Result: rules.Success}, {ID: "no", Name: "Missed", Result: rules.Failure}}
	rs.Checks = append(rs.Checks,
		rules.Check{ID: "parry", Name: "Parry", Roll: ex("d100"), Target: ex("80"), Succeeds: rules.AtMost, Defence: true, Outcomes: out},
		rules.Check{ID: "dodge", Name: "Dodge", Roll: ex("d100"), Target: ex("80"), Succeeds: rules.AtMost, Defence: true, Outcomes: out,
			Modifiers: []rules.CheckModifier{{ID: "defensive", Name: "Defensive", Free: true}}})
	rs.Helpers.DefenceStep = -30
}

func init() {
	dodgeA := func(face int, mods ...string) act {
		return do("A", engine.RollCheck{Check: "dodge", Modifiers: mods}, face)
	}
	schemaCases = append(schemaCases,
		schemaCase{key: "checks.excludes", need: parryAndDodge, set: func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Excludes = []string{"parry"} },
			play: duel(parryA(10), dodgeA(10), dodgeA(10, "defensive"), next(1), dodgeA(10, "defensive"), dodgeA(10)),
			want: []string{"refused: A has rolled a Parry this round: a Dodge does not go with it unless fighting defensively",
				"refused: A has rolled a Parry at initiative 20: fighting defensively, a Dodge does not go with it at the same place",
				"B acts at initiative 10\nA: Dodge (Defensive): d100: [10] = 10 vs 80 or less: Blocked\nA: Dodge (second defence this round -30)"}},
		schemaCase{key: "checks.excludes", note: "not a defence", need: parryAndDodge, set: func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Excludes = []string{"nope"} }, refused: "not a defence"},
	)
}

func init() {
	schemaCases = append(schemaCases, schemaCase{key: "phases.roll",
		need: needs(twoPhases, withStats("QU"), func(rs *rules.Ruleset) { rs.Phases[1].Order, rs.Phases[1].Stat = rules.PhaseStat, "QU" }),
		set:  func(rs *rules.Ruleset) { rs.Phases[1].Roll = ex("1d10 + 100") },
		play: cast([]engine.NewCombatant{who("A", 20, 20, map[string]int{"QU": 5}), who("B", 10, 20, map[string]int{"QU": 5})}, next(3)),
		want: []string{"A second rank: 1d10 + 100: [", "Second phase\n"}, gone: []string{"acts at QU 5"}},
		schemaCase{key: "phases.roll", note: "not a stat phase", need: twoPhases, set: func(rs *rules.Ruleset) { rs.Phases[1].Roll = ex("1d10") }, refused: "only a phase in stat order"},
	)
}

// holding says whether the named combatant holds the condition now.
func holding(name, cond string) func(rs *rules.Ruleset, f *enginetest.Fight) string {
	return func(rs *rules.Ruleset, f *enginetest.Fight) string {
		return fmt.Sprintf("%s %s %v", name, cond, f.Get(name).Has(cond))
	}
}
