package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Entangled moves at half speed (l.891): Move 5 becomes 2, back to 5 freed.
// ledger: pathmaster/entangled
func TestEntangledHalfSpeed(t *testing.T) {
	f, rs := pm(t)
	g := f.ID("Gavvin")
	before := engine.StatNow(rs, f.Get("Gavvin"), "move_rate")
	f.Must(engine.GiveCondition{Who: g, Condition: "entangled"})
	if got := engine.StatNow(rs, f.Get("Gavvin"), "move_rate"); got != before/2 {
		t.Errorf("Move %d entangled, want %d (half of %d)", got, before/2, before)
	}
	f.Must(engine.TakeCondition{Who: g, Condition: "entangled"})
	if got := engine.StatNow(rs, f.Get("Gavvin"), "move_rate"); got != before {
		t.Errorf("Move %d freed, want %d", got, before)
	}
}

// Fascinated: -20 on maneuver checks made as reactions (l.897); it takes
// no action, so every maneuver it rolls is one: its Pain Resistance, a
// Tumble, a Perception roll.
// ledger: pathmaster/fascinated-threats
func TestFascinatedReactsAtMinus20(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.GiveCondition{Who: g, Condition: "fascinated"})
	f.Must(engine.RollCheck{Who: g, Check: "tumble"}, 50)
	if line := f.LastLog("Gavvin: Acrobatics"); !strings.Contains(line, "Fascinated -20") {
		t.Errorf("a Tumble while fascinated: %q", line)
	}
}
