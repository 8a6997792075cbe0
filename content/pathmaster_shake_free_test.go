package content_test

import (
	"testing"

	"fray/engine"
)

// "A fascinated creature's ally may shake it free of the spell as a
// Standard Attack action" (l.901-902): Shake Free, at the fascinated one,
// spends the shaker's Attack and ends Fascinated; at one not fascinated,
// or with the Attack spent, it is refused.
// ledger: pathmaster/fascinated-threats
func TestShakingTheFascinatedFree(t *testing.T) {
	f, _ := pm(t)
	o1, o2 := f.ID("Orc 1"), f.ID("Orc 2")
	f.Must(engine.GiveCondition{Who: o1, Condition: "fascinated"})
	f.ToTurnOf("Orc 2")
	f.Refuse(engine.Spend{Who: o2, Action: "shake_free", At: f.ID("Orc 3")}, "Fascinated")
	f.Must(engine.Spend{Who: o2, Action: "shake_free", At: o1})
	if f.Get("Orc 1").Has("fascinated") {
		t.Error("shaken free, Orc 1 is still Fascinated")
	}
	if a := f.Get("Orc 2").Pools["attack"]; a != 0 {
		t.Errorf("shaking an ally free is a Standard Attack action: Attack left %d", a)
	}
	f.Must(engine.GiveCondition{Who: o1, Condition: "fascinated"})
	if _, err := f.Do(engine.Spend{Who: o2, Action: "shake_free", At: o1}); err == nil {
		t.Error("a second shake with the Attack spent")
	}
	// Not out of one's turn: it costs the Attack.
	if _, err := f.Do(engine.Spend{Who: f.ID("Gavvin"), Action: "shake_free", At: o1}); err == nil {
		t.Error("Gavvin shook Orc 1 free on Orc 2's turn")
	}
}
