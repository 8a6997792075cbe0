package engine_test

import (
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// Cases for blows on a wound record: the severity read from the damage
// through the armour by thresholds, the shock value noted on a wound, and
// the wound penetrating by the blow's penetration or its result.
func init() {
	schemaCases = append(schemaCases, blowWoundCases...)
}

// woundBlow is blowBase's blow on a wound record of arm and leg whose
// severities are over 0 (light), IMP (serious, 3) and 8 (mortal).
func woundBlow(rs *rules.Ruleset) {
	blowBase(rs)
	record(rs)
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "IMP", Name: "Impaired", Default: 3})
	for i, over := range []string{"0", "IMP", "8"} {
		rs.Vitality.Severities[i].Over = ex(over)
	}
}

// strikeArm has A strike B's arm, the faces typed.
func strikeArm(faces ...int) act { return strike(engine.Blow{Location: "arm"}, faces...) }

// A Sword of 1d6: a hit of 12 rolls 4 (none of it absorbed), over IMP 3:
// serious, unless IMP counts for 5.
var blowWoundCases = []schemaCase{
	{key: "vitality.severities.over", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[1].Over = ex("IMP + 2") },
		play: armed(sword(), nil, strikeArm(12, 4)), want: []string{"B: 4 gets through, over 0, not over 5: a light wound to the arm",
			"B takes a light blunt wound to the arm"}, gone: []string{"B takes a serious blunt wound to the arm"}},
	{key: "vitality.severities.over", note: "all absorbed", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[0].Over = ex("4") },
		play: armed(sword(), map[string]int{"IMP": 5}, strikeArm(12, 4)), want: []string{"B: 4 gets through, over no threshold: no wound"},
		not: []string{"B takes"}},
	{key: "vitality.severities.over", note: "not rising", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Stats[len(rs.Stats)-1].Default = 0 },
		play: armed(sword(), nil, strikeArm(12, 4)), want: []string{"refused: B's thresholds do not rise: Light over 0, Serious over 0 (set its IMP)"}},
	{key: "vitality.severities.over", note: "dice", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[1].Over = ex("1d6") }, refused: "not dice"},
	{key: "vitality.severities.over", note: "some", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[2].Over = dice.Expr{} }, refused: "or none does"},
	{key: "vitality.severities.over", note: "unknown stat", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[2].Over = ex("DIS") }, refused: `unknown stat "DIS"`},
	{key: "vitality.severities.shock", need: record, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[1].Shock = 16 },
		play: duel(recorded("A", "arm", "serious")), want: []string{"A takes a serious blunt wound to the arm (-3, noted B16); penalty now -3"}},
	{key: "vitality.severities.shock", note: "negative", need: record, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[1].Shock = -1 }, refused: "1 to 1000"},
	{key: "blows.penetration", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Blows[0].Penetration = ex("target_AV + 3") },
		play: armed(sword(), nil, strikeArm(12, 4), strikeArm(12, 3)),
		want: []string{"a serious wound to the arm, penetrating (over 3)", "B takes a serious penetrating wound to the arm",
			"B takes a light blunt wound to the arm"}, gone: []string{"B takes a serious blunt wound to the arm"}},
	{key: "blows.penetration", note: "on hit points", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Penetration = ex("AV") },
		refused: "only a wound record"},
	{key: "blows.penetration", note: "dice", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Blows[0].Penetration = ex("1d6") }, refused: "not rolled"},
	{key: "blows.results.penetrates", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[0].Penetrates = true },
		play: armed(sword(), nil, strikeArm(20, 2)), want: []string{"a serious wound to the arm, penetrating whatever the armour", "B takes a serious penetrating wound"}, gone: []string{"B takes a serious blunt wound"}},
	{key: "blows.results.penetrates", note: "no damage", need: woundBlow, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[2].Penetrates = true },
		refused: "no wound to penetrate"},
	{key: "blows.results.penetrates", note: "on hit points", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[0].Penetrates = true },
		refused: "only a wound record"},
}
