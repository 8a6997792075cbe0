package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
)

// A potion drunk in half a round costs half the attacks or half the
// movement (countdown.txt l.124-125): declared with the movement, every
// attack is kept and the Hero moves 20 of its TMR 40.
// ledger: countdown/potion-movement
func TestCountdownPotionMovement(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Hero", hp: 30, stats: map[string]int{"attacks": 3}}}, 5, 5, 5)
	f.Must(engine.Declare{Who: f.ID("Hero"), Declaration: "drink_potion_moving"})
	f.Next()
	if log := logText(f); strings.Contains(log, "gives up") || !strings.Contains(log, "third action") {
		t.Errorf("the potion drunk with half the movement costs an attack:\n%s", log)
	}
	want := "Moves 20 this round (Drink a potion, half the movement), 2 a segment from segment 10"
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Hero")); !strings.HasPrefix(got, want) {
		t.Errorf("the panel says %q, want %q", got, want)
	}
}
