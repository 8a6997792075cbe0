package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// After an All-Out Defense, an Opportunity Attack is at +0 OB
// (l.271-273): Gavvin (OB 80) rolls 50 against Orc 1 (DB 10): 50 - 10
// with his OB taken off, until his next turn; then his OB is back.
// ledger: pathmaster/all-out-defense
func TestAllOutDefenseOpportunityAtNoOB(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "all_out_defense"})
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "opportunity_attack"})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "= 40") {
		t.Errorf("the Opportunity Attack after All-Out Defense: %q, want 50 + 0 - 10 = 40", line)
	}
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "= 120") {
		t.Errorf("the next turn's attack: %q, want 50 + 80 - 10 = 120", line)
	}
}

// All-Out Attack: a single Step before the attack, not after (l.503-504).
// ledger: pathmaster/all-out-attack
func TestAllOutAttackStepsBeforeOnly(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "all_out_attack"})
	if _, err := f.Do(engine.Spend{Who: g, Action: "single_step"}); err == nil {
		t.Errorf("a Step after an All-Out Attack was allowed")
	}
	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "single_step"})
	h.Must(engine.Spend{Who: g, Action: "all_out_attack"})
	h.Next()
	h.ToTurnOf("Gavvin") // round 2: the Step is open again
	h.Must(engine.Spend{Who: g, Action: "single_step"})
}
