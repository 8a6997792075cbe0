package content_test

import (
	"strings"
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

// An action ended early pays for what happened (l.138-146): a Run of a
// third of one's Speed is 1 Energy, a melee attack broken off before its
// roll 1 Energy; at least 1, and less than the whole.
// ledger: energy/incomplete-actions
func TestEnergyActionEndedEarly(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Spend{Who: ash, Action: "run", Part: 1})
	if got := f.Get("Ash").Pools["energy"]; got != 4 {
		t.Fatalf("a third of a Run: Energy %d, want 4", got)
	}
	f.Must(engine.Spend{Who: ash, Action: "melee", Part: 1})
	for _, bad := range []int{3, 4, -1} {
		if _, err := f.Do(engine.Spend{Who: ash, Action: "run", Part: bad}); err == nil {
			t.Errorf("a Run ended early for %d Energy was accepted", bad)
		}
	}
	if _, err := f.Do(engine.Spend{Who: ash, Action: "initiative", Part: 1}); err == nil {
		t.Errorf("an Initiative roll ended early was accepted")
	}
	log := logText(f)
	for _, want := range []string{"Ash: Run, ended early (Energy 5 -> 4)", "Ash: Melee attack, ended early (Energy 4 -> 3)"} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}
