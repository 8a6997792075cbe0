package engine_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// checks.spends naming an action that does not attack, and
// checks.strike_instead: a Feint rolled as one of a full round's strikes.

// fooling is striking's multi-strike Flurry (3 strikes) with an Attack
// pool of 1 it costs, a Fake action costing it too (no attack), a Fake
// check whose success gives the roller Fooling at the foe, and a Fooled
// modifier on the Combat roll that spends Fooling.
func fooling(rs *rules.Ruleset) {
	striking(rs)
	multi(rs)
	rs.Pools = append(rs.Pools, rules.Pool{ID: "attack", Name: "Attack", Capacity: ex("1"), Reset: rules.AtOwnTurnStart})
	rs.Actions[len(rs.Actions)-1].Cost = map[string]int{"attack": 1}
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "fake", Name: "Fake", Cost: map[string]int{"attack": 1}})
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "fooling", Name: "Fooling", Duration: rules.UntilRemoved})
	rs.Checks = append(rs.Checks, rules.Check{ID: "fake", Name: "Fake roll", Roll: ex("d20"), Target: ex("5"), Succeeds: rules.AtLeast,
		Kind: rules.RollManeuver, Outcomes: []rules.Outcome{
			{ID: "fooled", Name: "Fooled", Result: rules.Success,
				Effects: []rules.CheckEffect{{To: rules.ToActor, Give: "fooling", AtFoe: true}}},
			{ID: "not", Name: "Seen through", Result: rules.Failure}}})
	rs.Checks[0].Modifiers = append(rs.Checks[0].Modifiers, rules.CheckModifier{ID: "fooled", Name: "Fooled", Mod: ex("2"), Spends: "fooling"})
}

// fakeAt is who's Fake roll at the foe, a 10.
func fakeAt(who, foe string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do(who, engine.RollCheck{Check: "fake", Target: f.ID(foe)}, 10)(t, f)
	}
}

// fakeSpends makes the Fake roll spend the Fake.
func fakeSpends(rs *rules.Ruleset) { rs.Checks[1].Spends = "fake" }

var maneuverSpendsCases = []schemaCase{
	{key: "checks.spends", note: "an action that does not attack", need: fooling, set: fakeSpends,
		play: duel(fakeAt("A", "B"), fakeAt("A", "B"), rollAt("A", "B"), next(1), fakeAt("A", "B")),
		want: []string{"A: Fake\nA: Fake roll against B", "refused: Fake roll: Fake costs 1 Attack",
			"refused: A rolls Fake roll in its own turn, with Fake"}},
	// With 40 ranks, five strikes: the Fake takes the second, the third
	// and fourth both take Fooled, which ends with the turn.
	{key: "checks.strike_instead", need: needs(fooling, fakeSpends, func(rs *rules.Ruleset) { rs.Stats[3].Default = 40 }),
		set: func(rs *rules.Ruleset) { rs.Checks[1].StrikeInstead = true },
		play: duel(spend("A", "flurry"), fakeAt("A", "B"), rollAt("A", "B"), fakeAt("A", "B"), rollAt("A", "B", "fooled"),
			rollAt("A", "B", "fooled"), next(1)),
		want: []string{"refused: Fake roll: Fake costs 1 Attack", "(Fooled +2, strike 3 of 5 -6)", "(Fooled +2, strike 4 of 5 -9)",
			"A is no longer Fooling (its full round's strikes are over)"},
		not: []string{"strike 2 of 5 -3, Fooled"}},
	{key: "checks.strike_instead", note: "without spends", need: fooling, set: func(rs *rules.Ruleset) { rs.Checks[1].StrikeInstead = true },
		refused: "set spends"},
	{key: "checks.strike_instead", note: "an attack's", need: fooling,
		set: func(rs *rules.Ruleset) { rs.Checks[1].Spends, rs.Checks[1].StrikeInstead = "flurry", true }, refused: "an attack roll takes its strike"},
}

func init() { schemaCases = append(schemaCases, maneuverSpendsCases...) }
