package content_test

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/rules"
)

// An impaling weapon pulled back out (l.383, 385): the attacker's
// Difficult roll at once frees it: the dagger is in Yvarre's hand again and
// the guard no longer Impaled, so it may be healed. Pulled out by the
// impaled itself (l.391, STR against the damage: "Success means that the
// weapon has been freed and is in the hands of the target"), the dagger is
// out of the guard and in its hands, ready, no longer Yvarre's. Undone, it
// is stuck again.
// ledger: brp/impaled-weapon
func TestBRPPullingTheImpalingWeaponOut(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y, g := f.ID("Yvarre"), f.ID("Guard")
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}}, 5, 1, 1, 1) // a special: impaled
	if !f.Get("Guard").Has("impaled") || f.Get("Yvarre").Weapons[0].State != "stuck" {
		t.Fatalf("the special did not impale:\n%s", logText(f))
	}
	f.Must(engine.RollCheck{Who: y, Check: "pull_weapon", Target: g}, 10)
	if f.Get("Guard").Has("impaled") {
		t.Errorf("pulled free, yet the guard is still Impaled")
	}
	if w := f.Get("Yvarre").Weapons[0]; !w.Ready() {
		t.Errorf("pulled free, yet Yvarre's %s is %s", w.Name, w.State)
	}
	if !strings.Contains(logText(f), "Yvarre's Dagger is ready again (it was stuck)") {
		t.Errorf("the log does not say the dagger is back in hand:\n%s", logText(f))
	}
	f.Must(engine.Heal{Who: g, Amount: 1})

	f, _ = startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y, g = f.ID("Yvarre"), f.ID("Guard")
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}}, 5, 1, 1, 1)
	f.Must(engine.RollCheck{Who: g, Check: "pull_impaled", Expr: "40"}, 10)
	if f.Get("Guard").Has("impaled") {
		t.Errorf("the guard pulled it out, yet is still Impaled")
	}
	if slices.ContainsFunc(f.Get("Yvarre").Weapons, func(w engine.Weapon) bool { return w.Name == "Dagger" }) {
		t.Errorf("pulled out by the guard, Yvarre still has her Dagger: %+v", f.Get("Yvarre").Weapons)
	}
	guard := f.Get("Guard").Weapons
	if i := slices.IndexFunc(guard, func(w engine.Weapon) bool { return w.Name == "Dagger" }); i < 0 || !guard[i].Ready() {
		t.Errorf("pulled out by the guard, it holds the Dagger ready (l.391): %+v\n%s", guard, logText(f))
	}
	if !strings.Contains(logText(f), "Guard pulls Yvarre's Dagger out of itself and holds it, ready") {
		t.Errorf("the log does not say the guard holds the dagger:\n%s", logText(f))
	}
	f.Undo()
	if w := f.Get("Yvarre").Weapons[0]; w.State != rules.FateStuck || len(f.Get("Guard").Weapons) != len(guard)-1 {
		t.Errorf("the pull undone: Yvarre's %s %q, the guard's weapons %d", w.Name, w.State, len(f.Get("Guard").Weapons))
	}
}
