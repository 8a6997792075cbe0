package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// The cases of an action taken at a foe that must hold a condition and is
// given one (a coup de grace), of what an action provokes, and of a
// resumable action broken up only from a point of its cost.

func init() { schemaCases = append(schemaCases, foeActionCases...) }

func killing(rs *rules.Ruleset) {
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "helpless", Name: "Helpless"},
		rules.ConditionDef{ID: "dead", Name: "Dead", NoTurn: true})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "kill", Name: "Kill", AtFoe: true})
}

func climbing(rs *rules.Ruleset) {
	rs.Pools = []rules.Pool{{ID: "move", Name: "Move", Capacity: ex("1"), Reset: rules.AtOwnTurnStart}}
	rs.Actions = []rules.ActionDef{{ID: "climb", Name: "Climb", Cost: map[string]int{"move": 3}, Extended: true, Resumable: true},
		{ID: "shout", Name: "Shout", Cost: map[string]int{"move": 1}}}
}

var foeActionCases = []schemaCase{
	{key: "actions.foe_holds", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "dead" }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds = []string{"helpless"} },
		play: duel(do("A", engine.Spend{Action: "kill", At: 2})), want: []string{"refused: Kill is taken at a foe who is Helpless: B is not"}},
	{key: "actions.foe_holds", note: "not at a foe", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "dead" }),
		set: func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds, rs.Actions[0].AtFoe = []string{"helpless"}, false }, refused: "set at_foe"},
	{key: "actions.foe_gets", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds = []string{"helpless"} }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "dead" },
		play: duel(give("B", "helpless"), do("A", engine.Spend{Action: "kill", At: 2})), want: []string{"A: Kill at B\nB is Dead"}},
	{key: "actions.foe_gets", note: "an unknown condition", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds = []string{"helpless"} }),
		set: func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "gone" }, refused: "unknown condition"},
	{key: "actions.foe_loses", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeHolds = []string{"helpless"} }), set: func(rs *rules.Ruleset) { rs.Actions[0].FoeLoses = []string{"helpless"} },
		play: duel(give("B", "helpless"), do("A", engine.Spend{Action: "kill", At: 2})), want: []string{"B is no longer Helpless"}},
	{key: "actions.foe_loses", note: "not at a foe", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "dead" }),
		set: func(rs *rules.Ruleset) { rs.Actions[0].FoeLoses, rs.Actions[0].AtFoe = []string{"helpless"}, false }, refused: "set at_foe"},
	{key: "actions.foe_loses", note: "an unknown condition", need: needs(killing, func(rs *rules.Ruleset) { rs.Actions[0].FoeGets = "dead" }),
		set: func(rs *rules.Ruleset) { rs.Actions[0].FoeLoses = []string{"gone"} }, refused: "unknown condition"},
	{key: "actions.provokes", need: withActions(rules.ActionDef{ID: "kill", Name: "Kill"}, rules.ActionDef{ID: "swipe", Name: "Swipe"}),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].Provokes = "swipe" },
		play: duel(spend("A", "kill")), want: []string{"A: Kill: it provokes Swipe from foes in reach"}},
	{key: "actions.provokes", note: "an unknown action", need: withActions(rules.ActionDef{ID: "kill", Name: "Kill"}),
		set: func(rs *rules.Ruleset) { rs.Actions[0].Provokes = "swipe" }, refused: "unknown action"},
	{key: "actions.resumable_from", need: climbing,
		set:  func(rs *rules.Ruleset) { rs.Actions[0].ResumableFrom = 2 },
		play: duel(spend("A", "climb"), next(2), spend("A", "shout"), next(2), spend("A", "climb")),
		want: []string{"refused: A has Climb under way, whose first 2 Move are done without interruption (1 done): no Shout between them",
			"A works on Climb: 1 of 3"}, gone: []string{"A works on Climb: 2 of 3"}},
	{key: "actions.resumable_from", note: "past its cost", need: climbing,
		set: func(rs *rules.Ruleset) { rs.Actions[0].ResumableFrom = 3 }, refused: "not within its cost"},
}

// checks.target_bonuses: a check of no attack kind takes the target's
// attacker bonuses of the kind named (a melee touch).
func touching(rs *rules.Ruleset) {
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "QU", Name: "Quickness"})
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "down", Name: "Down", MeleeBonus: 50, RangedBonus: 30})
	rs.Checks = append(rs.Checks, rules.Check{ID: "touch", Name: "Touch", Roll: ex("d100 - target_QU"), Target: ex("50"), Succeeds: rules.AtLeast,
		Outcomes: []rules.Outcome{{ID: "touched", Name: "Touched", Result: rules.Success}, {ID: "missed", Name: "Missed", Result: rules.Failure}}})
}

var targetBonusCases = []schemaCase{
	{key: "checks.target_bonuses", need: touching, set: func(rs *rules.Ruleset) { rs.Checks[0].TargetBonuses = "melee" },
		play: duel(give("B", "down"), do("A", engine.RollCheck{Check: "touch", Target: 2}, 10)),
		want: []string{"= 60 vs 50 or more: Touched"}, gone: []string{"= 10 vs 50 or more: Missed"}},
	{key: "checks.target_bonuses", note: "ranged", need: touching, set: func(rs *rules.Ruleset) { rs.Checks[0].TargetBonuses = "ranged" },
		play: duel(give("B", "down"), do("A", engine.RollCheck{Check: "touch", Target: 2}, 10)),
		want: []string{"= 40 vs 50 or more: Missed"}},
	{key: "checks.target_bonuses", note: "an attack already", need: touching, set: func(rs *rules.Ruleset) {
		rs.Checks[0].TargetBonuses, rs.Checks[0].Kind = "melee", rules.RollAttack
	}, refused: "takes them already"},
	{key: "checks.target_bonuses", note: "not a kind of attack", need: touching,
		set: func(rs *rules.Ruleset) { rs.Checks[0].TargetBonuses = "parry" }, refused: "melee or ranged"},
}

func init() { schemaCases = append(schemaCases, targetBonusCases...) }

// checks.modifiers.voids_bonuses: picked, the target's conditions named
// give the roll no melee or ranged bonus.
var modVoidsCases = []schemaCase{
	{key: "checks.modifiers.voids_bonuses", need: needs(combat(), cover("dropped", "Dropped", "-2"),
		withConds(rules.ConditionDef{ID: "flat", Name: "Flat", MeleeBonus: 3}), func(rs *rules.Ruleset) { rs.Checks[0].Kind = rules.RollMelee }),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].VoidsBonuses = []string{"flat"} },
		play: duel(give("B", "flat"), do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"dropped"}}, 10),
			do("A", engine.RollCheck{Check: "combat", Target: 2}, 10)),
		want: []string{"= 10 - 2 = 8", "= 10 + 3 = 13"}, gone: []string{"= 10 + 1 = 11"}},
	{key: "checks.modifiers.voids_bonuses", note: "no bonus to void", need: needs(combat(), cover("dropped", "Dropped", "-2"),
		withConds(rules.ConditionDef{ID: "flat", Name: "Flat"})),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].VoidsBonuses = []string{"flat"} }, refused: "no melee_bonus or ranged_bonus"},
}

func init() { schemaCases = append(schemaCases, modVoidsCases...) }

// conditions.voids_for_foe: held at a foe, the holder's conditions named
// give that foe's rolls no melee or ranged bonus (a focus on one flanker).
var voidsForFoeCases = []schemaCase{
	{key: "conditions.voids_for_foe", need: needs(combat(), func(rs *rules.Ruleset) { rs.Checks[0].Kind = rules.RollMelee },
		withConds(rules.ConditionDef{ID: "flanked", Name: "Flanked", MeleeBonus: 2}, rules.ConditionDef{ID: "focusing", Name: "Focusing"}),
		withActions(rules.ActionDef{ID: "focus", Name: "Focus", AtFoe: true, Gives: "focusing"})),
		set: func(rs *rules.Ruleset) { rs.Conditions[1].VoidsForFoe = []string{"flanked"} },
		play: duel(give("B", "flanked"), do("B", engine.Spend{Action: "focus", At: 1}),
			do("A", engine.RollCheck{Check: "combat", Target: 2}, 10)),
		want: []string{"d20: [10] = 10 vs 12 or more: Miss"}, gone: []string{"= 10 + 2 = 12"}},
	{key: "conditions.voids_for_foe", note: "no bonus to void", need: withConds(rules.ConditionDef{ID: "flanked", Name: "Flanked"},
		rules.ConditionDef{ID: "focusing", Name: "Focusing"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[1].VoidsForFoe = []string{"flanked"} }, refused: "no melee_bonus or ranged_bonus"},
}

func init() { schemaCases = append(schemaCases, voidsForFoeCases...) }

// conditions.voids_target_bonuses: held by the roller, the foe's
// conditions named give its rolls no melee or ranged bonus.
var voidsTargetCases = []schemaCase{
	{key: "conditions.voids_target_bonuses", need: needs(combat(), func(rs *rules.Ruleset) { rs.Checks[0].Kind = rules.RollMelee },
		withConds(rules.ConditionDef{ID: "flat", Name: "Flat", MeleeBonus: 2}, rules.ConditionDef{ID: "unseen", Name: "Unseen"})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[1].VoidsTargetBonuses = []string{"flat"} },
		play: duel(give("B", "flat"), give("A", "unseen"), do("A", engine.RollCheck{Check: "combat", Target: 2}, 10)),
		want: []string{"d20: [10] = 10 vs 12 or more: Miss"}, gone: []string{"= 10 + 2 = 12"}},
	{key: "conditions.voids_target_bonuses", note: "no bonus to void", need: withConds(rules.ConditionDef{ID: "flat", Name: "Flat"},
		rules.ConditionDef{ID: "unseen", Name: "Unseen"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[1].VoidsTargetBonuses = []string{"flat"} }, refused: "no melee_bonus or ranged_bonus"},
}

func init() { schemaCases = append(schemaCases, voidsTargetCases...) }

// pools.unlimited_after: the Attack and the Move given up to exchanges,
// the Free actions are not counted (Pathmaster's Option 6).
func optionSix(rs *rules.Ruleset) {
	rs.Pools = []rules.Pool{
		{ID: "attack", Name: "Attack", Capacity: ex("1"), Reset: rules.AtOwnTurnStart},
		{ID: "move", Name: "Move", Capacity: ex("1"), Reset: rules.AtOwnTurnStart},
		{ID: "free", Name: "Free", Capacity: ex("2"), Reset: rules.AtOwnTurnStart},
	}
	rs.Exchanges = []rules.Exchange{{From: "attack", Gives: map[string]int{"free": 2}}, {From: "move", Gives: map[string]int{"free": 2}}}
	rs.Actions = []rules.ActionDef{{ID: "talk", Name: "Talk", Cost: map[string]int{"free": 1}}}
}

var unlimitedCases = []schemaCase{
	{key: "pools.unlimited_after", need: optionSix, set: func(rs *rules.Ruleset) { rs.Pools[2].UnlimitedAfter = []string{"attack", "move"} },
		play: duel(spend("A", "talk"), spend("A", "talk"), spend("A", "talk"), spend("A", "talk"), spend("A", "talk"),
			spend("A", "talk"), spend("A", "talk")),
		want: []string{"A: Talk (exchanging Move for 2 Free)\nA: Talk\nA: Talk\n"}, gone: []string{"refused: Talk costs 1 Free"}},
	{key: "pools.unlimited_after", note: "a pool no exchange spends", need: optionSix,
		set: func(rs *rules.Ruleset) { rs.Pools[1].UnlimitedAfter = []string{"free"} }, refused: "no exchange spends"},
}

// optionSixInterrupts is optionSix, Free unlimited after the Attack and
// the Move, with an Interrupt, a once-a-turn second one the Attack buys,
// and a Shout that costs an Interrupt.
func optionSixInterrupts(rs *rules.Ruleset) {
	optionSix(rs)
	rs.Pools[2].UnlimitedAfter = []string{"attack", "move"}
	rs.Pools = append(rs.Pools, rules.Pool{ID: "int", Name: "Interrupt", Capacity: ex("1"), Reset: rules.AtOwnTurnStart},
		rules.Pool{ID: "int2", Name: "Second", Capacity: ex("1"), Reset: rules.AtOwnTurnStart, Unshown: true})
	rs.Exchanges = append(rs.Exchanges, rules.Exchange{From: "attack", Gives: map[string]int{"int": 1}, Also: map[string]int{"int2": 1}})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "shout", Name: "Shout", Cost: map[string]int{"int": 1}})
}

var whileUnlimitedCases = []schemaCase{
	// Four talks give up the Move and the Attack: Free is unlimited, and
	// the second Interrupt is still bought, once.
	{key: "exchanges.while_unlimited", need: optionSixInterrupts,
		set: func(rs *rules.Ruleset) { rs.Exchanges[2].WhileUnlimited = "free" },
		play: duel(spend("A", "talk"), spend("A", "talk"), spend("A", "talk"), spend("A", "talk"), spend("A", "talk"),
			spend("A", "shout"), spend("A", "shout"), spend("A", "shout")),
		want: []string{"A: Shout\nA: Shout (exchanging Attack for 1 Interrupt)", "refused: Shout costs 1 Interrupt; A has Attack 0, Move 0, Free 1, Interrupt 0, Second 0"}},
	{key: "exchanges.while_unlimited", note: "not unlimited after it", need: optionSixInterrupts,
		set: func(rs *rules.Ruleset) {
			rs.Pools[2].UnlimitedAfter = []string{"move"}
			rs.Exchanges[2].WhileUnlimited = "free"
		},
		refused: "is not unlimited after"},
	{key: "exchanges.while_unlimited", note: "without also", need: optionSixInterrupts,
		set: func(rs *rules.Ruleset) { rs.Exchanges[2].WhileUnlimited, rs.Exchanges[2].Also = "free", nil }, refused: "set also"},
}

func init() { schemaCases = append(schemaCases, unlimitedCases...) }

func init() { schemaCases = append(schemaCases, whileUnlimitedCases...) }
