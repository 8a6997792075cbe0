package engine_test

import (
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// The cases of what a state does to rolls and acts: the kinds of roll, the
// modifiers and restrictions that reach them, lost actions, the effects a
// wound holds, and the edges of the bands.

func init() {
	schemaCases = append(schemaCases, stateCases...)
	schemaCases = append(schemaCases, kindCases()...)
}

// hexed is Hexed: -7 on every roll of the holder's that has a kind.
var hexed = rules.ConditionDef{ID: "hex", Name: "Hexed", RollMods: map[rules.RollKind]dice.Expr{rules.RollAll: ex("-7")}}

// single is a single kind a roll of the kind k may be, for a check that
// stands for one roll: an attack is a melee one, a defence a parry.
func single(k rules.RollKind) rules.RollKind {
	if ks := k.Kinds(); len(ks) > 0 {
		return ks[0]
	}
	return k
}

// kindCases are a case for each kind of roll on each key that says a
// roll's kind: a Hexed roller's roll of that kind takes -7, one of no
// kind nothing; and for each kind a restriction may name, a roll of it
// refused. "all" is what a modifier reaches, never a roll's own kind.
func kindCases() []schemaCase {
	var out []schemaCase
	for _, k := range rules.RollReaches {
		k := k
		if k == rules.RollAll {
			out = append(out,
				schemaCase{key: "checks.kind=all", need: combat(), set: func(rs *rules.Ruleset) { rs.Checks[0].Kind = k }, refused: "all"},
				schemaCase{key: "actions.roll_kind=all", need: withActions(rules.ActionDef{ID: "react", Name: "React", Roll: ex("10")}),
					set: func(rs *rules.Ruleset) { rs.Actions[0].RollKind = k }, refused: "all"},
				schemaCase{key: "stun.recovery_kind=all", need: ladder, set: func(rs *rules.Ruleset) { rs.Stun.RecoveryKind = k }, refused: "all"},
				schemaCase{key: "wounds.first_aid_kind=all", need: firstAid, set: func(rs *rules.Ruleset) { rs.Wounds.Kind = k }, refused: "all"},
				schemaCase{key: "conditions.check_kind=all", need: withConds(rules.ConditionDef{ID: "dazed", Name: "Dazed", Check: ex("10"), CheckTarget: 50}),
					set: func(rs *rules.Ruleset) { rs.Conditions[0].CheckKind = k }, refused: "all"},
			)
		} else {
			out = append(out,
				schemaCase{key: "checks.kind=" + string(k), need: needs(combat(), withConds(hexed)),
					set:  func(rs *rules.Ruleset) { rs.Checks[0].Kind = k },
					play: duel(give("A", "hex"), attack("", 15)), want: []string{"A: Combat roll against B (Hexed -7): d20: [15] = 15 - 7 = 8"}},
				schemaCase{key: "actions.roll_kind=" + string(k), need: needs(withConds(hexed), withActions(rules.ActionDef{ID: "react", Name: "React", Roll: ex("10")})),
					set:  func(rs *rules.Ruleset) { rs.Actions[0].RollKind = k },
					play: duel(give("A", "hex"), spend("A", "react")), want: []string{"A React: 10: 10 = 10, Hexed -7: 3"}},
				schemaCase{key: "stun.recovery_kind=" + string(k), need: needs(ladder, withConds(hexed), func(rs *rules.Ruleset) { rs.Stun.Recovery, rs.Stun.Target = ex("50"), 40 }),
					set:  func(rs *rules.Ruleset) { rs.Stun.RecoveryKind = k },
					play: duel(give("A", "hex"), stun("A", "dazed", 2), next(2)), want: []string{"A stun recovery: 50: 50 = 50, +0 for 1 round of stun, Hexed -7: 43 against"}},
				schemaCase{key: "wounds.first_aid_kind=" + string(k), need: needs(withConds(hexed), func(rs *rules.Ruleset) { rs.Wounds.Check, rs.Wounds.Target = ex("50"), 45 }),
					set:  func(rs *rules.Ruleset) { rs.Wounds.Kind = k },
					play: duel(give("A", "hex"), wound("A", 5), do("A", engine.FirstAid{})), want: []string{"A First Aid: 50: 50 = 50, Hexed -7: 43 against 45 to work\nFirst Aid on A fails (43, needs 45)"}},
				schemaCase{key: "conditions.check_kind=" + string(k), need: withConds(hexed, rules.ConditionDef{ID: "dazed", Name: "Dazed", Check: ex("55"), CheckTarget: 50}),
					set:  func(rs *rules.Ruleset) { rs.Conditions[1].CheckKind = k },
					play: duel(give("A", "hex"), give("A", "dazed"), next(2)), want: []string{"A Dazed check: 55: 55 = 55, Hexed -7: 48 against 50 to end it\nA is still Dazed"}},
			)
		}
		// A restriction on the kind refuses a roll of it: the check is of
		// the single kind it names first.
		out = append(out, schemaCase{key: "conditions.forbids_rolls=" + string(k),
			need: needs(combat(), withConds(rules.ConditionDef{ID: "bound", Name: "Bound"}), func(rs *rules.Ruleset) { rs.Checks[0].Kind = single(k) }),
			set:  func(rs *rules.Ruleset) { rs.Conditions[0].ForbidsRolls = []rules.RollKind{k} },
			play: duel(give("A", "bound"), attack("", 15)), want: []string{"refused: A is Bound: no "}, gone: []string{"A: Combat roll against B"}})
		// A roll of the kind ends the holder's grant.
		out = append(out, schemaCase{key: "conditions.ended_by_rolls=" + string(k),
			need: needs(combat(), withConds(rules.ConditionDef{ID: "braced", Name: "Braced"}), func(rs *rules.Ruleset) { rs.Checks[0].Kind = single(k) }),
			set:  func(rs *rules.Ruleset) { rs.Conditions[0].EndedByRolls = []rules.RollKind{k} },
			play: duel(give("A", "braced"), attack("", 15)), want: []string{"A is no longer Braced (ended by a Combat roll)"}})
	}
	return out
}

// lost is where lost actions come from: AP, then the spare pool.
func lost(rs *rules.Ruleset) {
	pool(rules.AtRoundStart)(rs)
	rs.Pools = append(rs.Pools, rules.Pool{ID: "spare", Name: "Spare", Capacity: ex("2"), Reset: rules.AtRoundStart})
	rs.LostActions.From = []string{"ap"}
}

// slips is a condition with a table of one row, rolled as it is given:
// each call makes it afresh, so set may change its row.
func slips() rules.ConditionDef {
	return rules.ConditionDef{ID: "slip", Name: "Slipping", TableRoll: ex("1"), TableOnGive: true, Table: []rules.TableRow{{UpTo: 6, Text: "slips"}}}
}

var stateCases = []schemaCase{
	// A check the holder may not roll.
	{key: "conditions.forbids_checks", need: needs(combat(), withConds(rules.ConditionDef{ID: "bound", Name: "Bound"})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].ForbidsChecks = []string{"combat"} },
		play: duel(give("A", "bound"), attack("", 15)), want: []string{"refused: A is Bound: no Combat roll"}, gone: []string{"A: Combat roll against B"}},
	{key: "conditions.forbids_checks", note: "an unknown check", need: needs(combat(), withConds(rules.ConditionDef{ID: "bound", Name: "Bound"})),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].ForbidsChecks = []string{"nope"} }, refused: "unknown check"},
	// A check rolled only by one who holds a condition (BRP's Stamina roll for a head blow).
	{key: "checks.holder_needs", need: needs(combat(), withConds(rules.ConditionDef{ID: "bound", Name: "Bound"})),
		set:  func(rs *rules.Ruleset) { rs.Checks[0].HolderNeeds = []string{"bound"} },
		play: duel(attack("", 15)), want: []string{"refused: A holds no Bound: no Combat roll"}, gone: []string{"A: Combat roll against B"}},
	{key: "checks.holder_needs", note: "an unknown condition", need: needs(combat()),
		set: func(rs *rules.Ruleset) { rs.Checks[0].HolderNeeds = []string{"nope"} }, refused: "unknown condition"},
	// What the target's state gives those who act against it.
	{key: "conditions.against_mods", need: needs(combat(), withConds(rules.ConditionDef{ID: "down", Name: "Down"}), func(rs *rules.Ruleset) { rs.Checks[0].Kind = rules.RollMelee }),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].AgainstMods = map[rules.RollKind]dice.Expr{rules.RollAttack: ex("5")}
		},
		play: duel(give("B", "down"), attack("", 10)), want: []string{"A: Combat roll against B (target Down +5): d20: [10] = 10 + 5 = 15"}},
	{key: "conditions.against_mods", note: "the holder's stats", need: needs(combat(), withConds(rules.ConditionDef{ID: "down", Name: "Down"})),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].AgainstMods = map[rules.RollKind]dice.Expr{rules.RollAll: ex("target_nope")}
		}, refused: "unknown stat"},
	{key: "conditions.against_once", need: needs(combat(), withConds(
		rules.ConditionDef{ID: "down", Name: "Down", AgainstMods: map[rules.RollKind]dice.Expr{rules.RollAttack: ex("5")}},
		rules.ConditionDef{ID: "dazed", Name: "Dazed", AgainstMods: map[rules.RollKind]dice.Expr{rules.RollAttack: ex("3")}}),
		func(rs *rules.Ruleset) { rs.Checks[0].Kind = rules.RollMelee }),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].AgainstOnce, rs.Conditions[1].AgainstOnce = true, true },
		play: duel(give("B", "dazed"), give("B", "down"), attack("", 10)), want: []string{"A: Combat roll against B (target Down +5): d20: [10] = 10 + 5 = 15"},
		gone: []string{"(target Dazed +3, target Down +5)"}},
	{key: "conditions.against_once", note: "no against_mods", need: needs(combat(), withConds(rules.ConditionDef{ID: "down", Name: "Down"})),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].AgainstOnce = true }, refused: "no against_mods"},
	// A roll that waits on a check: the check failed, the roll is not made.
	{key: "conditions.rolls_need", need: needs(combat(), withConds(rules.ConditionDef{ID: "dazed", Name: "Dazed"}), func(rs *rules.Ruleset) {
		rs.Checks[0].Kind = rules.RollMelee
		rs.Checks = append(rs.Checks, rules.Check{ID: "idea", Name: "Idea roll", Roll: ex("d20"), Target: ex("10"), Succeeds: rules.AtLeast,
			Outcomes: []rules.Outcome{{ID: "yes", Name: "Clear", Result: rules.Success}, {ID: "no", Name: "Muddled", Result: rules.Failure}}})
	}),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].RollsNeed = map[rules.RollKind]string{rules.RollAttack: "idea"}
		},
		play: duel(give("A", "dazed"), attack("", 3)), want: []string{"A is Dazed: it fails its Idea roll, so no Combat roll"}, gone: []string{"A: Combat roll against B"}},
	// Movement.
	{key: "conditions.no_movement", need: withConds(rules.ConditionDef{ID: "stuck", Name: "Stuck"}), set: func(rs *rules.Ruleset) {
		rs.Conditions[0].NoMovement = true
		rs.Actions = []rules.ActionDef{{ID: "walk", Name: "Walk", Moves: true}}
	}, play: duel(give("A", "stuck"), spend("A", "walk")), want: []string{"refused: A is Stuck: cannot move (Walk)"}},
	{key: "conditions.no_movement", note: "nothing moves", need: withConds(rules.ConditionDef{ID: "stuck", Name: "Stuck"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].NoMovement = true }, refused: "nothing moves"},
	{key: "actions.moves", need: needs(withConds(rules.ConditionDef{ID: "stuck", Name: "Stuck", NoMovement: true}),
		withActions(rules.ActionDef{ID: "run", Name: "Run", Moves: true}, rules.ActionDef{ID: "walk", Name: "Walk"})),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].Moves = true },
		play: duel(give("A", "stuck"), spend("A", "walk")), want: []string{"refused: A is Stuck: cannot move (Walk)"}, gone: []string{"A: Walk"}},

	// Lost actions: taken from the first place that has one.
	{key: "lost_actions.from", need: needs(lost, combat(critical()), func(rs *rules.Ruleset) { withConds(slips())(rs) }, func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Lose = 1 }),
		set:  func(rs *rules.Ruleset) { rs.LostActions.From = []string{"spare", "ap"} },
		play: duel(give("A", "slip")), want: []string{"A loses an action from its Spare (1 left)"}},
	{key: "lost_actions.from", note: "somewhere", need: needs(lost, func(rs *rules.Ruleset) { withConds(slips())(rs) }, func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Lose = 1 }),
		set: func(rs *rules.Ruleset) { rs.LostActions.From = []string{"nowhere"} }, refused: "is not"},
	{key: "lost_actions.next_round", note: "order only", need: needs(lost, func(rs *rules.Ruleset) { withConds(slips())(rs) }, func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Lose = 1 }),
		set: func(rs *rules.Ruleset) { rs.LostActions.NextRound = true }, refused: "carry to the next round"},
	{key: "conditions.table.lose", need: needs(lost, combat(critical(rules.CheckEffect{To: rules.ToActor, Lose: 1})), func(rs *rules.Ruleset) { withConds(slips())(rs) }),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Lose = 1 },
		play: duel(give("A", "slip")), want: []string{"A (Slipping): slips\nA loses an action from its AP (2 left)"}},
	{key: "conditions.table.give", need: needs(func(rs *rules.Ruleset) { withConds(slips(), prone)(rs) }),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Give = []string{"prone"} },
		play: duel(give("A", "slip")), want: []string{"A (Slipping): slips\nA is Prone"}},
	{key: "conditions.table.damage", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Damage = ex("1d3") },
		play: duel(do("A", engine.GiveCondition{Condition: "slip"}, 2)), want: []string{"A (Slipping): damage: 1d3: [2] = 2\nA takes 2 (20 -> 18 HP"}},
	{key: "conditions.table.weapon_damage", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].WeaponDamage = true },
		play: armed(rules.Weapon{Name: "Claw", Damage: ex("1d6"), Bonus: ex("1d4")}, nil, do("A", engine.GiveCondition{Condition: "slip"}, 5, 3)),
		want: []string{"A (Slipping): Claw's damage to itself: 1d6: [5] = 5\nA (Slipping): Claw's damage to itself: 1d4: [3] = 3\nA takes 8 (20 -> 12 HP"}},
	{key: "conditions.table.weapon=dropped", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Weapon = rules.FateDropped },
		play: armed(rules.Weapon{Name: "Claw", Damage: ex("1d6")}, nil, do("A", engine.GiveCondition{Condition: "slip"})),
		want: []string{"A's Claw is dropped"}},
	{key: "conditions.table.weapon=broken", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Weapon = rules.FateBroken },
		play: armed(rules.Weapon{Name: "Claw", Damage: ex("1d6")}, nil, do("A", engine.GiveCondition{Condition: "slip"})),
		want: []string{"A's Claw is broken"}},
	{key: "conditions.table.weapon_flies", need: func(rs *rules.Ruleset) { withConds(slips())(rs); rs.Conditions[0].Table[0].Weapon = rules.FateDropped },
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].WeaponFlies = ex("1d10") },
		play: armed(rules.Weapon{Name: "Claw", Damage: ex("1d6")}, nil, do("A", engine.GiveCondition{Condition: "slip"}, 6)),
		want: []string{"A's Claw is dropped\nA's Claw lands 6 m away"}},
	{key: "conditions.table.weapon_flies", note: "dropped only", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].WeaponFlies = ex("1d10") }, refused: "give weapon = \"dropped\""},
	{key: "conditions.table.foe_hits", note: "a blow's outcome", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].FoeHits = "special" }, refused: "no outcome of a blow's attack check"},
	{key: "conditions.table.alone", need: func(rs *rules.Ruleset) {
		withConds(slips(), prone)(rs)
		rs.Conditions[0].Table = []rules.TableRow{{UpTo: 1, Text: "hits an ally"}, {UpTo: 6, Text: "falls", Give: []string{"prone"}}}
	}, set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Alone = 2 },
		play: cast([]engine.NewCombatant{sided(who("A", 20, 20, nil), "x"), sided(who("B", 10, 20, nil), "y")}, give("A", "slip")),
		want: []string{"A (Slipping): hits an ally\nA has no ally in the fight, so instead: falls\nA is Prone"}},
	{key: "conditions.table.alone", note: "itself", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Alone = 1 }, refused: "no alone of its own"},
	{key: "conditions.table.weapon=stuck", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Weapon = rules.FateStuck }, refused: "dropped or broken"},
	{key: "conditions.table.weapon_hits", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].WeaponHits = ex("1d6") },
		play: armed(rules.Weapon{Name: "Claw", Damage: ex("1d6"), HP: 5}, nil, do("A", engine.GiveCondition{Condition: "slip"}, 6)),
		want: []string{"A's Claw takes 6 damage (6 of its 5 HP lost)\nA's Claw is broken"}},
	{key: "conditions.table.weapon_hits", note: "with weapon", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].Table[0].WeaponHits, rs.Conditions[0].Table[0].Weapon = ex("1d6"), rules.FateBroken
		}, refused: "one of the two"},
	{key: "conditions.table.unkept=broken", need: func(rs *rules.Ruleset) {
		withConds(slips())(rs)
		rs.Conditions[0].Table[0].WeaponHits = ex("1d6")
	}, set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Unkept = rules.FateBroken },
		play: armed(rules.Weapon{Name: "Claw", Damage: ex("1d6")}, nil, do("A", engine.GiveCondition{Condition: "slip"})),
		want: []string{"A's Claw is broken"}},
	{key: "conditions.table.unkept=dropped", need: func(rs *rules.Ruleset) {
		withConds(slips())(rs)
		rs.Conditions[0].Table[0].WeaponHits = ex("1d6")
	}, set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Unkept = rules.FateDropped },
		play: armed(rules.Weapon{Name: "Claw", Damage: ex("1d6")}, nil, do("A", engine.GiveCondition{Condition: "slip"})),
		want: []string{"A's Claw is dropped"}},
	{key: "conditions.table.unkept=stuck", need: func(rs *rules.Ruleset) {
		withConds(slips())(rs)
		rs.Conditions[0].Table[0].WeaponHits = ex("1d6")
	}, set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Unkept = rules.FateStuck }, refused: "dropped or broken"},
	{key: "conditions.table.unkept=broken", note: "no weapon_hits", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Unkept = rules.FateBroken }, refused: "keeps no hit points"},
	{key: "conditions.table.weapon_damage", note: "with damage", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].Table[0].WeaponDamage, rs.Conditions[0].Table[0].Damage = true, ex("1")
		}, refused: "one of the two"},
	{key: "conditions.table.give", note: "unknown", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Give = []string{"nowhere"} }, refused: "unknown condition"},
	{key: "conditions.table.give", note: "its own", need: func(rs *rules.Ruleset) { withConds(slips())(rs) },
		set: func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Give = []string{"slip"} }, refused: "other than its own"},
	{key: "checks.outcomes.effects.lose", need: needs(lost, combat(critical(rules.CheckEffect{To: rules.ToActor, Give: "slip"})), func(rs *rules.Ruleset) { withConds(slips())(rs) }, func(rs *rules.Ruleset) { rs.Conditions[0].Table[0].Lose = 1 }),
		set:  critEffect(rules.CheckEffect{To: rules.ToActor, Lose: 2}),
		play: duel(attack("", 20)), want: []string{"A loses 2 actions from its AP (1 left)"}},
	{key: "vitality.effects.lose", need: needs(lost, effect("arm", "light", []string{"slow"}, ""), func(rs *rules.Ruleset) { withConds(slips())(rs) }, func(rs *rules.Ruleset) { rs.Conditions[2].Table[0].Lose = 1 }),
		set:  func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Lose = 1 },
		play: duel(recorded("A", "arm", "light")), want: []string{"A loses an action from its AP (2 left)"}},
	// A wound that holds a condition for as long as it is on the record.
	{key: "vitality.effects.holds", need: effect("arm", "light", []string{"slow"}, ""),
		set:  func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Holds = []string{"down"} },
		play: duel(recorded("A", "arm", "light"), screen(holding("A", "down")), do("A", engine.StrikeWound{Wound: 0}), screen(holding("A", "down"))),
		want: []string{"A is Down", "screen: A down true", "A is no longer Down", "screen: A down false"}},

	// The edges of the bands: A at 10 of 20 hit points.
	{key: "thresholds.at_most", need: func(rs *rules.Ruleset) { rs.Thresholds = []rules.Threshold{{Below: at(50), Penalty: -10}} },
		set:  func(rs *rules.Ruleset) { rs.Thresholds[0].Below, rs.Thresholds[0].AtMostPct = nil, at(50) },
		play: duel(damage("A", 10)), want: []string{"A: hp 10/20 out false pools [] conds [] stun 0 penalty -10"}},
	{key: "thresholds.minor_wounds", need: needs(majorWound("10"), withConds(rules.ConditionDef{ID: "weak", Name: "Weak"}), func(rs *rules.Ruleset) {
		rs.Thresholds = []rules.Threshold{{AtMostPct: at(50), Condition: "weak"}}
	}),
		set:  func(rs *rules.Ruleset) { rs.Thresholds[0].AtMostPct, rs.Thresholds[0].MinorWounds = nil, true },
		play: duel(damage("A", 10), screen(holding("A", "weak")), damage("B", 9), screen(holding("B", "weak")), damage("B", 1)),
		want: []string{"screen: A weak false", "screen: B weak false", "B is Weak"}},
	{key: "thresholds.hp_below", need: func(rs *rules.Ruleset) { rs.Thresholds = []rules.Threshold{{AtMost: at(10), Penalty: -10}} },
		set:  func(rs *rules.Ruleset) { rs.Thresholds[0].AtMost, rs.Thresholds[0].HPBelow = nil, at(10) },
		play: duel(damage("A", 10), screen(pen("A")), damage("A", 1)), want: []string{"screen: A's penalty 0", "A: hp 9/20 out false pools [] conds [] stun 0 penalty -10"}},
}

// sided puts a combatant on a side.
func sided(n engine.NewCombatant, side string) engine.NewCombatant {
	n.Side = side
	return n
}
