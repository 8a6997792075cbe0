package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// twoWhips has H1 and then H2 entangle E with their whips' specials in
// round 1, and steps on to round 2.
func twoWhips(t *testing.T) *enginetest.Fight {
	t.Helper()
	whip, sword, _ := entangleWeapons()
	return entangled(t, []engine.NewCombatant{
		{Name: "H1", HP: 12, Stats: map[string]int{"DEX": 14}, Weapons: []rules.Weapon{sword, whip}},
		{Name: "H2", HP: 12, Stats: map[string]int{"DEX": 12}, Weapons: []rules.Weapon{sword, whip}},
		{Name: "E", HP: 12, Stats: map[string]int{"DEX": 10}, Weapons: []rules.Weapon{sword}}}, "H1", "H2")
}

// l.369: an entangled target may cut through "the entangling weapon" or
// pull it from the attacker's hands. Held by two whips, it is free of the
// one cut or wrenched away and still held by the other; nothing passes the
// cut whip into its holder. Cut through one whip in round 2, E is still
// Entangled, held by H2's; saved and resumed, it stays so. Undone, E
// wrenches H2's whip away instead (STR against STR): still held by H1's.
// ledger: brp/entangle
func TestBRPTwoWhipsHoldUntilBothLetGo(t *testing.T) {
	f := twoWhips(t)
	e, h1, h2 := f.ID("E"), f.ID("H1"), f.ID("H2")
	onRank(t, f, "E")
	f.Must(engine.Blow{Who: e, Blow: "at_shield", Foes: []int{h1}, Guard: 1}, 30, 8)
	if w := f.Get("H1").Weapons[1]; w.State != rules.FateBroken {
		t.Fatalf("H1's whip is not cut through: %q\n%s", w.State, logText(f))
	}
	if !f.Get("E").Has("entangled") || !strings.Contains(logText(f), "E is free of H1's hold, and is still Entangled, held by H2's") {
		t.Errorf("H1's whip cut through, E should be held by H2's still:\n%s", logText(f))
	}
	if hp := f.Get("H1").HP; hp != 12 {
		t.Errorf("cutting the whip hurt its holder: H1 at %d HP, want 12", hp)
	}
	if r := handResumed(t, f); !r.Get("E").Has("entangled") {
		t.Errorf("saved and resumed, E is free of H2's whip too")
	}
	f.Undo()
	f.Must(engine.RollCheck{Who: e, Check: "wrench_entangle", Target: h2, Expr: "50"}, 10)
	if w := f.Get("H2").Weapons[1]; w.State != rules.FateDropped || !f.Get("E").Has("entangled") ||
		!strings.Contains(logText(f), "E is free of H2's hold, and is still Entangled, held by H1's") {
		t.Errorf("H2's whip wrenched away (%q), E should be held by H1's still:\n%s", w.State, logText(f))
	}
}
