package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.389: "If impaled with a weapon like a spear or sword, whenever the
// target moves in any significant fashion, they take half the weapon's
// damage roll (roll again, without the damage modifier or armor
// protection) again". Yvarre's dagger (1D4+2, her 1D4 damage modifier
// apart) is stuck in the guard (AV 3); the guard states a 6-15 m move in
// round 2: as the round ends the dagger's 1D4+2 is rolled again (4 + 2),
// halved, 3 off its HP, the armour taking nothing. Undone, the HP is back;
// saved and resumed, the fight is the same.
// ledger: brp/impaled-weapon
func TestBRPImpaledMoverTakesHalfTheWeaponsDamage(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}}, 4)
	y, g := f.ID("Yvarre"), f.ID("Guard")
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}}, 5, 1, 1, 1) // a special: 3 + 3 + 1, less AV 3: 4
	if !f.Get("Guard").Has("impaled") {
		t.Fatalf("not impaled:\n%s", logText(f))
	}
	toRound(t, f, 2)
	before := f.Get("Guard").HP
	f.Must(engine.Declare{Who: g, Declaration: "move_half"})
	for i := 0; f.Current().Round < 3 && i < 40; i++ {
		f.Must(engine.Next{})
	}
	if got := f.Get("Guard").HP; got != before-3 {
		t.Errorf("the impaled guard moved 6-15 m with the dagger in it: %d HP, want %d (half of 1D4+2 rolled 6, no armour)\n%s",
			got, before-3, logText(f))
	}
	if log := logText(f); !strings.Contains(log, "Guard moves with Yvarre's Dagger stuck in it: 6 rolled again, / 2 = 3, no armour") {
		t.Errorf("the move's damage is not logged:\n%s", log)
	}
	handResumed(t, f)
	f.Undo()
	if got := f.Get("Guard").HP; got != before {
		t.Errorf("the round's end undone: %d HP, want %d", got, before)
	}
	// Not moving, nothing: the next round passes without a roll.
	f, _ = startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: f.ID("Yvarre"), Blow: "attack", Foes: []int{f.ID("Guard")}}, 5, 1, 1, 1)
	toRound(t, f, 2)
	before = f.Get("Guard").HP
	for i := 0; f.Current().Round < 3 && i < 40; i++ {
		f.Must(engine.Next{})
	}
	if got := f.Get("Guard").HP; got != before {
		t.Errorf("the impaled guard stood still: %d HP, want %d", got, before)
	}
}
