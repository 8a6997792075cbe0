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

// The escape is contested by the restrainer (l.575): struck through A at a
// foe who does not hold it, it is refused, naming the one who does, and
// nothing is spent; at the holder it frees both. Restrained given by hand
// (c: a net, a trap) holds to no one.
// ledger: energy/escape-hold
func TestEnergyEscapeIsFromTheHolder(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"},
		{name: "Gor", creature: "brute"}})
	ash, bo, gor := f.ID("Ash"), f.ID("Bo"), f.ID("Gor")
	f.Must(engine.Blow{Who: gor, Blow: "restrain", Foes: []int{ash}}, 12)
	f.Refuse(engine.Blow{Who: ash, Blow: "escape", Foes: []int{bo}, Answer: "hold_fortitude"},
		"Ash is Restrained by Gor: Escape a hold is made at Gor")
	if got := f.Get("Ash").Pools["energy"]; got != 5 || !f.Get("Ash").Has("restrained") || !f.Get("Gor").Has("restraining") {
		t.Fatalf("a refused escape: Energy %d, Ash %v, Gor %v", got, f.Get("Ash").Conditions, f.Get("Gor").Conditions)
	}
	f.Must(engine.Blow{Who: ash, Blow: "escape", Foes: []int{gor}, Answer: "hold_fortitude"}, 9, 1)
	if f.Get("Ash").Has("restrained") || f.Get("Gor").Has("restraining") {
		t.Errorf("escaped from Gor: Ash %v, Gor %v", f.Get("Ash").Conditions, f.Get("Gor").Conditions)
	}
	f.Must(engine.GiveCondition{Who: bo, Condition: "restrained"})
	f.Must(engine.Blow{Who: bo, Blow: "escape", Foes: []int{ash}, Answer: "hold_fortitude"}, 9, 1)
	if f.Get("Bo").Has("restrained") {
		t.Errorf("Restrained by hand holds to no one: %v", f.Get("Bo").Conditions)
	}
}
