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

// A Delay holds the Attack as an interrupt until its trigger (l.674-682),
// the parry usable once the interrupt is used (l.692-693): the held attack
// rolled in g on the trigger's turn fires the Delay as m's Attack - Delayed
// would, not an Opportunity Attack beside it; the parry is back, and no
// held attack is left to fire again.
// ledger: pathmaster/delay pathmaster/delay-defences
func TestDelayedAttackRolledInGFiresTheDelay(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.Delay{Who: g, Trigger: "an orc steps in"})
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if !strings.Contains(logText(f), "Gavvin: Attack - Delayed") || strings.Contains(logText(f), "Gavvin: Attack - Opportunity") {
		t.Errorf("the held attack rolled in g:\n%s", logText(f))
	}
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"parry"}}, 50)
	f.Refuse(engine.Spend{Who: g, Action: "delayed_attack"}, "Gavvin holds no delayed attack")
}

// "If you opt to Brace a crossbow, you may not move at all, including
// taking a Step" (l.551-553): an archer who aimed and stepped, or moved,
// has no braced +10; one who only aimed has it.
// ledger: pathmaster/aim-brace
func TestNoBraceAfterAStep(t *testing.T) {
	for _, moved := range []string{"single_step", "step"} {
		f, _ := pm(t)
		g, o := f.ID("Gavvin"), f.ID("Orc 1")
		if moved == "single_step" {
			f.Must(engine.Spend{Who: g, Action: "aim", At: o})
		}
		f.Must(engine.Spend{Who: g, Action: moved})
		f.Refuse(engine.RollCheck{Who: g, Check: "ranged", Target: o, Modifiers: []string{"braced"}}, "needs 1 5' Step left")
	}
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o})
	f.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o, Modifiers: []string{"braced"}}, 50)
	if line := f.LastLog("Gavvin: Ranged attack"); !strings.Contains(line, "Braced crossbow (+10 Accuracy) +10") {
		t.Errorf("the braced shot: %q", line)
	}
}

// The braced crossbow allows no movement "at all, including taking a Step"
// (l.551-553), over the aims its +10 Accuracy goes with (l.411-412,
// 417-420): a Step taken while aiming in an earlier turn of the same aims
// leaves no braced +10, nor does a shot with no aim; aims held still over
// two turns keep it, for the one shot that follows them.
// ledger: pathmaster/aim-brace
func TestNoBraceAfterAStepWhileAiming(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o})
	f.Must(engine.Spend{Who: g, Action: "single_step"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o})
	f.Refuse(engine.RollCheck{Who: g, Check: "ranged", Target: o, Modifiers: []string{"braced"}}, "no Step or move since the first Aim")
	f, _ = pm(t)
	f.Refuse(engine.RollCheck{Who: g, Check: "ranged", Target: o, Modifiers: []string{"braced"}}, "no Step or move since the first Aim")
	f, _ = pm(t)
	f.Must(engine.Spend{Who: g, Action: "aim", At: o})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o})
	f.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o, Modifiers: []string{"braced"}}, 50)
	if line := f.LastLog("Gavvin: Ranged attack"); !strings.Contains(line, "Braced crossbow (+10 Accuracy) +10") {
		t.Errorf("the braced shot after two still aims: %q", line)
	}
}
