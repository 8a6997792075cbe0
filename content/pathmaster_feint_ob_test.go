package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Dazzled "takes a -20 penalty on OB" (l.880) and Entangled "receives a
// -20 OB penalty" (l.892); the Feint is resolved "using your full weapon
// skill" (l.509), rolled as d100oe + OB: the -20 comes off it too, so
// Gavvin's [30] + 80 - 20 = 90 is seen through. Shaken's -10 (a maneuver
// check, l.976) was already there; neither is counted twice.
// ledger: pathmaster/dazzled pathmaster/entangled-ob-and-dodge
func TestDazzledAndEntangledFeintAtTheirOB(t *testing.T) {
	for _, cond := range []string{"dazzled", "entangled"} {
		f, _ := pm(t)
		g, o1 := f.ID("Gavvin"), f.ID("Orc 1")
		f.Must(engine.GiveCondition{Who: g, Condition: cond})
		f.Must(engine.Spend{Who: g, Action: "feint"})
		f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o1}, 30)
		if line := f.LastLog("Gavvin: Feint"); !strings.Contains(line, "[30] + 80 = 110 - 20 = 90 vs 101 or more: Seen through") {
			t.Errorf("%s: the feint %q, want its OB 20 less: 90, seen through", cond, line)
		}
		if f.Get("Gavvin").Has("feinting") {
			t.Errorf("%s: the feint at 90 was made", cond)
		}
	}
}
