package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Picking up a dropped weapon (countdown.txt): -15 DEF and a 4x DEX roll;
// at 1x one attack is still made, at -5 initiative; otherwise none. The
// declaration keeps one attack at -5; the roll takes it away unless it
// comes up 1x. Free actions: one a round is free, another costs an
// action.
// ledger: countdown/dropped-weapon countdown/free-actions
func TestCountdownPickUpWeaponAndFreeActions(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"},
		{name: "Guard", hp: 30, stats: map[string]int{"DEX": 12, "attacks": 2}},
	},
		// Fighter 1d10 6+2-5 = 3 (its second attack given up), Goblin
		// 1d10 5+1 = 6 and the Guard's 1d10 9, 1d8 4 less 1 action.
		6, 5, 9, 4)
	fighter, goblin, guard := f.ID("Fighter"), f.ID("Goblin"), f.ID("Guard")
	def := f.Get("Fighter").Stats["DEF"]
	f.Must(engine.Declare{Who: fighter, Declaration: "pick_up_weapon"})
	f.Must(engine.Declare{Who: goblin, Declaration: "pick_up_weapon"})
	f.Must(engine.Declare{Who: guard, Declaration: "free_action"})
	f.Must(engine.Declare{Who: guard, Declaration: "second_free_action"})
	if got := engine.StatNow(f.Rules, f.Get("Fighter"), "DEF"); got != def-15 {
		t.Errorf("DEF while stooping: %d, want %d", got, def-15)
	}
	f.Next()
	log := logText(f)
	for _, want := range []string{
		"Fighter declares Pick up a dropped weapon (initiative -5, gives up all but one of its actions, DEF -15)",
		"Guard declares Another free action (gives up an action)",
		"Fighter gives up 1 of 2 actions this round (Pick up a dropped weapon)",
		"Fighter initiative, first action: 1d10 + dex_mod: [6] + 2 = 8, -5 declared: 3",
		"Guard gives up 1 of 2 actions this round (Another free action)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	// DEX 10: 8 is 1x, the Fighter keeps its attack at 3; the Goblin's 30
	// is only 4x, and its attack is lost.
	f.Must(engine.RollCheck{Who: fighter, Check: "pick_up_weapon"}, 8)
	f.Must(engine.RollCheck{Who: goblin, Check: "pick_up_weapon"}, 30)
	log = logText(f)
	for _, want := range []string{
		"Fighter: Pick up a dropped weapon (DEX): d100: [8] = 8 vs 40 or less: 1x DEX: has the weapon and still makes one attack, at -5 initiative",
		"Goblin: Pick up a dropped weapon (DEX): d100: [30] = 30 vs 40 or less: 4x DEX: has the weapon, and no attack this round",
		"Goblin loses an action from this round's order (0 left)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "Fighter loses") {
		t.Errorf("a 1x roll cost the Fighter its attack:\n%s", log)
	}
	if got := f.Order(); got != "Guard,Fighter,Goblin" {
		t.Errorf("order %s", got)
	}
	f.Next() // the Fighter at 3; the Goblin's 1 is lost
	if f.Actor() != "Fighter" {
		t.Errorf("%s acts after the Guard, want the Fighter", f.Actor())
	}
	f.Next()
	if f.Current().Round != 2 && f.Actor() == "Goblin" {
		t.Errorf("the Goblin acts though its pick-up took its attack:\n%s", logText(f))
	}
}
