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

// Kept prone through a Pain Resistance success that sets a Downed stun
// aside for the turn (l.1004-1005, 1023-1024), one lies on the ground with
// no stun bonus counting it in: Prone's own +20 against melee and -20
// against ranged attacks count (l.972-974), on the panel and on the roll.
// ledger: pathmaster/stun-downed pathmaster/downed-stays-prone
func TestShruggedOffDownedStillProneToAttackers(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Stun{Who: o, Level: "downed", Rounds: 2})
	f.ToTurnOf("Orc 1", 96, 50) // one Downed round left: 146 + 20 = 166, a success
	c := f.Get("Orc 1")
	if lvl, ignored := engine.StunNow(f.Rules, c); !ignored || lvl >= 0 || !c.Has("prone") {
		t.Fatalf("the success: level %d, ignored %v, prone %v", lvl, ignored, c.Has("prone"))
	}
	if m, r, _ := engine.AttackerBonus(f.Rules, c); m != 20 || r != -20 {
		t.Errorf("attackers: melee %+d, ranged %+d; want +20, -20", m, r)
	}
	f.ToTurnOf("Orc 2")
	f.Must(engine.RollCheck{Who: f.ID("Orc 2"), Check: "attack", Target: o}, 50)
	if line := f.LastLog("Orc 2: Melee"); !strings.Contains(line, "= 100") {
		t.Errorf("a melee attack on the prone orc: %q, want 50 + 40 - 10 + 20 = 100", line)
	}
	f.ToTurnOf("Orc 3")
	f.Must(engine.RollCheck{Who: f.ID("Orc 3"), Check: "ranged", Target: o}, 50)
	if line := f.LastLog("Orc 3: Ranged"); !strings.Contains(line, "= 60") {
		t.Errorf("a shot at the prone orc: %q, want 50 + 40 - 10 - 20 = 60", line)
	}
}
