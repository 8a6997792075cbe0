package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// wcToPhase steps the fight on until the phase is reached; the shock phase's
// step rolls the round's initiative with the faces of
// TestWarAndCombatTwoRounds.
func wcToPhase(t *testing.T, f *enginetest.Fight, id string) {
	t.Helper()
	for range 40 {
		phases := f.Rules.RoundPhases()
		now := phases[f.Current().Phase].ID
		if now == id && f.Current().Round > 0 {
			return
		}
		if now == "shock" {
			f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
			continue
		}
		f.Must(engine.Next{})
	}
	t.Fatalf("the %s phase never comes", id)
}

// A fighter entering a zone of danger stops there (l.121): what is left of
// the phase's movement is gone, the threat is resolved in the flurry phase,
// the adjustment phase allows one hex and no more, and normal movement
// comes back the next round. If that one hex is in another zone of danger,
// he is stopped again: no movement the next round until the new threat is
// resolved, and again one hex in its adjustment phase.
// ledger: war-and-combat/danger-zone-stop
func TestWarAndCombatDangerZoneStops(t *testing.T) {
	f := fourFighters(t)
	vet := f.ID("Veteran")
	wcToPhase(t, f, "movement")
	f.Must(engine.Spend{Who: vet, Action: "step"})
	f.Must(engine.Spend{Who: vet, Action: "danger"})
	if got := f.Get("Veteran").Pools["moves"]; got != 0 {
		t.Errorf("stopped in a zone of danger with %d movement points left", got)
	}
	f.Refuse(engine.Spend{Who: vet, Action: "step"}, "Veteran is In a zone of danger: cannot move")
	wcToPhase(t, f, "flurry")
	f.Refuse(engine.Spend{Who: vet, Action: "step"}, "")
	wcToPhase(t, f, "adjustment")
	if f.Get("Veteran").Has("danger") || !f.Get("Veteran").Has("adjusting") {
		t.Fatalf("the threat resolved, the adjustment is not one hex:\n%s", logText(f))
	}
	f.Must(engine.Spend{Who: vet, Action: "step_back"}) // one hex, any way (a flank or rear hex costs 2)
	if got := f.Get("Veteran").Pools["moves"]; got != 0 {
		t.Errorf("after the one hex adjustment %d movement points are left", got)
	}
	f.Refuse(engine.Spend{Who: vet, Action: "step"}, "")
	// The hex is in another zone of danger: stopped again.
	f.Must(engine.Spend{Who: vet, Action: "danger"})
	wcToPhase(t, f, "movement")
	if f.Current().Round != 2 {
		t.Fatalf("round %d", f.Current().Round)
	}
	f.Refuse(engine.Spend{Who: vet, Action: "step"}, "Veteran is In a zone of danger: cannot move")
	wcToPhase(t, f, "adjustment")
	f.Must(engine.Spend{Who: vet, Action: "step"})
	f.Refuse(engine.Spend{Who: vet, Action: "step"}, "")
	wcToPhase(t, f, "movement")
	for i := range 4 {
		if _, err := f.Do(engine.Spend{Who: vet, Action: "step"}); err != nil {
			t.Fatalf("in the clear, step %d: %v", i+1, err)
		}
	}
	if got := f.LastLog("Veteran is In a zone of danger"); !strings.Contains(got, "flurry phase") {
		t.Errorf("the stop's duration is not said: %q", got)
	}
}

// The turn to face's -1 Defense lasts "the entire flurry" (l.93): it ends
// with the flurry, not the round: as the flurry phase ends, when the next
// flurry begins between the same fighters, or when the one who turned
// leaves the flurry; given in the movement phase, before the flurry, it
// lasts through it.
// ledger: war-and-combat/turn-to-face-defense
func TestWarAndCombatTurnedEndsWithTheFlurry(t *testing.T) {
	f := inFlurry(t)
	vet := f.ID("Veteran")
	f.Must(engine.GiveCondition{Who: vet, Condition: "turned"})
	wcToPhase(t, f, "adjustment")
	if f.Get("Veteran").Has("turned") {
		t.Error("the turn's -1 outlasts the flurry phase")
	}

	f = inFlurry(t)
	f.Must(engine.GiveCondition{Who: vet, Condition: "turned"})
	f.Must(engine.Flurry{Who: vet, Step: "again"}, 3, 3, 3, 1, 1, 1)
	if f.Get("Veteran").Has("turned") {
		t.Error("the turn's -1 outlasts its flurry into the next")
	}
	f.Must(engine.GiveCondition{Who: vet, Condition: "turned"})
	f.Must(engine.Disengage{Who: f.ID("Archer")})
	if f.Get("Veteran").Has("turned") {
		t.Error("the turn's -1 outlasts the flurry the Archer left")
	}

	f = fourFighters(t)
	wcToPhase(t, f, "movement")
	f.Must(engine.Engage{Who: vet, Foe: f.ID("Archer")})
	f.Must(engine.GiveCondition{Who: vet, Condition: "turned"})
	wcToPhase(t, f, "flurry")
	if !f.Get("Veteran").Has("turned") {
		t.Errorf("turned as the flurry begins, the -1 is gone before it:\n%s", logText(f))
	}
}

// The coup-de-grace kills (l.389): the dead victim is no longer open to
// one, whatever made it so (three limbs disabled, unconscious), and a
// wound recorded on the dead does not open it again.
// ledger: war-and-combat/coup-de-grace
func TestWarAndCombatDeadIsNoLongerOpenToACoupDeGrace(t *testing.T) {
	f := fourFighters(t)
	wcToPhase(t, f, "movement")
	stroke := func(who, victim string) engine.Flurry {
		return engine.Flurry{Who: f.ID(who), Step: engine.FlurryStroke, Foe: f.ID(victim)}
	}
	recordWound(f, "Sergeant", "left_arm", "critical")
	recordWound(f, "Sergeant", "right_leg", "critical")
	recordWound(f, "Sergeant", "right_arm", "critical")
	f.Must(stroke("Veteran", "Sergeant"))
	recordWound(f, "Sergeant", "chest", "mortal")
	f.Must(engine.GiveCondition{Who: f.ID("Brigand"), Condition: "unconscious"})
	f.Must(stroke("Archer", "Brigand"))
	for _, n := range []string{"Sergeant", "Brigand"} {
		if c := f.Get(n); !c.Has("dead") || c.Has("finishable") {
			t.Errorf("%s dead %v, still open to a coup-de-grace %v:\n%s", n, c.Has("dead"), c.Has("finishable"), logText(f))
		}
	}
	if !f.Get("Brigand").Has("unconscious") {
		t.Error("the stroke woke the Brigand")
	}
}

// Forced against an obstacle, the defender is at -1 Defense for that
// flurry (l.273): the flurries of the round over, it is gone; the
// adjustment phase's swipe does not take it.
// ledger: war-and-combat/obstacle
func TestWarAndCombatObstacleEndsWithTheFlurryPhase(t *testing.T) {
	f := inFlurry(t)
	f.Must(engine.Flurry{Who: f.ID("Veteran"), Step: "obstacle", Foe: f.ID("Archer")})
	wcToPhase(t, f, "adjustment")
	if f.Get("Archer").Has("cornered") {
		t.Errorf("the flurry phase over, the Archer is still against the obstacle:\n%s", logText(f))
	}
}

// The maneuvers are attacks (l.393: "these attacks"), and a fighter makes
// as many attacks in a flurry as it has actions (l.277): the attack roll
// of a disarm or a grapple (g, Attack) uses an action of its flurry, as a
// blow does, and is refused with none left.
// ledger: war-and-combat/out-of-actions
func TestWarAndCombatManeuverAttackUsesAFlurryAction(t *testing.T) {
	f := inFlurry(t)
	archer := f.ID("Archer")
	f.Must(engine.RollCheck{Who: archer, Check: "attack", Target: f.ID("Veteran")}, 1, 1, 1)
	if left := f.Get("Archer").Flurry.Left; left != 1 {
		t.Errorf("after an attack roll in the flurry the Archer has %d actions, want 1:\n%s", left, logText(f))
	}
	f.Must(engine.RollCheck{Who: archer, Check: "attack", Target: f.ID("Veteran")}, 1, 1, 1)
	f.Refuse(engine.RollCheck{Who: archer, Check: "attack", Target: f.ID("Veteran")}, "0 actions left in flurry 1")
	// Out of a flurry, an attack roll uses none.
	f.Must(engine.RollCheck{Who: f.ID("Sergeant"), Check: "attack", Target: f.ID("Brigand")}, 1, 1, 1)
}
