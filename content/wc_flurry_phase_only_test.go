package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Flurries are fought in the flurry phase (l.38, 236), each with its own
// actions (l.275), rolled again at the next (l.293): once the phase is
// over, what a fighter used in it no longer counts. The Archer, his two
// actions used, takes his second shot in the adjustment phase (l.205) and
// shoots again in the next round's movement phase; the Veteran, his four
// used, strikes in the adjustment phase and deals a killing stroke in the
// next movement phase with its quick action; a blow there on the Archer is no
// undefended strike on "a fighter in a flurry" out of actions (l.238, 277).
// ledger: war-and-combat/out-of-actions war-and-combat/ranged-shots-per-round war-and-combat/outside-strikes
func TestWarAndCombatFlurryActionsEndWithTheFlurryPhase(t *testing.T) {
	f := inFlurry(t)
	vet, sgt, arc := f.ID("Veteran"), f.ID("Sergeant"), f.ID("Archer")
	f.Must(engine.Flurry{Who: vet, Step: "action", Actions: 4})
	f.Must(engine.Flurry{Who: arc, Step: "action", Actions: 2})
	wcToPhase(t, f, "adjustment")
	blow := func(who, foe int, kind string, faces ...int) {
		t.Helper()
		if _, err := f.Do(engine.Blow{Who: who, Blow: kind, Foes: []int{foe}, Location: "chest"}, faces...); err != nil {
			t.Errorf("%s phase, %s by %s: %v", f.Rules.RoundPhases()[f.Current().Phase].ID, kind,
				f.Current().Combatant(who).Name, err)
		}
	}
	// 3 + 5 + 1 = 9 against 10: a miss.
	blow(arc, sgt, "shot", 1, 1, 1)
	// 3 + 8 = 11 against the Archer's 15: a miss, unless counted undefended.
	blow(sgt, arc, "attack", 1, 1, 1)
	if got := f.LastLog("Sergeant: Attack against Archer"); strings.Contains(got, "Undefended") {
		t.Errorf("the flurry is over, yet the Archer is undefended: %q", got)
	}
	// 3 + 12 + 1 = 16 against 15: a hit for 2 (a light chest wound).
	blow(vet, arc, "attack", 1, 1, 1, 1, 1)
	wcToPhase(t, f, "movement")
	// The coup-de-grace out of the flurry phase is the phase's quick
	// action (l.170, 389), not an action of the flurry gone by.
	recordWound(f, "Archer", "head", "critical")
	if _, err := f.Do(engine.Flurry{Who: vet, Step: engine.FlurryStroke, Foe: arc}); err != nil {
		t.Errorf("the killing stroke in the next movement phase: %v", err)
	} else {
		if got := f.Get("Veteran").Pools["quick"]; got != 0 {
			t.Errorf("the killing stroke left the quick action: %d", got)
		}
		f.Undo()
	}
	f.Undo()
	blow(arc, sgt, "shot", 1, 1, 1)
	if f.Get("Archer").Pools["quick"] != 0 {
		t.Errorf("the shot did not spend the movement phase's quick action: %v", f.Get("Archer").Pools)
	}
}

// A foe forced against an obstacle gives the attacker an action and
// himself -1 Defense "for that flurry only" (l.273): after the flurry phase
// there is no flurry to drive him in, and nothing of it reaches the next
// round; the flurry's actions are not used there either.
// ledger: war-and-combat/obstacle
func TestWarAndCombatObstacleOnlyInTheFlurryPhase(t *testing.T) {
	f := inFlurry(t)
	wcToPhase(t, f, "adjustment")
	f.Refuse(engine.Flurry{Who: f.ID("Veteran"), Step: "obstacle", Foe: f.ID("Archer")}, "flurries are fought in the Flurry phase")
	f.Refuse(engine.Flurry{Who: f.ID("Veteran"), Step: "action"}, "flurries are fought in the Flurry phase")
	if f.Get("Archer").Has("cornered") {
		t.Error("the Archer is against an obstacle after the flurry phase")
	}
}
