package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Each failed Fumble? or Stumble? and each serious arm or leg wound loses
// "one action this round" (l.373-381): out of a flurry, the quick action
// of a movement phase. Two lost before the movement phase take its quick
// action and the adjustment phase's; two lost in the movement phase with
// its quick action unspent take it and the adjustment phase's; a third
// finds nothing left to lose.
// ledger: war-and-combat/lost-actions
func TestWarAndCombatSecondLostActionTakesTheNextQuickAction(t *testing.T) {
	f := fourFighters(t)
	recordWound(f, "Brigand", "left_leg", "serious")
	recordWound(f, "Brigand", "right_leg", "serious")
	recordWound(f, "Brigand", "left_arm", "serious", 2)
	log := logText(f)
	for _, want := range []string{
		"Brigand loses an action this round: taken from its Quick action in the movement phase",
		"Brigand loses an action this round: taken from its Quick action in the adjustment phase",
		"Brigand has no action left to lose (an action lost)",
	} {
		if strings.Count(log, want) != 1 {
			t.Errorf("the log says %q %d times, want once:\n%s", want, strings.Count(log, want), log)
		}
	}
	wcToPhase(t, f, "movement")
	sgt := f.ID("Sergeant")
	f.Must(engine.RollCheck{Who: sgt, Check: "fumble"}, 1, 1, 1, 3)
	f.Must(engine.RollCheck{Who: sgt, Check: "stumble"}, 1, 1, 1)
	if got := f.Get("Sergeant").Pools["quick"]; got != 0 {
		t.Errorf("two actions lost in the movement phase leave its quick action: %d", got)
	}
	if got := f.Get("Brigand").Pools["quick"]; got != 0 {
		t.Errorf("the Brigand's movement phase quick action was lost, yet he has %d", got)
	}
	wcToPhase(t, f, "adjustment")
	for _, n := range []string{"Sergeant", "Brigand"} {
		if got := f.Get(n).Pools["quick"]; got != 0 {
			t.Errorf("%s lost a second action this round, yet has the adjustment phase's quick action: %d\n%s", n, got, logText(f))
		}
	}
	if got := f.Get("Veteran").Pools["quick"]; got != 1 {
		t.Errorf("the Veteran lost nothing, yet has %d quick actions", got)
	}
}
