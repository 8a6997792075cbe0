package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// l.377: an impale is a blow "piercing deeply within flesh"; l.383: "An
// impaling weapon is still lodged in the target's body until removed";
// l.389: "An impaled target cannot be healed until the impaling weapon is
// removed". A special the armour stops whole pierces nothing: a spear's
// 2 + 2 on plate (AV 12) leaves the spear in its wielder's hand and the
// target not Impaled (it may be healed), as a thrown javelin's stays in
// the thrower's hand; one that gets through still lodges.
// ledger: brp/impaled-weapon
func TestBRPImpaleStoppedByArmourLodgesNothing(t *testing.T) {
	plate := []rules.Armor{{Name: "Plate", Stats: map[string]int{"AV": 12}}}
	spear := rules.Weapon{Name: "Spear", Damage: dice.MustParse("1d6"), Kinds: []string{"impaling", "melee"},
		Fields: map[string]int{"skill": 60}}
	javelin := rules.Weapon{Name: "Javelin", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile", "thrown"},
		Fields: map[string]int{"skill": 60}}
	for _, w := range []rules.Weapon{spear, javelin} {
		f := onRankAgainst(t, "A", w, engine.NewCombatant{Name: "T", HP: 20, Stats: map[string]int{"DEX": 10}, Armor: plate})
		f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("T")}}, 5, 2, 2)
		if f.Get("T").HP != 20 {
			t.Fatalf("%s: the plate takes all 4: HP %d", w.Name, f.Get("T").HP)
		}
		if f.Get("T").Has("impaled") || !f.Get("A").Weapons[0].Ready() {
			t.Errorf("%s: an impale the armour stopped: T Impaled %v, A's %s %q, want neither lodged\n%s", w.Name,
				f.Get("T").Has("impaled"), w.Name, f.Get("A").Weapons[0].State, logText(f))
		}
		f.Must(engine.Heal{Who: f.ID("T"), Amount: 1})

		// The same special through AV 2 lodges it.
		f = onRankAgainst(t, "A", w, engine.NewCombatant{Name: "T", HP: 20, Stats: map[string]int{"DEX": 10},
			Armor: []rules.Armor{{Name: "Leather", Stats: map[string]int{"AV": 2}}}})
		f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("T")}}, 5, 2, 2)
		if !f.Get("T").Has("impaled") || f.Get("A").Weapons[0].State != rules.FateStuck {
			t.Errorf("%s: 2 through AV 2: T Impaled %v, A's %s %q, want lodged\n%s", w.Name,
				f.Get("T").Has("impaled"), w.Name, f.Get("A").Weapons[0].State, logText(f))
		}
	}
}
