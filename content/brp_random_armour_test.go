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
