package content_test

import (
	"testing"

	"fray/engine"
)

// "A character who was bleeding but who has stopped losing hit points
// each round is stable" (l.980-983): Orc 1, down and bleeding 2 a round,
// its one wound closed by magic, is Stable, and stays so rounds later;
// First Aid's halt already made it so.
// ledger: pathmaster/stable
func TestStableAfterMagicalHealing(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Bleed{Who: o, Rate: 2})
	f.Must(engine.Damage{Who: o, Amount: 50})
	f.Must(engine.CloseWound{Who: o, Wound: 0})
	if !f.Get("Orc 1").Has("stable") {
		t.Fatalf("down, its bleeding wound closed by magic, Orc 1 is not Stable: %v", f.Get("Orc 1").Conditions)
	}
	for range 5 {
		f.Next()
	}
	if !f.Get("Orc 1").Has("stable") {
		t.Errorf("Stable lapsed: %v", f.Get("Orc 1").Conditions)
	}
	// One up and about whose wound is closed is not Stable.
	g := f.ID("Gavvin")
	f.Must(engine.Bleed{Who: g, Rate: 2})
	f.Must(engine.CloseWound{Who: g, Wound: 0})
	if f.Get("Gavvin").Has("stable") {
		t.Error("Gavvin, standing, is Stable")
	}
}
