package content_test

import (
	"testing"

	"fray/engine"
)

// Energy's rules read again from the book (energy.txt): the start of a
// fight, bleeding, the order row, actions ended early.

// A creature with Constitution 0 has no Stamina: it starts the fight
// unconscious (l.57, 72), joining mid-fight too, and rolls to wake each round.
// ledger: energy/stamina-zero-at-start
func TestEnergyNoStaminaStartsUnconscious(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Husk", hp: 10, stats: map[string]int{"con": 0}}, {name: "Ash", creature: "adventurer"}})
	h := f.Get("Husk")
	if !h.Has("knocked_out") || !h.Has("unconscious") || h.Pools["energy"] != 0 {
		t.Fatalf("a creature at Stamina 0 starts %v with %v", h.Conditions, h.Pools)
	}
	if f.Get("Ash").Has("knocked_out") {
		t.Fatalf("Ash starts knocked out")
	}
	if _, err := f.Do(engine.Spend{Who: f.ID("Husk"), Action: "shift"}); err == nil {
		t.Fatalf("an unconscious creature shifted")
	}
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Shell", HP: 8, Stats: map[string]int{"con": 0}}}})
	if !f.Get("Shell").Has("knocked_out") {
		t.Fatalf("one joining at Stamina 0 is %v", f.Get("Shell").Conditions)
	}
	f.Must(engine.Next{}, 3, 4) // the waking rolls: neither wakes
	if !f.Get("Shell").Has("knocked_out") || f.Get("Shell").Pools["energy"] != 0 {
		t.Fatalf("a 4 woke Shell: %v", f.Get("Shell").Conditions)
	}
}
