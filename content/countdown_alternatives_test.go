package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Run and attack is move and attack "at a run instead of normal combat
// movement" (countdown.txt l.114-119), and a potion is paid for with half
// the attacks "or half your movement" (l.125): each pair is one choice,
// not two declarations. Both together would take -5 and -7 off every
// initiative (-12), or pay for one potion twice: refused either way
// round, with why.
// ledger: countdown/run-and-attack countdown/potion-movement
func TestCountdownAlternativeDeclarations(t *testing.T) {
	// The Hero's three attacks, had they been rolled: 5, 5, 5.
	f, _ := startFight(t, "countdown", []member{
		{name: "Hero", hp: 30, stats: map[string]int{"attacks": 3}}, {name: "Foe", hp: 30}, {name: "Third", hp: 30},
	}, 5, 5, 5, 5, 5)
	hero, foe, third := f.ID("Hero"), f.ID("Foe"), f.ID("Third")
	f.Must(engine.Declare{Who: hero, Declaration: "move_attack"})
	f.Refuse(engine.Declare{Who: hero, Declaration: "run_attack"}, "not with Move and attack")
	f.Must(engine.Declare{Who: foe, Declaration: "run_attack"})
	f.Refuse(engine.Declare{Who: foe, Declaration: "move_attack"}, "not with Run and attack")
	f.Must(engine.Declare{Who: third, Declaration: "drink_potion"})
	f.Refuse(engine.Declare{Who: third, Declaration: "drink_potion_moving"}, "not with Drink a potion")
	f.Must(engine.Undeclare{Who: third, Declaration: "drink_potion"})
	f.Must(engine.Declare{Who: third, Declaration: "drink_potion_moving"})
	f.Refuse(engine.Declare{Who: third, Declaration: "drink_potion"}, "not with Drink a potion, half the movement")
	f.Next()
	if log := logText(f); !strings.Contains(log, "Hero initiative, first action: 1d10 + dex_mod: [5] + 0 = 5, -5 declared: 0") {
		t.Errorf("move and attack alone: -5, not -12:\n%s", log)
	}
}
