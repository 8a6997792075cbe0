package content_test

import (
	"testing"

	"fray/engine"
)

// Anyone attacking one taking careful aim "gets the +10 Target Stationary
// bonus" (countdown.txt l.182), and no movement stands as still (l.15,
// 174): an archer who declares both, as the book's own example does, is
// one stationary target, +10 to ranged attackers, not +20.
// ledger: countdown/careful-aim countdown/ranged-movement
func TestCountdownStationaryCountedOnce(t *testing.T) {
	// The Archer 5+2+3 = 10 (its second shot given up), the Fighter 3+2 = 5, 1+2 = 3.
	f, _ := startFight(t, "countdown", []member{{name: "Archer", creature: "goblin_archer"}, {name: "Fighter", creature: "fighter"}}, 5, 3, 1)
	archer := f.ID("Archer")
	f.Must(engine.Declare{Who: archer, Declaration: "careful_aim"})
	f.Must(engine.Declare{Who: archer, Declaration: "no_movement"})
	f.Next()
	if _, ranged, from := engine.AttackerBonus(f.Rules, f.Get("Archer")); ranged != 10 || len(from) != 2 {
		t.Errorf("attackers of the aimer standing still: ranged %+d from %v, want +10 named by both", ranged, from)
	}
}
