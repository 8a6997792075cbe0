package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// helpers.resistance_kinds: what a Resistance Roll is against says how it
// is read (a spell all or nothing, a poison by the tiers).

// cursed is resist with one kind, a curse, read by success and failure.
func cursed(rs *rules.Ruleset) {
	resist(rs)
	rs.Helpers.ResistanceTiers = []rules.Tier{{From: 0, Name: "shrugged off"}, {From: -1000, Name: "sickened"}}
	rs.Helpers.ResistanceKinds = []rules.ResistanceKind{{ID: "curse", Name: "a curse", Success: "it fails", Failure: "it takes"}}
}

// failing is cursed with a roll that always misses.
func failing(rs *rules.Ruleset) {
	cursed(rs)
	rs.Helpers.ResistanceRoll = ex("0")
}

var curseResisted = engine.Resist{AttackLevel: 5, DefenceLevel: 3, Kind: "curse"}

var resistCurse = do("A", curseResisted)

var resistanceKindCases = []schemaCase{
	{key: "helpers.resistance_kinds.id", need: needs(cursed, func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].ID = "hex" }),
		set:  func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].ID = "curse" },
		play: duel(resistCurse), want: []string{"success by 50: it fails"}, gone: []string{`refused: Base has no Resistance Roll against "curse"`}},
	{key: "helpers.resistance_kinds.id", note: "twice", need: cursed,
		set: func(rs *rules.Ruleset) {
			rs.Helpers.ResistanceKinds = append(rs.Helpers.ResistanceKinds, rs.Helpers.ResistanceKinds[0])
		}, refused: "is defined twice"},
	{key: "helpers.resistance_kinds.name", need: cursed, set: func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].Name = "an evil eye" },
		play: duel(resistCurse), want: []string{"A Resistance Roll against an evil eye (level 5 vs 3, target 50)"}},
	{key: "helpers.resistance_kinds.name", note: "none", need: cursed, set: func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].Name = "" },
		refused: "needs a name"},
	{key: "helpers.resistance_kinds.success", need: cursed, set: func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].Success = "it slides off" },
		play: duel(resistCurse), want: []string{"success by 50: it slides off"}},
	{key: "helpers.resistance_kinds.success", note: "none", need: cursed,
		set: func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].Success = "" }, refused: "say what a success and a failure do"},
	{key: "helpers.resistance_kinds.failure", need: failing, set: func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].Failure = "it binds" },
		play: duel(resistCurse), want: []string{"failure by 50: it binds"}},
	{key: "helpers.resistance_kinds.tiers", need: failing, set: func(rs *rules.Ruleset) {
		k := &rs.Helpers.ResistanceKinds[0]
		k.Tiers, k.Success, k.Failure = true, "", ""
	}, play: duel(resistCurse), want: []string{"failure by 50: sickened"}, gone: []string{"failure by 50: it takes"}},
	{key: "helpers.resistance_kinds.tiers", note: "and success", need: cursed,
		set: func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].Tiers = true }, refused: "not both"},
	{key: "helpers.resistance_kinds.tiers", note: "no tiers", need: needs(cursed, func(rs *rules.Ruleset) { rs.Helpers.ResistanceTiers = nil }),
		set: func(rs *rules.Ruleset) {
			k := &rs.Helpers.ResistanceKinds[0]
			k.Tiers, k.Success, k.Failure = true, "", ""
		}, refused: "there are no helpers.resistance_tiers"},
	{key: "helpers.resistance_kinds.ends", need: needs(sizingUp, cursed, func(rs *rules.Ruleset) { rs.Actions[0].AtFoe = true }),
		set:  func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].Ends = []string{"sizing"} },
		play: trio(spendAt("A", "evaluate", "X"), do("Y", curseResisted), combatAt("A", "X"), do("X", curseResisted)),
		want: []string{"A: Combat roll against X (Sizing +10)", "it fails\nA is no longer Sizing"}},
	{key: "helpers.resistance_kinds.ends", note: "unknown", need: cursed,
		set: func(rs *rules.Ruleset) { rs.Helpers.ResistanceKinds[0].Ends = []string{"sizing"} }, refused: `unknown condition "sizing"`},
	{key: "helpers.resistance_kinds.ends", note: "and tiers", need: needs(sizingUp, cursed), set: func(rs *rules.Ruleset) {
		k := &rs.Helpers.ResistanceKinds[0]
		k.Tiers, k.Success, k.Failure, k.Ends = true, "", "", []string{"sizing"}
	}, refused: "no plain success to end them by"},
}

func init() { schemaCases = append(schemaCases, resistanceKindCases...) }
