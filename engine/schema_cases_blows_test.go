package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// Cases for weapons, armour and blows.
func init() {
	schemaCases = append(schemaCases, blowCases...)
}

// blowBase is a ruleset with the stats AV and DEF (14), the check Hit
// (d20 at or over 10: Crit on a natural 20, Hit, Miss), the defences
// Parry and Dodge (d20 at or over 10: Parried or Missed), the condition
// Dazed, and the blow Attack: Hit against no defence, with AV as armour,
// a crit doubled through it, a hit rolled less it, a miss nothing.
func blowBase(rs *rules.Ruleset) {
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "AV", Name: "Armour"}, rules.StatDef{ID: "DEF", Name: "Defence", Default: 14})
	d20 := func(id, name string, outcomes ...rules.Outcome) rules.Check {
		return rules.Check{ID: id, Name: name, Roll: ex("d20"), Target: ex("10"), Succeeds: rules.AtLeast, Outcomes: outcomes}
	}
	rs.Checks = append(rs.Checks,
		d20("hit", "Hit", rules.Outcome{ID: "crit", Name: "Crit", Result: rules.Success, Faces: rules.Span{Lo: 20, Hi: 20, HasLo: true, HasHi: true}},
			rules.Outcome{ID: "hit", Name: "Hit", Result: rules.Success}, rules.Outcome{ID: "miss", Name: "Miss", Result: rules.Failure}),
		d20("hit2", "Swing", rules.Outcome{ID: "crit", Name: "Crit", Result: rules.Success, Faces: rules.Span{Lo: 20, Hi: 20, HasLo: true, HasHi: true}},
			rules.Outcome{ID: "hit", Name: "Hit", Result: rules.Success}, rules.Outcome{ID: "miss", Name: "Miss", Result: rules.Failure}),
		d20("parry", "Parry", rules.Outcome{ID: "parried", Name: "Parried", Result: rules.Success}, rules.Outcome{ID: "missed", Name: "Missed", Result: rules.Failure}),
		d20("dodge", "Dodge", rules.Outcome{ID: "parried", Name: "Dodged", Result: rules.Success}, rules.Outcome{ID: "missed", Name: "Caught", Result: rules.Failure}),
		d20("save", "Save", rules.Outcome{ID: "saved", Name: "Saved", Result: rules.Success}, rules.Outcome{ID: "failed", Name: "Failed", Result: rules.Failure}),
	)
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "dazed", Name: "Dazed", Duration: rules.ForRounds, Rounds: ex("1")})
	rs.Blows = []rules.Blow{{ID: "attack", Name: "Attack", Check: "hit", Armor: "AV", Defence: rules.BlowDefence{Kind: rules.DefenceNone},
		Results: []rules.BlowResult{
			{Attack: []string{"crit"}, Text: "Crit", Damage: rules.DamageDoubled, Armor: rules.ArmorBypassed},
			{Attack: []string{"hit"}, Text: "Hit", Damage: rules.DamageRolled, Armor: rules.ArmorOff},
			{Text: "Other", Damage: rules.DamageNone},
		}}}
}

// parried makes blowBase's blow answered by Parry and Dodge, compared by
// the matrix.
func parried(rs *rules.Ruleset) {
	rs.Blows[0].Defence = rules.BlowDefence{Kind: rules.DefenceCheck, Checks: []string{"parry", "dodge"}, Compare: rules.CompareMatrix}
}

// hitEffects sets the effects of blowBase's Hit result, afresh for each
// ruleset.
func hitEffects(es ...rules.BlowEffect) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects = slices.Clone(es) }
}

// sword is A's weapon: a Sword, 1d6, with what opts add.
func sword(opts ...func(*rules.Weapon)) rules.Weapon {
	w := rules.Weapon{Name: "Sword", Damage: ex("1d6")}
	for _, o := range opts {
		o(&w)
	}
	return w
}

// armed is a fight of A (20 hit points, initiative 20) with its weapon and
// B (20, initiative 10) with the stats given and a Shield to parry with.
func armed(w rules.Weapon, b map[string]int, acts ...act) func(*testing.T, *rules.Ruleset) string {
	init := func(n int) *int { return &n }
	return cast([]engine.NewCombatant{
		{Name: "A", HP: 20, Init: init(20), Weapons: []rules.Weapon{w}},
		{Name: "B", HP: 20, Init: init(10), Stats: b, Weapons: []rules.Weapon{{Name: "Shield", Damage: ex("1d3"), HP: 8}}},
	}, acts...)
}

// strike has A strike B with blowBase's blow, as cmd says besides, the
// faces typed: as many of them as the blow rolls (a blow that comes to no
// damage rolls fewer than one that hits, and one ruleset of a case may
// roll fewer than the other).
func strike(cmd engine.Blow, faces ...int) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		cmd.Who, cmd.Foes = f.ID("A"), []int{f.ID("B")}
		if cmd.Blow == "" {
			cmd.Blow = "attack"
		}
		return typedBlow(f, cmd, faces)
	}
}

// typedBlow makes a blow with as many of the faces typed as it rolls; a
// refusal is shown.
func typedBlow(f *enginetest.Fight, cmd engine.Blow, faces []int) string {
	for n := len(faces); ; n-- {
		_, err := f.Do(cmd, faces[:n]...)
		switch {
		case err == nil:
			return ""
		case n == 0 || !strings.Contains(err.Error(), "more than the roll used"):
			return "\nrefused: " + err.Error()
		}
	}
}

// grab is a blow Grab besides blowBase's: a hit Dazes the one grabbed.
func grab(rs *rules.Ruleset) {
	rs.Blows = append(rs.Blows, rules.Blow{ID: "grab", Name: "Grab", Check: "hit", Defence: rules.BlowDefence{Kind: rules.DefenceNone},
		Results: []rules.BlowResult{
			{Attack: []string{"hit"}, Text: "Grabbed", Damage: rules.DamageNone, Effects: []rules.BlowEffect{{To: rules.ToTarget, Give: "dazed"}}},
			{Text: "Missed", Damage: rules.DamageNone},
		}})
}

// withSword gives the combatant a sword.
func withSword(n engine.NewCombatant) engine.NewCombatant {
	n.Weapons = []rules.Weapon{sword()}
	return n
}

// blowAt has the named combatant strike another with the blow, the faces
// typed (as many as it rolls); a refusal is shown.
func blowAt(name, blow, at string, faces ...int) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		return typedBlow(f, engine.Blow{Who: f.ID(name), Blow: blow, Foes: []int{f.ID(at)}}, faces)
	}
}

func field(id, def string) rules.WeaponField {
	return rules.WeaponField{ID: id, Name: id, Default: ex(def)}
}

var blowCases = []schemaCase{
	// [gear]
	{key: "gear.armor", need: blowBase, set: func(rs *rules.Ruleset) { rs.Gear.Armor = []string{"AV"} },
		play: cast([]engine.NewCombatant{
			{Name: "A", HP: 20, Weapons: []rules.Weapon{sword()}},
			{Name: "B", HP: 20, Armor: []rules.Armor{{Name: "Mail", Stats: map[string]int{"AV": 2}}}},
		}, strike(engine.Blow{}, 12, 4)),
		want: []string{"B's AV 2 takes 2 off 4: 2 gets through"}, gone: []string{"refused: B: armour 1.stats.AV"}},
	{key: "gear.armor", note: "not a stat", need: blowBase, set: func(rs *rules.Ruleset) { rs.Gear.Armor = []string{"PROT"} }, refused: `unknown stat "PROT"`},
	{key: "gear.weapon_kinds.id", need: needs(blowBase, func(rs *rules.Ruleset) { rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "keen", Name: "Keen"}} }),
		set:  func(rs *rules.Ruleset) { rs.Gear.WeaponKinds[0].ID = "sharp" },
		play: armed(sword(func(w *rules.Weapon) { w.Kinds = []string{"sharp"} }), nil, strike(engine.Blow{}, 12, 4)),
		want: []string{"A strikes at B with Sword"}, gone: []string{`has no weapon kind "sharp"`}},
	{key: "gear.weapon_fields.id", need: needs(blowBase, func(rs *rules.Ruleset) { rs.Gear.WeaponFields = []rules.WeaponField{field("acc", "7")} }),
		set: func(rs *rules.Ruleset) { rs.Gear.WeaponFields[0].ID = "skill" },
		play: armed(sword(), nil, screen(func(rs *rules.Ruleset, f *enginetest.Fight) string {
			v, ok := engine.WeaponStat(rs, f.Get("A"), f.Get("A").Weapons[0].Weapon, "skill")
			return fmt.Sprintf("the Sword's skill: %d %v", v, ok)
		})),
		want: []string{"the Sword's skill: 7 true"}},
	{key: "gear.weapon_fields.default", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{field("skill", "5")}
		rs.Blows[0].Target = ex("weapon_skill")
	}), set: func(rs *rules.Ruleset) { rs.Gear.WeaponFields[0].Default = ex("15") },
		play: armed(sword(), nil, strike(engine.Blow{}, 12)), want: []string{"d20: [12] = 12 vs 15 or more: Miss"}},
	{key: "gear.weapon_fields.kinds", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "keen", Name: "Keen"}}
		rs.Gear.WeaponFields = []rules.WeaponField{field("acc", "7")}
	}), set: func(rs *rules.Ruleset) { rs.Gear.WeaponFields[0].Kinds = map[string]int{"keen": 3} },
		play: armed(sword(func(w *rules.Weapon) { w.Kinds = []string{"keen"}; w.Fields = map[string]int{"acc": 9} }), nil,
			screen(func(rs *rules.Ruleset, f *enginetest.Fight) string {
				v, _ := engine.WeaponStat(rs, f.Get("A"), f.Get("A").Weapons[0].Weapon, "acc")
				return fmt.Sprintf("the keen Sword's acc: %d", v)
			})),
		want: []string{"the keen Sword's acc: 3"}, gone: []string{"the keen Sword's acc: 9"}},
	{key: "gear.weapon_fields.kinds", note: "no such kind", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{field("acc", "7")}
	}), set: func(rs *rules.Ruleset) { rs.Gear.WeaponFields[0].Kinds = map[string]int{"keen": 3} }, refused: `unknown weapon kind "keen"`},
	{key: "gear.weapon_fields.unarmed", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{field("acc", "7")}
	}), set: func(rs *rules.Ruleset) { rs.Gear.WeaponFields[0].Unarmed = ex("2") },
		play: armed(sword(), nil, func(t *testing.T, f *enginetest.Fight) string {
			f.Must(engine.Arm{Who: f.ID("A"), State: rules.FateDropped})
			v, _ := engine.HandStat(f.Rules, f.Get("A"), "acc")
			w, _ := engine.HandStat(f.Rules, f.Get("B"), "acc")
			return fmt.Sprintf("A's Sword dropped, its hand_acc: %d; B's with its Shield: %d", v, w)
		}),
		want: []string{"A's Sword dropped, its hand_acc: 2; B's with its Shield: 7"}},
	// A check's formulas read the weapon of the one it is rolled against as
	// target_weapon_X: out of a blow the one in its hand (Energy's Defense
	// rolls in g, against the attacker's AV and its weapon's Attack Bonus).
	{key: "checks.target", note: "the target's weapon", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{field("skill", "0")}
	}), set: func(rs *rules.Ruleset) { rs.Checks[4].Target = ex("10 + target_weapon_skill") },
		play: armed(sword(func(w *rules.Weapon) { w.Fields = map[string]int{"skill": 3} }), nil, func(t *testing.T, f *enginetest.Fight) string {
			return do("B", engine.RollCheck{Check: "save", Target: f.ID("A")}, 12)(t, f)
		}),
		want: []string{"B: Save against A: d20: [12] = 12 vs 13 or more: Failed"}},
	{key: "checks.target", note: "the target's weapon, no such field", need: blowBase,
		set: func(rs *rules.Ruleset) { rs.Checks[4].Target = ex("10 + target_weapon_skill") }, refused: `the target has no stat "weapon_skill"`},
	{key: "gear.weapon_fields.unarmed", note: "rolled", need: blowBase, set: func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{{ID: "acc", Name: "acc", Unarmed: ex("1d6")}}
	}, refused: "not rolled"},
	{key: "gear.pick_up", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Pools = []rules.Pool{{ID: "ap", Name: "AP", Capacity: ex("3"), Reset: rules.AtRoundStart}}
		rs.Actions = []rules.ActionDef{{ID: "grab", Name: "Grab", Cost: map[string]int{"ap": 1}, Gives: "dazed"}}
	}), set: func(rs *rules.Ruleset) { rs.Gear.PickUp = "grab" },
		play: armed(sword(), nil, func(t *testing.T, f *enginetest.Fight) string {
			f.Must(engine.Arm{Who: f.ID("A"), State: rules.FateDropped})
			f.Must(engine.Arm{Who: f.ID("A")})
			return fmt.Sprintf("A has %d AP, dazed %v", f.Get("A").Pools["ap"], f.Get("A").Has("dazed"))
		}),
		want: []string{"A has 2 AP, dazed true"}},
	{key: "gear.pick_up", note: "not an action", need: blowBase, set: func(rs *rules.Ruleset) { rs.Gear.PickUp = "grab" },
		refused: `unknown action "grab"`},
	{key: "gear.pick_up_declared", need: needs(blowBase, declaring(rules.Declaration{ID: "draw", Name: "Draw", Summary: "d"})), set: func(rs *rules.Ruleset) { rs.Gear.PickUpDeclared = "draw" },
		play: armed(sword(), nil, do("A", engine.Arm{State: rules.FateDropped}), do("A", engine.Arm{})),
		want: []string{"refused: A's Sword is dropped: picking it up in a round needs Draw stated this round (D)"}},
	{key: "gear.broken_stays", need: blowBase, set: func(rs *rules.Ruleset) { rs.Gear.BrokenStays = true },
		play: armed(sword(), nil, do("A", engine.Arm{State: rules.FateBroken}), do("A", engine.Arm{})),
		want: []string{"refused: A's Sword is broken: it is not mended in the fight"}, gone: []string{"A's Sword is ready again"}},
	// A's sword dropped, Draw stated, picked up in the Declare phase:
	// refused with ranks (a non-combat action on one's own rank in the
	// phase of actions, BRP l.69, 103; TestBRPResistanceRollsTyped
	// refuses it on another's step).
	{key: "order.attacks_on_ranks", note: "a pick-up", need: needs(blowBase, declaring(rules.Declaration{ID: "draw", Name: "Draw", Summary: "d"}),
		func(rs *rules.Ruleset) { rs.Gear.PickUpDeclared = "draw" }), set: func(rs *rules.Ruleset) { rs.Order.AttacksOnRanks = true },
		play: armed(sword(), nil, do("A", engine.Arm{State: rules.FateDropped}), declare("A", "draw", 0), do("A", engine.Arm{})),
		want: []string{"refused: A picks its Sword up on its own rank in the Act phase, not in the Declare phase"},
		gone: []string{"A's Sword is ready again"}},
	{key: "gear.pick_up_declared", note: "not a declaration", need: blowBase, set: func(rs *rules.Ruleset) { rs.Gear.PickUpDeclared = "draw" },
		refused: `unknown declaration "draw"`},
	{key: "gear.weapon_fields.default", note: "rolled", need: blowBase, set: func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{field("skill", "1d6")}
	}, refused: "not rolled"},

	// [[blows]]
	{key: "blows.id", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].ID = "swing" },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{`refused: Base has no blow "attack"`}},
	{key: "blows.name", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Name = "Swing" },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A strikes at B with Sword (Swing)", "A's Swing on B: Hit"}},
	{key: "blows.action", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Pools = []rules.Pool{{ID: "ap", Name: "AP", Capacity: ex("3"), Reset: rules.AtRoundStart}}
		rs.Actions = []rules.ActionDef{{ID: "swing", Name: "Swing", Cost: map[string]int{"ap": 2}}}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Action = "swing" },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4), strike(engine.Blow{}, 12, 4)),
		want: []string{"A: Swing\nA strikes at B", "refused: Swing costs 2 AP; A has AP 1"}},
	{key: "blows.action", note: "unknown", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Action = "swing" }, refused: `unknown action "swing"`},
	{key: "blows.check", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Check = "hit2" },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A: Swing against B: d20: [12]"}},
	{key: "blows.check", note: "unknown", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Check = "nope" }, refused: `unknown check "nope"`},
	{key: "blows.target", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Target = ex("target_DEF") },
		play: armed(sword(), nil, strike(engine.Blow{}, 12)), want: []string{"d20: [12] = 12 vs 14 or more: Miss"}},
	{key: "blows.target", note: "rolled", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Target = ex("1d6") }, refused: "not rolled"},
	{key: "blows.armor", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Stats = append(rs.Stats, rules.StatDef{ID: "PROT", Name: "PROT", Default: 1})
		rs.HP.Armor, rs.Blows[0].Armor = "PROT", ""
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Armor = "AV" },
		play: armed(sword(), map[string]int{"AV": 3}, strike(engine.Blow{}, 12, 4)),
		want: []string{"B's AV 3 takes 3 off 4: 1 gets through"}, gone: []string{"B's PROT 1 takes 1 off 4"}},
	{key: "blows.malfunction", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{{ID: "jam", Name: "Jams at"}}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Malfunction = "jam" },
		play: armed(sword(func(w *rules.Weapon) { w.Fields = map[string]int{"jam": 18} }), nil, strike(engine.Blow{}, 18, 4), strike(engine.Blow{}, 12, 4)),
		want: []string{"A's Sword malfunctions (18, at 18 or more): jammed until readied again", "refused: A's Sword is jammed: ready it first"}},
	{key: "blows.parry_armor", need: needs(blowBase, parried, func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{{ID: "ap", Name: "AP", Default: ex("3")}}
		rs.Checks[2].Kind = rules.RollParry
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].ParryArmor = "ap" },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)),
		want: []string{"B's Shield takes 3 off 4 through the parry: 1 goes on\nB takes 1"}},
	{key: "blows.rate", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{{ID: "every", Name: "Every"}}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Rate = "every" },
		play: armed(sword(func(w *rules.Weapon) { w.Fields = map[string]int{"every": 2} }), nil, strike(engine.Blow{}, 12, 4), next(2),
			strike(engine.Blow{}, 12, 4)),
		want: []string{"refused: A's Sword strikes once in 2 rounds: next in round 3"}},
	{key: "blows.rate", note: "no such field", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Rate = "every" },
		refused: "weapons carry no field"},
	{key: "blows.parry_armor", note: "no such field", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].ParryArmor = "ap" },
		refused: "weapons carry no field"},
	{key: "blows.malfunction", note: "no such field", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Malfunction = "jam" },
		refused: "weapons carry no field"},
	{key: "blows.multiple_attackers", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].MultipleAttackers = ex("10 * (attackers - 1)") },
		play: armed(sword(), nil, strike(engine.Blow{Attackers: 3}, 2, 4)),
		want: []string{"A strikes at B with Sword (Attack), one of 3 on B: +20", "d20: [2] = 2 + 20 = 22 vs 10 or more: Hit"},
		gone: []string{"refused: Attack gives nothing for several attackers"}},
	{key: "blows.multiple_attackers", note: "reads no attackers", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].MultipleAttackers = ex("10") }, refused: "a formula of attackers"},

	// [blows.defence]
	{key: "blows.defence.kind=none", need: needs(blowBase, func(rs *rules.Ruleset) { rs.Blows[0].Defence = rules.BlowDefence{Kind: rules.DefenceStat, Stat: "DEF"} }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Defence = rules.BlowDefence{Kind: rules.DefenceNone} },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"vs 10 or more: Hit"}},
	{key: "blows.defence.kind=stat", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Defence = rules.BlowDefence{Kind: rules.DefenceStat, Stat: "DEF"} },
		play: armed(sword(), nil, strike(engine.Blow{}, 12)), want: []string{"vs 14 or more: Miss"}},
	{key: "blows.defence.kind=check", need: blowBase, set: parried,
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)),
		want: []string{"B: Parry against A: d20: [15] = 15 vs 10 or more: Parried"}, gone: []string{`refused: Attack is not answered with "parry"`}},
	{key: "blows.defence.kind=none", note: "none given", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.Kind = "" }, refused: "say how the blow is defended"},
	{key: "blows.defence.stat", need: needs(blowBase, func(rs *rules.Ruleset) { rs.Blows[0].Defence = rules.BlowDefence{Kind: rules.DefenceStat, Stat: "DEF"} }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Defence.Stat = "AV" },
		play: armed(sword(), map[string]int{"AV": 11}, strike(engine.Blow{}, 12, 4)), want: []string{"vs 11 or more: Hit"}},
	{key: "blows.defence.stat", note: "with a target", need: blowBase, set: func(rs *rules.Ruleset) {
		rs.Blows[0].Defence = rules.BlowDefence{Kind: rules.DefenceStat, Stat: "DEF"}
		rs.Blows[0].Target = ex("5")
	}, refused: "leave out the blow's target"},
	{key: "blows.defence.checks", need: needs(blowBase, parried, func(rs *rules.Ruleset) { rs.Blows[0].Defence.Checks = []string{"parry"} }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Defence.Checks = []string{"dodge"} },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "dodge"}, 12, 15, 4)),
		want: []string{"B: Dodge against A: d20: [15] = 15 vs 10 or more: Dodged"}, gone: []string{`refused: Attack is not answered with "dodge"`}},
	{key: "blows.defence.checks", note: "the attack's own", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.Checks = []string{"hit"} }, refused: "the attack's own check"},
	{key: "blows.defence.compare=matrix", need: needs(blowBase, parried, func(rs *rules.Ruleset) {
		rs.Blows[0].Defence.Compare = rules.CompareMargin
		rs.Blows[0].Results[1].MarginAtLeast = ex("1")
	}), set: func(rs *rules.Ruleset) {
		rs.Blows[0].Defence.Compare = rules.CompareMatrix
		rs.Blows[0].Results[1].MarginAtLeast = dice.Expr{}
	},
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)),
		want: []string{"A's Attack on B: Hit"}, gone: []string{"A's Attack on B: Other"}},
	{key: "blows.defence.compare=margin", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) {
		rs.Blows[0].Defence.Compare = rules.CompareMargin
		rs.Blows[0].Results[1].MarginAtLeast = ex("1")
	},
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)),
		want: []string{"A's Attack on B: Other (made by -3)"}, gone: []string{"A's Attack on B: Hit"}},
	// The defence first, its total added to the attack's target: a parry
	// of 12 makes the Hit's 10 a 22, and a 15 misses.
	{key: "blows.defence.compare=target", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.Compare = rules.CompareTarget },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)),
		want: []string{"A: Hit against B: d20: [15] = 15 vs 22 or more: Miss", "A's Attack on B: Other"}, gone: []string{"A's Attack on B: Hit"}},
	{key: "blows.defence.usual", need: needs(blowBase, parried),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.Usual = "dodge" },
		play: duel(screen(func(rs *rules.Ruleset, _ *enginetest.Fight) string {
			return "the answer offered first: " + engine.UsualAnswer(rs, rs.Blows[0].ID)
		})), want: []string{"screen: the answer offered first: dodge"}},
	// The typed -3 on the parry's target, the Hit's d20 bare: 12 hits, and
	// a parry of 15 against 7 holds it.
	{key: "blows.defence.typed_on", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.TypedOn = "AV" },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry", Expr: "-3"}, 12, 15, 4)),
		want: []string{", AV -3", "A: Hit against B: d20: [12] = 12 vs 10 or more: Hit", "B: Parry against A: d20: [15] = 15 vs 7 or more: Parried"}},
	{key: "blows.defence.typed_on", note: "no defence roll", need: needs(blowBase), set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.TypedOn = "AV" },
		refused: "only a defence of kind check has a number of its own"},
	{key: "blows.defence.usual", note: "not an answer", need: needs(blowBase, parried),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.Usual = "block" }, refused: "not one of the checks that answer it"},
	{key: "blows.defence.skip_after", note: "compare target", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) {
		rs.Blows[0].Defence.Compare = rules.CompareTarget
		rs.Blows[0].Defence.SkipAfter = []string{"miss"}
	}, refused: "rolled first, whatever the attack"},
	{key: "blows.defence.compare=matrix", note: "none given", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.Compare = "" }, refused: "say how the defence is compared"},
	{key: "blows.defence.target", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.Target = ex("target_DEF + 2") },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)), want: []string{"B: Parry against A: d20: [15] = 15 vs 16 or more: Missed"}},
	{key: "blows.defence.skip_after", need: needs(blowBase, parried, func(rs *rules.Ruleset) { rs.Blows[0].Target = ex("30") }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Defence.SkipAfter = []string{"miss"} },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"})), gone: []string{"B: Parry against A"}},
	{key: "blows.defence.skip_after", note: "no outcome", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) { rs.Blows[0].Defence.SkipAfter = []string{"nope"} }, refused: `"nope" is no outcome of Hit`},

	// [[blows.results]]
	{key: "blows.results.attack", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Attack = []string{"miss"} },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A's Attack on B: Other"}, gone: []string{"A's Attack on B: Hit"}},
	{key: "blows.results.attack", note: "no outcome", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Attack = []string{"nope"} }, refused: `"nope" is no outcome of Hit`},
	{key: "blows.results.attack", note: "one that never comes up", need: blowBase, set: func(rs *rules.Ruleset) {
		rs.Blows[0].Results = append(rs.Blows[0].Results, rules.BlowResult{Attack: []string{"hit"}, Text: "Late", Damage: rules.DamageNone})
	}, refused: "never comes up"},
	{key: "blows.results.defence", need: needs(blowBase, parried, func(rs *rules.Ruleset) {
		rs.Blows[0].Results = append([]rules.BlowResult{{Attack: []string{"hit"}, Defence: []string{"parried"}, Text: "Stopped", Damage: rules.DamageNone}}, rs.Blows[0].Results...)
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[0].Defence = []string{"missed"} },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)), want: []string{"A's Attack on B: Hit"}, gone: []string{"A's Attack on B: Stopped"}},
	{key: "blows.results.unanswered", need: needs(blowBase, parried, func(rs *rules.Ruleset) {
		rs.Blows[0].Results = append([]rules.BlowResult{{Attack: []string{"hit"}, Text: "Clean", Damage: rules.DamageNone}}, rs.Blows[0].Results...)
		rs.Blows[0].Results[2].Attack = nil // a hit answered, and a miss
		rs.Blows[0].Results = rs.Blows[0].Results[:3]
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[0].Unanswered = true },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)), want: []string{"A's Attack on B: Hit"}, gone: []string{"A's Attack on B: Clean"}},
	{key: "blows.results.margin_at_least", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].MarginAtLeast = ex("5") },
		play: armed(sword(), nil, strike(engine.Blow{}, 12)), want: []string{"A's Attack on B: Other (made by 2)"}},
	{key: "blows.results.margin_at_most", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].MarginAtMost = ex("1") },
		play: armed(sword(), nil, strike(engine.Blow{}, 12)), want: []string{"A's Attack on B: Other (made by 2)"}},
	{key: "blows.results.margin_at_least", note: "against a matrix", need: needs(blowBase, parried), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].MarginAtLeast = ex("1") }, refused: "has no margin"},
	{key: "blows.results.text", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Text = "Smash" },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A's Attack on B: Smash"}},
	{key: "blows.results.damage=rolled", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Blows[0].Results[1].Damage, rs.Blows[0].Results[1].Armor = rules.DamageNone, ""
	}),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Damage, rs.Blows[0].Results[1].Armor = rules.DamageRolled, rules.ArmorOff
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A Attack damage: 1d6: [4] = 4", "B takes 4 (20 -> 16 HP)"}},
	{key: "blows.results.damage=maximum", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Damage = rules.DamageMaximum },
		play: armed(sword(), nil, strike(engine.Blow{}, 12)), want: []string{"A's damage: weapon at its most 6", "B takes 6"}},
	{key: "blows.results.damage=doubled", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Damage = rules.DamageDoubled },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A's damage: weapon 4 x 2 = 8", "B takes 8"}},
	{key: "blows.results.damage=none", need: blowBase, set: func(rs *rules.Ruleset) {
		rs.Blows[0].Results[1].Damage, rs.Blows[0].Results[1].Armor = rules.DamageNone, ""
	},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), gone: []string{"A Attack damage"}},
	{key: "blows.results.damage=none", note: "none given", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Damage = "" }, refused: "say what damage it does"},
	{key: "blows.results.armor=off", need: needs(blowBase, func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Armor = rules.ArmorBypassed }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Armor = rules.ArmorOff },
		play: armed(sword(), map[string]int{"AV": 2}, strike(engine.Blow{}, 12, 4)), want: []string{"B's AV 2 takes 2 off 4: 2 gets through", "B takes 2"}},
	{key: "blows.results.armor=bypassed", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Armor = rules.ArmorBypassed },
		play: armed(sword(), map[string]int{"AV": 2}, strike(engine.Blow{}, 12, 4)), want: []string{"B's AV 2 is bypassed: all 4 gets through", "B takes 4"}},
	{key: "blows.results.armor=reduced", need: blowBase, set: func(rs *rules.Ruleset) {
		rs.Blows[0].Results[1].Armor, rs.Blows[0].Results[1].ArmorAs = rules.ArmorReduced, ex("armor / 2")
	},
		play: armed(sword(), map[string]int{"AV": 2}, strike(engine.Blow{}, 12, 4)), want: []string{"B's AV 2 counts for 1: 3 of 4 gets through", "B takes 3"}},
	{key: "blows.results.armor=off", note: "none given", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Armor = "" }, refused: "say what AV does"},
	{key: "blows.results.armor_as", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Blows[0].Results[1].Armor, rs.Blows[0].Results[1].ArmorAs = rules.ArmorReduced, ex("armor / 2")
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].ArmorAs = ex("armor - 3") },
		play: armed(sword(), map[string]int{"AV": 4}, strike(engine.Blow{}, 12, 4)), want: []string{"B's AV 4 counts for 1: 3 of 4 gets through"}},
	{key: "blows.results.armor_as", note: "not reduced", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].ArmorAs = ex("armor") }, refused: "only reduced armour"},

	// [[blows.results.effects]]
	{key: "blows.results.effects.to=target", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Give: "dazed"})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].To = rules.ToTarget },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B is Dazed"}, gone: []string{"A is Dazed"}},
	{key: "blows.results.effects.to=actor", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].To = rules.ToActor },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A is Dazed"}, gone: []string{"B is Dazed"}},
	{key: "blows.results.effects.to=actor", note: "on the damage", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Impale: true})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].To = rules.ToActor }, refused: `it is the damage the defender takes`},
	{key: "blows.results.effects.weapon_kinds", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"}), func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "blunt", Name: "Blunt"}}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].WeaponKinds = []string{"blunt"} },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), gone: []string{"B is Dazed"}},
	{key: "blows.results.effects.weapon_kinds", note: "unknown", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].WeaponKinds = []string{"blunt"} }, refused: `unknown weapon kind "blunt"`},
	{key: "blows.results.effects.weapon_not", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"}), func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "firearm", Name: "Firearm"}}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].WeaponNot = []string{"firearm"} },
		play: cast([]engine.NewCombatant{{Name: "A", HP: 20, Weapons: []rules.Weapon{{Name: "Pistol", Damage: ex("1d6"), Kinds: []string{"firearm"}}}},
			{Name: "B", HP: 20}}, strike(engine.Blow{}, 12, 4)), gone: []string{"B is Dazed"}},
	{key: "blows.results.effects.weapon_not", note: "unknown", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].WeaponNot = []string{"firearm"} }, refused: `unknown weapon kind "firearm"`},
	{key: "blows.results.effects.defence_check", need: needs(blowBase, parried, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].DefenceCheck = "dodge" },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 3, 4)), gone: []string{"B is Dazed"}},
	{key: "blows.results.effects.guard_kinds", need: needs(blowBase, parried, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"}),
		func(rs *rules.Ruleset) { rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "natural", Name: "Natural"}} }),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].GuardKinds = []string{"natural"} },
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 3, 4)), gone: []string{"B is Dazed"}},
	{key: "blows.results.effects.guard_not", need: needs(blowBase, parried, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"}),
		func(rs *rules.Ruleset) { rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "natural", Name: "Natural"}} }),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].GuardNot = []string{"natural"} },
		play: cast([]engine.NewCombatant{{Name: "A", HP: 20, Weapons: []rules.Weapon{sword()}},
			{Name: "B", HP: 20, Weapons: []rules.Weapon{{Name: "Claw", Damage: ex("1d3"), Kinds: []string{"natural"}}}}},
			strike(engine.Blow{Answer: "parry"}, 12, 3, 4)), gone: []string{"B is Dazed"}},
	// A strikes B, then rolls its Save: refused once it takes the whole round.
	{key: "checks.whole_round", need: needs(blowBase, func(rs *rules.Ruleset) { checkOf(rs, "hit").Kind = rules.RollAttack }),
		set:  func(rs *rules.Ruleset) { checkOf(rs, "save").WholeRound = true },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4), do("A", engine.RollCheck{Check: "save"}, 15)),
		want: []string{"refused: A has attacked this round: Save takes the whole round"}},
	{key: "checks.whole_round", note: "on a defence", need: needs(blowBase, func(rs *rules.Ruleset) { checkOf(rs, "parry").Defence, rs.Helpers.DefenceStep = true, -1 }),
		set:     func(rs *rules.Ruleset) { checkOf(rs, "parry").WholeRound = true },
		refused: "does not take the round whole"},
	// A Save rolled by a tick alone, as the round ends: g refuses it.
	{key: "checks.by_tick", need: needs(blowBase, withTicks(rules.Tick{ID: "steady", Name: "Steadying", Effect: rules.EffectCheck,
		Check: "save", When: rules.AtRoundEnd})),
		set:  func(rs *rules.Ruleset) { checkOf(rs, "save").ByTick = true },
		play: armed(sword(), nil, do("A", engine.RollCheck{Check: "save"}, 15)),
		want: []string{"refused: Save is rolled once, as the round ends, not by hand"}},
	{key: "checks.by_tick", note: "no tick rolls it", need: blowBase,
		set:     func(rs *rules.Ruleset) { checkOf(rs, "save").ByTick = true },
		refused: "could never be rolled"},
	// A condition that forbids a kind of weapon: its holder neither strikes
	// nor parries with one (BRP's useless shield arm).
	{key: "conditions.forbids_weapons", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "blunt", Name: "Blunt"}}
	}), set: func(rs *rules.Ruleset) { dazedOf(rs).ForbidsWeapons = []string{"blunt"} },
		play: armed(sword(func(w *rules.Weapon) { w.Kinds = []string{"blunt"} }), nil, give("A", "dazed"), strike(engine.Blow{}, 12, 4)),
		want: []string{"refused: A is Dazed: not with its Sword"}, gone: []string{"B takes"}},
	{key: "conditions.forbids_weapons", note: "the parry", need: needs(blowBase, parried, func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "shield", Name: "Shield"}}
		parryOf(rs).Kind = rules.RollParry
	}), set: func(rs *rules.Ruleset) { dazedOf(rs).ForbidsWeapons = []string{"shield"} },
		play: cast([]engine.NewCombatant{{Name: "A", HP: 20, Weapons: []rules.Weapon{sword()}},
			{Name: "B", HP: 20, Weapons: []rules.Weapon{{Name: "Shield", Damage: ex("1d3"), Kinds: []string{"shield"}}}}},
			give("B", "dazed"), strike(engine.Blow{Answer: "parry"}, 12, 3, 4)),
		want: []string{"refused: B is Dazed: not with its Shield: no Parry with it"}, gone: []string{"B: Parry"}},
	{key: "conditions.forbids_weapons", note: "unknown", need: blowBase,
		set: func(rs *rules.Ruleset) { dazedOf(rs).ForbidsWeapons = []string{"blunt"} }, refused: `unknown weapon kind "blunt"`},
	{key: "checks.needs_against", need: needs(blowBase, parried, missileParry), set: func(rs *rules.Ruleset) {
		parryOf(rs).NeedsAgainst = map[string][]string{"missile": {"shield"}}
	}, play: armed(sword(func(w *rules.Weapon) { w.Kinds = []string{"missile"} }), nil, strike(engine.Blow{Answer: "parry"}, 12, 3, 4)),
		want: []string{"refused: Parry against Sword (Missile): pick one of Shield"}},
	{key: "checks.needs_against", note: "unknown kind", need: needs(blowBase, parried, missileParry),
		set: func(rs *rules.Ruleset) { parryOf(rs).NeedsAgainst = map[string][]string{"thrown": {"shield"}} }, refused: `unknown weapon kind "thrown"`},
	{key: "checks.needs_against", note: "unknown modifier", need: needs(blowBase, parried, missileParry),
		set: func(rs *rules.Ruleset) { parryOf(rs).NeedsAgainst = map[string][]string{"missile": {"buckler"}} }, refused: `unknown modifier "buckler"`},
	{key: "checks.needs_against", note: "not a defence", need: needs(blowBase, parried, missileParry), set: func(rs *rules.Ruleset) {
		parryOf(rs).NeedsAgainst, parryOf(rs).Defence = map[string][]string{"missile": {"shield"}}, false
	}, refused: "only a defence"},
	{key: "blows.results.effects.guard_kinds", note: "unknown", need: needs(blowBase, parried, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].GuardKinds = []string{"natural"} }, refused: "unknown weapon kind"},
	{key: "blows.results.effects.defence_check", note: "not an answer", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].DefenceCheck = "parry" }, refused: "not one of the checks that answer"},
	{key: "blows.results.effects.give", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Wound: 1})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Give: "dazed"}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B is Dazed for 1 round"}},
	{key: "blows.results.effects.wound", note: "two things", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Wound: 1})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Give = "dazed" }, refused: "does one thing"},
	{key: "blows.results.effects.duration=rounds", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0].Duration, rs.Blows[0].Results[1].Effects[0].Rounds = rules.ForRounds, 3
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B is Dazed for 3 rounds"}},
	{key: "blows.results.effects.duration=end_of_round", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Duration = rules.UntilRoundEnd },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B is Dazed until the end of the round"}},
	{key: "blows.results.effects.duration=end_of_next_round", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Duration = rules.UntilNextRoundEnd },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B is Dazed until the end of round 2"}},
	{key: "blows.results.effects.duration=until_removed", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Duration = rules.UntilRemoved },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B is Dazed\n"}, gone: []string{"B is Dazed for 1 round"}},
	{key: "blows.results.effects.rounds", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed", Duration: rules.ForRounds, Rounds: 2})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Rounds = 4 },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B is Dazed for 4 rounds"}},
	{key: "blows.results.effects.take", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Wound: 1})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Take: "dazed"}
		},
		play: armed(sword(), nil, give("B", "dazed"), strike(engine.Blow{}, 12, 4)), want: []string{"B is no longer Dazed"}},
	// Taken off the striker, held in it by another's blow: the blow is made
	// at that one (Energy's Escape a hold, contested by the restrainer).
	{key: "blows.results.effects.take", note: "held by another's blow", need: needs(blowBase, grab),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects = []rules.BlowEffect{{To: rules.ToActor, Take: "dazed"}}
		},
		play: cast([]engine.NewCombatant{withSword(who("A", 20, 20, nil)), withSword(who("B", 10, 20, nil)), withSword(who("C", 5, 20, nil))},
			blowAt("B", "grab", "A", 12), blowAt("A", "attack", "C", 12, 4), blowAt("A", "attack", "B", 12, 4)),
		want: []string{"refused: A is Dazed by B: Attack is made at B", "A is no longer Dazed"}},
	{key: "blows.results.effects.stun", need: needs(blowBase, ladder, hitEffects(rules.BlowEffect{To: rules.ToTarget, Wound: 1})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Stun: "dazed", Rounds: 2}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B takes 2 rounds of Dazed"}},
	{key: "blows.results.effects.stun", note: "no ladder", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Wound: 1})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Stun: "dazed", Rounds: 2}
		}, refused: "no stun ladder"},
	{key: "blows.results.effects.wound", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Wound: 2}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B bleeds 2 a round from a new wound"}},
	{key: "blows.results.effects.armor", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"}), func(rs *rules.Ruleset) { rs.HP.Armor = "AV" }),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Armor: -1}
		},
		play: armed(sword(), map[string]int{"AV": 2}, strike(engine.Blow{}, 12, 4)), want: []string{"B's AV falls by 1 until repaired (2 -> 1)"}},
	{key: "blows.results.effects.armor", note: "no hp.armor", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Armor: -1}
		}, refused: "where hp.armor names it"},
	{key: "blows.results.effects.check", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Check: "save"}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4, 9)), want: []string{"B: Save against A: d20: [9] = 9 vs 10 or more: Failed"}},
	{key: "blows.results.effects.check", note: "unknown", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Check: "nope"}
		}, refused: `unknown check "nope"`},
	{key: "blows.results.effects.missile", need: needs(blowBase, withArrows, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Missile: "arrow"}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"B has arrow stuck in it"}},
	{key: "blows.results.effects.grievous", need: needs(blowBase, withArrows, hitEffects(rules.BlowEffect{To: rules.ToTarget, Missile: "arrow"})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Grievous = true },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"DEX -3"}},
	{key: "blows.results.effects.grievous", note: "no missile", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Grievous = true }, refused: "only a missile"},
	{key: "blows.results.effects.weapon=dropped", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToActor, Weapon: rules.FateDropped}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4), strike(engine.Blow{}, 12, 4)), want: []string{"A's Sword is dropped", "refused: A's Sword is dropped: ready it first"}},
	{key: "blows.results.effects.weapon=broken", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToActor, Weapon: rules.FateBroken}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A's Sword is broken"}},
	{key: "blows.results.effects.weapon=stuck", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToActor, Weapon: rules.FateStuck}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)), want: []string{"A's Sword is stuck in B"}},
	// [[conditions]] moving_stuck_divide: B, the Sword stuck in it, states
	// a move; as the round ends the Sword's 1d6 (5) is rolled again, halved
	// (3), through B's AV 1 (BRP l.389).
	{key: "conditions.moving_stuck_divide", need: needs(blowBase, stuckRun),
		set: func(rs *rules.Ruleset) { rs.Conditions[1].MovingStuckDivide = 2 },
		play: armed(sword(), map[string]int{"AV": 1}, strike(engine.Blow{}, 12, 6), give("B", "impaled"), declare("B", "run", 0),
			do("", engine.Next{}), do("", engine.Next{}), do("", engine.Next{}), do("", engine.Next{}, 5)),
		want: []string{"B moves with A's Sword stuck in it: 5 rolled again, / 2 = 3, no armour", "B takes 3 (15 -> 12 HP)"}},
	{key: "conditions.moving_stuck_divide", note: "negative", need: needs(blowBase, stuckRun),
		set: func(rs *rules.Ruleset) { rs.Conditions[1].MovingStuckDivide = -1 }, refused: "a divisor of 1 or more"},
	{key: "conditions.moving_stuck_divide", note: "nothing moves", need: needs(blowBase, stuckRun),
		set: func(rs *rules.Ruleset) {
			rs.Conditions[1].MovingStuckDivide = 2
			rs.Declarations[0].Moves = false
		}, refused: "no declaration moves"},
	{key: "checks.outcomes.effects.pulls_out", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Weapon: rules.FateStuck}),
		func(rs *rules.Ruleset) {
			rs.Checks = append(rs.Checks, rules.Check{ID: "pull", Name: "Pull", Roll: ex("d20"), Target: ex("10"), Succeeds: rules.AtLeast,
				Outcomes: []rules.Outcome{{ID: "out", Name: "Out", Result: rules.Success, Effects: []rules.CheckEffect{{To: rules.ToTarget, Give: "dazed"}}},
					{ID: "in", Name: "In", Result: rules.Failure}}})
		}),
		set: func(rs *rules.Ruleset) {
			rs.Checks[len(rs.Checks)-1].Outcomes[0].Effects[0] = rules.CheckEffect{To: rules.ToActor, PullsOut: true}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4), func(t *testing.T, f *enginetest.Fight) string {
			if _, err := f.Do(engine.RollCheck{Who: f.ID("A"), Check: "pull", Target: f.ID("B")}, 15); err != nil {
				return "\nrefused: " + err.Error()
			}
			return ""
		}, strike(engine.Blow{}, 12, 4)),
		want: []string{"A's Sword is stuck in B", "A: Pull against B: d20: [15] = 15 vs 10 or more: Out\nA's Sword is ready again (it was stuck)",
			"A strikes at B with Sword"}, gone: []string{"refused: A's Sword is stuck"}},
	{key: "gear.weapon_fields.wielder", need: needs(blowBase, selfPull, func(rs *rules.Ruleset) {
		rs.Gear.WeaponFields = []rules.WeaponField{field("acc", "7")}
	}), set: func(rs *rules.Ruleset) { rs.Gear.WeaponFields[0].Wielder = true },
		play: armed(sword(func(w *rules.Weapon) { w.Fields = map[string]int{"acc": 9} }), nil, strike(engine.Blow{}, 12, 4),
			do("B", engine.RollCheck{Check: "pull"}, 15), heldAcc),
		want: []string{"B's Sword's acc: 7"}, gone: []string{"B's Sword's acc: 9"}},
	{key: "gear.wielder_bonus", need: needs(blowBase, selfPull, func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "keen", Name: "Keen"}}
	}), set: func(rs *rules.Ruleset) { rs.Gear.WielderBonus = []string{"keen"} },
		play: cast([]engine.NewCombatant{
			{Name: "A", HP: 20, Weapons: []rules.Weapon{sword(func(w *rules.Weapon) { w.Bonus = ex("1d4"); w.Kinds = []string{"keen"} })}},
			{Name: "B", HP: 20, Weapons: []rules.Weapon{{Name: "Club", Damage: ex("1d6"), Bonus: ex("1d2"), Kinds: []string{"keen"}}}},
		}, strike(engine.Blow{}, 12, 4, 1), do("B", engine.RollCheck{Check: "pull"}, 15), screen(func(rs *rules.Ruleset, f *enginetest.Fight) string {
			ws := f.Get("B").Weapons
			return fmt.Sprintf("B's %s adds %s", ws[len(ws)-1].Name, ws[len(ws)-1].Bonus)
		})),
		want: []string{"B's Sword adds 1d2"}, gone: []string{"B's Sword adds 1d4"}},
	{key: "gear.wielder_bonus", note: "no such kind", need: blowBase, set: func(rs *rules.Ruleset) { rs.Gear.WielderBonus = []string{"keen"} },
		refused: `unknown weapon kind "keen"`},
	// What the weapon shoots lodges, not the weapon: A's Sword stays in hand
	// and strikes again; B's pull takes the arrow out of the fight.
	{key: "blows.results.effects.lodges", need: needs(blowBase, selfPull),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Lodges = "arrow" },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4), strike(engine.Blow{}, 12, 4), do("B", engine.RollCheck{Check: "pull"}, 15),
			screen(func(rs *rules.Ruleset, f *enginetest.Fight) string {
				return fmt.Sprintf("A carries %d, B %d", len(f.Get("A").Weapons), len(f.Get("B").Weapons))
			})),
		want: []string{"A's Sword arrow is stuck in B", "A strikes at B with Sword", "A's Sword arrow is out of B", "A carries 1, B 1"},
		gone: []string{"refused: A's Sword is stuck: ready it first"}},
	{key: "blows.results.effects.lodges", note: "not stuck", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Weapon: rules.FateDropped})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Lodges = "arrow" }, refused: "lodges with it stuck"},
	{key: "checks.modifiers.weapon_kinds", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "melee", Name: "Melee"}, {ID: "missile", Name: "Missile"}}
		rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "far", Name: "Far", Mod: ex("-5")}}
	}), set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].WeaponKinds = []string{"missile"} },
		play: armed(sword(func(w *rules.Weapon) { w.Kinds = []string{"melee"} }), nil, strike(engine.Blow{Modifiers: []string{"far"}}, 12, 4)),
		want: []string{"refused: Attack: Hit: Far goes with a missile weapon, not A's Sword"}},
	{key: "checks.modifiers.weapon_kinds", note: "unknown kind", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Checks[0].Modifiers = []rules.CheckModifier{{ID: "far", Name: "Far", Mod: ex("-5")}}
	}), set: func(rs *rules.Ruleset) { rs.Checks[0].Modifiers[0].WeaponKinds = []string{"missile"} }, refused: `unknown weapon kind "missile"`},
	{key: "blows.results.at_guard", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].AtGuard = true },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4)),
		want: []string{"B's Shield takes 4 damage (4 of its 8 HP lost)"}, gone: []string{"B takes 4"}},
	{key: "blows.results.at_guard", note: "past its hit points", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].AtGuard = true },
		play: armed(sword(func(w *rules.Weapon) { w.Damage = ex("1d6+6") }), nil, strike(engine.Blow{}, 12, 5)),
		want: []string{"B's Shield takes 8 damage (8 of its 8 HP lost)\nB's Shield is broken", "B takes 3 (20 -> 17 HP)"}},
	// A, dazed by B's shield, breaks it: free of it, and nothing goes on
	// into B (BRP: the entangling weapon cut through, l.369).
	{key: "blows.results.effects.cuts_free", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Blows[0].Results[1].AtGuard = true
		rs.Blows[0].Results[1].Effects = []rules.BlowEffect{{To: rules.ToActor, Take: "dazed"}}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].CutsFree = true },
		play: armed(sword(func(w *rules.Weapon) { w.Damage = ex("1d6+6") }), nil, give("A", "dazed"), strike(engine.Blow{}, 12, 5)),
		want: []string{"B's Shield is broken\nA is no longer Dazed"}, gone: []string{"B takes 3"}},
	// C's crit dazes A; A breaks B's shield, which holds it in nothing:
	// still dazed, and the rest goes into B; then C's, which dazed it: free.
	{key: "blows.results.effects.cuts_free", note: "another's item", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Blows[0].Results[0].Effects = []rules.BlowEffect{{To: rules.ToTarget, Give: "dazed"}}
		rs.Blows[0].Results[1].AtGuard = true
		rs.Blows[0].Results[1].Effects = []rules.BlowEffect{{To: rules.ToActor, Take: "dazed"}}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].CutsFree = true },
		play: cast([]engine.NewCombatant{
			{Name: "A", HP: 20, Weapons: []rules.Weapon{sword(func(w *rules.Weapon) { w.Damage = ex("1d6+6") })}},
			{Name: "B", HP: 20, Weapons: []rules.Weapon{{Name: "Shield", Damage: ex("1d3"), HP: 8}}},
			{Name: "C", HP: 20, Weapons: []rules.Weapon{{Name: "Shield", Damage: ex("1d3"), HP: 8}}},
		}, between("C", "A", 20, 1), between("A", "B", 12, 5), between("A", "C", 12, 5)),
		want: []string{"C's Shield is broken\nA is no longer Dazed"}, not: []string{"B's Shield is broken\nA is no longer Dazed"}},
	// A, dazed by B's shield, may not cut itself free while Dazed forbids
	// the cut (BRP's Just entangled: the cut comes the round after, l.369).
	{key: "conditions.forbids_cuts", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Blows[0].Results[1].AtGuard = true
		rs.Blows[0].Results[1].Effects = []rules.BlowEffect{{To: rules.ToActor, Take: "dazed", CutsFree: true}}
	}), set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].ForbidsCuts = true },
		play: armed(sword(func(w *rules.Weapon) { w.Damage = ex("1d6+6") }), nil, give("A", "dazed"), strike(engine.Blow{}, 12, 5)),
		want: []string{"refused: A is Dazed: cutting free of B's Shield comes the round after"}, gone: []string{"B's Shield is broken"}},
	{key: "conditions.forbids_cuts", note: "no cut to forbid", need: blowBase,
		set: func(rs *rules.Ruleset) { rs.Conditions[len(rs.Conditions)-1].ForbidsCuts = true }, refused: "no blow's result cuts free"},
	{key: "blows.results.effects.cuts_free", note: "no at_guard", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Take: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].CutsFree = true }, refused: "only a result that strikes"},
	{key: "blows.results.effects.cuts_free", note: "no take", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Blows[0].Results[1].AtGuard = true
		rs.Blows[0].Results[1].Effects = []rules.BlowEffect{{To: rules.ToTarget, Take: "dazed"}}
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].CutsFree = true }, refused: "it frees the attacker"},
	{key: "blows.results.at_guard", note: "no damage", need: blowBase, set: func(rs *rules.Ruleset) { rs.Blows[0].Results[2].AtGuard = true },
		refused: "no damage to strike the weapon or shield with"},
	{key: "blows.results.effects.breaks_through", need: needs(blowBase, parried, func(rs *rules.Ruleset) {
		rs.Blows[0].Results = append([]rules.BlowResult{{Attack: []string{"hit"}, Defence: []string{"parried"}, Text: "Blocked", Damage: rules.DamageNone,
			Effects: []rules.BlowEffect{{To: rules.ToActor, WeaponDamage: 3}}}}, rs.Blows[0].Results...)
	}), set: func(rs *rules.Ruleset) { rs.Blows[0].Results[0].Effects[0].BreaksThrough = true },
		play: armed(sword(func(w *rules.Weapon) { w.HP = 2 }), nil, strike(engine.Blow{Answer: "parry"}, 12, 15, 4)),
		want: []string{"A's Sword is broken\nA's Sword breaks in the exchange: its damage strikes B all the same", "B takes 4 (20 -> 16 HP)"}},
	{key: "blows.results.effects.breaks_through", note: "on a hit", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, WeaponDamage: 3})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].BreaksThrough = true }, refused: "strikes the defender already"},
	{key: "blows.results.effects.breaks_through", note: "no weapon_damage", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[2].Effects = []rules.BlowEffect{{To: rules.ToActor, Give: "dazed", BreaksThrough: true}}
		},
		refused: "only points off a weapon"},
	{key: "blows.results.effects.weapon_damage", need: needs(blowBase, parried, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, WeaponDamage: 3}
		},
		play: armed(sword(), nil, strike(engine.Blow{Answer: "parry"}, 12, 3, 4), strike(engine.Blow{Answer: "parry"}, 12, 3, 4), strike(engine.Blow{Answer: "parry"}, 12, 3, 4)),
		want: []string{"B's Shield takes 3 damage (3 of its 8 HP lost)", "B's Shield takes 3 damage (9 of its 8 HP lost)\nB's Shield is broken"}},
	{key: "blows.results.effects.impale", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Impale: true}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4, 3)), want: []string{"A Attack damage again (impaled): 1d6: [3]", "weapon twice (impaled) 7"}},
	{key: "blows.results.effects.impale", note: "no damage", need: needs(blowBase, func(rs *rules.Ruleset) {
		rs.Blows[0].Results[2].Effects = []rules.BlowEffect{{To: rules.ToTarget, Give: "dazed"}}
	}), set: func(rs *rules.Ruleset) {
		rs.Blows[0].Results[2].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Impale: true}
	}, refused: "no damage for it to change"},
	{key: "blows.results.effects.crush", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Crush: true}
		},
		play: armed(sword(func(w *rules.Weapon) { w.Bonus = ex("1d4") }), nil, strike(engine.Blow{}, 12, 4, 2, 3)), want: []string{"weapon 4 + bonus doubled (crushed) 5 = 9"}},
	{key: "blows.results.effects.crush_none", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Crush: true})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].CrushNone = ex("1d4") },
		play: armed(sword(), nil, strike(engine.Blow{}, 12, 4, 3)), want: []string{"A crushing bonus: 1d4: [3]", "weapon 4 + bonus doubled (crushed) 3 = 7"}},
	{key: "blows.results.effects.crush_none", note: "no crush", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].CrushNone = ex("1d4") }, refused: "only a crush"},
	{key: "blows.results.effects.extra_dice", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, ExtraDice: ex("margin / 2")}
		},
		play: armed(sword(), nil, strike(engine.Blow{}, 14, 4, 1, 2)), want: []string{"A Attack extra dice: 2d6: [1, 2] = 3", "weapon 4 + extra dice 3 = 7"}},
	// A flat damage of 3 and no extra_die: the weapon is refused as it is
	// armed (a creature's where its content loads), never counted as
	// nothing.
	{key: "blows.results.effects.extra_dice", note: "a flat weapon", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, ExtraDice: ex("margin / 2")}
		},
		play: armed(sword(func(w *rules.Weapon) { w.Damage = ex("3") }), nil, strike(engine.Blow{}, 14)),
		want: []string{`weapon 1.damage: "3" rolls no die, and blows[0].results[1].effects[0] (Attack) adds extra dice like the weapon's with no extra_die`}},
	// A flat damage of 3: the extra dice are the effect's d4.
	{key: "blows.results.effects.extra_die", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, ExtraDice: ex("margin / 2")})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].ExtraDie = 4 },
		play: armed(sword(func(w *rules.Weapon) { w.Damage = ex("3") }), nil, strike(engine.Blow{}, 14, 1, 2)),
		want: []string{"A Attack extra dice: 2d4: [1, 2] = 3", "weapon 3 + extra dice 3 = 6"}},
	{key: "blows.results.effects.extra_die", note: "without extra_dice", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].ExtraDie = 4 }, refused: "only extra_dice"},
	{key: "blows.results.effects.knockback", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Knockback: ex("damage / 2")}
		},
		play: armed(sword(), map[string]int{"AV": 1}, strike(engine.Blow{}, 12, 5)), want: []string{"B is knocked back 2 m by 5 damage rolled"}},
	// 5 rolled, AV 6: nothing through, and the daze needs some.
	{key: "blows.results.effects.through", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Through = true },
		play: armed(sword(), map[string]int{"AV": 6}, strike(engine.Blow{}, 12, 5)), want: []string{"B takes 0 (20 -> 20 HP)"},
		gone: []string{"B is Dazed"}},
	{key: "blows.results.effects.through", note: "on the attacker", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Give: "dazed"})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Through = true }, refused: "through reads the damage the defender takes"},
	// 5 rolled, AV 6: nothing through, so nothing lodged (BRP l.377, 383).
	{key: "blows.results.effects.through", note: "on the attacker's weapon",
		need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToActor, Weapon: rules.FateStuck})),
		set:  func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Through = true },
		play: armed(sword(), map[string]int{"AV": 6}, strike(engine.Blow{}, 12, 5)), want: []string{"B takes 0 (20 -> 20 HP)"},
		gone: []string{"A's Sword is stuck in B"}},
	{key: "blows.results.effects.through", note: "on the damage", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Impale: true})),
		set: func(rs *rules.Ruleset) { rs.Blows[0].Results[1].Effects[0].Through = true }, refused: "comes before the armour"},
	{key: "blows.results.effects.knockback", note: "reads margin", need: needs(blowBase, hitEffects(rules.BlowEffect{To: rules.ToTarget, Give: "dazed"})),
		set: func(rs *rules.Ruleset) {
			rs.Blows[0].Results[1].Effects[0] = rules.BlowEffect{To: rules.ToTarget, Knockback: ex("margin")}
		}, refused: `"margin" is not read here`},
}

// withArrows has the missile Arrow, stuck: DEX -2, -1 more if grievous.
func withArrows(rs *rules.Ruleset) {
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "DEX", Name: "DEX", Default: 10})
	rs.Missiles = []rules.Missile{{ID: "arrow", Name: "arrow", Bleed: 1, Stat: "DEX", Penalty: -2, Grievous: -1}}
}

// missileParry gives blowBase a missile kind of weapon and a Parry that is
// a defence with a Shield modifier.
func missileParry(rs *rules.Ruleset) {
	rs.Gear.WeaponKinds = []rules.WeaponKind{{ID: "missile", Name: "Missile"}}
	p := parryOf(rs)
	p.Defence, rs.Helpers.DefenceStep = true, -1
	p.Modifiers = []rules.CheckModifier{{ID: "shield", Name: "Shield", Mod: ex("2")}}
}

// parryOf is blowBase's Parry check.
func parryOf(rs *rules.Ruleset) *rules.Check {
	for i := range rs.Checks {
		if rs.Checks[i].ID == "parry" {
			return &rs.Checks[i]
		}
	}
	panic("no parry")
}

// dazedOf is blowBase's condition Dazed.
func dazedOf(rs *rules.Ruleset) *rules.ConditionDef {
	for i := range rs.Conditions {
		if rs.Conditions[i].ID == "dazed" {
			return &rs.Conditions[i]
		}
	}
	panic("no dazed")
}

// stuckRun leaves blowBase's Hit's weapon stuck in the target, and has the
// condition Impaled and the declaration Run, which moves.
func stuckRun(rs *rules.Ruleset) {
	hitEffects(rules.BlowEffect{To: rules.ToActor, Weapon: rules.FateStuck})(rs)
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "impaled", Name: "Impaled", Duration: rules.UntilRemoved})
	rankDeclare(rs)
	declareIn(rules.Declaration{ID: "run", Name: "Run", Summary: "Runs.", Moves: true})(rs)
}

// selfPull leaves blowBase's hit stuck in the one it strikes, and gives the
// check Pull (d20 at or over 10) that pulls out what is stuck in its roller,
// into its hands.
func selfPull(rs *rules.Ruleset) {
	hitEffects(rules.BlowEffect{To: rules.ToActor, Weapon: rules.FateStuck})(rs)
	rs.Checks = append(rs.Checks, rules.Check{ID: "pull", Name: "Pull", Roll: ex("d20"), Target: ex("10"), Succeeds: rules.AtLeast,
		Outcomes: []rules.Outcome{{ID: "out", Name: "Out", Result: rules.Success, Effects: []rules.CheckEffect{{To: rules.ToActor, PullsOut: true}}},
			{ID: "in", Name: "In", Result: rules.Failure}}})
}

// heldAcc shows the acc field of the weapon B holds last (the one it took).
var heldAcc = screen(func(rs *rules.Ruleset, f *enginetest.Fight) string {
	b := f.Get("B")
	w := b.Weapons[len(b.Weapons)-1]
	v, _ := engine.WeaponStat(rs, b, w.Weapon, "acc")
	return fmt.Sprintf("B's %s's acc: %d", w.Name, v)
})

// between has one strike another with blowBase's blow, the faces typed.
func between(striker, foe string, faces ...int) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		if _, err := f.Do(engine.Blow{Who: f.ID(striker), Blow: "attack", Foes: []int{f.ID(foe)}}, faces...); err != nil {
			return "\nrefused: " + err.Error()
		}
		return ""
	}
}
