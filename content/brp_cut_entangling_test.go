package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/rules"
)

// l.369: "Alternatively, if the entangled target can, they may attempt an
// attack on the entangling weapon itself, cutting through it, if they have
// a cutting weapon equipped." E, entangled by H's whip (4 HP), aims its
// sword at the whip in round 2 (A's Attack a parrying weapon or shield)
// and strikes it for 8: the whip is cut through, E is free, and the 4 past
// the whip's hit points go nowhere (not into H, a whip's length away).
// Saved and resumed, so it stays. Undone, the whip is whole and E entangled. Aimed at H's sword instead,
// broken, the rest strikes H (l.490) and E stays entangled.
// ledger: brp/entangle
func TestBRPCuttingTheEntanglingWeaponFrees(t *testing.T) {
	f := whipAndSword(t)
	e, h := f.ID("E"), f.ID("H")
	onRank(t, f, "E")
	f.Must(engine.Blow{Who: e, Blow: "at_shield", Foes: []int{h}, Guard: 1}, 30, 8)
	if w := f.Get("H").Weapons[1]; w.State != rules.FateBroken {
		t.Fatalf("the whip is not cut through: %q\n%s", w.State, logText(f))
	}
	if f.Get("E").Has("entangled") || f.Get("E").Has("entangle_fresh") {
		t.Errorf("the entangling whip cut through, E is still entangled:\n%s", logText(f))
	}
	if hp := f.Get("H").HP; hp != 12 {
		t.Errorf("cutting the whip hurt its holder: H at %d HP, want 12\n%s", hp, logText(f))
	}
	if r := handResumed(t, f); r.Get("E").Has("entangled") || r.Get("H").Weapons[1].State != rules.FateBroken || r.Get("H").HP != 12 {
		t.Errorf("saved and resumed: E entangled %v, H's Whip %q, H at %d HP", r.Get("E").Has("entangled"),
			r.Get("H").Weapons[1].State, r.Get("H").HP)
	}
	f.Undo()
	if !f.Get("H").Weapons[1].Ready() || !f.Get("E").Has("entangled") {
		t.Errorf("undone: H's Whip %q, E entangled %v", f.Get("H").Weapons[1].State, f.Get("E").Has("entangled"))
	}
	// H's sword (no hit points kept) takes it all; a sword of 4 HP broken
	// lets the rest through, and frees nobody.
	f.Must(engine.Blow{Who: e, Blow: "at_shield", Foes: []int{h}, Guard: 0}, 30, 8)
	if !f.Get("E").Has("entangled") {
		t.Errorf("E struck H's sword, not the whip, and is free:\n%s", logText(f))
	}
}
