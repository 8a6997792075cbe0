package engine_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
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
	// [flurries] obstacle_condition: the foe forced against it holds it for that flurry.
	{key: "flurries.obstacle_condition", need: needs(withConds(rules.ConditionDef{ID: "down", Name: "Down"}), flurries("10", "2"),
		func(rs *rules.Ruleset) { rs.Flurries.Obstacle = 1 }), set: func(rs *rules.Ruleset) { rs.Flurries.ObstacleCondition = "down" },
		play: duel(engage("A", "B"), foeAgainst("A", "B"), do("A", engine.Flurry{Step: "again"})),
		want: []string{"A drives B against an obstacle: +1 action (3 left in flurry 1)\nB is Down", "B is no longer Down"},
		gone: []string{"A drives the foe against an obstacle"}},
	{key: "flurries.obstacle_condition", note: "unknown", need: needs(flurries("10", "2"), func(rs *rules.Ruleset) { rs.Flurries.Obstacle = 1 }),
		set: func(rs *rules.Ruleset) { rs.Flurries.ObstacleCondition = "nope" }, refused: "unknown condition"},
	{key: "flurries.obstacle_condition", note: "no obstacle", need: needs(withConds(rules.ConditionDef{ID: "down", Name: "Down"}), flurries("10", "2")),
		set: func(rs *rules.Ruleset) { rs.Flurries.ObstacleCondition = "down" }, refused: "without flurries.obstacle"},
	// [flurries] stroke_on, stroke_gives: the killing stroke on one open to it.
	{key: "flurries.stroke_on", need: needs(strokeConds, flurries("10", "2")),
		set:  func(rs *rules.Ruleset) { rs.Flurries.StrokeOn, rs.Flurries.StrokeGives = "down", "gone" },
		play: duel(stroke("A", "B"), do("B", engine.GiveCondition{Condition: "down"}), stroke("A", "B")),
		want: []string{"refused: B is not Down", "A delivers the killing stroke: B dies\nB is Gone"}},
	{key: "flurries.stroke_gives", need: needs(strokeConds, flurries("10", "2")),
		set:  func(rs *rules.Ruleset) { rs.Flurries.StrokeOn, rs.Flurries.StrokeGives = "down", "gone" },
		play: duel(do("B", engine.GiveCondition{Condition: "down"}), stroke("A", "B"), stroke("A", "B")),
		want: []string{"B is Gone", "refused: B is Gone already"}},
	// [flurries] stroke_action: the stroke spends Act (1 of A's 3 AP) out of a flurry.
	{key: "flurries.stroke_action", need: needs(strokeConds, flurries("10", "2"), pool(rules.AtRoundStart),
		func(rs *rules.Ruleset) { rs.Flurries.StrokeOn, rs.Flurries.StrokeGives = "down", "gone" }),
		set:  func(rs *rules.Ruleset) { rs.Flurries.StrokeAction = "act" },
		play: duel(do("B", engine.GiveCondition{Condition: "down"}), stroke("A", "B")),
		want: []string{"A: hp 20/20 out false pools [ap=2]"}},
	{key: "flurries.stroke_action", note: "unknown", need: needs(strokeConds, flurries("10", "2"),
		func(rs *rules.Ruleset) { rs.Flurries.StrokeOn, rs.Flurries.StrokeGives = "down", "gone" }),
		set: func(rs *rules.Ruleset) { rs.Flurries.StrokeAction = "act" }, refused: `unknown action "act"`},
	{key: "flurries.stroke_action", note: "no stroke", need: needs(flurries("10", "2"), pool(rules.AtRoundStart)),
		set: func(rs *rules.Ruleset) { rs.Flurries.StrokeAction = "act" }, refused: "no stroke"},
	{key: "flurries.stroke_on", note: "alone", need: needs(strokeConds, flurries("10", "2")),
		set: func(rs *rules.Ruleset) { rs.Flurries.StrokeGives = "gone" }, refused: "goes with flurries.stroke_gives"},
	{key: "flurries.stroke_on", note: "unknown", need: needs(strokeConds, flurries("10", "2")),
		set: func(rs *rules.Ruleset) { rs.Flurries.StrokeOn, rs.Flurries.StrokeGives = "nope", "gone" }, refused: "unknown condition"},
	{key: "flurries.stroke_gives", note: "same", need: needs(strokeConds, flurries("10", "2")),
		set: func(rs *rules.Ruleset) { rs.Flurries.StrokeOn, rs.Flurries.StrokeGives = "down", "down" }, refused: "its victim holds already"},
	// [flurries] blow_actions: a blow in a flurry uses an action; none left, none struck.
	{key: "flurries.blow_actions", need: needs(blowBase, flurries("10", "1")), set: func(rs *rules.Ruleset) { rs.Flurries.BlowActions = 1 },
		play: armed(sword(), nil, engage("A", "B"), strike(engine.Blow{}, 12, 4), strike(engine.Blow{}, 12, 4)),
		want: []string{"A uses 1 action in flurry 1: 0 left", "refused: A has 0 actions left in flurry 1"}},
	// [flurries] undefended: the modifier given by itself to a blow on one with no actions left.
	{key: "flurries.undefended", need: needs(blowBase, flurries("10", "2"), openMod), set: func(rs *rules.Ruleset) { rs.Flurries.Undefended = "open" },
		play: armed(sword(), nil, engage("A", "B"), do("B", engine.Flurry{Step: "action", Actions: 2}), strike(engine.Blow{}, 12, 4)),
		want: []string{"(Open +5)"}},
	{key: "flurries.undefended", note: "no such modifier", need: needs(blowBase, flurries("10", "2"), openMod),
		set: func(rs *rules.Ruleset) { rs.Flurries.Undefended = "nope" }, refused: `no blow's check has a modifier "nope"`},
	{key: "flurries.undefended", note: "without indefensible", need: needs(blowBase, flurries("10", "2"), openMod),
		set: func(rs *rules.Ruleset) { rs.Flurries.Undefended, rs.Flurries.Indefensible = "open", 0 }, refused: "needs flurries.indefensible"},
	{key: "flurries.blow_actions", note: "no blows", need: flurries("10", "1"), set: func(rs *rules.Ruleset) { rs.Flurries.BlowActions = 1 },
		refused: "no [[blows]]"},
	// [flurries] attack_checks: the Hit check rolled (g) in a flurry uses an action, as a blow.
	{key: "flurries.attack_checks", need: needs(blowBase, flurries("10", "1"), func(rs *rules.Ruleset) { rs.Flurries.BlowActions = 1 }),
		set:  func(rs *rules.Ruleset) { rs.Flurries.AttackChecks = []string{"hit"} },
		play: armed(sword(), nil, engage("A", "B"), do("A", engine.RollCheck{Check: "hit"}, 12), do("A", engine.RollCheck{Check: "hit"}, 12)),
		want: []string{"A uses 1 action in flurry 1: 0 left", "refused: A has 0 actions left in flurry 1"}},
	{key: "flurries.attack_checks", note: "unknown", need: needs(blowBase, flurries("10", "1"), func(rs *rules.Ruleset) { rs.Flurries.BlowActions = 1 }),
		set: func(rs *rules.Ruleset) { rs.Flurries.AttackChecks = []string{"swipe"} }, refused: `unknown check "swipe"`},
	{key: "flurries.attack_checks", note: "no blow actions", need: needs(blowBase, flurries("10", "1")),
		set: func(rs *rules.Ruleset) { rs.Flurries.AttackChecks = []string{"hit"} }, refused: "flurries.blow_actions, which is 0"},
	// [[vitality.together]] count: so many of its locations are enough.
	{key: "vitality.together.count", need: together([]string{"arm", "leg", "head"}, "serious", "down"),
		set:  func(rs *rules.Ruleset) { rs.Vitality.Together[0].Count = 2 },
		play: duel(recorded("A", "arm", "serious"), recorded("A", "leg", "serious"), do("A", engine.StrikeWound{Wound: 1})),
		want: []string{"A takes a serious blunt wound to the leg (-3); penalty now -6\nA is Down", "A is no longer Down"}},
	{key: "vitality.together.count", note: "too many", need: together([]string{"arm", "leg"}, "serious", "down"),
		set: func(rs *rules.Ruleset) { rs.Vitality.Together[0].Count = 3 }, refused: "1 to 2"},
	// counts_for: a serious head wound counts at the arm and the leg.
	{key: "vitality.together.counts_for", need: together([]string{"arm", "leg"}, "serious", "down"),
		set: func(rs *rules.Ruleset) {
			rs.Vitality.Together[0].CountsFor = map[string][]string{"head": {"arm", "leg"}}
		},
		play: duel(recorded("A", "head", "light"), recorded("A", "head", "serious"), do("A", engine.StrikeWound{Wound: 1})),
		want: []string{"A takes a serious blunt wound to the head (-3); penalty now -3\nA is Down", "A is no longer Down"},
		not:  []string{"A takes a light blunt wound to the head (-1); penalty now -1\nA is Down"}},
	{key: "vitality.together.counts_for", note: "not one of its locations", need: together([]string{"arm", "leg"}, "serious", "down"),
		set: func(rs *rules.Ruleset) { rs.Vitality.Together[0].CountsFor = map[string][]string{"arm": {"head"}} }, refused: "not one of together.locations"},
}

// foeAgainst has name force target against an obstacle, naming it where
// the ruleset wants it named.
// strokeConds gives the ruleset Down (open to the stroke) and Gone (its end).
func strokeConds(rs *rules.Ruleset) {
	withConds(rules.ConditionDef{ID: "down", Name: "Down", Duration: rules.UntilRemoved},
		rules.ConditionDef{ID: "gone", Name: "Gone", Duration: rules.UntilRemoved, NoTurn: true})(rs)
}

// stroke has name deliver the killing stroke on target.
func stroke(name, target string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do(name, engine.Flurry{Step: engine.FlurryStroke, Foe: f.ID(target)})(t, f)
	}
}

func foeAgainst(name, target string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		cmd := engine.Flurry{Who: f.ID(name), Step: "obstacle"}
		if f.Rules.Flurries.ObstacleCondition != "" {
			cmd.Foe = f.ID(target)
		}
		if _, err := f.Do(cmd); err != nil {
			return "\nrefused: " + err.Error()
		}
		return ""
	}
}

// openMod gives blowBase's Hit the modifier Open (+5), and flurries the
// indefensible attack at 2 actions left.
func openMod(rs *rules.Ruleset) {
	rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "open", Name: "Open", Mod: ex("5")})
	rs.Flurries.Indefensible = 2
}
