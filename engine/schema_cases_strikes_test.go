package engine_test

import "fray/engine/rules"

// The cases of a full round of attacks (actions.strikes, strikes.go).

func init() { schemaCases = append(schemaCases, strikesCases...) }

// striking is guardBase with a melee Combat roll, stats rk (ranks, 20),
// tw (a second skill, 6) and twr (its ranks, 0), and a Flurry action.
func striking(rs *rules.Ruleset) {
	guardBase(rs)
	rs.Checks[0].Kind = rules.RollMelee
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "rk", Name: "rk", Default: 20}, rules.StatDef{ID: "tw", Name: "tw", Default: 6},
		rules.StatDef{ID: "twr", Name: "twr"})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "flurry", Name: "Flurry", Cost: map[string]int{}, Attack: true})
	rs.Helpers.MultiStrikeRanks, rs.Helpers.MultiStrikePenalty = 10, -3
}

func multi(rs *rules.Ruleset) {
	rs.Helpers.StrikeRanks = "rk"
	rs.Actions[len(rs.Actions)-1].Strikes = rules.StrikesMulti
}

func twoWeapons(rs *rules.Ruleset) {
	rs.Helpers.StrikeSkill, rs.Helpers.TwoWeaponSkill = "ob", "tw"
	rs.Actions[len(rs.Actions)-1].Strikes = rules.StrikesTwoWeapons
}

var strikesCases = []schemaCase{
	{key: "actions.strikes", need: needs(striking, func(rs *rules.Ruleset) { rs.Helpers.StrikeRanks = "rk" }),
		set:  func(rs *rules.Ruleset) { rs.Actions[len(rs.Actions)-1].Strikes = rules.StrikesMulti },
		play: duel(spend("A", "flurry"), rollAt("A", "B"), rollAt("A", "B")),
		want: []string{"A's Flurry: 3 strikes at +0, -3, -6", "(strike 2 of 3 -3)"}},
	{key: "actions.strikes", note: "a double", need: striking,
		set:  func(rs *rules.Ruleset) { rs.Actions[len(rs.Actions)-1].Strikes = rules.StrikesDouble },
		play: duel(spend("A", "flurry")), want: []string{"A's Flurry: 2 strikes at +0, +0"}},
	{key: "actions.strikes", note: "not an attack", need: striking,
		set: func(rs *rules.Ruleset) {
			rs.Actions[len(rs.Actions)-1].Strikes = rules.StrikesDouble
			rs.Actions[len(rs.Actions)-1].Attack = false
		}, refused: "strikes are attacks: set attack = true"},
	{key: "actions.strikes", note: "unknown", need: striking,
		set: func(rs *rules.Ruleset) { rs.Actions[len(rs.Actions)-1].Strikes = "many" }, refused: `"many" is not one of multi, two_weapons, double`},
	{key: "actions.strikes", note: "a multi-strike with no ranks", need: striking,
		set:     func(rs *rules.Ruleset) { rs.Actions[len(rs.Actions)-1].Strikes = rules.StrikesMulti },
		refused: "the multi-strike counts ranks: set helpers.strike_ranks"},
	{key: "helpers.strike_ranks", need: striking, set: multi,
		play: duel(spend("A", "flurry")), want: []string{"A's Flurry: 3 strikes at +0, -3, -6"}},
	{key: "helpers.strike_ranks", note: "an unknown stat", need: striking,
		set: func(rs *rules.Ruleset) { rs.Helpers.StrikeRanks = "nope" }, refused: `unknown stat "nope"`},
	{key: "helpers.two_weapon_skill", need: striking, set: twoWeapons,
		play: duel(spend("A", "flurry")), want: []string{"A's Flurry: 2 strikes at -4, -4 off-hand"}},
	{key: "helpers.strike_skill", need: striking, set: twoWeapons,
		play: duel(spend("A", "flurry")), want: []string{"2 strikes at -4, -4 off-hand"}},
	{key: "helpers.strike_skill", note: "without it", need: needs(striking, twoWeapons),
		set: func(rs *rules.Ruleset) { rs.Helpers.StrikeSkill = "" }, refused: "set helpers.strike_skill"},
	{key: "helpers.two_weapon_ranks", need: needs(striking, twoWeapons, func(rs *rules.Ruleset) {
		rs.Helpers.StrikeRanks = "rk"
		rs.Stats[len(rs.Stats)-1].Default = 11
	}),
		set:  func(rs *rules.Ruleset) { rs.Helpers.TwoWeaponRanks = "twr" },
		play: duel(spend("A", "flurry")), want: []string{"A's Flurry: 4 strikes at -4, -7, -10, -4 off-hand"}},
	{key: "helpers.two_weapon_ranks", note: "without two weapons", need: striking,
		set: func(rs *rules.Ruleset) { rs.Helpers.TwoWeaponRanks = "twr" }, refused: "set helpers.two_weapon_skill and helpers.strike_ranks"},
	{key: "helpers.off_hand", need: needs(striking, twoWeapons),
		set:  func(rs *rules.Ruleset) { rs.Helpers.OffHand = ex("0 - rk / 10") },
		play: duel(spend("A", "flurry"), rollAt("A", "B"), rollAt("A", "B")),
		want: []string{"2 strikes at -4, -6 off-hand", "(strike 2 of 2, off-hand -6)"}},
	{key: "helpers.off_hand", note: "without two weapons", need: striking,
		set: func(rs *rules.Ruleset) { rs.Helpers.OffHand = ex("-2") }, refused: "set helpers.two_weapon_skill"},
}
