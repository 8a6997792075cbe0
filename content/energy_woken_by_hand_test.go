package content_test

import (
	"testing"

	"fray/engine"
)

// Knocked out by Stamina loss, one wakes "regaining 1 Stamina if you were at
// 0" (energy.txt l.655; 0 Stamina is unconscious, l.57). Woken by the GM
// (c takes Knocked out away) rather than by the d20, it wakes the same way:
// 1 Stamina, and 1 Energy the next round; it was left at 0, awake.
// ledger: energy/stamina-loss-knocks-out
func TestEnergyWokenByHandHasOneStamina(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Bo", creature: "raider"}})
	bo := f.ID("Bo")
	for range 8 {
		f.Must(engine.Spend{Who: bo, Action: "strain"})
	}
	if !f.Get("Bo").Has("knocked_out") {
		t.Fatalf("no Stamina left: %v", f.Get("Bo").Conditions)
	}
	f.Must(engine.TakeCondition{Who: bo, Condition: "knocked_out"})
	if b := f.Get("Bo"); b.Has("unconscious") || b.Pools["stamina"] != 1 {
		t.Errorf("woken by hand: %v, Stamina %d, want awake with 1", b.Conditions, b.Pools["stamina"])
	}
	f.Must(engine.Next{})
	if got := f.Get("Bo").Pools["energy"]; got != 1 {
		t.Errorf("the round after: %d Energy, want 1", got)
	}
}
