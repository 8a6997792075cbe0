package content_test

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// Pathmaster's states read again from the book: the crouch from standing
// only, falling prone while stunned, the confused creature's behaviour
// that binds its turn, and the maintained spell paid for each turn.

// One crouches "if standing" (l.657): not from the ground, nor sitting,
// kneeling or crawling (the postures of l.568-570); standing up again
// (Change Posture, l.568-575) lets one crouch at the next turn's start.
// ledger: pathmaster/crouch
func TestCrouchOnlyFromStanding(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	for _, p := range []string{"prone", "sitting", "kneeling", "crawling", "lying_face_up"} {
		f.Must(engine.GiveCondition{Who: g, Condition: p})
		f.Refuse(engine.Spend{Who: g, Action: "crouch"}, "no Crouch")
	}
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "change_posture"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "crouch"})
	if !f.Get("Gavvin").Has("crouching") {
		t.Error("standing, Gavvin did not crouch")
	}
}

// Stunned and Stunned, No Parry allow no movement "except to fall prone"
// (l.994, 999): falling prone costs nothing and comes whenever it is
// wanted, on the stunned one's turn or out of it, as a blow lands.
// ledger: pathmaster/stun-fall-prone
func TestStunnedFallProneOutOfTurn(t *testing.T) {
	f, _ := pm(t)
	o1, o2 := f.ID("Orc 1"), f.ID("Orc 2")
	f.Must(engine.Stun{Who: o1, Level: "stunned", Rounds: 2})
	f.Must(engine.Stun{Who: o2, Level: "no_parry", Rounds: 2})
	// Gavvin's turn: both orcs drop out of their own turns, for nothing.
	for _, o := range []string{"Orc 1", "Orc 2"} {
		before := f.Get(o).Pools
		f.Must(engine.Spend{Who: f.ID(o), Action: "fall_prone"})
		c := f.Get(o)
		if !c.Has("prone") {
			t.Errorf("%s did not fall prone out of its turn", o)
		}
		for k, v := range before {
			if c.Pools[k] != v {
				t.Errorf("%s's fall cost its %s: %d to %d", o, k, v, c.Pools[k])
			}
		}
	}
	// Moving otherwise is refused to both.
	f.Refuse(engine.Spend{Who: o1, Action: "single_step"}, "Stunned")
	f.Refuse(engine.Spend{Who: o2, Action: "single_step"}, "Stunned, No Parry")
}

// The confused creature's roll at the start of its turn says "what the
// subject does that round" (l.847-855): 26-50 it does nothing, 51-75 it
// drops what it holds and wanders a Move, 76-100 it attacks the nearest;
// 01-25 it acts normally. The row binds that turn alone, on every path:
// an action, an attack roll in g, after undo.
// ledger: pathmaster/confused-table
func TestConfusedRollBindsItsTurn(t *testing.T) {
	f, _ := pm(t)
	o, g := f.ID("Orc 1"), f.ID("Gavvin")
	f.Must(engine.GiveCondition{Who: o, Condition: "confused"})
	// 40: it does nothing.
	f.ToTurnOf("Orc 1", 40)
	f.Refuse(engine.Spend{Who: o, Action: "melee_attack"}, "Orc 1 is Confused, doing nothing: only passive actions")
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g}, "Confused, doing nothing")
	f.Refuse(engine.Spend{Who: o, Action: "step"}, "Confused, doing nothing")
	f.Refuse(engine.Spend{Who: o, Action: "talk"}, "Confused, doing nothing")
	f.Must(engine.Spend{Who: o, Action: "do_nothing"})
	// The turn over, the row no longer binds (out of its turn, its
	// Interrupt is its own again).
	f.ToTurnOf("Orc 2")
	if c := f.Get("Orc 1"); c.Has("confused_idle") || !c.Has("confused") {
		t.Fatalf("after its turn: %v", c.Conditions)
	}
	// 60: it drops what it holds and wanders a single Move.
	f.ToTurnOf("Orc 1", 60)
	f.Refuse(engine.Spend{Who: o, Action: "melee_attack"}, "Orc 1 is Confused, wandering: only")
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g}, "Confused, wandering")
	f.Must(engine.Spend{Who: o, Action: "drop"})
	f.Must(engine.Spend{Who: o, Action: "step"})
	f.Refuse(engine.Spend{Who: o, Action: "step"}, "Move costs 1 Move")
	// Undone, the Move is open again; the row still binds.
	if _, ok := f.Undo(); !ok {
		t.Fatal("nothing to undo")
	}
	if c := f.Get("Orc 1"); !c.Has("confused_wandering") || c.Pools["move"] != 1 {
		t.Fatalf("undone: %v %v", c.Conditions, c.Pools)
	}
	// 90: it attacks the nearest, and does nothing else.
	f.ToTurnOf("Orc 2")
	f.ToTurnOf("Orc 1", 90)
	f.Refuse(engine.Spend{Who: o, Action: "step"}, "Orc 1 is Confused, attacking the nearest: only")
	f.Refuse(engine.Spend{Who: o, Action: "talk"}, "Confused, attacking the nearest")
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: f.ID("Orc 2")}, 50)
	if !strings.Contains(logText(f), "Orc 1: Attack - Melee") {
		t.Errorf("the attack roll did not spend the Attack:\n%s", logText(f))
	}
	// 10: it acts normally.
	f.ToTurnOf("Orc 2")
	f.ToTurnOf("Orc 1", 10)
	f.Must(engine.Spend{Who: o, Action: "talk"})
	f.Must(engine.Spend{Who: o, Action: "step"})
	f.Must(engine.Spend{Who: o, Action: "melee_attack"})
}

// Maintaining a spell is a Free action (l.193, 668-671) paid each turn the
// spell is kept "as long as you remain active and conscious": a turn that
// does not pay it lets the spell go at its end, and so does a turn whose
// stun leaves no Free action (Stunned, No Parry); Stunned leaves the Free
// action, and paid, the spell is kept.
// ledger: pathmaster/maintain-spell
func TestMaintainedSpellPaidEachTurn(t *testing.T) {
	f, _ := pm(t)
	mage(t, f)
	m := f.ID("Mage")
	f.ToTurnOf("Mage")
	f.Must(engine.Spend{Who: m, Action: "maintain_spell"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	if !f.Get("Mage").Has("maintaining") {
		t.Fatal("the spell went before the next turn could pay for it")
	}
	f.Must(engine.Spend{Who: m, Action: "maintain_spell"})
	if f.Get("Mage").Pools["free"] != 1 {
		t.Errorf("maintaining cost no Free action: %v", f.Get("Mage").Pools)
	}
	// Stunned: the Free action is left, and paid, the spell is kept.
	f.Must(engine.Stun{Who: m, Level: "stunned", Rounds: 2})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage", 10)
	if lvl := levelName(f.Rules, f.Get("Mage")); lvl != "stunned" {
		t.Fatalf("the Mage is %s, not Stunned", lvl)
	}
	f.Must(engine.Spend{Who: m, Action: "maintain_spell"})
	f.ToTurnOf("Orc 1")
	if !f.Get("Mage").Has("maintaining") {
		t.Fatal("paid while stunned, the spell was lost")
	}
	// A turn that does not pay: gone as it ends, and the log says so.
	f.ToTurnOf("Mage")
	if !f.Get("Mage").Has("maintaining") {
		t.Fatal("the spell went before its turn was over")
	}
	f.ToTurnOf("Orc 1")
	if f.Get("Mage").Has("maintaining") {
		t.Fatal("an own turn that did not pay kept the spell")
	}
	if !strings.Contains(logText(f), "Mage is no longer Maintaining") {
		t.Errorf("the log does not say the spell went:\n%s", logText(f))
	}
	// Stunned, No Parry: no Free action, so the spell cannot be kept.
	h, _ := pm(t)
	mage(t, h)
	h.ToTurnOf("Mage")
	h.Must(engine.Spend{Who: m, Action: "maintain_spell"})
	h.Must(engine.Stun{Who: m, Level: "no_parry", Rounds: 3})
	h.ToTurnOf("Orc 1")
	h.ToTurnOf("Mage", 10)
	h.Refuse(engine.Spend{Who: m, Action: "maintain_spell"}, "Stunned, No Parry")
	h.ToTurnOf("Orc 1")
	if h.Get("Mage").Has("maintaining") {
		t.Error("not active, the Mage kept its spell")
	}
}

// Entangled "cannot Run or Charge" (l.891), and two Moves, the Attack given
// up for the second, are "technically considered Running" (l.164-167): one
// Move a turn, refused again with the reason; what does not move (a
// crossbow's load) still takes the Attack exchanged for a Move.
// ledger: pathmaster/entangled
func TestEntangledCannotRunOnTwoMoves(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.GiveCondition{Who: g, Condition: "entangled"})
	f.Refuse(engine.Spend{Who: g, Action: "run"}, "Entangled")
	f.Must(engine.Spend{Who: g, Action: "step"})
	f.Refuse(engine.Spend{Who: g, Action: "step"}, "Gavvin is Entangled: no Move bought by exchange to move")
	f.Must(engine.Spend{Who: g, Action: "load_bow"})
	if c := f.Get("Gavvin"); c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Errorf("the load did not take the Attack for a Move: %v", c.Pools)
	}
}

// The book disagrees with itself on a Step after a Move: "a Move-1 plus a
// step" (l.111-114) against "A Move maneuver eliminates the option of
// taking a Step" (l.544). fray follows l.544 (the Move's uses_up); the
// ruleset without it gives l.111-114's reading.
// ledger: pathmaster/step-and-move-distance
func TestStepAfterAMoveIsTheRulesetsReading(t *testing.T) {
	f, rs := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "step"})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Refuse(engine.Spend{Who: g, Action: "single_step"}, "5' Step")
	other := *rs
	other.Actions = slices.Clone(rs.Actions)
	i := slices.IndexFunc(other.Actions, func(a rules.ActionDef) bool { return a.ID == "step" })
	other.Actions[i].UsesUp = nil
	h := enginetest.Start(t, &other, map[string]int{"Gavvin": 30, "Orc": 20}, "Gavvin", "Orc")
	h.Must(engine.Spend{Who: h.ID("Gavvin"), Action: "step"})
	h.Must(engine.Spend{Who: h.ID("Gavvin"), Action: "melee_attack"})
	h.Must(engine.Spend{Who: h.ID("Gavvin"), Action: "single_step"})
}
