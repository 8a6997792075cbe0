package content_test

import (
	"testing"

	"fray/engine"
)

// Full Defense "gets their max bonus for Defending, plus an additional +5"
// (countdown.txt l.148-150): it is Defending at its most and more, not
// something beside it. Declared over Defending it would count the
// Defending bonus twice (rank 5, DEF 30: 30 + 12 + 18 = 60 where the book
// gives 48): refused either way round, with why.
// ledger: countdown/full-defense
func TestCountdownFullDefenseNotBesideDefending(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Guard", hp: 30, stats: map[string]int{"weapon_rank": 5, "DEF": 30}},
		{name: "Brute", hp: 30, stats: map[string]int{"weapon_rank": 5, "DEF": 30}},
	})
	guard, brute := f.ID("Guard"), f.ID("Brute")
	f.Must(engine.Declare{Who: guard, Declaration: "defending", Amount: 25})
	f.Refuse(engine.Declare{Who: guard, Declaration: "full_defense"}, "not with Defending")
	f.Must(engine.Declare{Who: brute, Declaration: "full_defense"})
	f.Refuse(engine.Declare{Who: brute, Declaration: "defending", Amount: 25}, "not with Full defense")
	if got := engine.StatNow(f.Rules, f.Get("Brute"), "DEF"); got != 48 {
		t.Errorf("Full defense at rank 5, DEF 30: %d, want 48", got)
	}
	// Taken back, Defending gives way to Full defense.
	f.Must(engine.Undeclare{Who: guard, Declaration: "defending"})
	f.Must(engine.Declare{Who: guard, Declaration: "full_defense"})
	if got := engine.StatNow(f.Rules, f.Get("Guard"), "DEF"); got != 48 {
		t.Errorf("the Guard's Full defense: %d, want 48", got)
	}
}
