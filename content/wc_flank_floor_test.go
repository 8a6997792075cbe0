package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Half a defence is never less than none (l.61): from a flank the Defense
// loses half the Fighter rank, but no more than from the rear, where it
// counts the bare 10. The stunned Veteran (l.377: 5 + 12/2 = 11) is at 10
// from a flank, not 5; the knocked-out Brigand (l.385: 3) stays at 3.
// ledger: war-and-combat/rear-flank-defense
func TestWarAndCombatFlankNeverBelowNoDefence(t *testing.T) {
	f := fourFighters(t)
	wcToPhase(t, f, "movement")
	f.Must(engine.Stun{Who: f.ID("Veteran"), Rounds: 2})
	recordWound(f, "Brigand", "head", "critical")
	// 3 + 8 = 11, + 1: 12 against 11, a hit by 1 (3d6: 3, a light wound).
	f.Must(engine.Blow{Who: f.ID("Sergeant"), Blow: "attack", Foes: []int{f.ID("Veteran")}, Location: "head", Modifiers: []string{"flank"}},
		1, 1, 1, 1, 1, 1)
	if got := f.LastLog("Sergeant: Attack against Veteran"); !strings.Contains(got, "= 11 + 1 = 12 vs more than 11") {
		t.Errorf("from a flank on the stunned Veteran: %q", got)
	}
	// 11 + 0 against 3: a critical by 8 (one extra die).
	f.Must(engine.Blow{Who: f.ID("Sergeant"), Blow: "attack", Foes: []int{f.ID("Brigand")}, Location: "chest", Modifiers: []string{"flank"}},
		1, 1, 1, 1, 1, 1, 1)
	if got := f.LastLog("Sergeant's Attack on Brigand"); !strings.Contains(got, "made by 8") {
		t.Errorf("from a flank on the unconscious Brigand: %q", got)
	}
}
