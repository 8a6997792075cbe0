package content_test

import (
	"testing"

	"fray/engine"
)

// The Move rating falls by 1 for each 25% of the hits lost, to no less
// than 1 (l.1165-1167): an orc of 45 hits and Move 5 moves 4 at 33 hits,
// 3 at 22, 2 at 11, and back to 5 healed whole; one of Move 2 at an
// eighth of its hits still moves 1.
// ledger: pathmaster/move-lost-to-injury
func TestMoveLostToInjury(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	move := func(want int) {
		t.Helper()
		if got := engine.StatNow(f.Rules, f.Get("Orc 1"), "move_rate"); got != want {
			t.Errorf("at %d hits: Move %d, want %d", f.Get("Orc 1").HP, got, want)
		}
	}
	move(5)
	f.Must(engine.Damage{Who: o, Amount: 12})
	move(4)
	f.Must(engine.Damage{Who: o, Amount: 11})
	move(3)
	f.Must(engine.Damage{Who: o, Amount: 11})
	move(2)
	f.Must(engine.Heal{Who: o, Amount: 34})
	move(5)
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Crawler", HP: 40, Stats: map[string]int{"move_rate": 2}}}}, 5, 5)
	f.Must(engine.Damage{Who: f.ID("Crawler"), Amount: 35})
	if got := engine.StatNow(f.Rules, f.Get("Crawler"), "move_rate"); got != 1 {
		t.Errorf("Move 2 at 5 of 40 hits: %d, want 1", got)
	}
}
