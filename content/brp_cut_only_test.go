package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// entangledBeside has H (a sword, a whip of 4 HP) entangle E (a sword and
// a mace) with its whip in round 1, K (a whip of 4 HP) standing by, and
// steps on to E's rank in round 2.
func entangledBeside(t *testing.T) *enginetest.Fight {
	t.Helper()
	whip, sword, mace := entangleWeapons()
	f := entangled(t, []engine.NewCombatant{
		{Name: "H", HP: 12, Stats: map[string]int{"DEX": 14}, Weapons: []rules.Weapon{sword, whip}},
		{Name: "E", HP: 12, Stats: map[string]int{"DEX": 10}, Weapons: []rules.Weapon{sword, mace}},
		{Name: "K", HP: 12, Stats: map[string]int{"DEX": 8}, Weapons: []rules.Weapon{whip}}}, "H")
	onRank(t, f, "E")
	return f
}

// l.369: the entangled "may attempt an attack on the entangling weapon
// itself, cutting through it, if they have a cutting weapon equipped".
// E's mace breaks H's whip (l.490's attack on a parrying weapon): no cut,
// so E stays entangled and the 4 points past the whip strike H. E's sword
// breaking bystander K's whip, which holds nothing, frees E of nothing,
// and the 4 past it strike K. E's sword cutting H's own whip frees E, and
// nothing goes into H. Undone, the whip is whole and E entangled.
// ledger: brp/entangle
func TestBRPOnlyCuttingTheEntanglingWeaponFrees(t *testing.T) {
	f := entangledBeside(t)
	e, h, k := f.ID("E"), f.ID("H"), f.ID("K")
	f.Must(engine.Blow{Who: e, Blow: "at_shield", Weapon: 1, Foes: []int{h}, Guard: 1}, 30, 6)
	if w := f.Get("H").Weapons[1]; w.State != rules.FateBroken {
		t.Fatalf("the mace did not break the whip: %q\n%s", w.State, logText(f))
	}
	if !f.Get("E").Has("entangled") {
		t.Errorf("a mace broke the whip, no cutting weapon, yet E is free:\n%s", logText(f))
	}
	if hp := f.Get("H").HP; hp != 8 {
		t.Errorf("the whip broken by a mace: H at %d HP, want 8 (the 4 past the whip, l.490)\n%s", hp, logText(f))
	}
	f.Undo()

	f.Must(engine.Blow{Who: e, Blow: "at_shield", Weapon: 0, Foes: []int{k}, Guard: 0}, 30, 8)
	if w := f.Get("K").Weapons[0]; w.State != rules.FateBroken {
		t.Fatalf("the sword did not break K's whip: %q\n%s", w.State, logText(f))
	}
	if !f.Get("E").Has("entangled") {
		t.Errorf("E cut bystander K's whip, not H's that holds it, and is free:\n%s", logText(f))
	}
	if hp := f.Get("K").HP; hp != 8 {
		t.Errorf("K's whip, holding nobody, broken: K at %d HP, want 8\n%s", hp, logText(f))
	}
	f.Undo()

	f.Must(engine.Blow{Who: e, Blow: "at_shield", Weapon: 0, Foes: []int{h}, Guard: 1}, 30, 8)
	if f.Get("E").Has("entangled") || f.Get("H").HP != 12 {
		t.Errorf("E's sword cut H's whip: E entangled %v, H at %d HP (want free, 12)\n%s", f.Get("E").Has("entangled"),
			f.Get("H").HP, logText(f))
	}
	if r := handResumed(t, f); r.Get("E").Has("entangled") {
		t.Errorf("saved and resumed, E is entangled again")
	}
	f.Undo()
	if !f.Get("E").Has("entangled") || !strings.Contains(logText(f), "E is Entangled") {
		t.Errorf("undone, E is not entangled:\n%s", logText(f))
	}
}
