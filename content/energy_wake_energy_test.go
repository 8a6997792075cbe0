package content_test

import (
	"testing"

	"fray/engine"
)

// Unconscious from Stamina loss, a d20 each round: a 20 wakes with 1
// Stamina (l.72), and the round's Energy is what that Stamina gives
// (l.53, 58: 1 Stamina, 1 Energy). Woken with none, its one Stamina for
// Energy would knock it out again.
// ledger: energy/stamina-loss-knocks-out
func TestEnergyWokenHasItsEnergy(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Tam", hp: 10, stats: map[string]int{"con": 5}}})
	tam := f.ID("Tam")
	for range 5 {
		f.Must(engine.Spend{Who: tam, Action: "strain"})
	}
	if !f.Get("Tam").Has("knocked_out") {
		t.Fatalf("no Stamina left, Tam is not knocked out: %v", f.Get("Tam").Conditions)
	}
	f.Must(engine.Next{}, 20)
	c := f.Get("Tam")
	if c.Has("knocked_out") || c.Pools["stamina"] != 1 {
		t.Fatalf("a 20 wakes with 1 Stamina: %v, %v", c.Conditions, c.Pools)
	}
	if c.Pools["energy"] != 1 {
		t.Errorf("round %d, woken with 1 Stamina: %d Energy, want 1 (l.53, 58)", f.Current().Round, c.Pools["energy"])
	}
	f.Must(engine.Spend{Who: tam, Action: "shift"})
	if f.Get("Tam").Has("knocked_out") {
		t.Errorf("its one Energy spent, Tam is knocked out again: %v", f.Get("Tam").Pools)
	}
	// Undone and done again, the same.
	f.Undo()
	f.Undo()
	f.Must(engine.Next{}, 20)
	if c := f.Get("Tam"); c.Pools["energy"] != 1 || c.Has("knocked_out") {
		t.Errorf("woken again after undo: %v, %v", c.Conditions, c.Pools)
	}
}
