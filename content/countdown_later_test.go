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

// No movement costs 20 on Luck saves (countdown.txt l.15): the Luck save
// (d100 at or under Luck) of one who declared it is 20 harder.
// ledger: countdown/no-movement-luck
func TestCountdownNoMovementLuck(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"}},
		5, 5, 5)
	fighter := f.ID("Fighter")
	f.Must(engine.Declare{Who: fighter, Declaration: "no_movement"})
	f.Must(engine.RollCheck{Who: fighter, Check: "luck_save"}, 25)
	want := "Fighter: Luck save (No movement: Luck -20): d100: [25] = 25 vs 20 or less"
	if log := logText(f); !strings.Contains(log, want) || !strings.Contains(log, "Fails") {
		t.Errorf("log lacks %q:\n%s", want, log)
	}
	f.Must(engine.RollCheck{Who: f.ID("Goblin"), Check: "luck_save"}, 25)
	if log := logText(f); !strings.Contains(log, "Goblin: Luck save: d100: [25] = 25 vs 30 or less: Saves") {
		t.Errorf("the Goblin's save:\n%s", log)
	}
}
