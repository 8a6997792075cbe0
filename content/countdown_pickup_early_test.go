package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The pick-up roll made while the round's declarations are still open
// (countdown.txt l.156-157): the round's initiative is not rolled yet, so
// there is no action in the order to take. The loss stays with the round
// and is given up as initiative is rolled: a fumble after the declaration
// leaves no attack; without the declaration, the fumble's lost action
// still comes off the two attacks.
// ledger: countdown/dropped-weapon
func TestCountdownPickUpRolledDuringDeclarations(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"},
		{name: "Guard", hp: 30, stats: map[string]int{"DEX": 12, "attacks": 2}},
	},
		// Goblin 1d10 5+1 = 6, the Guard's one attack kept, 1d10 9.
		5, 9)
	fighter, guard := f.ID("Fighter"), f.ID("Guard")
	f.Must(engine.Declare{Who: fighter, Declaration: "pick_up_weapon"})
	f.Must(engine.RollCheck{Who: fighter, Check: "pick_up_weapon"}, 95)
	f.Must(engine.RollCheck{Who: guard, Check: "pick_up_weapon"}, 95)
	log := logText(f)
	if strings.Contains(log, "no action left to lose") {
		t.Errorf("the fumble found nothing to take:\n%s", log)
	}
	for _, want := range []string{
		"Fighter loses an action this round, given up as initiative is rolled",
		"Guard loses an action this round, given up as initiative is rolled",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	f.Next()
	log = logText(f)
	for _, want := range []string{
		"Fighter gives up 2 of 2 actions this round (Pick up a dropped weapon, 1 lost before initiative)",
		"Guard gives up 1 of 2 actions this round (1 lost before initiative)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "Fighter initiative") {
		t.Errorf("the Fighter rolled initiative for an attack its fumble took:\n%s", log)
	}
	if got := f.Order(); got != "Guard,Goblin" {
		t.Errorf("order %s, want Guard,Goblin", got)
	}
	// The loss was this round's: the next round the Fighter has both
	// attacks again.
	for f.Current().Round == 1 {
		f.Next()
	}
	f.Next()
	if got := f.Order(); !strings.Contains(got, "Fighter") {
		t.Errorf("round 2's order %s lacks the Fighter", got)
	}
}
