package engine_test

import (
	"fray/engine/rules"
)

// checks.modifiers.gives_up_aim: one who holds an aim dodges only by
// giving it up.

// aimerGuard is guardBase with the dodge kept as db, an Aim action
// counted, and a modifier that gives nothing yet.
func aimerGuard(rs *rules.Ruleset) {
	guardBase(rs)
	rs.Guard.Dodge = "db"
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "aim", Name: "Aim", Aim: true})
	rs.Helpers.AimBonus = []int{0, 5}
	rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "give_up", Name: "Give up the aim", Mod: ex("0")})
}

var aimDefencesCases = []schemaCase{
	{key: "checks.modifiers.gives_up_aim", need: aimerGuard,
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].GivesUpAim = true },
		play: duel(spend("A", "aim"), rollAt("B", "A"), rollAt("B", "A", "give_up"), rollAt("B", "A")),
		want: []string{"B: Combat roll against A (target aiming, no dodge +4): d20 + ob - target_db: [10] + 10 - 4 = 16 + 4 = 20",
			"A gives up its aim to defend", "B: Combat roll against A: d20 + ob - target_db: [10] + 10 - 4 = 16 vs"}},
	{key: "checks.modifiers.gives_up_aim", note: "no dodge", need: needs(aimerGuard, func(rs *rules.Ruleset) { rs.Guard.Dodge = "" }),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].GivesUpAim = true }, refused: "no dodge to give an aim up for"},
}

func init() { schemaCases = append(schemaCases, aimDefencesCases...) }
