package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// "All-Out Attack may not be used with a ranged attack" (l.505) and "You
// may not charge with a Ranged Weapon" (l.289): after either, a ranged
// attack roll is refused, and the All-Out Attack's +30 (l.501) is a melee
// attack's.
// ledger: pathmaster/all-out-attack pathmaster/charge
func TestAllOutAttackAndChargeAreNotRanged(t *testing.T) {
	for _, a := range []string{"all_out_attack", "charge"} {
		f, _ := pm(t)
		g, o := f.ID("Gavvin"), f.ID("Orc 1")
		f.Must(engine.Spend{Who: g, Action: a})
		f.Refuse(engine.RollCheck{Who: g, Check: "ranged", Target: o}, "no Ranged attack")
	}
}

// Evaluate's +10 is "for the purpose of melee Attack action made against
// that opponent, on your next turn only" (l.565-567): Gavvin's opportunity
// attack at Orc 1 on Orc 1's turn takes none of it; his attack on his own
// next turn does.
// ledger: pathmaster/evaluate
func TestEvaluateIsNotForAnOpportunityAttack(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "evaluate", At: o})
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); strings.Contains(line, "Evaluating") {
		t.Errorf("the opportunity attack took Evaluate's +10: %q", line)
	}
	f.ToTurnOf("Gavvin")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "Evaluating +10") {
		t.Errorf("the attack on the next turn: %q, want Evaluating +10", line)
	}
}
