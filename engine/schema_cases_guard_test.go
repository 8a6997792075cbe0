package engine_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The cases of the defence parts ([guard], guard.go): a parry allotted
// from the attack stat, the dodge and shield stats, and what actions and
// conditions leave of them.

func init() { schemaCases = append(schemaCases, guardCases...) }

// guardBase is A and B with ob 10, db 4, sh 3, and a Combat roll of
// d20 + ob - target_db with a shield taken once.
func guardBase(rs *rules.Ruleset) {
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "ob", Name: "ob", Default: 10}, rules.StatDef{ID: "db", Name: "db", Default: 4},
		rules.StatDef{ID: "sh", Name: "sh", Default: 3})
	combat()(rs)
	rs.Checks[0].Roll = ex("d20 + ob - target_db")
	rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "shield", Name: "Shield", Mod: ex("0 - target_sh"), Once: true}}
}

// allotting keeps a parry allotted from ob, read as pa, and a Parry modifier.
func allotting(rs *rules.Ruleset) {
	rs.Guard.ParryFrom, rs.Guard.Parry = "ob", "pa"
	rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "parry", Name: "Parry", Mod: ex("0 - target_pa"),
		Parry: true})
}

// rollAt is who's Combat roll at target, a 10, with the modifiers chosen.
func rollAt(who, target string, mods ...string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do(who, engine.RollCheck{Check: "combat", Target: f.ID(target), Modifiers: mods}, 10)(t, f)
	}
}

var load = rules.ActionDef{ID: "load", Name: "Load", Cost: map[string]int{}}
var idle = rules.ActionDef{ID: "idle", Name: "Idle", Cost: map[string]int{}, Passive: true}
var cowed = rules.ConditionDef{ID: "cowed", Name: "Cowed"}

var guardCases = []schemaCase{
	{key: "guard.parry_from", need: guardBase, set: allotting,
		play: duel(do("A", engine.Allot{Parry: 4}), rollAt("A", "B")), want: []string{"[10] + 6 - 4"}},
	{key: "guard.parry_from", note: "at most the stat", need: guardBase, set: allotting,
		play: duel(do("A", engine.Allot{Parry: 11})), want: []string{"refused: A's parry is 0 to its ob, 10"}},
	{key: "guard.parry", need: guardBase, set: allotting,
		play: duel(next(1), do("B", engine.Allot{Parry: 4}), next(1), rollAt("A", "B", "parry")), want: []string{"Parry -4"}},
	{key: "guard.parry", note: "without parry_from", need: guardBase, set: func(rs *rules.Ruleset) { rs.Guard.Parry = "pa" },
		refused: "a parry is allotted from a stat"},
	{key: "checks.modifiers.parry", need: needs(guardBase, allotting, func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].Parry = false }),
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].Parry = true },
		play: duel(next(1), do("B", engine.Allot{Parry: 4}), next(1), rollAt("A", "B", "parry"), rollAt("A", "B", "parry")),
		want: []string{"B parries (second since its turn)"}},
	{key: "guard.dodge", need: needs(guardBase, func(rs *rules.Ruleset) {
		rs.Thresholds = []rules.Threshold{{AtMostPct: at(50), Penalty: -10}}
	}),
		set:  func(rs *rules.Ruleset) { rs.Guard.Dodge, rs.Guard.DodgeBands = "db", true },
		play: duel(damage("B", 10), rollAt("A", "B")), want: []string{"target injury: db -10"}},
	{key: "guard.dodge_bands", need: needs(guardBase, func(rs *rules.Ruleset) {
		rs.Thresholds = []rules.Threshold{{AtMostPct: at(50), Penalty: -10}}
		rs.Guard.Dodge = "db"
	}),
		set:  func(rs *rules.Ruleset) { rs.Guard.DodgeBands = true },
		play: duel(damage("B", 10), rollAt("A", "B")), want: []string{"target injury: db -10"}},
	{key: "actions.dodge", need: needs(guardBase, withActions(load), func(rs *rules.Ruleset) { rs.Guard.Dodge = "db" }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].Dodge = -2 },
		play: duel(spend("A", "load"), next(1), rollAt("B", "A")), want: []string{"target Load: db -2"}},
	{key: "actions.parry", need: needs(guardBase, allotting, withActions(load)),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].Parry = rules.GuardNone },
		play: duel(do("A", engine.Allot{Parry: 4}), spend("A", "load"), next(1), rollAt("B", "A", "parry")),
		want: []string{"refused: A cannot parry now (Load)"}},
	{key: "actions.shield", need: needs(guardBase, withActions(load), func(rs *rules.Ruleset) { rs.Guard.Shield = "sh" }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].Shield = rules.GuardNone },
		play: duel(spend("A", "load"), next(1), rollAt("B", "A", "shield")), want: []string{"refused: A has no shield now (Load)"}},
	{key: "guard.shield", need: needs(guardBase, withActions(load)),
		set: func(rs *rules.Ruleset) {
			rs.Guard.Shield = "sh"
			rs.Actions[0].Shield = rules.GuardNone
		},
		play: duel(spend("A", "load"), next(1), rollAt("B", "A", "shield")), want: []string{"refused: A has no shield now (Load)"}},
	{key: "actions.parry_cap", need: needs(guardBase, allotting, withActions(idle), func(rs *rules.Ruleset) { rs.Guard.Idle = "idle" }),
		set:  func(rs *rules.Ruleset) { rs.Actions[0].ParryCap = ex("ob / 2") },
		play: duel(do("A", engine.Allot{Parry: 10}), next(1), rollAt("B", "A", "parry")), want: []string{"Parry -5"}},
	{key: "guard.idle", need: needs(guardBase, allotting, withActions(idle), func(rs *rules.Ruleset) { rs.Actions[0].ParryCap = ex("ob / 2") }),
		set:  func(rs *rules.Ruleset) { rs.Guard.Idle = "idle" },
		play: duel(do("A", engine.Allot{Parry: 10}), next(1), rollAt("B", "A", "parry")), want: []string{"Parry -5"}},
	{key: "conditions.parry", need: needs(guardBase, allotting, withConds(cowed)),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Parry = rules.GuardHalf },
		play: duel(do("A", engine.Allot{Parry: 10}), give("A", "cowed"), next(1), rollAt("B", "A", "parry")), want: []string{"Parry -5"}},
	{key: "conditions.shield", need: needs(guardBase, withConds(cowed), func(rs *rules.Ruleset) { rs.Guard.Shield = "sh" }),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Shield = rules.GuardNone },
		play: duel(give("A", "cowed"), next(1), rollAt("B", "A", "shield")), want: []string{"refused: A has no shield now (Cowed)"}},
	{key: "conditions.ignores_defences", need: needs(guardBase, withConds(cowed), func(rs *rules.Ruleset) {
		rs.Guard.Dodge, rs.Checks[0].Kind = "db", rules.RollMelee
	}),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].IgnoresDefences = true },
		play: duel(give("B", "cowed"), next(1), rollAt("B", "A")), want: []string{"Cowed +4"}},
}

// conditions.ended_by: a condition the holder comes to hold ends another.
var endedByCases = []schemaCase{
	{key: "conditions.ended_by", need: withConds(rules.ConditionDef{ID: "upright", Name: "Upright"}, prone),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].EndedBy = []string{"prone"} },
		play: duel(give("A", "upright"), give("A", "prone")), want: []string{"A is no longer Upright (prone)"}},
	{key: "conditions.ended_by", note: "itself", need: withConds(rules.ConditionDef{ID: "upright", Name: "Upright"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].EndedBy = []string{"upright"} }, refused: "a condition cannot end itself"},
	{key: "conditions.ended_by_first_aid", need: needs(firstAid, withConds(rules.ConditionDef{ID: "dying", Name: "Dying"})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].EndedByFirstAid = true },
		play: duel(give("A", "dying"), wound("A", 5), do("A", engine.FirstAid{})), want: []string{"A is no longer Dying (First Aid given)"}},
	{key: "conditions.ended_by_healing", need: withConds(rules.ConditionDef{ID: "dying", Name: "Dying"}),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].EndedByHealing = true },
		play: duel(give("A", "dying"), do("A", engine.Damage{Amount: 5}), do("A", engine.Heal{Amount: 1})),
		want: []string{"A heals 1 (15 -> 16 HP)\nA is no longer Dying (healed)"}},
	{key: "conditions.ended_by_healing", note: "at a location", need: needs(bodyParts, withConds(rules.ConditionDef{ID: "dazed", Name: "Dazed"}),
		func(rs *rules.Ruleset) {
			rs.HP.Locations[1].Effects = []rules.LocationEffect{{At: 1, Give: []string{"dazed"}}}
		}),
		set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].EndedByHealing = true },
		play: duel(do("A", engine.Damage{Amount: 7, Location: "head"}), do("A", engine.Damage{Amount: 1, Location: "leg"}),
			do("A", engine.Heal{Amount: 1, Location: "leg"}), do("A", engine.Heal{Amount: 1, Location: "head"})),
		want: []string{"A heals 1 (12 -> 13 HP)\nA's head heals 1 (6 of 7)\nA heals 1 (13 -> 14 HP)\nA is no longer Dazed (the head healed)"}},
	{key: "conditions.ended_by_healing", note: "with healed_ends", need: withConds(rules.ConditionDef{ID: "dying", Name: "Dying", HealedEnds: true}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].EndedByHealing = true }, refused: "one or the other"},
	{key: "conditions.ended_by_first_aid", note: "no First Aid", need: withConds(rules.ConditionDef{ID: "dying", Name: "Dying"}),
		set: func(rs *rules.Ruleset) { rs.Conditions[0].EndedByFirstAid = true }, refused: "no First Aid"},
}

func init() { schemaCases = append(schemaCases, endedByCases...) }

// helpers.position_bonus: a critical's bonus on the next attack roll.
var positionCases = []schemaCase{
	{key: "helpers.position_bonus", need: needs(guardBase, func(rs *rules.Ruleset) { rs.Checks[0].Kind = rules.RollMelee }),
		set:  func(rs *rules.Ruleset) { rs.Helpers.PositionBonus = true },
		play: duel(do("A", engine.Position{Bonus: 20}), rollAt("A", "B"), rollAt("A", "B")),
		want: []string{"A spends its +20 from a critical's position on this roll", "critical's position +20"}},
}

func init() { schemaCases = append(schemaCases, positionCases...) }

// guard.shield_ranged: the ranged shield lost with the shield.
var shieldRangedCases = []schemaCase{
	{key: "guard.shield_ranged", need: needs(guardBase, withActions(load), func(rs *rules.Ruleset) {
		rs.Guard.Shield = "sh"
		rs.Actions[0].Shield = rules.GuardNone
		rs.Stats = append(rs.Stats, rules.StatDef{ID: "sr", Name: "sr", Default: 2})
		rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "far", Name: "Far shield", Mod: ex("0 - target_sr")})
	}),
		set:  func(rs *rules.Ruleset) { rs.Guard.ShieldRanged = "sr" },
		play: duel(spend("A", "load"), next(1), rollAt("B", "A", "far")), want: []string{"Far shield +0"}},
}

func init() { schemaCases = append(schemaCases, shieldRangedCases...) }
