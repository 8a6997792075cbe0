package content_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/engine"
)

// A free attack on one withdrawing from melee (countdown.txt l.158-164)
// is an attack like any other, only without the shield's DEF: the blow
// (withdraw.blow) strikes, rolls the weapon's damage, PROT comes off it and
// a hit over CON stuns, as A does; all of it one step, one undo.
// ledger: countdown/withdraw
func TestCountdownFreeAttackIsABlow(t *testing.T) {
	// Fighter 8+2 = 10 and 2+2 = 4, Goblin 6+1 = 7.
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"}}, 8, 2, 6)
	f.Next()
	if f.Actor() != "Fighter" {
		t.Fatalf("%s acts first, not the Fighter", f.Actor())
	}
	before := f.Current().Clone()
	// The Goblin: SC 70 - DEF 40 = 30, +10 for the shield left out: 35
	// hits; its Short sword 1d6 rolls 5, less the Fighter's PROT 3.
	f.Must(engine.Withdraw{Who: f.ID("Fighter"), Foes: []int{f.ID("Goblin")}}, 35, 5)
	log := logText(f)
	for _, want := range []string{
		"Fighter withdraws from melee at segment 10 (movement): a free attack for Goblin",
		"Goblin strikes at Fighter with Short sword",
		"Goblin: Strike against Fighter (Free attack on one withdrawing (no shield DEF) +10): d100: [35] = 35 vs 40 or less (30 + 10): Hit",
		"PROT 3 takes 3 off 5: 2 gets through",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if got := f.Get("Fighter").HP; got != 38 {
		t.Errorf("the Fighter has %d HP, want 38", got)
	}
	if _, ok := f.Undo(); !ok || !reflect.DeepEqual(*f.Current(), before) {
		t.Errorf("one undo does not take the withdrawal and its blow back")
	}
}
