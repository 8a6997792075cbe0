package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Evaluate sizes up one opponent: its +10 is "for the purpose of melee
// Attack action made against that opponent" (l.561-567); an attack on
// another foe takes nothing from it.
// ledger: pathmaster/evaluate
func TestEvaluateReachesOnlyTheFoeSizedUp(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	f.Must(engine.Spend{Who: g, Action: "evaluate", At: o2})
	if line := f.LastLog("Gavvin: Evaluate"); !strings.Contains(line, "Evaluate at Orc 2") {
		t.Errorf("the log does not say whom Gavvin sized up: %q", line)
	}
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o1}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); strings.Contains(line, "Evaluating") {
		t.Errorf("Evaluate on Orc 2 helped the attack on Orc 1: %q", line)
	}
	f.Undo() // the attack at Orc 2 instead
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o2}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "Evaluating +10") {
		t.Errorf("Evaluate on Orc 2 did not help the attack on Orc 2: %q", line)
	}
	f.Refuse(engine.Spend{Who: g, Action: "evaluate", At: g}, "another combatant")
	f.Refuse(engine.Spend{Who: g, Action: "melee_attack", At: o1}, "is not taken at a foe")
}

// An aim is at one target: "an Attack ... with the same weapon against the
// same target" gets the bonus (l.547-550); the aims count at one target,
// and aiming at another starts the count again (l.554-555).
// ledger: pathmaster/aim
func TestAimReachesOnlyTheTargetAimedAt(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o1})
	f.Next()
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o1})
	f.Must(engine.Spend{Who: g, Action: "ranged_attack"})
	f.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o2}, 50)
	if line := f.LastLog("Gavvin: Ranged attack"); strings.Contains(line, "aimed") {
		t.Errorf("aims at Orc 1 helped a shot at Orc 2: %q", line)
	}

	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "aim", At: o1})
	h.Must(engine.Spend{Who: g, Action: "aim", At: o2})
	if line := h.LastLog("Gavvin"); strings.Contains(line, "aimed 2 times") {
		t.Errorf("an aim at another target counted on: %q", line)
	}
	h.Next()
	h.ToTurnOf("Gavvin")
	h.Must(engine.Spend{Who: g, Action: "aim", At: o2})
	h.Must(engine.Spend{Who: g, Action: "ranged_attack"})
	h.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o2}, 50)
	if line := h.LastLog("Gavvin: Ranged attack"); !strings.Contains(line, "(aimed +5)") {
		t.Errorf("two aims at Orc 2, then the shot at it: %q, want (aimed +5)", line)
	}
}
