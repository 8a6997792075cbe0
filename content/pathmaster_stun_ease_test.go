package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// An 81-100 Pain Resistance roll eases the stun one level "for that turn
// only" (l.1024-1026); it is no success, so stun taken after it "stuns"
// in full (l.1039-1041 protect a success only): a Downed round landed
// after it knocks the orc prone at once and gives attackers +50
// (l.1003-1006).
// ledger: pathmaster/pain-resistance pathmaster/stun-downed
func TestEasedStunBindsFreshStunInFull(t *testing.T) {
	f, rs := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Stun{Who: o, Level: "stunned", Rounds: 3})
	f.ToTurnOf("Orc 1", 75) // 2 left: 75 + PR 20 - 10 = 85, eased to Must Parry
	if got := levelName(rs, f.Get("Orc 1")); got != "must_parry" {
		t.Fatalf("eased Stunned: %s", got)
	}
	f.ToTurnOf("Gavvin")
	f.Must(engine.Stun{Who: o, Level: "downed", Rounds: 1})
	if c := f.Get("Orc 1"); levelName(rs, c) != "downed" || !c.Has("prone") {
		t.Errorf("Downed after an eased roll: %s, prone %v\n%s", levelName(rs, c), c.Has("prone"), logText(f))
	}
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if line := f.LastLog("Gavvin: Melee"); !strings.Contains(line, "Downed +50") {
		t.Errorf("the attack on the Downed orc: %q", line)
	}
	f.ToTurnOf("Orc 1", 10)
	if !f.Get("Orc 1").Has("prone") {
		t.Errorf("the Downed round marked off, never prone: %v", f.Get("Orc 1").Stun)
	}

	// A fresh round of the eased level binds in full too; a lighter one
	// leaves the ease as it was.
	for _, c := range []struct{ fresh, want string }{{"stunned", "stunned"}, {"must_parry", "must_parry"}} {
		f, rs := pm(t)
		o := f.ID("Orc 1")
		f.Must(engine.Stun{Who: o, Level: "must_parry", Rounds: 3})
		f.ToTurnOf("Orc 1", 75) // 2 left: 85, Must Parry eased away
		f.Must(engine.Stun{Who: o, Level: c.fresh, Rounds: 1})
		if got := levelName(rs, f.Get("Orc 1")); got != c.want {
			t.Errorf("%s after eased Must Parry binds %s, want %s", c.fresh, got, c.want)
		}
	}
	f, rs = pm(t)
	o = f.ID("Orc 1")
	f.Must(engine.Stun{Who: o, Level: "no_parry", Rounds: 3})
	f.ToTurnOf("Orc 1", 75) // eased to Stunned
	f.Must(engine.Stun{Who: o, Level: "must_parry", Rounds: 1})
	if got := levelName(rs, f.Get("Orc 1")); got != "stunned" {
		t.Errorf("a lighter round after the ease: %s, want stunned", got)
	}
}

// Stunned while concentrating, a caster who fails the Stunned Maneuver
// check fails the spell (l.1427-1428); 81-100 is a failure by 20 or less
// (l.1024), though it eases Must Parry away.
// ledger: pathmaster/stunned-caster
func TestStunnedCasterFailingByTwentyLosesTheSpell(t *testing.T) {
	f, m := preparingSleep(t)
	f.Must(engine.Stun{Who: m, Level: "must_parry", Rounds: 2})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage", 60) // 1 left: 60 + PR 25 = 85, eased away
	if c := f.Get("Mage"); c.Casting != nil {
		t.Errorf("failed the Stunned Maneuver (85), the spell goes on: %+v\n%s", c.Casting, logText(f))
	}
	if line := f.LastLog("Sleep"); !strings.Contains(line, "fails the Stunned Maneuver") {
		t.Errorf("the log: %q", line)
	}
	// A success (101+) keeps it: the stun is set aside for the turn.
	f, m = preparingSleep(t)
	f.Must(engine.Stun{Who: m, Level: "stunned", Rounds: 2})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage", 80) // 80 + 25 = 105
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	if c := f.Get("Mage"); c.Casting == nil || c.Casting.Rounds != 2 {
		t.Errorf("shrugged off, the spell: %+v\n%s", c.Casting, logText(f))
	}
}

// Healed above 0 hits while -100 of penalties or 10 + CO rounds of stun
// still hold one out (l.1168-1176), the combatant is not back in the
// fight: the log says only what the hits did.
// ledger: pathmaster/unconscious-at-zero
func TestHealedButStillOutIsNotBack(t *testing.T) {
	for _, hold := range []engine.Command{engine.Injure{Penalty: -100, Text: "spine"}, engine.Stun{Level: "stunned", Rounds: 20}} {
		f, _ := pm(t)
		o := f.ID("Orc 1")
		switch c := hold.(type) {
		case engine.Injure:
			c.Who = o
			hold = c
		case engine.Stun:
			c.Who = o
			hold = c
		}
		f.Must(engine.Damage{Who: o, Amount: 50})
		f.Must(hold)
		ev := f.Must(engine.Heal{Who: o, Amount: 20})
		lines := strings.Join(f.Lines(ev), "\n")
		if c := f.Get("Orc 1"); !c.Has("unconscious") || strings.Contains(lines, "back in the fight") {
			t.Errorf("%T: unconscious %v, the heal's lines: %q", hold, c.Has("unconscious"), lines)
		}
	}
}
