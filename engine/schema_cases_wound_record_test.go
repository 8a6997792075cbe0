package engine_test

import (
	"fmt"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The cases of the wound record ([vitality]), pools refilled at a phase's
// start, actions that take a whole pool, conditions that cap stats, and
// flurries: War & Combat's mechanics, each shown in a fight of its own.
func init() {
	schemaCases = append(schemaCases, recordCases...)
}

var recordCases = []schemaCase{
	// [vitality]
	{key: "vitality.kind=hit_points", need: record, set: func(rs *rules.Ruleset) { rs.Vitality = rules.Vitality{Kind: rules.VitalityHP} },
		play: duel(damage("A", 5)), want: []string{"A takes 5 (20 -> 15 HP)"}},
	{key: "vitality.kind=wound_record", set: record,
		play: duel(recorded("A", "arm", "serious")), want: []string{"A takes a serious blunt wound to the arm (-3); penalty now -3"}},
	{key: "vitality.locations.id", need: record, set: func(rs *rules.Ruleset) { rs.Vitality.Locations[0].ID = "limb" },
		play: duel(recorded("A", "limb", "serious")), want: []string{"serious blunt wound to the arm"}},
	{key: "vitality.locations.name", need: record, set: func(rs *rules.Ruleset) { rs.Vitality.Locations[0].Name = "Left arm" },
		play: duel(recorded("A", "arm", "serious")), want: []string{"serious blunt wound to the left arm"}},
	{key: "vitality.severities.id", need: record, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[1].ID = "bad" },
		play: duel(recorded("A", "arm", "bad")), want: []string{"A takes a serious blunt wound"}},
	{key: "vitality.severities.name", need: record, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[1].Name = "Grave" },
		play: duel(recorded("A", "arm", "serious")), want: []string{"A takes a grave blunt wound"}},
	// Arm -3, arm -1, leg -1: the worst at each location, -4; at -5 for a serious wound, -6.
	{key: "vitality.severities.penalty", need: record, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[1].Penalty = -5 },
		play: duel(recorded("A", "arm", "serious"), recorded("A", "arm", "light"), recorded("A", "leg", "light")), want: []string{"penalty now -6", "penalty -6"}},
	{key: "vitality.severities.no_action", need: record, set: func(rs *rules.Ruleset) { rs.Vitality.Severities[2].NoAction = true },
		play: duel(recorded("A", "arm", "mortal"), next(2)), want: []string{"A is mortal: no action from now on", "A is down", "Round 2 begins\nB acts"}},
	{key: "vitality.severities.bleeding", need: needs(record, withTicks(rules.Tick{ID: "bleed", Name: "Bleeding", Effect: rules.EffectBleed, When: rules.AtRoundEnd})),
		set:  func(rs *rules.Ruleset) { rs.Vitality.Severities[0].Bleeding = "light bleeding" },
		play: duel(do("A", engine.RecordWound{Location: "arm", Severity: "light", Penetrating: true}), recorded("B", "leg", "light"), next(2)),
		want: []string{"A: light bleeding", "A bleeds: light bleeding (arm)"}, not: []string{"B bleeds"}},
	{key: "vitality.effects.location", need: effect("leg", "light", []string{"down"}, ""), set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Location = "arm" },
		play: duel(recorded("A", "arm", "light")), want: []string{"A is Down"}},
	{key: "vitality.effects.severity", need: effect("arm", "serious", []string{"down"}, ""), set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Severity = "light" },
		play: duel(recorded("A", "arm", "light")), want: []string{"A is Down"}},
	{key: "vitality.effects.give", need: effect("arm", "light", []string{"slow"}, ""), set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Give = []string{"down"} },
		play: duel(recorded("A", "arm", "light")), want: []string{"A is Down"}},
	{key: "vitality.effects.check", need: needs(hitCheck, effect("arm", "light", []string{"slow"}, "")), set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Check = "hit" },
		play: duel(do("A", engine.RecordWound{Location: "arm", Severity: "light"}, 30)), want: []string{"A: Hit: d100: [30] = 30"}},
	// kind and bleeding: a cut to the arm bleeds as the row says, a puncture as the severity does.
	{key: "vitality.effects.kind", need: needs(effect("arm", "light", nil, ""), cutsAndPunctures, func(rs *rules.Ruleset) {
		rs.Vitality.Effects[0].Kind, rs.Vitality.Effects[0].Bleeding = "puncture", "a gush"
	}), set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Kind = "cut" },
		play: duel(do("A", engine.RecordWound{Location: "arm", Severity: "light", Kind: "cut"}), do("B", engine.RecordWound{Location: "arm", Severity: "light", Kind: "puncture"})),
		want: []string{"A takes a light cut wound to the arm", "A: a gush", "B: light bleeding"}},
	{key: "vitality.effects.kind", note: "unknown", need: needs(effect("arm", "light", []string{"slow"}, ""), cutsAndPunctures),
		set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Kind = "slash" }, refused: "unknown weapon kind"},
	{key: "vitality.effects.bleeding", need: needs(effect("arm", "light", []string{"slow"}, ""), cutsAndPunctures),
		set:  func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Bleeding = "a gush" },
		play: duel(do("A", engine.RecordWound{Location: "arm", Severity: "light", Penetrating: true}), recorded("B", "arm", "light")),
		want: []string{"A: a gush"}, not: []string{"A: light bleeding", "B: a gush"}},
	// A wound that drops what the arm holds: how far it lands, rolled.
	{key: "vitality.effects.lands", need: effect("arm", "light", []string{"slow"}, ""),
		set: func(rs *rules.Ruleset) {
			rs.Vitality.Effects[0].Lands, rs.Vitality.Effects[0].Unit = ex("1d6 - 1"), "m"
		},
		play: duel(do("A", engine.RecordWound{Location: "arm", Severity: "light"}, 4)), want: []string{"A's dropped item lands: 1d6 - 1: [4] - 1 = 3 m away"}},
	{key: "vitality.effects.unit", need: needs(effect("arm", "light", []string{"slow"}, ""), func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Lands, rs.Vitality.Effects[0].Unit = ex("1d6"), "m" }),
		set:  func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Unit = "hexes" },
		play: duel(do("A", engine.RecordWound{Location: "arm", Severity: "light"}, 4)), want: []string{"A's dropped item lands: 1d6: [4] = 4 hexes away"}},
	{key: "vitality.effects.where", need: func(rs *rules.Ruleset) {
		effect("arm", "light", []string{"slow"}, "")(rs)
		rs.Vitality.Effects[0].Lands, rs.Vitality.Effects[0].Unit = ex("1d6"), "m"
	}, set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Where = "behind" },
		play: duel(do("A", engine.RecordWound{Location: "arm", Severity: "light"}, 4)), want: []string{"A's dropped item lands: 1d6: [4] = 4 m away, behind"}},
	{key: "vitality.effects.where", note: "without lands", need: effect("arm", "light", []string{"slow"}, ""),
		set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Where = "behind" }, refused: "give lands"},
	{key: "vitality.effects.check", note: "unknown", need: effect("arm", "light", []string{"slow"}, ""), set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Check = "nope" }, refused: "unknown check"},
	// A wound that makes the wounded drop, or break, its weapon in hand.
	{key: "vitality.effects.weapon=dropped", need: effect("arm", "light", []string{"slow"}, ""),
		set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Weapon = rules.FateDropped },
		play: cast([]engine.NewCombatant{armedWho("A", rules.Weapon{Name: "Sword", Damage: ex("1d6")}), who("B", 10, 20, nil)},
			do("A", engine.RecordWound{Location: "arm", Severity: "light"})),
		want: []string{"A's Sword is dropped"}},
	{key: "vitality.effects.weapon=broken", need: effect("arm", "light", []string{"slow"}, ""),
		set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Weapon = rules.FateBroken },
		play: cast([]engine.NewCombatant{armedWho("A", rules.Weapon{Name: "Sword", Damage: ex("1d6")}), who("B", 10, 20, nil)},
			do("A", engine.RecordWound{Location: "arm", Severity: "light"}), do("A", engine.RecordWound{Location: "leg", Severity: "light"})),
		want: []string{"A's Sword is broken"}, not: []string{"A's Sword is dropped"}},
	{key: "vitality.effects.weapon=stuck", note: "refused", need: effect("arm", "light", []string{"slow"}, ""),
		set: func(rs *rules.Ruleset) { rs.Vitality.Effects[0].Weapon = rules.FateStuck }, refused: "dropped or broken"},
	// [[stats]] derived: worked out from the typed stats unless typed itself.
	{key: "stats.derived", need: withStats("def", "rank"), set: func(rs *rules.Ruleset) { rs.Stats[0].Derived = ex("10 + rank") },
		play: duel(do("A", engine.Roll{Expr: "def"})), want: []string{"A rolls: def: 10 = 10"}},
	{key: "stats.derived", note: "dice", need: withStats("def", "rank"), set: func(rs *rules.Ruleset) { rs.Stats[0].Derived = ex("1d6 + rank") }, refused: "not dice"},
	{key: "stats.derived", note: "the weapon in hand", need: needs(withStats("def", "rank"), func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{{ID: "acc", Name: "acc", Default: ex("rank")}}
	}), set: func(rs *rules.Ruleset) { rs.Stats[0].Derived = ex("hand_acc + 1") },
		play: cast([]engine.NewCombatant{armedWho("A", rules.Weapon{Name: "Bow", Damage: ex("1d6"), Fields: map[string]int{"acc": 6}}), who("B", 10, 20, nil)},
			do("A", engine.Roll{Expr: "def"}), do("B", engine.Roll{Expr: "def"})),
		want: []string{"A rolls: def: 7 = 7", "B rolls: def: 1 = 1"}},
	{key: "stats.derived", note: "no such field", need: withStats("def", "rank"), set: func(rs *rules.Ruleset) { rs.Stats[0].Derived = ex("hand_acc + rank") },
		refused: `unknown stat "hand_acc"`},
	{key: "stats.derived", note: "a field read from a derived stat", need: needs(withStats("def", "rank"), func(rs *rules.Ruleset) {
		rs.Stats[0].Derived = ex("5")
		rs.Gear.WeaponFields = []rules.WeaponField{{ID: "acc", Name: "acc", Default: ex("def")}}
	}), set: func(rs *rules.Ruleset) { rs.Stats[1].Derived = ex("hand_acc") }, refused: "derived itself"},
	// [[vitality.together]]: a wound at each location, at least so bad, holds.
	{key: "vitality.together.locations", need: together([]string{"arm", "head"}, "serious", "down"), set: func(rs *rules.Ruleset) { rs.Vitality.Together[0].Locations = []string{"arm", "leg"} },
		play: duel(recorded("A", "arm", "serious"), recorded("A", "leg", "light"), recorded("A", "leg", "serious"), do("A", engine.StrikeWound{Wound: 2})),
		want: []string{"A takes a serious blunt wound to the leg (-3); penalty now -6\nA is Down", "A is no longer Down"}},
	{key: "vitality.together.at_least", need: together([]string{"arm", "leg"}, "mortal", "down"), set: func(rs *rules.Ruleset) { rs.Vitality.Together[0].AtLeast = "serious" },
		play: duel(recorded("A", "arm", "mortal"), recorded("A", "leg", "serious")), want: []string{"A is Down"}},
	{key: "vitality.together.holds", need: together([]string{"arm", "leg"}, "serious", "slow"), set: func(rs *rules.Ruleset) { rs.Vitality.Together[0].Holds = []string{"down"} },
		play: duel(recorded("A", "arm", "serious"), recorded("A", "leg", "serious")), want: []string{"A is Down"}},
	{key: "vitality.together.locations", note: "one", need: together([]string{"arm", "leg"}, "serious", "down"), set: func(rs *rules.Ruleset) { rs.Vitality.Together[0].Locations = []string{"arm"} }, refused: "two locations or more"},
	{key: "vitality.together.at_least", note: "unknown", need: together([]string{"arm", "leg"}, "serious", "down"), set: func(rs *rules.Ruleset) { rs.Vitality.Together[0].AtLeast = "grave" }, refused: "unknown severity"},
	{key: "vitality.locations.id", note: "without the kind", set: func(rs *rules.Ruleset) { rs.Vitality.Locations = []rules.Location{{ID: "arm", Name: "Arm"}} }, refused: "make a wound record"},

	// [[pools]] phases: the pool refills at the second phase's start only.
	{key: "pools.reset=phase_start", need: needs(twoPhases, pool(rules.AtNever)),
		set: func(rs *rules.Ruleset) {
			rs.Pools[0].Reset, rs.Pools[0].Phases = rules.AtPhaseStart, []string{"second"}
		},
		play: duel(spend("A", "act"), next(2), screen(apOf("A"))), want: []string{"screen: 3"}, gone: []string{"screen: 2"}},
	{key: "pools.phases", need: needs(twoPhases, pool(rules.AtPhaseStart), func(rs *rules.Ruleset) { rs.Pools[0].Phases = []string{"first"} }),
		set:  func(rs *rules.Ruleset) { rs.Pools[0].Phases = []string{"second"} },
		play: duel(spend("A", "act"), next(2), screen(apOf("A"))), want: []string{"screen: 3"}, gone: []string{"screen: 2"}},
	// Spent in its phases only: A's AP, refilled in the first phase, is
	// refused in the second (War & Combat's movement in the flurry phase).
	{key: "pools.only_in_phases", need: needs(twoPhases, pool(rules.AtPhaseStart), func(rs *rules.Ruleset) { rs.Pools[0].Phases = []string{"first"} }),
		set:  func(rs *rules.Ruleset) { rs.Pools[0].OnlyInPhases = true },
		play: duel(spend("A", "act"), next(2), spend("A", "act")),
		want: []string{"refused: Act costs 1 AP; AP: spent in the First phase only, not in the Second phase"}},
	{key: "pools.only_in_phases", note: "without phases", need: pool(rules.AtRoundStart),
		set: func(rs *rules.Ruleset) { rs.Pools[0].OnlyInPhases = true }, refused: "only a pool that names its phases"},
	{key: "pools.phases", note: "without phase_start", need: pool(rules.AtRoundStart), set: func(rs *rules.Ruleset) { rs.Pools[0].Phases = []string{"turns"} }, refused: "names its phases"},

	// [[actions]] empties: a Full action takes the whole pool, untouched.
	{key: "actions.empties", need: needs(pool(rules.AtRoundStart), withActions(rules.ActionDef{ID: "full", Name: "Full", Cost: map[string]int{}})),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].Empties = []string{"ap"} },
		play: duel(spend("A", "full"), spend("B", "act"), spend("B", "full")),
		want: []string{"A: hp 20/20 out false pools [ap=0]", "refused: Full takes all of AP, and B has spent some already (2 of 3 left)"}},

	// [[actions]] uses_up: Full takes what is left of AP, needing none: open
	// with AP spent (refused without the key), AP left at 0 after it.
	{key: "actions.uses_up", need: needs(pool(rules.AtRoundStart), withActions(rules.ActionDef{ID: "full", Name: "Full", Cost: map[string]int{}})),
		set:  func(rs *rules.Ruleset) { rs.Actions[1].UsesUp = []string{"ap"} },
		play: duel(spend("A", "act"), spend("A", "full"), spend("A", "act")),
		want: []string{"refused: Act costs 1 AP; A has AP 0"}},
	{key: "actions.uses_up", note: "in the cost", need: pool(rules.AtRoundStart),
		set: func(rs *rules.Ruleset) { rs.Actions[0].UsesUp = []string{"ap"} }, refused: "in the cost or empties already"},
	{key: "actions.uses_up", note: "unknown", need: pool(rules.AtRoundStart),
		set: func(rs *rules.Ruleset) { rs.Actions[0].UsesUp = []string{"nope"} }, refused: "unknown pool"},

	// [[conditions]] stats: a condition caps a stat while it holds.
	{key: "conditions.stats", need: needs(withStats("def"), func(rs *rules.Ruleset) { rs.Stats[0].Default = 20 }, withConds(rules.ConditionDef{ID: "down", Name: "Down"})),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].Stats = map[string]dice.Expr{"def": ex("5 + def / 4")} },
		play: duel(give("A", "down"), do("A", engine.Roll{Expr: "def"}), do("B", engine.Roll{Expr: "def"})),
		want: []string{"A rolls: def: 10 = 10", "B rolls: def: 20 = 20"}},

	// [flurries]
	{key: "flurries.initiative", set: flurries("1d6 + 100", "2"),
		play: duel(engage("A", "B")), want: []string{"A flurry 1 initiative: 1d6 + 100", "Flurry 1: "}},
	// 5 actions, not 2.
	{key: "flurries.actions", need: flurries("10", "2"), set: func(rs *rules.Ruleset) { rs.Flurries.Actions = ex("5") },
		play: duel(engage("A", "B")), want: []string{"A has 5 actions in flurry 1"}},
	// Rolled at the second phase's start, not on engaging.
	{key: "flurries.phase", need: needs(twoPhases, flurries("10", "2")), set: func(rs *rules.Ruleset) { rs.Flurries.Phase = "second" },
		play: duel(engage("A", "B"), screen(flurryRolled("A")), next(2)), want: []string{"screen: rolled false", "Flurry 1: A 10 (2 actions), B 10 (2 actions)"}},
	// The flurry's count holds in that phase only: out of it F is refused.
	{key: "flurries.phase", note: "out of it", need: needs(twoPhases, flurries("10", "2")), set: func(rs *rules.Ruleset) { rs.Flurries.Phase = "second" },
		play: duel(engage("A", "B"), next(2), do("A", engine.Flurry{Step: "action"}), next(2), do("A", engine.Flurry{Step: "action"})),
		want: []string{"A uses 1 action in flurry 1: 1 left", "refused: flurries are fought in the Second phase"}},
	{key: "flurries.obstacle", need: flurries("10", "2"), set: func(rs *rules.Ruleset) { rs.Flurries.Obstacle = 1 },
		play: duel(engage("A", "B"), do("A", engine.Flurry{Step: "obstacle"})),
		want: []string{"A drives the foe against an obstacle: +1 action (3 left in flurry 1)"}},
	{key: "flurries.indefensible", need: flurries("10", "2"), set: func(rs *rules.Ruleset) { rs.Flurries.Indefensible = 2 },
		play: duel(engage("A", "B"), do("B", engine.Flurry{Step: "action", Actions: 2})),
		want: []string{"B is out of actions and must disengage\nA has 2 actions left: may strike B undefended"}},
	// Held while engaged, gone once the flurry is over.
	{key: "flurries.condition", need: needs(withConds(rules.ConditionDef{ID: "down", Name: "Down"}), flurries("10", "2")), set: func(rs *rules.Ruleset) { rs.Flurries.Condition = "down" },
		play: duel(engage("A", "B"), screen(holding("B", "down")), do("A", engine.Disengage{}), screen(holding("B", "down"))),
		want: []string{"A is Down", "B is Down", "screen: B down true", "B is no longer Down", "screen: B down false"}},
	{key: "flurries.condition", note: "unknown", need: flurries("10", "2"), set: func(rs *rules.Ruleset) { rs.Flurries.Condition = "nope" }, refused: "unknown condition"},
}

// record keeps a wound record of two locations and three severities.
func record(rs *rules.Ruleset) {
	rs.Vitality = rules.Vitality{Kind: rules.VitalityRecord,
		Locations:  []rules.Location{{ID: "arm", Name: "Arm"}, {ID: "leg", Name: "Leg"}},
		Severities: []rules.Severity{{ID: "light", Name: "Light", Penalty: -1}, {ID: "serious", Name: "Serious", Penalty: -3}, {ID: "mortal", Name: "Mortal", Penalty: -7}}}
}

// effect is a wound record whose wound at loc of sev gives conditions (of
// "down" and "slow") and rolls a check.
func effect(loc, sev string, give []string, check string) func(*rules.Ruleset) {
	return needs(record, withConds(rules.ConditionDef{ID: "down", Name: "Down"}, rules.ConditionDef{ID: "slow", Name: "Slow"}), func(rs *rules.Ruleset) {
		rs.Vitality.Effects = []rules.WoundEffect{{Location: loc, Severity: sev, Give: give, Check: check}}
	})
}

// together is a wound record (with a head) whose wounds at every one of
// locs, sev or worse, hold hold.
func together(locs []string, sev, hold string) func(*rules.Ruleset) {
	return needs(effect("arm", "light", []string{"slow"}, ""), func(rs *rules.Ruleset) {
		rs.Vitality.Locations = append(rs.Vitality.Locations, rules.Location{ID: "head", Name: "Head"})
		rs.Vitality.Together = []rules.Together{{Locations: locs, AtLeast: sev, Holds: []string{hold}}}
	})
}

func recorded(name, loc, sev string) act {
	return do(name, engine.RecordWound{Location: loc, Severity: sev})
}

func flurries(init, actions string) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) { rs.Flurries = rules.Flurries{Initiative: ex(init), Actions: ex(actions)} }
}

func engage(name, target string) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return do(name, engine.Engage{Foe: f.ID(target)})(t, f)
	}
}

func flurryRolled(name string) func(*rules.Ruleset, *enginetest.Fight) string {
	return func(_ *rules.Ruleset, f *enginetest.Fight) string {
		c := f.Get(name)
		return fmt.Sprintf("rolled %v", c.Flurry != nil && c.Flurry.Rolled)
	}
}

func apOf(name string) func(*rules.Ruleset, *enginetest.Fight) string {
	return func(_ *rules.Ruleset, f *enginetest.Fight) string { return fmt.Sprint(f.Get(name).Pools["ap"]) }
}

// cutsAndPunctures makes a wound record's light wounds bleed, with the
// weapon kinds cut and puncture (after record or effect).
func cutsAndPunctures(rs *rules.Ruleset) {
	rs.Vitality.Severities[0].Bleeding = "light bleeding"
	rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "cut", Name: "Cut"}, {ID: "puncture", Name: "Puncture"}}
}
