package engine_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// actions.at_foe: an action taken at one foe, its condition's bonus
// reaching rolls against that one alone, its aims counted at one target.

// sizingUp is Evaluate giving Sizing, +10 on the Combat roll.
func sizingUp(rs *rules.Ruleset) {
	combat()(rs)
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "sizing", Name: "Sizing", Duration: rules.ForRounds, Rounds: ex("2"),
		Expires: rules.AtOwnTurnEnd, CheckBonus: map[string]int{"combat": 10}})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "evaluate", Name: "Evaluate", Gives: "sizing"})
}

// spendAt is who taking the action at the foe named.
func spendAt(who, action, foe string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do(who, engine.Spend{Action: action, At: f.ID(foe)})(t, f)
	}
}

// combatAt is who's Combat roll against the foe named, a 10.
func combatAt(who, foe string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do(who, engine.RollCheck{Check: "combat", Target: f.ID(foe)}, 10)(t, f)
	}
}

var atFoeCases = []schemaCase{
	{key: "actions.at_foe", need: sizingUp, set: func(rs *rules.Ruleset) { rs.Actions[0].AtFoe = true },
		play: trio(spendAt("A", "evaluate", "X"), combatAt("A", "Y"), combatAt("A", "X")),
		want: []string{"A: Evaluate at X", "A: Combat roll against X (Sizing +10)"}, not: []string{"against Y (Sizing"}},
	{key: "actions.at_foe", note: "aims at another target count again",
		need: needs(withActions(rules.ActionDef{ID: "aim", Name: "Aim", Aim: true}), func(rs *rules.Ruleset) { rs.Helpers.AimBonus = []int{10, 20} }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].AtFoe = true },
		play: trio(spendAt("A", "aim", "X"), spendAt("A", "aim", "Y")), want: []string{"A: Aim at Y"},
		not: []string{"aimed 2 times"}},
	{key: "actions.at_foe", note: "with nothing to reach", need: withActions(rules.ActionDef{ID: "wave", Name: "Wave"}),
		set: func(rs *rules.Ruleset) { rs.Actions[0].AtFoe = true }, refused: "naming its foe would change nothing"},
}

func init() { schemaCases = append(schemaCases, atFoeCases...) }

// checks.modifiers.excludes: modifiers that cannot be picked together.
var excludesCases = []schemaCase{
	{key: "checks.modifiers.excludes", need: needs(combat(), func(rs *rules.Ruleset) {
		rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "charging", Name: "Charging", Mod: ex("2")}, {ID: "shield", Name: "Shield", Mod: ex("-3")}}
	}),
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Excludes = []string{"shield"} },
		play: duel(do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"shield", "charging"}}, 10)),
		want: []string{"refused: Charging cannot be picked with Shield"}},
	{key: "checks.modifiers.excludes", note: "itself", need: needs(combat(), cover("charging", "Charging", "2")),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Excludes = []string{"charging"} }, refused: "is not another modifier of this check"},
}

func init() { schemaCases = append(schemaCases, excludesCases...) }

// conditions.voids_bonuses: one condition's attacker bonuses void another's.
var voidsCases = []schemaCase{
	{key: "conditions.voids_bonuses", need: withConds(rules.ConditionDef{ID: "down", Name: "Down", MeleeBonus: 50},
		rules.ConditionDef{ID: "flat", Name: "Flat", MeleeBonus: 20, RangedBonus: -20}),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].VoidsBonuses = []string{"flat"} },
		play: duel(give("A", "down"), give("A", "flat"), screen(attackersOfA)), want: []string{"screen: melee +50, ranged +0 (Down)"},
		gone: []string{"screen: melee +70"}},
	{key: "conditions.voids_bonuses", note: "nothing to void", need: withConds(rules.ConditionDef{ID: "down", Name: "Down", MeleeBonus: 50},
		rules.ConditionDef{ID: "flat", Name: "Flat"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].VoidsBonuses = []string{"flat"} }, refused: "with a melee_bonus or ranged_bonus to void"},
}

func init() { schemaCases = append(schemaCases, voidsCases...) }

// actions.turn_start: only at the start of one's own turn.
var turnStartCases = []schemaCase{
	{key: "actions.turn_start", need: withActions(rules.ActionDef{ID: "crouch", Name: "Crouch"}, rules.ActionDef{ID: "talk", Name: "Talk"}),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].TurnStart = true },
		play: duel(spend("A", "talk"), spend("A", "crouch"), next(1), spend("A", "crouch"), next(1), spend("A", "crouch")),
		want: []string{"refused: A may Crouch only at the start of its own turn, before any other action"}, not: []string{"A: Talk\nA: Crouch"}},
}

func init() { schemaCases = append(schemaCases, turnStartCases...) }

// order.off_turn_pools and actions.any_time: out of one's own turn, only
// what spends those pools, costs nothing, or is any_time.
func offTurn(rs *rules.Ruleset) {
	rs.Pools = append(rs.Pools, rules.Pool{ID: "ap", Name: "AP", Capacity: ex("2"), Reset: rules.AtOwnTurnStart},
		rules.Pool{ID: "ip", Name: "IP", Capacity: ex("1"), Reset: rules.AtOwnTurnStart})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "hit", Name: "Hit", Cost: map[string]int{"ap": 1}},
		rules.ActionDef{ID: "parry", Name: "Parry", Cost: map[string]int{"ip": 1}},
		rules.ActionDef{ID: "shout", Name: "Shout", Cost: map[string]int{"ap": 1}})
}

var offTurnCases = []schemaCase{
	{key: "order.off_turn_pools", need: offTurn, set: func(rs *rules.Ruleset) { rs.Order.OffTurnPools = []string{"ip"} },
		play: duel(spend("B", "hit"), spend("B", "parry")),
		want: []string{"refused: it is not B's turn: out of it, only what spends IP, or costs nothing", "B: Parry"}, not: []string{"B: Hit"}},
	{key: "order.off_turn_pools", note: "unknown", need: offTurn, set: func(rs *rules.Ruleset) { rs.Order.OffTurnPools = []string{"zz"} },
		refused: `unknown pool "zz"`},
	{key: "actions.any_time", need: needs(offTurn, func(rs *rules.Ruleset) { rs.Order.OffTurnPools = []string{"ip"} }),
		set:  func(rs *rules.Ruleset) { rs.Actions[len(rs.Actions)-1].AnyTime = true },
		play: duel(spend("B", "shout")), want: []string{"B: Shout"}, not: []string{"refused"}},
	{key: "actions.any_time", note: "nothing limits", need: offTurn, set: func(rs *rules.Ruleset) { rs.Actions[len(rs.Actions)-1].AnyTime = true },
		refused: "nothing limits what is taken out of turn"},
}

func init() { schemaCases = append(schemaCases, offTurnCases...) }

// actions.keeps_aim and guard.allot_lapses.
var keepsCases = []schemaCase{
	{key: "actions.keeps_aim", need: needs(withActions(rules.ActionDef{ID: "aim", Name: "Aim", Aim: true}, rules.ActionDef{ID: "step", Name: "Step"}),
		func(rs *rules.Ruleset) { rs.Helpers.AimBonus = []int{10, 20} }),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].KeepsAim = true },
		play: duel(spend("A", "aim"), spend("A", "step"), spend("A", "aim")), want: []string{"A has aimed 2 times: +20"}},
	{key: "guard.allot_lapses", need: needs(guardBase, allotting),
		set:  func(rs *rules.Ruleset) { rs.Guard.AllotLapses = true },
		play: duel(do("A", engine.Allot{Parry: 4}), next(2), rollAt("B", "A", "parry")),
		want: []string{"A's parry of 4 lapses as its turn begins: allot it again", "refused: A has allotted no parry"}},
	{key: "guard.allot_lapses", note: "with no parry", need: guardBase,
		set: func(rs *rules.Ruleset) { rs.Guard.AllotLapses = true }, refused: "no parry is allotted"},
}

func init() { schemaCases = append(schemaCases, keepsCases...) }

// checks.modifiers.once_per_attacker: the one attacker takes it again.
var oncePerAttackerCases = []schemaCase{
	{key: "checks.modifiers.once_per_attacker", need: needs(combat(), cover("shield", "Shield", "-2"),
		func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Once = true }),
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].OncePerAttacker = true },
		play: trio(combatWith("A", "Y", "shield"), combatWith("A", "Y", "shield"), combatWith("X", "Y", "shield")),
		want: []string{"refused: Combat roll: Shield against one attacker between Y's turns, and it was used against A"},
		gone: []string{"refused: Combat roll: Shield once between Y's turns, and it has been"}},
}

// combatWith is who's Combat roll against the foe named with the modifiers, a 10.
func combatWith(who, foe string, mods ...string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do(who, engine.RollCheck{Check: "combat", Target: f.ID(foe), Modifiers: mods}, 10)(t, f)
	}
}

func init() { schemaCases = append(schemaCases, oncePerAttackerCases...) }

// wounds.restricted_pool: a second Move by exchange reopens a treated wound.
var restrictedPoolCases = []schemaCase{
	{key: "wounds.restricted_pool", need: needs(firstAid, func(rs *rules.Ruleset) {
		rs.Pools = []rules.Pool{{ID: "attack", Name: "Attack", Capacity: ex("1"), Reset: rules.AtOwnTurnStart},
			{ID: "move", Name: "Move", Capacity: ex("1"), Reset: rules.AtOwnTurnStart}}
		rs.Exchanges = []rules.Exchange{{From: "attack", Gives: map[string]int{"move": 1}}}
		rs.Actions = []rules.ActionDef{{ID: "walk", Name: "Walk", Cost: map[string]int{"move": 1}}}
	}),
		set:  func(rs *rules.Ruleset) { rs.Wounds.RestrictedPool = "move" },
		play: duel(wound("A", 5), do("A", engine.FirstAid{}), spend("A", "walk"), spend("A", "walk")),
		want: []string{"A's treated wound reopens: 5 a round"}},
	{key: "wounds.restricted_pool", note: "no such pool", need: firstAid,
		set: func(rs *rules.Ruleset) { rs.Wounds.RestrictedPool = "nope" }, refused: "unknown pool"},
}

func init() { schemaCases = append(schemaCases, restrictedPoolCases...) }
