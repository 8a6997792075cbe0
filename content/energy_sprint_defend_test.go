package content_test

import (
	"testing"

	"fray/engine"
)

// Defend lasts until one moves more than one's Speed in the round (l.35).
// A Sprint is a full Run and more (l.25): after it, any move that round is
// past the Speed, as it is after a Run.
// ledger: energy/defend-ends-on-moving
func TestEnergySprintThenDefendEndsOnTheNextMove(t *testing.T) {
	for _, move := range []string{"shift", "jump_running", "agile_move"} {
		f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
		ash := f.ID("Ash")
		f.Must(engine.Spend{Who: ash, Action: "sprint"})
		f.Must(engine.Spend{Who: ash, Action: "defend"})
		if !f.Get("Ash").Has("defending") {
			t.Fatalf("Defend after a Sprint gives Defending: %v", f.Get("Ash").Conditions)
		}
		f.Must(engine.Spend{Who: ash, Action: move})
		if f.Get("Ash").Has("defending") {
			t.Errorf("Sprint, Defend, %s: still Defending, past the Speed", move)
		}
		// The next round Defending holds again until one moves past it.
		f.Must(engine.Next{})
		f.Must(engine.Spend{Who: ash, Action: "defend"})
		f.Must(engine.Spend{Who: ash, Action: "shift"})
		if !f.Get("Ash").Has("defending") {
			t.Errorf("a Shift the round after the Sprint ended Defending")
		}
	}
}
