package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// Random armour (l.494): a piece gives a dice range, rolled for each hit
// that lands, even in the same round; a critical goes through it unrolled.
// Here a tunic of 1D4-1 over a fixed AV of 1 (a helmet): the knife's 6
// less 1 and the tunic's roll of 3 (2), then 6 typed less 1 and a roll of
// 1 (0).
// ledger: brp/random-armour
func TestBRPRandomArmour(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	armour := []rules.Armor{{Name: "Helmet", Stats: map[string]int{"AV": 1}},
		{Name: "Quilted tunic", Rolls: map[string]dice.Expr{"AV": dice.MustParse("1d4-1")}}}
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Guard", HP: 20, Stats: map[string]int{"DEX": 10}, Armor: armour},
		{Name: "Cultist", HP: 11, Stats: map[string]int{"DEX": 11, "skill": 45},
			Weapons: []rules.Weapon{{Name: "Knife", Damage: dice.MustParse("1d4+2"), Kinds: []string{"bleeding", "melee"}}}},
	}})
	f.Must(engine.Start{})
	g, c := f.ID("Guard"), f.ID("Cultist")
	onRank(t, f, "Cultist")
	f.Must(engine.Blow{Who: c, Blow: "attack", Foes: []int{g}}, 30, 4, 3)
	if got := f.Get("Guard").HP; got != 17 {
		t.Errorf("6 less AV 1 and the tunic's 2: %d HP, want 17\n%s", got, logText(f))
	}
	if !strings.Contains(logText(f), "Guard's Quilted tunic (AV): 1d4-1: [3] - 1 = 2") ||
		!strings.Contains(logText(f), "Guard's AV 3 takes 3 off 6: 3 gets through") {
		t.Errorf("the tunic's roll is not logged:\n%s", logText(f))
	}
	f.Must(engine.Damage{Who: g, Amount: 6}, 1)
	if got := f.Get("Guard").HP; got != 12 {
		t.Errorf("6 typed, less 1 and the tunic's 0: %d HP, want 12\n%s", got, logText(f))
	}
	f.Must(engine.Damage{Who: g, Amount: 6, Critical: true})
	if got := f.Get("Guard").HP; got != 6 {
		t.Errorf("a critical's 6 through it all, nothing rolled: %d HP, want 6", got)
	}
}

// A blow through a shield parry loses the shield's armour and then the
// body's (l.461): the cultist's critical (01) against the guard's special
// parry (05) with his shield (AP 4) is partly deflected, a normal hit: the
// knife's 6 less the shield's 4 less his AV 1: 1 gets through.
// ledger: brp/layered-armour-and-shield
func TestBRPBlowThroughAShieldParry(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Guard", HP: 14, Stats: map[string]int{"DEX": 10, "parry": 45},
			Weapons: []rules.Weapon{{Name: "Mace", Damage: dice.MustParse("1d8+2"), Kinds: []string{"crushing", "melee"}},
				{Name: "Medium shield", Damage: dice.MustParse("1d4"), Kinds: []string{"knockback", "melee"}, Fields: map[string]int{"ap": 4}}},
			Armor: []rules.Armor{{Name: "Leather", Stats: map[string]int{"AV": 1}}}},
		{Name: "Cultist", HP: 11, Stats: map[string]int{"DEX": 11, "skill": 45},
			Weapons: []rules.Weapon{{Name: "Knife", Damage: dice.MustParse("1d4+2"), Kinds: []string{"bleeding", "melee"}}}},
	}})
	f.Must(engine.Start{})
	g, c := f.ID("Guard"), f.ID("Cultist")
	onRank(t, f, "Cultist")
	f.Must(engine.Blow{Who: c, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 1}, 1, 5, 4)
	log := logText(f)
	if got := f.Get("Guard").HP; got != 13 || !strings.Contains(log, "Guard's Medium shield takes 4 off 6 through the parry: 2 goes on") ||
		!strings.Contains(log, "Guard's AV 1 takes 1 off 2: 1 gets through") {
		t.Errorf("6 through the shield (4) and the leather (1): %d HP, want 13\n%s", got, log)
	}
	// Parried with the mace (no armour points), the shield counts for none.
	onRank(t, f, "Cultist")
	f.Must(engine.Blow{Who: c, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 0}, 1, 5, 4)
	if got := f.Get("Guard").HP; got != 8 {
		t.Errorf("6 less the leather's 1 through the mace's parry: %d HP, want 8\n%s", got, logText(f))
	}
}
