package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The fumble rows that drop, throw, damage or break the weapon being used
// do it (l.259-261, 275-276, 290-292): a melee attack's 41-50 drops it and
// 51-60 throws it away (dropped), 61-65 takes 1D10 off its hit points; a
// parry's 41-50 drops the parrying weapon; a missile's 56-65 drops it, 66-80
// takes 1D6 off its hit points (one that keeps none breaks), 81-85 breaks
// it whatever its hit points.
// ledger: brp/fumble-melee-table brp/fumble-parry-table brp/fumble-missile-table
func TestBRPFumbleRowsDoToTheWeapon(t *testing.T) {
	mace := rules.Weapon{Name: "Mace", Damage: dice.MustParse("1d8"), Kinds: []string{"crushing", "melee"}, HP: 20}
	bow := rules.Weapon{Name: "Bow", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile"}}
	sling := rules.Weapon{Name: "Sling", Damage: dice.MustParse("1d8"), Kinds: []string{"crushing", "missile"}, HP: 10}
	for _, c := range []struct {
		name      string
		condition string
		weapons   []rules.Weapon
		faces     []int
		state     rules.WeaponFate
		lost      int
	}{
		{"melee 45 drops", "fumble_melee", []rules.Weapon{mace}, []int{45}, "dropped", 0},
		{"melee 55 throws", "fumble_melee", []rules.Weapon{mace}, []int{55, 3}, "dropped", 0},
		{"melee 63 damages", "fumble_melee", []rules.Weapon{mace}, []int{63, 7}, "", 7},
		{"parry 45 drops", "fumble_parry", []rules.Weapon{mace}, []int{45}, "dropped", 0},
		{"missile 60 drops", "fumble_missile", []rules.Weapon{sling}, []int{60, 2}, "dropped", 0},
		{"missile 70 damages", "fumble_missile", []rules.Weapon{sling}, []int{70, 4}, "", 4},
		{"missile 70, no hit points kept, breaks", "fumble_missile", []rules.Weapon{bow}, []int{70}, "broken", 0},
		{"missile 83 breaks", "fumble_missile", []rules.Weapon{sling}, []int{83}, "broken", 0},
	} {
		rs, _ := shipped(t).Ruleset("brp")
		f := enginetest.New(t, rs.Ruleset, dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50}, Weapons: c.weapons},
			{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2}},
		}})
		f.Must(engine.Start{})
		f.Must(engine.GiveCondition{Who: f.ID("A"), Condition: c.condition}, c.faces...)
		if w := f.Get("A").Weapons[0]; w.State != c.state || w.Lost != c.lost {
			t.Errorf("%s: the %s is %q with %d HP lost, want %q and %d:\n%s", c.name, w.Name, w.State, w.Lost, c.state, c.lost, logText(f))
		}
	}
}

// The weapon being used is the one the blow was struck with: a fumbled
// attack with the second weapon drops that one, not the first.
// ledger: brp/fumble-melee-table
func TestBRPFumbleDropsTheWeaponUsed(t *testing.T) {
	rs, _ := shipped(t).Ruleset("brp")
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50}, Weapons: []rules.Weapon{
			{Name: "Mace", Damage: dice.MustParse("1d8"), Kinds: []string{"crushing", "melee"}},
			{Name: "Axe", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}}}},
		{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2}},
	}})
	f.Must(engine.Start{})
	onRank(t, f, "A")
	f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("T")}, Weapon: 1}, 99, 45)
	if ws := f.Get("A").Weapons; ws[0].State != "" || ws[1].State != "dropped" {
		t.Errorf("the mace %q, the axe %q: want the axe dropped:\n%s", ws[0].State, ws[1].State, logText(f))
	}
}

// The natural weapon table's lost rounds (l.305-306): "lose the next combat
// round (or this one if no action has yet been taken)". A beast with two
// attacks that fumbles its first at rank 16 keeps its second at 11 and
// loses round 2; one given it before its rank loses this round's.
// ledger: brp/fumble-natural-table
func TestBRPNaturalFumbleLosesTheNextRound(t *testing.T) {
	for _, c := range []struct {
		name           string
		acted          bool
		rank11, round2 bool
	}{{"after acting", true, true, false}, {"before acting", false, false, true}} {
		f, _ := startFight(t, "brp", []member{{name: "Beast", hp: 20, stats: map[string]int{"DEX": 16, "skill": 50, "attacks": 2}},
			{name: "T", hp: 20, stats: map[string]int{"DEX": 2}}})
		b := f.ID("Beast")
		if c.acted {
			onRank(t, f, "Beast")
			f.Must(engine.RollCheck{Who: b, Check: "skill", Target: f.ID("T")}, 99)
		}
		f.Must(engine.GiveCondition{Who: b, Condition: "round_lost"})
		toRound(t, f, 3)
		log := logText(f)
		round2 := log[strings.Index(log, "Round 2 begins"):strings.Index(log, "Round 3 begins")]
		if got := strings.Contains(log[:strings.Index(log, "Round 2 begins")], "Beast acts at rank 11"); got != c.rank11 {
			t.Errorf("%s: Beast acts at rank 11 in round 1: %v, want %v:\n%s", c.name, got, c.rank11, log)
		}
		if got := strings.Contains(round2, "Beast acts at rank 16"); got != c.round2 {
			t.Errorf("%s: Beast acts in round 2: %v, want %v:\n%s", c.name, got, c.round2, log)
		}
	}
}

// How far the weapon goes is rolled and logged: the melee and parry
// tables' 51-60 throw it 1D10 meters (l.260, 276), the missile table's
// 56-65 has it slide or bounce 1D6-1 meters (l.290).
// ledger: brp/fumble-melee-table brp/fumble-parry-table brp/fumble-missile-table
func TestBRPFumbledWeaponLandsAway(t *testing.T) {
	mace := rules.Weapon{Name: "Mace", Damage: dice.MustParse("1d8"), Kinds: []string{"crushing", "melee"}, HP: 20}
	sling := rules.Weapon{Name: "Sling", Damage: dice.MustParse("1d8"), Kinds: []string{"crushing", "missile"}, HP: 10}
	for _, c := range []struct {
		condition string
		weapon    rules.Weapon
		faces     []int
		want      string
	}{
		{"fumble_melee", mace, []int{55, 7}, "A's Mace lands 7 m away"},
		{"fumble_parry", mace, []int{55, 10}, "A's Mace lands 10 m away"},
		{"fumble_missile", sling, []int{60, 4}, "A's Sling lands 3 m away"},
	} {
		rs, _ := shipped(t).Ruleset("brp")
		f := enginetest.New(t, rs.Ruleset, dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50}, Weapons: []rules.Weapon{c.weapon}},
			{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2}},
		}})
		f.Must(engine.Start{})
		f.Must(engine.GiveCondition{Who: f.ID("A"), Condition: c.condition}, c.faces...)
		if log := logText(f); !strings.Contains(log, c.want) || f.Get("A").Weapons[0].State != "dropped" {
			t.Errorf("%s: want %q and the weapon dropped:\n%s", c.condition, c.want, log)
		}
	}
}
