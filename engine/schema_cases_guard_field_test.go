package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// checks.guard_field: a defence rolls at the parrying weapon's own value of
// a weapon field, where it gives one (BRP: the parry is the skill with the
// weapon or shield parrying).

// guardSkill is parryAndDodge with a weapon field skill.
func guardSkill(rs *rules.Ruleset) {
	parryAndDodge(rs)
	rs.Gear.WeaponFields = []rules.WeaponField{field("skill", "0")}
}

func init() {
	init := func(n int) *int { return &n }
	parrying := func(skill map[string]int) []engine.NewCombatant {
		return []engine.NewCombatant{
			{Name: "A", HP: 20, Init: init(20), Weapons: []rules.Weapon{{Name: "Shield", Damage: ex("1d3"), Fields: skill}}},
			{Name: "B", HP: 20, Init: init(10)},
		}
	}
	schemaCases = append(schemaCases,
		schemaCase{key: "checks.guard_field", need: guardSkill, set: func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-2].GuardField = "skill" },
			play: cast(parrying(map[string]int{"skill": 30}), parryA(10)),
			want: []string{"A: Parry with Shield: d100: [10] = 10 vs 30 or less: Blocked"}},
		schemaCase{key: "checks.guard_field", note: "not a weapon field", need: guardSkill,
			set: func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-2].GuardField = "reach" }, refused: "weapons carry no field"},
		schemaCase{key: "checks.guard_field", note: "not a defence", need: needs(guardSkill, func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-2].Defence = false }),
			set: func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-2].GuardField = "skill" }, refused: "only a defence parries"},
	)
}
