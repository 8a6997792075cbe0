package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A turn has one Attack (l.137-139); a multi-strike gives one strike and one
// more for each 10 ranks (l.237-246). Once the turn's attacking action has
// had its rolls (one for a plain attack, its strikes for a full round), a
// further attack roll in one's own turn spends another attacking action, and
// is refused when none can be paid; out of one's turn an attack roll is what
// an Interrupt pays (Attack - Opportunity), one roll for each, a second
// Interrupt exchanged for the Move as the exchanges allow.
// ledger: pathmaster/action-budget pathmaster/multi-strike
func TestAttackRollsPastTheAction(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"RK": 10})
	f.Must(engine.Spend{Who: b, Action: "full_round_attack"})
	f.Must(engine.RollCheck{Who: b, Check: "attack", Target: o}, 50) // strike 1 of 2
	f.Must(engine.RollCheck{Who: b, Check: "attack", Target: o}, 50) // strike 2 of 2, -30
	f.Refuse(engine.RollCheck{Who: b, Check: "attack", Target: o}, "Attack")

	h, _ := pm(t)
	g := h.ID("Gavvin")
	h.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50) // spends Attack - Melee
	h.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o}, "Attack")
	h.Refuse(engine.RollCheck{Who: g, Check: "ranged", Target: o}, "Attack")

	// Out of its turn Orc 1's roll is its Interrupt's opportunity attack:
	// one roll, and no second while the Interrupt is spent.
	o = h.ID("Orc 1")
	h.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	if n := h.Get("Orc 1").Pools["interrupt"]; n != 0 {
		t.Errorf("Orc 1's attack out of its turn left its Interrupt at %d", n)
	}
	if l := h.LastLog("Orc 1: Attack"); !strings.Contains(l, "Opportunity") {
		t.Errorf("the attack out of turn spent no Attack - Opportunity: %q", l)
	}
	// A second Interrupt is the Move's, exchanged (l.150-167); no third.
	h.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	if n := h.Get("Orc 1").Pools["move"]; n != 0 {
		t.Errorf("Orc 1's second attack out of its turn kept its Move: %d", n)
	}
	h.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g}, "Interrupt")

	// m's Attack - Opportunity first: its one roll, nothing charged again.
	k, _ := pm(t)
	k.Must(engine.Spend{Who: o, Action: "opportunity_attack"})
	k.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	k.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	k.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g}, "Interrupt")
}

// A firehose or covering fire (l.472-493) makes an attack at each target it
// reaches: a long burst or full auto is not held to one roll.
// ledger: pathmaster/autofire-bursts
func TestBurstRollsAtEachTarget(t *testing.T) {
	f, b, _ := fighter(t, map[string]int{"SHOTS": 20})
	f.Must(engine.Spend{Who: b, Action: "full_auto"})
	for _, n := range []string{"Orc 1", "Orc 2", "Orc 3"} {
		f.Must(engine.RollCheck{Who: b, Check: "ranged", Target: f.ID(n)}, 50)
	}
	s, b, _ := fighter(t, map[string]int{"SHOTS": 20})
	s.Must(engine.Spend{Who: b, Action: "shoot"})
	s.Must(engine.RollCheck{Who: b, Check: "ranged", Target: s.ID("Orc 1")}, 50)
	s.Refuse(engine.RollCheck{Who: b, Check: "ranged", Target: s.ID("Orc 2")}, "Attack")
}
