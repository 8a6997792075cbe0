package content_test

import (
	"testing"

	"fray/engine"
)

// Escaping is for the Restrained (energy.txt l.575, 682: "You may attempt to
// escape from what is restraining you by using 3 Energy"): one who is not
// held is refused the 3 Energy, by m and by A, with the reason; held, it
// escapes as before.
// ledger: energy/escape-hold
func TestEnergyEscapeNeedsAHold(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	why := "Ash holds none of Restrained: Escape a hold needs it"
	f.Refuse(engine.Spend{Who: ash, Action: "escape"}, why)
	f.Refuse(engine.Blow{Who: ash, Blow: "escape", Foes: []int{bo}, Answer: "hold_fortitude"}, why)
	if got := f.Get("Ash").Pools["energy"]; got != 5 {
		t.Errorf("a refused escape spent Energy: %d left", got)
	}
	f.Must(engine.Blow{Who: bo, Blow: "restrain", Foes: []int{ash}}, 12)
	f.Must(engine.Blow{Who: ash, Blow: "escape", Foes: []int{bo}, Answer: "hold_fortitude"}, 9, 1)
	if f.Get("Ash").Has("restrained") || f.Get("Bo").Has("restraining") {
		t.Errorf("the escape: Ash %v, Bo %v", f.Get("Ash").Conditions, f.Get("Bo").Conditions)
	}
}
