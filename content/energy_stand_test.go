package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// ledger: energy/stand-up
// From the ground a fighter kneels (1 Energy, no longer Prone) and then
// stands (1 more): Stand up straight from Prone is refused, with the way up.
func TestEnergyStandFromProneKneelsFirst(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Bo", creature: "raider"}})
	bo := f.ID("Bo")
	f.Must(engine.GiveCondition{Who: bo, Condition: "prone"})
	before := f.Get("Bo").Pools["energy"]
	_, err := f.Do(engine.Spend{Who: bo, Action: "stand"})
	if err == nil || !strings.Contains(err.Error(), "Prone") {
		t.Fatalf("Stand up while Prone: err %v, Energy %d, conditions %v", err, f.Get("Bo").Pools["energy"], f.Get("Bo").Conditions)
	}
	if got := f.Get("Bo").Pools["energy"]; got != before {
		t.Errorf("a refused Stand up spent Energy: %d, was %d", got, before)
	}
	f.Must(engine.Spend{Who: bo, Action: "kneel"})
	f.Must(engine.Spend{Who: bo, Action: "stand"})
	if c := f.Get("Bo"); c.Has("prone") || c.Pools["energy"] != before-2 {
		t.Errorf("kneel then stand: conditions %v, Energy %d, want %d", c.Conditions, c.Pools["energy"], before-2)
	}
}
