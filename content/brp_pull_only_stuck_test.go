package content_test

import (
	"testing"

	"fray/engine"
)

// "The attacker may pull the weapon back out at once" (l.383): out of the
// one it is stuck in. Rolled at anyone else it pulls nothing, so it is
// refused before it is rolled, not logged "Pulled free" with the weapon
// still stuck.
// ledger: brp/impaled-weapon
func TestBRPPullBackOutOnlyFromTheOneImpaled(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"},
		{name: "Other", creature: "temple_guard"}})
	y, g, o := f.ID("Yvarre"), f.ID("Guard"), f.ID("Other")
	onRank(t, f, "Yvarre")
	f.Refuse(engine.RollCheck{Who: y, Check: "pull_weapon", Target: g},
		"Yvarre holds no Hand weapon just stuck: no Pull an impaling weapon back out at once")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}}, 5, 1, 1, 1) // a special: impaled
	if !f.Get("Guard").Has("impaled") || f.Get("Yvarre").Weapons[0].State != "stuck" {
		t.Fatalf("the special did not impale:\n%s", logText(f))
	}
	f.Refuse(engine.RollCheck{Who: y, Check: "pull_weapon", Target: o},
		"Yvarre has no weapon stuck in Other: no Pull an impaling weapon back out at once")
	f.Must(engine.RollCheck{Who: y, Check: "pull_weapon", Target: g}, 10)
	if f.Get("Guard").Has("impaled") || f.Get("Yvarre").Weapons[0].State == "stuck" {
		t.Errorf("pulled at the one impaled, the weapon is still stuck:\n%s", logText(f))
	}
}
