package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// The cases of the defences a turn's action shapes (guard.go,
// parry_share.go, once.go, damage_less.go): a dodge on top, the parry's
// share by the foe, foes fewer or one alone, the shield against more
// attackers, a parry that reopens a treated wound, the damage read apart
// from the hit, and a parry set before one's first turn.

func init() { schemaCases = append(schemaCases, defenceCases...) }

// halving halves each parry after the first.
func halving(rs *rules.Ruleset) { rs.Helpers.ParryFactors = []int{100, 50} }

// allotB is B, on its turn, allotting a parry of 4 and taking Load.
var allotB = []act{next(1), do("B", engine.Allot{Parry: 4}), spend("B", "load"), next(1)}

var defenceCases = []schemaCase{
	{key: "guard.parry_by_foe", need: needs(guardBase, allotting, halving),
		set:  func(rs *rules.Ruleset) { rs.Guard.ParryByFoe = true },
		play: duel(next(1), do("B", engine.Allot{Parry: 4}), next(1), rollAt("A", "B", "parry"), rollAt("A", "B", "parry")),
		want: []string{"A: Combat roll against B (Parry -4): d20 + ob - target_db: [10] + 10 - 4 = 16 - 4 = 12"},
		gone: []string{"B parries (second since its turn): at 50%"}},
	{key: "guard.parry_by_foe", note: "without a parry", need: guardBase,
		set: func(rs *rules.Ruleset) { rs.Guard.ParryByFoe = true }, refused: "no parry is kept to count"},
	{key: "actions.dodge_more", need: needs(guardBase, withActions(load), func(rs *rules.Ruleset) { rs.Guard.Dodge = "db" }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].DodgeMore = ex("db") },
		play: duel(spend("A", "load"), next(1), rollAt("B", "A")), want: []string{"target Load: db +4"}},
	{key: "actions.dodge_more", note: "without a dodge", need: needs(guardBase, withActions(load)),
		set: func(rs *rules.Ruleset) { rs.Actions[0].DodgeMore = ex("db") }, refused: "no dodge stat"},
	{key: "actions.parry_foes_fewer", need: needs(guardBase, allotting, halving, withActions(load)),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].ParryFoesFewer = 1 },
		play: duel(append(allotB, rollAt("A", "B", "parry"), rollAt("A", "B", "parry"))...),
		want: []string{"B parries (second since its turn): at 100%"}, gone: []string{"B parries (second since its turn): at 50%"}},
	{key: "actions.parry_foes_fewer", note: "below 0", need: needs(guardBase, allotting, withActions(load)),
		set: func(rs *rules.Ruleset) { rs.Actions[0].ParryFoesFewer = -1 }, refused: "a count of foes"},
	{key: "actions.parry_lone_foe", need: needs(guardBase, allotting, halving, withActions(load)),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].ParryLoneFoe = ex("3") },
		play: duel(append(allotB, rollAt("A", "B", "parry"))...), want: []string{"(Parry -7)"}, gone: []string{"(Parry -4)"}},
	{key: "actions.parry_lone_foe", note: "without a parry", need: needs(guardBase, withActions(load)),
		set: func(rs *rules.Ruleset) { rs.Actions[0].ParryLoneFoe = ex("3") }, refused: "no parry is allotted"},
	{key: "actions.shield_foes", need: needs(guardBase, withActions(load), func(rs *rules.Ruleset) {
		rs.Guard.Shield = "sh"
		rs.Checks[0].Modifiers[0].OncePerAttacker = true
	}),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].ShieldFoes = 2 },
		play: trio(next(2), spend("Y", "load"), next(1), combatWith("X", "Y", "shield"), combatWith("A", "Y", "shield")),
		want: []string{"A: Combat roll against Y (Shield -3)"},
		gone: []string{"refused: Combat roll: Shield against one attacker between Y's turns, and it was used against X"}},
	{key: "actions.shield_foes", note: "without a shield", need: needs(guardBase, withActions(load)),
		set: func(rs *rules.Ruleset) { rs.Actions[0].ShieldFoes = 2 }, refused: "no shield stat"},
	{key: "checks.modifiers.reopens", need: needs(guardBase, allotting, firstAid, func(rs *rules.Ruleset) { rs.Wounds.Restriction = "no defending" }),
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].Reopens = true },
		play: duel(wound("A", 5), do("A", engine.FirstAid{}), do("A", engine.Allot{Parry: 4}), next(1), rollAt("B", "A", "parry")),
		want: []string{"A's treated wound reopens: 5 a round"}},
	{key: "checks.modifiers.reopens", note: "without a restriction", need: needs(guardBase, allotting),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].Reopens = true }, refused: "no First Aid restriction to break"},
	{key: "checks.modifiers.damage_less", need: needs(guardBase, func(rs *rules.Ruleset) {
		rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "sac", Name: "Sacrifice", Mod: ex("2 * target_db")})
	}),
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].DamageLess = ex("target_sh") },
		play: duel(rollAt("A", "B", "sac")), want: []string{"A's roll against B hits at 24; its damage is read at 21 (24 less 3: Sacrifice)"}},
	{key: "checks.modifiers.damage_less", note: "rolled", need: needs(guardBase, func(rs *rules.Ruleset) {
		rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "sac", Name: "Sacrifice", Mod: ex("2")})
	}),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].DamageLess = ex("1d6") }, refused: "is worked out, not rolled"},
	{key: "guard.idle", note: "a parry set before the first turn", need: needs(guardBase, allotting,
		withActions(rules.ActionDef{ID: "idle", Name: "Idle", Cost: map[string]int{}, Passive: true, ParryCap: ex("ob / 2")})),
		set:  func(rs *rules.Ruleset) { rs.Guard.Idle = "idle" },
		play: duel(do("B", engine.Allot{Parry: 6}), do("B", engine.Allot{Parry: 5}), rollAt("A", "B", "parry")),
		want: []string{"refused: B has not had a turn yet (Idle): its parry is at most ob / 2, 5", "(Parry -5)"},
		gone: []string{"refused: B sets its parry on its own turn"}},
}
