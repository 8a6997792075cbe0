package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A critical's rounds of initiative are +5 each "on the next maneuver or
// attack completed" (l.871-874): the bonus goes on the next attack or
// maneuver roll, not on whatever action comes first; a Talk before it
// keeps it, the roll spends it, and the roll after has none.
// ledger: pathmaster/initiative-from-criticals
func TestInitiativeRoundsReachTheRoll(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.InitRounds{Who: g, Rounds: 2})
	f.Must(engine.Spend{Who: g, Action: "talk"})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	if f.Get("Gavvin").InitRounds != 2 {
		t.Fatalf("the rounds were spent before any roll: %d left", f.Get("Gavvin").InitRounds)
	}
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	line := f.LastLog("Gavvin: Melee attack")
	if !strings.Contains(line, "(rounds of initiative +10)") || !strings.Contains(line, "= 130") {
		t.Errorf("the two rounds' +10 is not on the attack roll: %q", line)
	}
	if got := f.LastLog("rounds of initiative:"); got != "Gavvin spends 2 rounds of initiative: +10 on this roll" {
		t.Errorf("spent: %q", got)
	}
	if n := f.Get("Gavvin").InitRounds; n != 0 {
		t.Errorf("%d rounds are kept to reach a second roll", n)
	}
}
