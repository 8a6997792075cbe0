package engine_test

import (
	"slices"
	"testing"

	"fray/engine/dice"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// Cases for a parried blow held against the parrying item for a
// resistance roll (BRP's crushing special parried, l.349-351), and a
// result tried only with a modifier chosen (BRP's critical taken as a
// special where it lands).
func init() {
	schemaCases = append(schemaCases, heldBlowCases...)
}

// heldBase is blowBase parried, with the check Resist (d20 at or over 10:
// Won, Lost) whose outcomes do what opts give them, and a Hit answered by
// a Parry that is held against B's Shield (8 hit points) for it.
func heldBase(won, lost []rules.CheckEffect, held bool) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		blowBase(rs)
		parried(rs)
		rs.Checks = append(rs.Checks, rules.Check{ID: "resist", Name: "Resist", Roll: ex("d20"), Target: ex("10"), Succeeds: rules.AtLeast,
			Outcomes: []rules.Outcome{{ID: "won", Name: "Won", Result: rules.Success, Effects: slices.Clone(won)},
				{ID: "lost", Name: "Lost", Result: rules.Failure, Effects: slices.Clone(lost)}}})
		e := rules.BlowEffect{To: rules.ToTarget, DefenceCheck: "parry", Give: "dazed"}
		if held {
			e = rules.BlowEffect{To: rules.ToTarget, DefenceCheck: "parry", GuardResists: "resist"}
		}
		rs.Blows[0].Results[1].Effects = []rules.BlowEffect{e}
	}
}

// heldResist has A roll Resist at B, the faces typed.
func heldResist(faces ...int) act {
	return func(_ *testing.T, f *enginetest.Fight) string {
		if _, err := f.Do(engine.RollCheck{Who: f.ID("A"), Check: "resist", Target: f.ID("B")}, faces...); err != nil {
			return "\nrefused: " + err.Error()
		}
		return ""
	}
}

// heldAtArm is heldBase held, through on a win, with hit locations on
// and a weapon field arm (5: the leg, by default).
func heldAtArm(rs *rules.Ruleset) {
	heldBase(heldThrough, heldStops, true)(rs)
	bodyParts(rs)
	rs.Gear.WeaponFields = []rules.WeaponField{field("arm", "5")}
}

// heldResistFewer is heldResist where the roll may use one face fewer
// than typed (a location not rolled).
func heldResistFewer(faces ...int) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		cmd := engine.RollCheck{Who: f.ID("A"), Check: "resist", Target: f.ID("B")}
		if _, err := f.Do(cmd, faces...); err == nil {
			return ""
		}
		if _, err := f.Do(cmd, faces[:len(faces)-1]...); err != nil {
			return "\nrefused: " + err.Error()
		}
		return ""
	}
}

var (
	heldThrough = []rules.CheckEffect{{To: rules.ToTarget, HeldBlow: rules.HeldThrough}}
	heldStops   = []rules.CheckEffect{{To: rules.ToTarget, HeldBlow: rules.HeldStops}}
	heldDazes   = []rules.CheckEffect{{To: rules.ToTarget, Give: "dazed"}}
	bigSword    = sword(func(w *rules.Weapon) { w.Damage = ex("1d20") })
)

var heldBlowCases = []schemaCase{
	// A result tried only with the modifier Aimed picked: picked, the Hit
	// (12) does the Aimed result; not picked, the plain Hit.
	{key: "blows.results.chosen", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "aimed", Name: "Aimed", Mod: ex("0")}}
		// Without chosen, a margin it is never made by keeps it out.
		rs.Blows[0].Results = append([]rules.BlowResult{{Attack: []string{"hit"}, Text: "Aimed hit", Damage: rules.DamageNone,
			MarginAtLeast: ex("100")}}, rs.Blows[0].Results...)
	}), set: func(rs *rules.Ruleset) {
		rs.Blows[0].Results[0].Chosen, rs.Blows[0].Results[0].MarginAtLeast = []string{"aimed"}, dice.Expr{}
	},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4), strike(engine.Blow{Modifiers: []string{"aimed"}}, 12, 4)),
		want: []string{"A's Attack on B: Hit", "A's Attack on B: Aimed hit"}},
	{key: "blows.results.chosen", note: "no such modifier", need: blowBase,
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Chosen = []string{"aimed"} }, refused: `"aimed" is no modifier of Hit`},
	// Hit (12) parried (15), 12 rolled: held on the Shield, B unhurt.
	{key: "blows.results.effects.guard_resists", need: heldBase(heldThrough, heldStops, false),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, DefenceCheck: "parry", GuardResists: "resist"}
		},
		play: armed(bigSword, nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 12)),
		want: []string{"B's Shield holds the blow for now: its 12 damage against the Shield's 8 hit points left (of 8)"},
		gone: []string{"B takes 12"}},
	{key: "blows.results.effects.guard_resists", note: "not parried", need: heldBase(heldThrough, heldStops, false),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, GuardResists: "resist"}
		}, refused: "only a parried blow"},
	{key: "blows.results.effects.guard_resists", note: "a check that settles nothing", need: heldBase(heldDazes, heldDazes, false),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, DefenceCheck: "parry", GuardResists: "resist"}
		}, refused: "Resist settles no held blow"},
	// Resist won (15): the Shield takes its 8 and breaks, 4 go on.
	{key: "checks.outcomes.effects.held_blow=through", need: heldBase(heldDazes, heldStops, true),
		set:  func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Outcomes[0].Effects = slices.Clone(heldThrough) },
		play: armed(bigSword, nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 12), heldResist(15)),
		want: []string{"B's Shield takes 8 damage (8 of its 8 HP lost)", "B's Shield is broken", "B takes 4 (20 -> 16 HP)"}},
	// Resist lost (5): the Shield takes the 6 rolled, and B nothing.
	{key: "checks.outcomes.effects.held_blow=stops", need: heldBase(heldThrough, heldDazes, true),
		set:  func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Outcomes[1].Effects = slices.Clone(heldStops) },
		play: armed(bigSword, nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 6), heldResist(5)),
		want: []string{"B's Shield takes 6 damage (6 of its 8 HP lost)"}},
	{key: "checks.outcomes.effects.held_blow=stops", note: "no such value", need: heldBase(heldThrough, heldStops, true),
		set:     func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Outcomes[1].Effects[0].HeldBlow = "maybe" },
		refused: `"maybe" is not one of through, stops`},
	// Through the Shield, 4 on B: B rolls Save (3, failed) at A.
	{key: "checks.outcomes.effects.then_check", need: heldBase(heldThrough, heldStops, true),
		set: func(rs *rules.Ruleset) {
			e := rules.CheckEffect{To: rules.ToTarget, HeldBlow: rules.HeldThrough, ThenCheck: "save"}
			rs.Checks[len(rs.Checks)-1].Outcomes[0].Effects = []rules.CheckEffect{e}
		},
		play: armed(bigSword, nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 12), heldResist(15, 3)),
		want: []string{"B takes 4 (20 -> 16 HP)", "B: Save against A"}},
	// Through the Shield with hit locations, its field arm (5: the leg)
	// says where the 4 land; without limb_field the location is rolled
	// (15: the head).
	{key: "checks.outcomes.effects.limb_field", need: heldAtArm,
		set:  func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Outcomes[0].Effects[0].LimbField = "arm" },
		play: armed(bigSword, nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 12), heldResistFewer(15, 15)),
		want: []string{"B is hit in the leg: 4 there"}, gone: []string{"B hit location roll", "B is hit in the head"}},
	{key: "checks.outcomes.effects.limb_field", note: "an unknown field", need: heldAtArm,
		set:     func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Outcomes[0].Effects[0].LimbField = "reach" },
		refused: "unknown weapon field"},
	{key: "checks.outcomes.effects.limb_field", note: "a blow that stops", need: heldAtArm,
		set:     func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Outcomes[1].Effects[0].LimbField = "arm" },
		refused: "only a held blow that goes through"},
	{key: "checks.outcomes.effects.then_check", note: "without a blow through", need: heldBase(heldThrough, heldStops, true),
		set:     func(rs *rules.Ruleset) { rs.Checks[len(rs.Checks)-1].Outcomes[1].Effects[0].ThenCheck = "save" },
		refused: "only a held blow that goes through"},
}
