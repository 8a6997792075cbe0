package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// No defence is no defence once (l.61, 238, 277): a blow from the rear on
// a fighter out of actions in his flurry counts his Defense as the bare
// 10, not 10 below it; from a flank he cannot defend at half skill either,
// having nothing to defend with.
// ledger: war-and-combat/rear-flank-defense war-and-combat/out-of-actions war-and-combat/outside-strikes
func TestWarAndCombatUndefendedDoesNotStackWithTheDirection(t *testing.T) {
	f := inFlurry(t)
	arc := f.ID("Archer")
	f.Must(engine.Flurry{Who: arc, Step: "action", Actions: 2})
	// The Archer's Defense 15 counts 10: 16 + 5 = 21, a critical by 6 (one
	// extra die: 2d6 + 1d6 = 3, a light wound).
	f.Must(engine.Blow{Who: f.ID("Veteran"), Blow: "attack", Foes: []int{arc}, Location: "chest", Modifiers: []string{"rear"}},
		1, 1, 1, 1, 1, 1)
	if got := f.LastLog("Veteran: Attack against Archer"); !strings.Contains(got, "= 16 + 5 = 21 vs more than 15") {
		t.Errorf("from the rear on the actionless Archer: %q", got)
	}
	// From a flank, from outside the flurry: 11 + 5 = 16, a hit by 1.
	f.Must(engine.Blow{Who: f.ID("Sergeant"), Blow: "attack", Foes: []int{arc}, Location: "chest", Modifiers: []string{"flank"}},
		1, 1, 1, 1, 1, 1)
	if got := f.LastLog("Sergeant: Attack against Archer"); !strings.Contains(got, "= 11 + 5 = 16 vs more than 15") {
		t.Errorf("from a flank on the actionless Archer: %q", got)
	}
	// Both picked by hand is refused: they are one and the same.
	f.Refuse(engine.Blow{Who: f.ID("Sergeant"), Blow: "attack", Foes: []int{arc}, Location: "chest",
		Modifiers: []string{"rear", "undefended"}}, "cannot be picked with")
}
