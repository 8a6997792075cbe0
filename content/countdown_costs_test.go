package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// What several declarations cost together (countdown.txt l.121-127): each
// its own share of the round, added up. Two half-round declarations (a
// shield readied and a potion drunk) are the whole round; another free
// action takes a regular action on top of what else was declared, each one
// declared; all of
// it never more than the round holds.
// ledger: countdown/free-actions countdown/ready-shield countdown/drink-potion
func TestCountdownDeclaredCostsAddUp(t *testing.T) {
	for _, c := range []struct {
		declare []string
		attacks int
		want    string
	}{
		{[]string{"ready_shield", "drink_potion"}, 2, "gives up 2 of 2 actions this round (Ready a shield, Drink a potion)"},
		{[]string{"ready_shield", "drink_potion"}, 3, "gives up 3 of 3 actions this round (Ready a shield, Drink a potion)"},
		{[]string{"ready_shield", "drink_potion"}, 5, "gives up 5 of 5 actions this round (Ready a shield, Drink a potion)"},
		{[]string{"careful_aim", "second_free_action"}, 3, "gives up 2 of 3 actions this round (Careful aim, Another free action)"},
		{[]string{"pick_up_weapon", "second_free_action"}, 2, "gives up 2 of 2 actions this round (Pick up a dropped weapon, Another free action)"},
		{[]string{"move_attack", "second_free_action"}, 4, "gives up 3 of 4 actions this round (Move and attack, Another free action)"},
		{[]string{"full_defense", "second_free_action"}, 2, "gives up 2 of 2 actions this round (Full defense, Another free action)"},
		// Three free actions: the round's one, and two more at an action each.
		{[]string{"free_action", "second_free_action", "second_free_action"}, 3,
			"gives up 2 of 3 actions this round (Another free action, Another free action)"},
	} {
		f, _ := startFight(t, "countdown", []member{{name: "Hero", hp: 30, stats: map[string]int{"attacks": c.attacks}}},
			5, 5, 5, 5, 5)
		for _, d := range c.declare {
			f.Must(engine.Declare{Who: f.ID("Hero"), Declaration: d})
		}
		f.Next()
		if log := logText(f); !strings.Contains(log, "Hero "+c.want) {
			t.Errorf("%v with %d attacks: log lacks %q:\n%s", c.declare, c.attacks, c.want, log)
		}
	}
}
