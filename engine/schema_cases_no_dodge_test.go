package engine_test

import (
	"fray/engine/rules"
)

// checks.modifiers.no_dodge: the target does not dodge the roll (unaware
// of it): its dodge is put back, once.

// dodging is guardBase with the dodge kept as db, and a modifier that
// gives nothing yet.
func dodging(rs *rules.Ruleset) {
	guardBase(rs)
	rs.Guard.Dodge = "db"
	rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "unaware", Name: "Unaware", Mod: ex("0")})
}

var noDodgeCases = []schemaCase{
	{key: "checks.modifiers.no_dodge", need: dodging,
		set:  func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].NoDodge = true },
		play: duel(rollAt("B", "A", "unaware")),
		want: []string{"B: Combat roll against A (Unaware +0, Unaware +4): d20 + ob - target_db: [10] + 10 - 4 = 16 + 4 = 20"}},
	{key: "checks.modifiers.no_dodge", note: "no dodge", need: needs(dodging, func(rs *rules.Ruleset) { rs.Guard.Dodge = "" }),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[1].NoDodge = true }, refused: "no dodge to leave out"},
}

func init() { schemaCases = append(schemaCases, noDodgeCases...) }
