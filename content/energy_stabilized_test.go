package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Stabilized means no more Death Saves (energy.txt l.647). One stabilised
// who is hurt again at 0 Aura and rolls 5-9 on the Death roll bleeds out
// again (l.635): the Death Saves start over, and Stabilized ends, so the
// row no longer tells the GM it makes none.
// ledger: energy/stabilized
func TestEnergyBleedingAgainIsNoLongerStabilized(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Damage{Who: ash, Amount: 20})
	f.Must(engine.Damage{Who: ash, Amount: 1}, 6)
	f.Must(engine.Next{}, 20) // the Death Save: Stabilized
	if c := f.Get("Ash"); !c.Has("stabilized") || c.Has("bleeding_out") {
		t.Fatalf("a 20 on the Death Save: %v", c.Conditions)
	}
	f.Must(engine.Damage{Who: ash, Amount: 1}, 7) // bleeding out again
	if c := f.Get("Ash"); c.Has("stabilized") || !c.Has("bleeding_out") {
		t.Errorf("bleeding out again, still Stabilized: %v", c.Conditions)
	}
	if !strings.Contains(logText(f), "Ash is no longer Stabilized") {
		t.Errorf("the log does not say Stabilized ended:\n%s", logText(f))
	}
	f.Must(engine.Next{}, 12) // the Death Saves go on
	if !strings.Contains(f.LastLog("Death Save"), "Still bleeding out") {
		t.Errorf("no Death Save after bleeding out again:\n%s", logText(f))
	}
}
