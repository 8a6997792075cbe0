package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// The cases of Advantage and Disadvantage: what a condition gives its
// holder's rolls and those made against it, what a check's modifier gives
// when chosen, one of each cancelling, and the dice rolled twice.

func init() { schemaCases = append(schemaCases, edgeCases...) }

// meleeCombat is the Combat roll, a melee attack.
func meleeCombat(rs *rules.Ruleset) { rs.Checks[0].Kind = rules.RollMelee }

var edgeCases = []schemaCase{
	{key: "conditions.roll_edge", need: needs(combat(), meleeCombat, withConds(rules.ConditionDef{ID: "dazed", Name: "Dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].RollEdge = map[rules.RollKind]rules.EdgeKind{rules.RollAttack: rules.WithDisadvantage}
		},
		play: duel(give("A", "dazed"), attack("", 18, 5)),
		want: []string{"A: Combat roll against B (Dazed: Disadvantage): d20, with Disadvantage: [5 (not 18)] = 5 vs 12 or more: Miss"}},
	{key: "conditions.roll_edge", note: "an edge there is not", need: needs(combat(), meleeCombat, withConds(rules.ConditionDef{ID: "dazed", Name: "Dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].RollEdge = map[rules.RollKind]rules.EdgeKind{rules.RollMelee: "double"}
		}, refused: "is not one of advantage, disadvantage"},
	{key: "conditions.roll_edge", note: "a kind no roll is", need: needs(combat(), meleeCombat, withConds(rules.ConditionDef{ID: "dazed", Name: "Dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].RollEdge = map[rules.RollKind]rules.EdgeKind{rules.RollCasting: rules.WithDisadvantage}
		}, refused: "no roll of the ruleset is of the kind"},
	{key: "conditions.against_edge", need: needs(combat(), meleeCombat, withConds(rules.ConditionDef{ID: "down", Name: "Down"})),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[0].AgainstEdge = map[rules.RollKind]rules.EdgeKind{rules.RollMelee: rules.WithAdvantage}
		},
		play: duel(give("B", "down"), attack("", 5, 18)),
		want: []string{"A: Combat roll against B (target Down: Advantage): d20, with Advantage: [18 (not 5)] = 18 vs 12 or more: Hit"}},
	// One of each cancels: the dice are rolled once.
	{key: "conditions.against_edge", note: "cancelling the holder's", need: needs(combat(), meleeCombat, withConds(
		rules.ConditionDef{ID: "dazed", Name: "Dazed", RollEdge: map[rules.RollKind]rules.EdgeKind{rules.RollMelee: rules.WithDisadvantage}},
		rules.ConditionDef{ID: "down", Name: "Down"})),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[1].AgainstEdge = map[rules.RollKind]rules.EdgeKind{rules.RollAll: rules.WithAdvantage}
		},
		play: duel(give("A", "dazed"), give("B", "down"), attack("", 15)),
		want: []string{"A: Combat roll against B (Dazed: Disadvantage, target Down: Advantage): d20: [15] = 15 vs 12 or more: Hit"}},
	{key: "checks.modifiers.edge=advantage", need: needs(combat(), cover("aim", "Point blank", "0")),
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Modifiers[0].Mod, rs.Checks[0].Modifiers[0].Edge = dice.Expr{}, rules.WithAdvantage
		},
		play: duel(do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"aim"}}, 3, 20)),
		want: []string{"A: Combat roll against B (Point blank: Advantage): d20, with Advantage: [20 (not 3)] = 20 vs 12 or more: Hit"}},
	{key: "checks.modifiers.edge=disadvantage", need: needs(combat(), cover("behind", "From behind", "0")),
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Modifiers[0].Mod, rs.Checks[0].Modifiers[0].Edge = dice.Expr{}, rules.WithDisadvantage
		},
		play: duel(do("A", engine.RollCheck{Check: "combat", Target: 2, Modifiers: []string{"behind"}}, 20, 3)),
		want: []string{"A: Combat roll against B (From behind: Disadvantage): d20, with Disadvantage: [3 (not 20)] = 3 vs 12 or more: Miss"}},
	{key: "checks.modifiers.edge=advantage", note: "an edge there is not", need: needs(combat(), cover("aim", "Point blank", "1")),
		set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].Edge = "triple" }, refused: "is not one of advantage, disadvantage"},
}

// An Advantage and a Disadvantage on one roll cancel: its die is rolled
// once; two Disadvantages are one, the die rolled twice, not three times.
// ledger: energy/advantage-disadvantage
func TestEdgesCancel(t *testing.T) {
	rs := baseRules()
	needs(combat(), meleeCombat, withConds(
		rules.ConditionDef{ID: "dazed", Name: "Dazed", RollEdge: map[rules.RollKind]rules.EdgeKind{rules.RollMelee: rules.WithDisadvantage}},
		rules.ConditionDef{ID: "blind", Name: "Blind", RollEdge: map[rules.RollKind]rules.EdgeKind{rules.RollAll: rules.WithDisadvantage}},
		rules.ConditionDef{ID: "down", Name: "Down", AgainstEdge: map[rules.RollKind]rules.EdgeKind{rules.RollAttack: rules.WithAdvantage}}))(&rs)
	got := duel(give("A", "dazed"), give("A", "blind"), attack("", 4, 16), give("B", "down"), attack("", 15))(t, &rs)
	for _, want := range []string{
		"A: Combat roll against B (Dazed: Disadvantage, Blind: Disadvantage): d20, with Disadvantage: [4 (not 16)] = 4",
		"A: Combat roll against B (Dazed: Disadvantage, Blind: Disadvantage, target Down: Advantage): d20: [15] = 15",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q:\n%s", want, got)
		}
	}
}
