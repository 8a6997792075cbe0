package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A Feint made, "the foe immediately makes a Resistance Roll ... If the
// Resistance Roll is failed, your opponent suffers a penalty" (l.511-513):
// Orc 1's Resistance Roll against the feint (Gavvin's 8 ranks against its
// level 1: 85) made with 90 takes Gavvin's Feinting at it away, logged, and
// his next attack is refused the feint's penalties; undone, the feint is
// back; missed with 40, the feint holds.
// ledger: pathmaster/feint
func TestFeintResistedLeavesNoPenalty(t *testing.T) {
	f, _ := pm(t)
	g, o1 := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "feint"})
	f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o1}, 30)
	resist := engine.Resist{Who: o1, AttackLevel: 8, DefenceLevel: 1, Kind: "feint"}
	f.Must(resist, 90)
	if line := f.LastLog("Resistance Roll"); !strings.Contains(line, "target 85") || !strings.Contains(line, "success by 5") {
		t.Errorf("the Resistance Roll: %q", line)
	}
	if f.Get("Gavvin").Has("feinting") {
		t.Fatalf("Orc 1 resisted the feint, and Gavvin is still Feinting at it")
	}
	if !strings.Contains(logText(f), "Gavvin is no longer Feinting") {
		t.Errorf("the feint's end is not logged:\n%s", logText(f))
	}
	f.Undo()
	if !f.Get("Gavvin").Has("feinting") {
		t.Errorf("the Resistance Roll undone, the feint is not back")
	}
	f.Must(resist, 40)
	if !f.Get("Gavvin").Has("feinting") {
		t.Errorf("Orc 1 failed its Resistance Roll, and the feint is gone")
	}
	f.Undo()
	f.Must(resist, 90)
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o1, Modifiers: []string{"feint_dodge"}}, "needs Gavvin Feinting at Orc 1")
}
