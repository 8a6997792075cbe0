package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// An attack is made with the turn's Attack action (l.137-145, 325-333): the
// attack roll made in g in one's own turn with no attack action spent yet
// spends it, as m would; the roll after m's Attack charges nothing again,
// and a roll out of one's turn (an opportunity attack, answered by the GM)
// spends nothing of the Attack.
// ledger: pathmaster/action-budget
func TestAttackRollSpendsTheAttack(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if line := f.LastLog("Gavvin: Attack"); !strings.Contains(line, "Attack - Melee") {
		t.Errorf("the attack roll with no Attack spent did not spend it: %q", line)
	}
	if n := f.Get("Gavvin").Pools["attack"]; n != 0 {
		t.Errorf("after the attack roll Gavvin has %d Attack left", n)
	}
	f.Refuse(engine.Spend{Who: g, Action: "melee_attack"}, "Attack")

	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "ranged_attack"})
	moves := h.Get("Gavvin").Pools["move"]
	h.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o}, 50)
	if n := h.Get("Gavvin").Pools["move"]; n != moves {
		t.Errorf("the shot after m's Attack charged again: Move %d, was %d", n, moves)
	}
	// Orc 1 answers out of its turn: its Attack is not spent (the
	// Interrupt is: TestAttackRollsPastTheAction).
	before := h.Get("Orc 1").Pools["attack"]
	h.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	if n := h.Get("Orc 1").Pools["attack"]; n != before {
		t.Errorf("an attack out of Orc 1's turn spent its Attack: %d, was %d", n, before)
	}
}
