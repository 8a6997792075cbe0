package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Aiming for more than one action adds +5 for two, +10 for three or more
// (l.554-555) to the attack that follows: fray counts the aims and the
// ranged roll after them takes the bonus itself (the weapon's Accuracy
// stays the GM's to type); no aim, no bonus, and nothing to pick.
// ledger: pathmaster/aim
func TestAimBonusReachesTheShot(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "aim"})
	f.Next()
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "aim"})
	f.Must(engine.Spend{Who: g, Action: "aim"})
	f.Next()
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "ranged_attack"})
	f.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o}, 50)
	line := f.LastLog("Gavvin: Ranged attack")
	if !strings.Contains(line, "(aimed +10)") || !strings.Contains(line, "= 130") {
		t.Errorf("three aims, then the shot: %q, want 50 + 80 - 10 + 10 = 130", line)
	}
	if n := f.Get("Gavvin").Aim; n != 0 {
		t.Errorf("the shot left %d aims to reach a second roll", n)
	}

	h, _ := pm(t)
	if _, err := h.Do(engine.RollCheck{Who: g, Check: "ranged", Target: o, Modifiers: []string{"aim_3"}}, 50); err == nil {
		t.Errorf("aimed three or more picked with no aim taken: %q", h.LastLog("Gavvin: Ranged attack"))
	}
	h.Must(engine.Spend{Who: g, Action: "aim"})
	h.Must(engine.Spend{Who: g, Action: "ranged_attack"}) // one aim: the Accuracy alone, typed
	h.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o}, 50)
	if line := h.LastLog("Gavvin: Ranged attack"); strings.Contains(line, "aimed") {
		t.Errorf("one aim gave a bonus beside the Accuracy: %q", line)
	}
}

// The aims' bonus is for "one or more Aim maneuvers immediately before you
// attack" (l.417-419), lost to any other action (l.556); one who stands
// still a turn takes Do Nothing (l.222-223): an own turn with no Aim in it
// loses the aims, and the log says so; aims in turn after turn keep
// counting.
// ledger: pathmaster/aim
func TestAnIdleTurnBreaksTheAims(t *testing.T) {
	f, _ := pm(t)
	g, o1 := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o1})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o1})
	if n := f.Get("Gavvin").Aim; n != 2 {
		t.Fatalf("aims in two turns running: %d, want 2", n)
	}
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin") // Gavvin stands still this turn
	f.ToTurnOf("Orc 1")
	if n := f.Get("Gavvin").Aim; n != 0 || !strings.Contains(f.LastLog("lapse"), "Gavvin's 2 aims lapse: a turn with no Aim in it") {
		t.Errorf("an idle turn: %d aims, log %q", n, f.LastLog("lapse"))
	}
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o1})
	if n := f.Get("Gavvin").Aim; n != 1 {
		t.Errorf("aiming again after an idle turn: %d aims counted, want 1", n)
	}
}
