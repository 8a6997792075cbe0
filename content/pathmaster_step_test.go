package content_test

import (
	"testing"

	"fray/engine"
)

// Move, Run, Change Posture and Pick Up allow the round's Step; they do
// not need it (l.111-114, 544, 572-575, 580-581). After a Retreat, a
// Fallback, a Dive for Cover or a Step taken with an Attack, one still
// moves (a Step and a Move-1), runs, stands up or picks up; taking one of
// them uses the Step up if it is left ("a Move eliminates the option of
// taking a Step").
// ledger: pathmaster/step-limit pathmaster/step-and-move-distance pathmaster/change-posture
func TestMovingWithTheStepUsed(t *testing.T) {
	f, _ := pm(t)
	g, o3 := f.ID("Gavvin"), f.ID("Orc 3")
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Spend{Who: o3, Action: "retreat", At: g})
	f.ToTurnOf("Orc 3")
	if _, err := f.Do(engine.Spend{Who: o3, Action: "step"}); err != nil {
		t.Errorf("a Move after a Retreat: %v", err)
	}
	f.ToTurnOf("Gavvin") // round 2
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Spend{Who: g, Action: "single_step"})
	if _, err := f.Do(engine.Spend{Who: g, Action: "step"}); err != nil {
		t.Errorf("an Attack with its Step, then a Move (Move-1): %v", err)
	}

	r, _ := pm(t)
	r.Must(engine.Spend{Who: g, Action: "melee_attack"})
	r.Must(engine.Spend{Who: o3, Action: "fallback"})
	r.ToTurnOf("Orc 3")
	if _, err := r.Do(engine.Spend{Who: o3, Action: "run"}); err != nil {
		t.Errorf("a Run after a Fallback: %v", err)
	}

	h, _ := pm(t)
	h.Must(engine.Spend{Who: o3, Action: "dive_for_cover"})
	h.ToTurnOf("Orc 3")
	if _, err := h.Do(engine.Spend{Who: o3, Action: "change_posture"}); err != nil {
		t.Errorf("dived for cover, cannot stand at its own turn: %v", err)
	}
	if h.Get("Orc 3").Has("prone") {
		t.Errorf("Orc 3 still prone after Change Posture")
	}

	k, _ := pm(t)
	k.Must(engine.Spend{Who: g, Action: "step"})
	if _, err := k.Do(engine.Spend{Who: g, Action: "pick_up"}); err != nil {
		t.Errorf("Pick Up after a Move (the Attack exchanged for its Move): %v", err)
	}
}

// A Move, a Run, a Change Posture or a Pick Up uses the round's Step up
// when it is left: no Step after them, and no Retreat (which needs it).
// ledger: pathmaster/move-no-step pathmaster/step-and-move-distance
func TestMovingUsesTheStepUp(t *testing.T) {
	for _, a := range []string{"step", "run", "change_posture", "pick_up"} {
		f, _ := pm(t)
		g := f.ID("Gavvin")
		f.Must(engine.Spend{Who: g, Action: a})
		if n := f.Get("Gavvin").Pools["step"]; n != 0 {
			t.Errorf("%s: the Step left %d, want 0", a, n)
		}
		if _, err := f.Do(engine.Spend{Who: g, Action: "single_step"}); err == nil {
			t.Errorf("%s, then a Step: allowed", a)
		}
	}
}

// Must Parry leaves a single Step (l.988-990): the Step, not a full Move;
// All-Out Defense with it.
// ledger: pathmaster/stun-must-parry
func TestMustParryMovesAStep(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Stun{Who: g, Level: "must_parry", Rounds: 3})
	f.ToTurnOf("Gavvin", 10) // Pain Resistance fails
	if _, err := f.Do(engine.Spend{Who: g, Action: "step"}); err == nil {
		t.Errorf("Must Parry: a full Move was allowed")
	}
	f.Must(engine.Spend{Who: g, Action: "all_out_defense"})
	if _, err := f.Do(engine.Spend{Who: g, Action: "single_step"}); err != nil {
		t.Errorf("Must Parry, All-Out Defense: its single Step refused: %v", err)
	}
}

// No Retreat after moving faster than a Step on one's last turn
// (l.732-733): a Run, a Move or a Charge gives Moved until the next own
// turn, and Moved forbids the Retreat; a Step taken alone does not.
// ledger: pathmaster/retreat
func TestNoRetreatAfterRunning(t *testing.T) {
	for _, a := range []string{"run", "step", "charge"} {
		f, _ := pm(t)
		o3 := f.ID("Orc 3")
		f.ToTurnOf("Orc 3")
		f.Must(engine.Spend{Who: o3, Action: a})
		f.ToTurnOf("Gavvin") // round 2
		f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: "melee_attack"})
		if _, err := f.Do(engine.Spend{Who: o3, Action: "retreat", At: f.ID("Gavvin")}); err == nil {
			t.Errorf("Orc 3 took %s on its last turn and still retreats", a)
		}
		f.ToTurnOf("Orc 3")
		if f.Get("Orc 3").Has("moved") {
			t.Errorf("%s: Moved outlasts the next own turn's start", a)
		}
	}
}

// A turn runs from one's choice of maneuver to the next (l.19-21), and a
// Retreat is refused with a Step "already used on this turn" (l.732-733):
// Orc 3, last in the order, steps on its round-1 turn; Gavvin attacks it
// at the top of round 2, before its own turn: no Retreat, the Step is
// spent. Its own round-2 turn gives the Step back (one a turn, l.109-110),
// and a Retreat in the turn that follows is open.
// ledger: pathmaster/retreat
// ledger: pathmaster/step-limit
func TestNoRetreatWithTheTurnsStepUsed(t *testing.T) {
	f, _ := pm(t)
	g, o3 := f.ID("Gavvin"), f.ID("Orc 3")
	f.ToTurnOf("Orc 3")
	f.Must(engine.Spend{Who: o3, Action: "single_step"})
	f.ToTurnOf("Gavvin") // round 2, Orc 3's turn not yet come
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Refuse(engine.Spend{Who: o3, Action: "retreat", At: g}, "5' Step")
	f.ToTurnOf("Orc 3")
	if s := f.Get("Orc 3").Pools["step"]; s != 1 {
		t.Fatalf("Orc 3's own turn gives its Step back: %d", s)
	}
	f.ToTurnOf("Gavvin") // round 3
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Spend{Who: o3, Action: "retreat", At: g})
}
