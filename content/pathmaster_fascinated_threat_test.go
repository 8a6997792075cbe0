package content_test

import (
	"testing"

	"fray/engine"
)

// "Any obvious threat, such as someone drawing a weapon, casting a spell,
// or aiming a ranged weapon at the fascinated creature, automatically
// breaks the effect" (l.899-901): an Aim taken at Fascinated Orc 1 ends
// it, and so does an attack roll at it (melee or ranged); an Aim at
// another leaves it.
// ledger: pathmaster/fascinated-threats
func TestFascinatedBrokenByAnAimOrAnAttack(t *testing.T) {
	for _, how := range []string{"aim", "attack", "ranged"} {
		f, _ := pm(t)
		g, o1 := f.ID("Gavvin"), f.ID("Orc 1")
		f.Must(engine.GiveCondition{Who: o1, Condition: "fascinated"})
		f.Must(engine.GiveCondition{Who: f.ID("Orc 2"), Condition: "fascinated"})
		if how == "aim" {
			f.Must(engine.Spend{Who: g, Action: "aim", At: o1})
		} else {
			f.Must(engine.RollCheck{Who: g, Check: how, Target: o1}, 50)
		}
		if f.Get("Orc 1").Has("fascinated") {
			t.Errorf("%s at Fascinated Orc 1: it is still Fascinated", how)
		}
		if !f.Get("Orc 2").Has("fascinated") {
			t.Errorf("%s at Orc 1 broke Orc 2's fascination", how)
		}
	}
}
