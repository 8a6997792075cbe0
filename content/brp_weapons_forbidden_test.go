package content_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
)

// shieldGuard is a fighter with a mace and a medium shield (marked a
// shield), as the temple guard carries them.
func shieldGuard(name string, hp int) engine.NewCombatant {
	return engine.NewCombatant{Name: name, HP: hp, Stats: map[string]int{"DEX": 9, "parry": 45, "POW": 9},
		Weapons: []rules.Weapon{{Name: "Mace", Damage: dice.MustParse("1d8+2"), Kinds: []string{"crushing", "melee"}},
			{Name: "Medium shield", Damage: dice.MustParse("1d4"), Kinds: []string{"knockback", "melee", "shield"},
				Fields: map[string]int{"skill": 45, "ap": 8}}}}
}

// l.594: "Arm: The limb is temporarily useless, and anything not attached
// to the arm is dropped. Your character can continue to stand and fight with
// whatever limbs are still functional." G takes 4 in its 4-point left arm,
// its shield arm: A's blow answered with G's shield is refused (by A), G's
// strike with the shield too; the mace, in the working arm, still parries
// and strikes. Healed below the arm's HP (h at the arm), the shield parries
// again; undone, it does not.
//
// ledger: brp/arm-at-hp
func TestBRPUselessShieldArmParriesNoMoreWithTheShield(t *testing.T) {
	f := brpWithLocations(t)
	f.Must(engine.Add{Combatants: []engine.NewCombatant{shieldGuard("G", 14),
		{Name: "A", HP: 14, Stats: map[string]int{"DEX": 16}, Weapons: []rules.Weapon{sword80("melee")}}}})
	g, a := f.ID("G"), f.ID("A")
	f.Must(engine.Damage{Who: g, Amount: 4, Location: "left_arm"})
	if !f.Get("G").Has("arm_useless") || !f.Get("G").Has("no_shield") {
		t.Fatalf("4 in G's 4-point left arm: %+v", f.Get("G").Conditions)
	}
	onRank(t, f, "A")
	shieldParry := engine.Blow{Who: a, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 1, Location: "chest"}
	if _, err := f.Do(shieldParry, 30, 10); err == nil || !strings.Contains(err.Error(), "Medium shield") {
		t.Errorf("G parried with the shield on its useless left arm: err %v, %q", err, f.LastLog("G: Parry"))
	}
	// The mace, in the other hand, parries.
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 0, Location: "chest"}, 30, 10)
	if !strings.Contains(f.LastLog("G: Parry"), "Success") {
		t.Errorf("G's mace parry: %q", f.LastLog("G: Parry"))
	}
	onRank(t, f, "G")
	if _, err := f.Do(engine.Blow{Who: g, Blow: "attack", Weapon: 1, Foes: []int{a}, Location: "chest"}, 30, 2, 2); err == nil {
		t.Errorf("G struck with the shield on its useless arm: %q", f.LastLog("G:"))
	}
	f.Must(engine.Heal{Who: g, Amount: 1, Location: "left_arm"})
	if f.Get("G").Has("no_shield") {
		t.Fatalf("healed below the arm's HP, G still has No shield: %+v", f.Get("G").Conditions)
	}
	f.Undo()
	if !f.Get("G").Has("no_shield") {
		t.Errorf("the heal undone, G's shield arm is whole again: %+v", f.Get("G").Conditions)
	}
}

// A parry rolled by g with the shield first in hand (the first ready item)
// on a useless shield arm is refused too, with the reason.
//
// ledger: brp/arm-at-hp
func TestBRPUselessShieldArmRefusesTheRolledParry(t *testing.T) {
	f := brpWithLocations(t)
	guard := shieldGuard("G", 14)
	guard.Weapons[0], guard.Weapons[1] = guard.Weapons[1], guard.Weapons[0]
	f.Must(engine.Add{Combatants: []engine.NewCombatant{guard, {Name: "A", HP: 14, Stats: map[string]int{"DEX": 16}}}})
	g := f.ID("G")
	f.Must(engine.Damage{Who: g, Amount: 4, Location: "left_arm"})
	f.Refuse(engine.RollCheck{Who: g, Check: "parry"}, "No shield")
}

// l.557: 21-30, "Lose 1D3 STR ... The character is still able to fight
// with a weapon, but not a shield." l.567: 93-94, "can only use one-handed
// melee weapons ... able to fight using their remaining arm." l.568: 95-96,
// "can only wield weapons or equipment in their undamaged arm." G (HP 14)
// takes a major wound of 7, Luck made (5): on row 25 its shield neither
// parries A's blow nor strikes, its mace does both; on row 93 its
// two-handed great sword and its bow are refused, the mace kept; on row 95
// the great sword and the shield are refused, the bow (not marked
// two-handed) and the mace kept.
//
// ledger: brp/major-wound-table
func TestBRPMajorWoundRowsFightingLimits(t *testing.T) {
	great := rules.Weapon{Name: "Great sword", Damage: dice.MustParse("2d8"), Kinds: []string{"bleeding", "melee", "two_handed"}}
	bow := rules.Weapon{Name: "Short bow", Damage: dice.MustParse("1d8+1"), Kinds: []string{"impaling", "missile"}}
	for _, c := range []struct {
		row     int
		refused []int // G's weapons: mace, shield, great sword, bow
	}{{25, []int{1}}, {93, []int{1, 2, 3}}, {95, []int{1, 2}}} {
		f := enginetest.New(t, brpRules(t), dice.Script())
		guard := shieldGuard("G", 14)
		guard.Weapons = append(guard.Weapons, great, bow)
		f.Must(engine.Add{Combatants: []engine.NewCombatant{guard,
			{Name: "A", HP: 40, Stats: map[string]int{"DEX": 16}, Weapons: []rules.Weapon{sword80("melee")}}}})
		g, a := f.ID("G"), f.ID("A")
		f.Must(engine.Start{})
		f.Must(engine.Damage{Who: g, Amount: 7, Bare: true}, c.row, 5)
		onRank(t, f, "A")
		for wi := range 4 {
			name := f.Get("G").Weapons[wi].Name
			why := engine.WeaponForbidden(f.Rules, f.Get("G"), f.Get("G").Weapons[wi].Weapon)
			if !slices.Contains(c.refused, wi) {
				if why != "" {
					t.Errorf("row %d: G's %s refused: %s", c.row, name, why)
				}
				continue
			}
			if _, err := f.Do(engine.Blow{Who: a, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: wi}, 30, 10); err == nil {
				t.Errorf("row %d: A's blow parried with G's %s", c.row, name)
			}
		}
		// The mace, kept, parries.
		f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 0}, 30, 10)
		onRank(t, f, "G")
		for _, wi := range c.refused {
			if _, err := f.Do(engine.Blow{Who: g, Blow: "attack", Weapon: wi, Foes: []int{a}}, 95); err == nil {
				t.Errorf("row %d: G struck with its %s", c.row, f.Get("G").Weapons[wi].Name)
			}
		}
		f.Must(engine.Blow{Who: g, Blow: "attack", Foes: []int{a}}, 95)
	}
}

// The limit is kept in a save (l.557): resumed, G's shield parry is still
// refused.
//
// ledger: brp/major-wound-table
func TestBRPMajorWoundShieldLimitKeptInASave(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	fight := engine.NewFight(rs.Ruleset, engine.NewEncounter("limit", rs.Ruleset), dice.NewSource(5))
	c, _ := lib.Creature("brp", "temple_guard")
	add := []engine.NewCombatant{engine.FromTemplate(c.Template, "G"),
		{Name: "A", HP: 40, Stats: map[string]int{"DEX": 16}, Weapons: []rules.Weapon{sword80("melee")}}}
	if _, err := fight.Do(engine.Add{Combatants: add}); err != nil {
		t.Fatal(err)
	}
	if _, err := fight.Do(engine.Start{}); err != nil {
		t.Fatal(err)
	}
	g, a := fight.Current().Combatants[0].ID, fight.Current().Combatants[1].ID
	if _, err := fight.Do(engine.Damage{Who: g, Amount: 7, Bare: true}, 25, 5); err != nil {
		t.Fatal(err)
	}
	data, err := saves.Encode(session.Saved{Name: "limit", Fight: fight, Source: dice.NewSource(5), Hash: rs.Hash}.Snapshot(),
		time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("limit.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs.Ruleset, rs.Hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*back.Fight.Current(), *fight.Current()) {
		t.Errorf("resumed, the fight differs")
	}
	if _, err := back.Fight.Do(engine.Blow{Who: a, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 1}, 30, 10); err == nil ||
		!strings.Contains(err.Error(), "No shield") {
		t.Errorf("resumed, the guard parried with its shield after row 25: %v", err)
	}
}
