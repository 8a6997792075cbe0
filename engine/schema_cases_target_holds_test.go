package engine_test

import (
	"fray/engine/dice"
	"fray/engine/rules"
)

// ducking is a melee Combat roll and a Duck action giving Ducking, -5 to
// melee rolls made against its holder.
func ducking(rs *rules.Ruleset) {
	combat()(rs)
	rs.Checks[0].Kind = rules.RollMelee
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "ducking", Name: "Ducking", Duration: rules.UntilRemoved,
		AgainstMods: map[rules.RollKind]dice.Expr{rules.RollMelee: ex("-5")}})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "duck", Name: "Duck", Gives: "ducking"})
}

// tumbler is a Combat roll with a Tumbled modifier, a Tumbling condition
// and a Tumble action that gives it.
func tumbler(rs *rules.Ruleset) {
	combat()(rs)
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "tumbling", Name: "Tumbling", Duration: rules.UntilRemoved})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "tumble", Name: "Tumble", Gives: "tumbling", AtFoe: true})
	cover("tumbled", "Tumbled", "-3")(rs)
}

var targetHoldsCases = []schemaCase{
	// actions.at_foe on a condition that changes rolls against its holder:
	// the foe's rolls alone take it, and it must be named.
	{key: "actions.at_foe", note: "against one foe's rolls", need: ducking, set: func(rs *rules.Ruleset) { rs.Actions[0].AtFoe = true },
		play: trio(spendAt("A", "duck", "X"), combatAt("X", "A"), combatAt("Y", "A"), spend("A", "duck")),
		want: []string{"X: Combat roll against A (target Ducking -5)", "refused: Duck is taken at a foe, whose rolls alone it changes: name which"},
		not:  []string{"Y: Combat roll against A (target Ducking"}},
	{key: "checks.modifiers.target_holds", need: tumbler, set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].TargetHolds = "tumbling" },
		play: trio(rollAt("A", "Y", "tumbled"), spendAt("Y", "tumble", "X"), rollAt("A", "Y", "tumbled"), rollAt("X", "Y", "tumbled")),
		want: []string{"refused: Combat roll: Tumbled: Y is not Tumbling", "refused: Combat roll: Tumbled: Y holds Tumbling at another than A",
			"X: Combat roll against Y (Tumbled -3)"}},
	{key: "checks.modifiers.target_holds", note: "unknown", need: tumbler,
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].TargetHolds = "flying" }, refused: "flying"},
}

func init() { schemaCases = append(schemaCases, targetHoldsCases...) }

// bracing is a Combat roll with a Braced modifier, a Step pool of 1 and a
// Walk that spends it.
func bracing(rs *rules.Ruleset) {
	combat()(rs)
	cover("braced", "Braced", "2")(rs)
	rs.Pools = append(rs.Pools, rules.Pool{ID: "step", Name: "Step", Capacity: ex("1"), Reset: rules.AtOwnTurnStart})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "walk", Name: "Walk", Cost: map[string]int{"step": 1}})
}

var needsLeftCases = []schemaCase{
	{key: "checks.modifiers.needs_left", need: bracing, set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].NeedsLeft = map[string]int{"step": 1} },
		play: duel(rollAt("A", "B", "braced"), spend("A", "walk"), rollAt("A", "B", "braced")),
		want: []string{"A: Combat roll against B (Braced +2)", "refused: Combat roll: Braced needs 1 Step left; A has 0"}},
	{key: "checks.modifiers.needs_left", note: "unknown pool", need: bracing,
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].NeedsLeft = map[string]int{"legs": 1} }, refused: "legs"},
}

func init() { schemaCases = append(schemaCases, needsLeftCases...) }

// stillAiming is a Combat roll with a Braced modifier, an Aim, a Step that
// keeps the aim and a Shoot that attacks.
func stillAiming(rs *rules.Ruleset) {
	combat()(rs)
	cover("braced", "Braced", "2")(rs)
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "aim", Name: "Aim", Aim: true},
		rules.ActionDef{ID: "step", Name: "Step", KeepsAim: true}, rules.ActionDef{ID: "shoot", Name: "Shoot", Attack: true})
}

var needsStillAimCases = []schemaCase{
	{key: "checks.modifiers.needs_still_aim", need: stillAiming,
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].NeedsStillAim = true },
		play: duel(rollAt("A", "B", "braced"), spend("A", "aim"), spend("A", "shoot"), rollAt("A", "B", "braced"), next(2),
			spend("A", "aim"), spend("A", "step"), spend("A", "shoot"), rollAt("A", "B", "braced")),
		want: []string{"refused: Combat roll: Braced needs an attack right after an Aim at the target", "A: Combat roll against B (Braced +2)",
			"refused: Combat roll: Braced needs an attack right after an Aim at the target, with no Step or move since the first Aim: A has none"}},
	{key: "checks.modifiers.needs_still_aim", note: "no action aims", need: combat(), set: func(rs *rules.Ruleset) {
		cover("braced", "Braced", "2")(rs)
		rs.Checks[0].Modifiers[0].NeedsStillAim = true
	}, refused: "no action aims"},
}

func init() { schemaCases = append(schemaCases, needsStillAimCases...) }
