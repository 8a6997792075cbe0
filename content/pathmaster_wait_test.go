package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A Wait may be used "at any point in the future": unused at the round's
// end it lasts into the next, its Interrupt renewed each round at the
// waiter's own initiative, and nothing else until it is used (l.696-700).
// Orc 1 (20) waits to the round's end, re-enters there and waits on; in
// round 2 it has only its Interrupt between turns, and at its own place
// it is still waiting: it waits again, for Orc 2, and re-enters with its
// Attack and Move. Round 3 it is back to a plain turn.
// ledger: pathmaster/wait-into-later-rounds
func TestWaitLastsIntoLaterRounds(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.ToTurnOf("Orc 1")
	f.Must(engine.Wait{Who: o})
	f.ToTurnOf("Orc 1")
	if f.Current().Round != 1 || f.Get("Orc 1").Pools["attack"] != 1 {
		t.Fatalf("Orc 1 did not re-enter at the round's end: round %d, pools %v", f.Current().Round, f.Get("Orc 1").Pools)
	}
	// Nobody is left to wait for: the Wait lasts into the next round.
	f.Must(engine.Wait{Who: o})
	if f.Current().Round != 2 || f.Actor() != "Gavvin" {
		t.Fatalf("waiting on: round %d, %s acts", f.Current().Round, f.Actor())
	}
	if line := f.LastLog("Orc 1 waits"); line != "Orc 1 waits on into the next round, 1 Attack + 1 Move set aside" {
		t.Errorf("the wait on: %q", line)
	}
	// Between its turns: only the Interrupt.
	f.Refuse(engine.Spend{Who: o, Action: "melee_attack"}, "it is not Orc 1's turn: out of it, only what spends Interrupt")
	f.Must(engine.Spend{Who: o, Action: "opportunity_attack"})
	f.ToTurnOf("Orc 1")
	c := f.Get("Orc 1")
	if c.Pools["interrupt"] != 1 || c.Pools["attack"] != 0 || c.Pools["move"] != 0 || c.Pools["free"] != 2 {
		t.Fatalf("round 2, its own place: pools %v, want the Interrupt renewed and the Attack and Move still set aside", c.Pools)
	}
	if line := f.LastLog("still waiting"); line != "Orc 1 is still waiting: 1 Attack + 1 Move set aside until it acts" {
		t.Errorf("the renewal: %q", line)
	}
	// Its Wait is used after Orc 2: no second cost.
	f.Must(engine.Wait{Who: o, After: f.ID("Orc 2")})
	if f.Actor() != "Orc 2" {
		t.Fatalf("after the wait %s acts", f.Actor())
	}
	f.Next()
	if f.Actor() != "Orc 1" || f.Get("Orc 1").Pools["attack"] != 1 || f.Get("Orc 1").Pools["move"] != 1 {
		t.Fatalf("Orc 1 did not re-enter with its actions: %s acts, pools %v", f.Actor(), f.Get("Orc 1").Pools)
	}
	f.Must(engine.Spend{Who: o, Action: "melee_attack"})
	f.Next()
	f.ToTurnOf("Orc 1")
	if c := f.Get("Orc 1"); f.Current().Round != 3 || c.Pools["attack"] != 1 || c.Pools["move"] != 1 || c.WaitOn {
		t.Fatalf("round 3: pools %v, waiting on %v", c.Pools, c.WaitOn)
	}
	if strings.Count(logText(f), "still waiting") != 1 {
		t.Error("the wait was renewed after it was used")
	}
}

// The Wait is used at the waiter's own place by acting there: an action
// the Interrupt cannot pay gives back what the Wait set aside first.
// ledger: pathmaster/wait-into-later-rounds
func TestWaitUsedAtItsOwnPlace(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 3") // last in the order: nobody to wait for
	f.ToTurnOf("Orc 3")
	f.Must(engine.Wait{Who: o})
	if f.Current().Round != 2 || !f.Get("Orc 3").WaitOn {
		t.Fatalf("round %d: Orc 3 does not wait on", f.Current().Round)
	}
	f.ToTurnOf("Orc 3")
	f.Must(engine.Spend{Who: o, Action: "melee_attack"})
	c := f.Get("Orc 3")
	if c.WaitOn || c.Pools["attack"] != 0 || c.Pools["move"] != 1 {
		t.Fatalf("after attacking at its place: pools %v, waiting on %v", c.Pools, c.WaitOn)
	}
	if !strings.Contains(logText(f), "Orc 3 re-enters the order with 1 Attack + 1 Move") {
		t.Error("the log does not say the Wait was used")
	}
}

// Out of its own turn a combatant has only its Interrupt (l.3-5, 125-131):
// an Attack taken on another's turn is refused, so no one attacks twice a
// round; an Opportunity Attack (an Interrupt) is taken, and an item is
// dropped at any time (l.662). While a Wait lasts, the same (l.696-698):
// no Free action, no Step, until it re-enters.
// ledger: pathmaster/rounds-and-turns pathmaster/wait pathmaster/talk
func TestOnlyTheInterruptOutOfTurn(t *testing.T) {
	f, _ := pm(t)
	orc := f.ID("Orc 2")
	if f.Actor() == "Orc 2" {
		t.Fatal("the demo opens on Orc 2's turn")
	}
	f.Refuse(engine.Spend{Who: orc, Action: "melee_attack"}, "it is not Orc 2's turn: out of it, only what spends Interrupt")
	f.Refuse(engine.Spend{Who: orc, Action: "ingest_herb"}, "it is not Orc 2's turn")
	f.Must(engine.Spend{Who: orc, Action: "opportunity_attack"})
	f.Must(engine.Spend{Who: orc, Action: "drop"})
	f.ToTurnOf("Orc 2")
	f.Must(engine.Spend{Who: orc, Action: "melee_attack"})

	g, _ := pm(t)
	g.ToTurnOf("Orc 1")
	o := g.ID("Orc 1")
	g.Must(engine.Wait{Who: o, After: g.ID("Orc 2")})
	for _, a := range []string{"ingest_herb", "single_step", "ready_quick"} {
		g.Refuse(engine.Spend{Who: o, Action: a}, "it is not Orc 1's turn")
	}
	g.Must(engine.Spend{Who: o, Action: "talk"})

	// After a Delay only the Interrupt, but "you can always talk" (l.672).
	h, _ := pm(t)
	gv := h.ID("Gavvin")
	h.ToTurnOf("Gavvin")
	h.Must(engine.Delay{Who: gv, Trigger: "an orc comes near"})
	h.Refuse(engine.Spend{Who: gv, Action: "ingest_herb"}, "after a Delay only what Interrupt pays")
	h.Must(engine.Spend{Who: gv, Action: "talk"})
}

// "You may not Parry while in a Wait state" (l.701-702): once the waiter
// re-enters it acts normally (l.696-700), an attacker who opts to parry
// among them (l.334): its parry allotted comes off the attack and counts
// against the foes after it.
// ledger: pathmaster/wait-no-parry
func TestParryAfterTheWaitIsUsed(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	f.Must(engine.Wait{Who: g, After: o1})
	f.ToTurnOf("Orc 1")
	f.Refuse(engine.RollCheck{Who: o1, Check: "attack", Target: g, Modifiers: []string{"parry"}}, "cannot parry now (Wait)")
	f.Next() // Gavvin re-enters after Orc 1
	if f.Actor() != "Gavvin" {
		t.Fatalf("Gavvin did not re-enter: %s acts", f.Actor())
	}
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o1}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "[50] + 40 - 10 = 80") {
		t.Errorf("the parry allotted after the Wait is not off the attack: %q", line)
	}
	f.ToTurnOf("Orc 2")
	f.Must(engine.RollCheck{Who: o2, Check: "attack", Target: g, Modifiers: []string{"parry"}}, 50)
	if line := f.LastLog("Orc 2: Melee attack"); !strings.Contains(line, "- 40") && !strings.Contains(line, "-40") {
		t.Errorf("Gavvin's parry against Orc 2: %q", line)
	}
}
