package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Striking a leg wound off the record (h) gives back the movement points
// it took this phase (l.381: the impaired leg halves the rate for as long
// as it is impaired): 4 a phase, 2 on the impaired leg, one step taken, 1
// left; struck off, 3.
// ledger: war-and-combat/stumble-serious
func TestWarAndCombatStruckOffLegWoundGivesMovementBack(t *testing.T) {
	f := fourFighters(t)
	wcToPhase(t, f, "movement")
	sgt := f.ID("Sergeant")
	recordWound(f, "Sergeant", "left_leg", "serious")
	if got := f.Get("Sergeant").Pools["moves"]; got != 2 {
		t.Fatalf("on an impaired leg %d movement points, want 2:\n%s", got, logText(f))
	}
	f.Must(engine.Spend{Who: sgt, Action: "step"})
	f.Must(engine.StrikeWound{Who: sgt, Wound: 0})
	if got := f.Get("Sergeant").Pools["moves"]; got != 3 {
		t.Errorf("the leg wound struck off, %d movement points, want 3:\n%s", got, logText(f))
	}
	if !strings.Contains(logText(f), "Sergeant") {
		t.Error("nothing logged")
	}
}

// A lost action is lost this round (l.373-375): a fighter out of any
// flurry who fails a Stumble? in the flurry phase, its movement phase's
// quick action spent or not, loses the quick action of the adjustment
// phase to come; one who fails it in the shock phase loses the movement
// phase's. Neither is told it has no action left to lose.
// ledger: war-and-combat/lost-actions
func TestWarAndCombatActionLostBeforeItsPhase(t *testing.T) {
	f := fourFighters(t)
	wcToPhase(t, f, "flurry")
	recordWound(f, "Sergeant", "left_leg", "light", 1, 1, 1)
	if got := f.LastLog("Sergeant"); strings.Contains(logText(f), "no action") {
		t.Errorf("told it has no action to lose: %q\n%s", got, logText(f))
	}
	wcToPhase(t, f, "adjustment")
	if got := f.Get("Sergeant").Pools["quick"]; got != 0 {
		t.Errorf("the adjustment phase's quick action kept after an action lost in the flurry phase: %d\n%s", got, logText(f))
	}
	if got := f.Get("Veteran").Pools["quick"]; got != 1 {
		t.Errorf("the Veteran lost nothing, yet has %d quick actions", got)
	}
	wcToPhase(t, f, "shock")
	recordWound(f, "Brigand", "left_leg", "light", 1, 1, 1)
	wcToPhase(t, f, "movement")
	if got := f.Get("Brigand").Pools["quick"]; got != 0 || strings.Contains(logText(f), "no action") {
		t.Errorf("an action lost in the shock phase: the movement phase's quick action %d\n%s", got, logText(f))
	}
	wcToPhase(t, f, "adjustment")
	if got := f.Get("Brigand").Pools["quick"]; got != 1 {
		t.Errorf("one action lost, yet the adjustment phase's quick action is %d", got)
	}
	// The movement phase's quick action spent, the action lost is the
	// adjustment phase's.
	wcToPhase(t, f, "movement")
	f.Must(engine.Spend{Who: f.ID("Archer"), Action: "quick"})
	recordWound(f, "Archer", "left_leg", "light", 1, 1, 1)
	wcToPhase(t, f, "adjustment")
	if got := f.Get("Archer").Pools["quick"]; got != 0 || strings.Contains(logText(f), "no action") {
		t.Errorf("its quick action spent, an action lost in the movement phase leaves the adjustment phase's %d\n%s", got, logText(f))
	}
}

// Standing up is a quick action (the action table, l.176): it takes
// Fallen off and spends the phase's quick action. One who failed a
// Stumble? may not stand on the leg for the rest of the round (l.375), and
// one with a disabled leg, both legs disabled or immobile cannot stand:
// each is refused with the reason.
// ledger: war-and-combat/stumble-leg-rest-of-round
func TestWarAndCombatStandUp(t *testing.T) {
	f := fourFighters(t)
	wcToPhase(t, f, "movement")
	sgt := f.ID("Sergeant")
	recordWound(f, "Sergeant", "left_leg", "light", 1, 1, 1)
	f.Refuse(engine.Spend{Who: sgt, Action: "stand_up"}, "Sergeant is Stumbled")
	wcToPhase(t, f, "shock")
	wcToPhase(t, f, "movement")
	f.Must(engine.Spend{Who: sgt, Action: "stand_up"})
	if c := f.Get("Sergeant"); c.Has("prone") || c.Pools["quick"] != 0 {
		t.Errorf("stood up: fallen %v, quick action %d", c.Has("prone"), c.Pools["quick"])
	}
	recordWound(f, "Brigand", "left_leg", "critical")
	f.Refuse(engine.Spend{Who: f.ID("Brigand"), Action: "stand_up"}, "Brigand is Leg disabled")
}
