package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Downed: attackers +50 "downed", which "reduces to +20 'stun' once the
// Downed rounds are recovered" (l.1003-1006): the book's totals, the
// prone it knocks one into counted in them. Gavvin (OB 80) rolls 50 at
// Orc 1 (DB 10): 120 + 50 while Downed, + 20 once only Stunned rounds are
// left though still lying there, and Prone's own +20 once it lingers
// without the stun (Must Parry).
// ledger: pathmaster/stun-downed
func TestDownedBonusIsTheTotal(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Stun{Who: o, Level: "downed", Rounds: 1})
	f.Must(engine.Stun{Who: o, Level: "stunned", Rounds: 1})
	f.Must(engine.Stun{Who: o, Level: "must_parry", Rounds: 1})
	roll := func(want string) {
		t.Helper()
		f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
		if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, want) {
			t.Errorf("%q, want %s", line, want)
		}
	}
	roll("= 170 ")
	f.ToTurnOf("Orc 1", 10) // the Downed round off; Pain Resistance fails
	f.ToTurnOf("Gavvin")
	if !f.Get("Orc 1").Has("prone") {
		t.Fatal("Orc 1 stood up with stun left")
	}
	roll("= 140 ")
	f.ToTurnOf("Orc 1", 10) // the Stunned round off: Must Parry, still lying there
	f.ToTurnOf("Gavvin")
	roll("= 140 ")
}
