package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// "Any confused creature who is attacked automatically attacks its
// attackers on its next turn, as long as it is still confused" (l.859-860,
// 844-845): Gavvin's attack roll at Confused Orc 1 leaves it Confused,
// attacked; at its turn no behaviour roll is made (a 30 would read "does
// nothing") and its attack on Gavvin is taken; a Talk is refused. Its next
// turn after that rolls the table again. An orc not confused gains
// nothing from being attacked.
// ledger: pathmaster/confused-behaviour
func TestConfusedAttackedAttacksItsAttacker(t *testing.T) {
	f, _ := pm(t)
	g, o1 := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.GiveCondition{Who: o1, Condition: "confused"})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o1}, 50)
	if !f.Get("Orc 1").Has("confused_attacked") {
		t.Fatalf("Orc 1, confused and attacked, is not Confused, attacked")
	}
	f.ToTurnOf("Orc 1")
	if strings.Contains(logText(f), "Orc 1 Confused: 1d100") {
		t.Errorf("the attacked confused orc rolled its behaviour:\n%s", logText(f))
	}
	f.Refuse(engine.Spend{Who: o1, Action: "talk"}, "Confused, attacked")
	f.Must(engine.RollCheck{Who: o1, Check: "attack", Target: g}, 50)
	if f.Get("Gavvin").Has("confused_attacked") {
		t.Errorf("Gavvin, not confused, is Confused, attacked")
	}
	f.ToTurnOf("Orc 2")
	if f.Get("Orc 1").Has("confused_attacked") {
		t.Errorf("Confused, attacked outlasts the orc's turn")
	}
	f.ToTurnOf("Orc 1", 30)
	if line := f.LastLog("Orc 1 (Confused)"); !strings.Contains(line, "does nothing") {
		t.Errorf("the turn after, the behaviour roll: %q", line)
	}
}

// A shot at a confused creature is an attack as a blow is, and a fumbled
// one too (l.859): each leaves it Confused, attacked.
// ledger: pathmaster/confused-behaviour
func TestConfusedAttackedByAnyAttackRoll(t *testing.T) {
	for _, check := range []string{"attack", "ranged"} {
		for _, faces := range [][]int{{50}, {1, 5}} {
			f, _ := pm(t)
			g, o1 := f.ID("Gavvin"), f.ID("Orc 1")
			f.Must(engine.GiveCondition{Who: o1, Condition: "confused"})
			f.Must(engine.RollCheck{Who: g, Check: check, Target: o1}, faces...)
			if !f.Get("Orc 1").Has("confused_attacked") {
				t.Errorf("%s roll %v at confused Orc 1: not Confused, attacked\n%s", check, faces, logText(f))
			}
		}
	}
}
