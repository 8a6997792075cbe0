package engine_test

import (
	"strconv"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The cases of the keys that make pools a resource (read by formulas,
// spent and regained, blocked, run dry) and hit points that stop at 0:
// Energy's mechanics, each shown on its own.
func init() { schemaCases = append(schemaCases, poolCases...) }

var poolCases = []schemaCase{
	// [hp] at 0
	{key: "hp.stop_at_zero", set: func(rs *rules.Ruleset) { rs.HP.StopAtZero = true },
		play: duel(damage("A", 25)), want: []string{"A takes 25 (20 -> 0 HP)"}},
	{key: "hp.damage_at_zero", need: needs(deathSave, func(rs *rules.Ruleset) { rs.HP.StopAtZero = true }),
		set:  func(rs *rules.Ruleset) { rs.HP.DamageAtZero = "save" },
		play: duel(damage("A", 25), damage("A", 2)), want: []string{"A: Death save: d20"}},
	{key: "hp.nonlethal_gives", need: needs(deathSave, atZero, withConds(rules.ConditionDef{ID: "dazed", Name: "Dazed"})),
		set:  func(rs *rules.Ruleset) { rs.HP.NonlethalGives = "dazed" },
		play: duel(damage("A", 25), nonLethal("A", 2)), want: []string{"A takes 2 non-lethal (0 -> 0 HP)", "A is Dazed"}, gone: []string{"refused: Base keeps no non-lethal damage"}},
	{key: "hp.nonlethal_costs", need: needs(deathSave, atZero, pool(rules.AtNever)),
		set:  func(rs *rules.Ruleset) { rs.HP.NonlethalCosts = map[string]int{"ap": 2} },
		play: duel(damage("A", 25), nonLethal("A", 2)), want: []string{"A: AP 3 -> 1 (non-lethal at 0 HP)"}, gone: []string{"refused: Base keeps no non-lethal damage"}},
	{key: "hp.nonlethal_apart", need: withConds(rules.ConditionDef{ID: "ko", Name: "Unconscious"}), set: func(rs *rules.Ruleset) {
		rs.HP.OutCondition, rs.HP.NonlethalApart = "ko", true
	},
		play: duel(nonLethal("A", 12), nonLethal("A", 12), do("A", engine.Heal{Amount: 5})),
		want: []string{"A takes 12 non-lethal (12 non-lethal against 20 HP)", "A takes 12 non-lethal (24 non-lethal against 20 HP)\nA is down",
			"A's healing takes 5 off its non-lethal damage (19 left)\nA is back in the fight"},
		gone: []string{"refused: Base keeps no non-lethal damage"}},
	{key: "hp.nonlethal_apart", note: "with no out_condition", set: func(rs *rules.Ruleset) { rs.HP.NonlethalApart = true },
		refused: "set hp.out_condition"},

	// [order] with no order
	{key: "order.initiative_action", need: needs(withKind(rules.OrderNone), withActions(rules.ActionDef{ID: "react", Name: "Initiative roll", Roll: ex("d20")})),
		set:  func(rs *rules.Ruleset) { rs.Order.InitiativeAction = "react" },
		play: duel(do("A", engine.SetInit{}, 14)), want: []string{"A: Initiative roll", "A Initiative roll: d20: [14] = 14"}},

	// [[pools]], [[exchanges]]
	// The order row's label: a pool the round never refills shows there
	// only with one (tui budget).
	{key: "pools.row", need: pool(rules.AtNever), set: func(rs *rules.Ruleset) { rs.Pools[0].Row = "Ap" },
		play: duel(screen(func(rs *rules.Ruleset, f *enginetest.Fight) string {
			return "the row: " + rs.Pools[0].RowLabel() + strconv.Itoa(f.Get("A").Pools["ap"])
		})), want: []string{"screen: the row: Ap3"}},
	{key: "pools.row", note: "alike", need: func(rs *rules.Ruleset) {
		pool(rules.AtRoundStart)(rs)
		rs.Pools = append(rs.Pools, rules.Pool{ID: "bolt", Name: "Bolt", Capacity: ex("1"), Reset: rules.AtRoundStart})
	}, set: func(rs *rules.Ruleset) { rs.Pools[1].Row = "A" }, refused: "give one a row label of its own"},
	{key: "pools.unshown", need: pool(rules.AtRoundStart), set: func(rs *rules.Ruleset) { rs.Pools[0].Unshown = true },
		play: duel(screen(func(rs *rules.Ruleset, f *enginetest.Fight) string {
			return "the row: " + rs.Pools[0].RowLabel() + "."
		})), want: []string{"screen: the row: ."}},
	{key: "pools.empty_condition", need: needs(pool(rules.AtNever), withConds(rules.ConditionDef{ID: "ko", Name: "Knocked out"})),
		set:  func(rs *rules.Ruleset) { rs.Pools[0].EmptyCondition = "ko" },
		play: duel(spend("A", "act"), spend("A", "act"), spend("A", "act")), want: []string{"A has no AP left", "A is Knocked out"}},
	// Taken away by hand while the pool is empty, the pool comes back at 1.
	{key: "pools.empty_condition", note: "taken by hand", need: needs(pool(rules.AtNever), withConds(rules.ConditionDef{ID: "ko", Name: "Knocked out"})),
		set:  func(rs *rules.Ruleset) { rs.Pools[0].EmptyCondition = "ko" },
		play: duel(spend("A", "act"), spend("A", "act"), spend("A", "act"), do("A", engine.TakeCondition{Condition: "ko"})),
		want: []string{"A is no longer Knocked out\nA: AP 0 -> 1"}},
	// Earned: none at first, one for each AP an action that does not move
	// spends; a step spends one, a move earns nothing.
	{key: "pools.earned_by", need: func(rs *rules.Ruleset) {
		pool(rules.AtRoundStart)(rs)
		rs.Pools = append(rs.Pools, rules.Pool{ID: "step", Name: "Steps", Capacity: ex("3"), Reset: rules.AtRoundStart})
		rs.Actions = append(rs.Actions, rules.ActionDef{ID: "walk", Name: "Walk", Cost: map[string]int{"ap": 1}, Moves: true},
			rules.ActionDef{ID: "sidestep", Name: "Sidestep", Cost: map[string]int{"step": 1}, Moves: true})
	}, set: func(rs *rules.Ruleset) { rs.Pools[1].EarnedBy = "ap" },
		play: duel(spend("A", "walk"), spend("A", "sidestep"), spend("A", "act"), spend("A", "sidestep")),
		want: []string{"refused: Sidestep costs 1 Steps; A has AP 2, Steps 0", "A: Steps 0 -> 1 (Act)"}},
	{key: "pools.earned_by", note: "itself", need: pool(rules.AtRoundStart),
		set: func(rs *rules.Ruleset) { rs.Pools[0].EarnedBy = "ap" }, refused: "not earned by spending itself"},
	{key: "pools.public", need: needs(pool(rules.AtNever), withActions(rules.ActionDef{ID: "rest", Name: "Rest", Gains: map[string]int{"ap": 5}})),
		set:  func(rs *rules.Ruleset) { rs.Pools[0].Public = true },
		play: duel(spend("B", "act"), spend("B", "act"), spend("B", "rest"), screen(seen("B"))), want: []string{"public: B: AP 1 -> 3 (Rest)"}},
	{key: "exchanges.also", need: func(rs *rules.Ruleset) {
		exchangePools(rs)
		rs.Pools = append(rs.Pools, rules.Pool{ID: "once", Name: "Once", Capacity: ex("0"), Reset: rules.AtOwnTurnStart})
		rs.Exchanges = []rules.Exchange{{From: "attack", Gives: map[string]int{"move": 1}}}
	}, set: func(rs *rules.Ruleset) { rs.Exchanges[0].Also = map[string]int{"once": 1} },
		play: duel(spend("A", "dash")), want: []string{"refused: Dash costs 2 Move"}, gone: []string{"A: Dash (exchanging Attack for 1 Move)"}},

	// [[actions]] that change pools and conditions, and roll
	{key: "actions.gains", need: needs(pool(rules.AtNever), withActions(rules.ActionDef{ID: "rest", Name: "Rest"})),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].Gains = map[string]int{"ap": 5} },
		play: duel(spend("A", "act"), spend("A", "act"), spend("A", "rest")), want: []string{"A: AP 1 -> 3 (Rest)"}},
	{key: "actions.refills", need: needs(pool(rules.AtNever), withActions(rules.ActionDef{ID: "rest", Name: "Rest"})),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].Refills = []string{"ap"} },
		play: duel(spend("A", "act"), spend("A", "rest")), want: []string{"A: AP 2 -> 3 (Rest)"}},
	{key: "actions.takes", need: needs(withConds(prone), withActions(rules.ActionDef{ID: "stand", Name: "Stand up"})),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].Takes = []string{"prone"} },
		play: duel(give("A", "prone"), spend("A", "stand")), want: []string{"A is no longer Prone"}},
	{key: "actions.needs", need: needs(withConds(prone), withActions(rules.ActionDef{ID: "stand", Name: "Stand up"})),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].Needs = []string{"prone"} },
		play: duel(spend("A", "stand"), give("A", "prone"), spend("A", "stand")),
		want: []string{"refused: A holds none of Prone: Stand up needs it", "A is Prone\nA: Stand up"}},
	{key: "actions.needs", note: "unknown", need: withActions(rules.ActionDef{ID: "stand", Name: "Stand up"}),
		set: func(rs *rules.Ruleset) { rs.Actions[0].Needs = []string{"nope"} }, refused: `unknown condition "nope"`},
	{key: "actions.or_all", need: needs(pool(rules.AtNever), withActions(rules.ActionDef{ID: "breathe", Name: "Breathe", Cost: map[string]int{"ap": 5}})),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].OrAll = true },
		play: duel(spend("A", "breathe")), want: []string{"A: Breathe (AP 3 -> 0)"}, gone: []string{"refused: Breathe costs 5 AP"}},
	{key: "actions.ends_early", need: needs(pool(rules.AtNever), withActions(rules.ActionDef{ID: "run", Name: "Run", Cost: map[string]int{"ap": 3}})),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].EndsEarly = "ap" },
		play: duel(do("A", engine.Spend{Action: "run", Part: 1})),
		want: []string{"A: Run, ended early (AP 3 -> 2)"}, gone: []string{"refused: Run cannot be ended early"}},
	{key: "actions.ends_early", note: "one", need: needs(pool(rules.AtNever)),
		set: func(rs *rules.Ruleset) { rs.Actions[0].EndsEarly = "ap" }, refused: "nothing to pay in part"},
	{key: "actions.again_fails", need: needs(pool(rules.AtNever), withActions(rules.ActionDef{ID: "react", Name: "React", Cost: map[string]int{"ap": 2}})),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].AgainFails = true },
		play: duel(spend("A", "react"), spend("A", "react")), want: []string{"A: React again this round: it fails"}, gone: []string{"refused: React costs 2 AP"}},
	{key: "actions.again_fails", note: "free", need: withActions(rules.ActionDef{ID: "react", Name: "React"}),
		set: func(rs *rules.Ruleset) { rs.Actions[0].AgainFails = true }, refused: "never fails for that"},
	{key: "actions.roll", need: withActions(rules.ActionDef{ID: "react", Name: "Initiative roll"}),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].Roll = ex("d20 + 2") },
		play: duel(do("A", engine.Spend{Action: "react"}, 9)), want: []string{"A Initiative roll: d20 + 2: [9] + 2 = 11"}},

	// [[conditions]] on pools
	{key: "conditions.pool_mods", need: needs(pool(rules.AtRoundStart), withConds(rules.ConditionDef{ID: "tired", Name: "Tired"})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].PoolMods = map[string]int{"ap": -2} },
		play: duel(give("A", "tired"), next(2)), want: []string{"A: AP 1 (Tired -2)", "pools [ap=1]"}},
	{key: "conditions.pool_caps", need: needs(pool(rules.AtRoundStart), withConds(rules.ConditionDef{ID: "tired", Name: "Tired"})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].PoolCaps = map[string]int{"ap": 2} },
		play: duel(give("A", "tired"), next(2)), want: []string{"A: AP 2 (Tired: at most 2)", "pools [ap=2]"}},
	{key: "conditions.no_spend", need: needs(pool(rules.AtNever), withConds(rules.ConditionDef{ID: "slowed", Name: "Slowed"})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].NoSpend = []string{"ap"} },
		play: duel(give("A", "slowed"), spend("A", "act")), want: []string{"refused: Act costs 1 AP; A is Slowed: no AP may be spent"}},

	// [[checks.outcomes.effects]] on pools
	{key: "checks.outcomes.effects.pool", need: needs(pool(rules.AtNever), combat(critical(rules.CheckEffect{To: rules.ToTarget, Give: "prone"})), withConds(prone)),
		set:  critEffect(rules.CheckEffect{To: rules.ToTarget, Pool: "ap", Gain: -2}),
		play: duel(attack("", 20)), want: []string{"B: AP 3 -> 1"}},
	{key: "checks.outcomes.effects.gain", need: needs(pool(rules.AtNever), combat(critical(rules.CheckEffect{To: rules.ToTarget, Pool: "ap", AtLeast: 1}))),
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Outcomes[0].Effects[0].AtLeast, rs.Checks[0].Outcomes[0].Effects[0].Gain = 0, -2
		},
		play: duel(attack("", 20)), want: []string{"B: AP 3 -> 1"}},
	{key: "checks.outcomes.effects.at_least", need: needs(pool(rules.AtNever), combat(critical(rules.CheckEffect{To: rules.ToActor, Pool: "ap", Gain: 2}))),
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Outcomes[0].Effects[0].AtLeast, rs.Checks[0].Outcomes[0].Effects[0].Gain = 1, 0
		},
		play: duel(spend("A", "act"), spend("A", "act"), spend("A", "act"), attack("", 20)), want: []string{"A: AP 0 -> 1"}, gone: []string{"A: AP 0 -> 2"}},
}

// atZero is a ruleset whose hit points stop at 0 and roll the Death save at
// each damage there.
func atZero(rs *rules.Ruleset) { rs.HP.StopAtZero, rs.HP.DamageAtZero = true, "save" }

func nonLethal(name string, n int) act {
	return do(name, engine.Damage{Amount: n, NonLethal: true})
}

func init() {
	schemaCases = append(schemaCases, schemaCase{key: "conditions.healed_ends",
		need: withConds(rules.ConditionDef{ID: "bleeding", Name: "Bleeding out", Then: []string{"stable"}, Duration: rules.UntilNextRoundEnd}, rules.ConditionDef{ID: "stable", Name: "Stabilized"}),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].HealedEnds = true },
		play: duel(give("A", "bleeding"), damage("A", 5), do("A", engine.Heal{Amount: 2})),
		want: []string{"A is no longer Bleeding out\nA is Stabilized"}})
}
