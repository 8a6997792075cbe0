package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A single hit of more than CON stuns for the rest of the round, and "the
// stunned lose all remaining attacks for the round" (countdown.txt l.50):
// a caster stunned with a spell under way loses it with the action it
// took (l.4), and from then it is not casting, its DEF whole again
// (l.86, 97); the log says the spell is lost.
// ledger: countdown/hit-stun countdown/casting-defence
func TestCountdownStunnedCasterLosesTheSpell(t *testing.T) {
	// The Mage 8+1 = 9, the Foe 5, the Guard 1.
	f, dice := startFight(t, "countdown", []member{{name: "Mage", creature: "mage"}, {name: "Foe", hp: 30}, {name: "Guard", hp: 30}}, 8, 5, 1)
	mage := f.ID("Mage")
	f.Next()
	// SK rank 8: 6 segments, from 9 to 3; DEF 25 - 10 meanwhile.
	f.Must(engine.Cast{Who: mage, Name: "Bolt", Kind: "sk", Rank: 8})
	if f.Actor() != "Foe" {
		t.Fatalf("%s acts at 5, want the Foe", f.Actor())
	}
	// 12 is more than CON 11: stunned at 5.
	f.Must(engine.Damage{Who: mage, Amount: 12})
	if x := f.Get("Mage").Casting; x != nil {
		t.Errorf("stunned at 5, the Mage still casts %+v", *x)
	}
	if got := engine.StatNow(f.Rules, f.Get("Mage"), "DEF"); got != 25 {
		t.Errorf("the stunned Mage's DEF: %d, want 25 (no longer casting)", got)
	}
	if log := logText(f); !strings.Contains(log, "Mage's Bolt (SK spell, rank 8) is interrupted: the spell and the action are lost") {
		t.Errorf("the log does not say the spell is lost:\n%s", log)
	}
	f.Next() // the Guard at 1: the Mage's 3 is lost
	if f.Actor() != "Guard" {
		t.Errorf("%s acts after the Foe, want the Guard", f.Actor())
	}
	if got := engine.StatNow(f.Rules, f.Get("Mage"), "DEF"); got != 25 {
		t.Errorf("the Mage's DEF at segment 1: %d, want 25", got)
	}
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
}

// Stunned by hand (c, the condition itself) or kept from its turn any
// other way, a caster whose turn to get its spell off passes without it
// loses the spell there, logged, and casts no more (l.50, 4): not
// "casting" on to the round's end with its DEF 10 less.
// ledger: countdown/hit-stun countdown/casting-defence
func TestCountdownSpellLostWhenItsTurnPasses(t *testing.T) {
	// The Mage 8+1 = 9, the Foe 5, the Guard 1.
	f, _ := startFight(t, "countdown", []member{{name: "Mage", creature: "mage"}, {name: "Foe", hp: 30}, {name: "Guard", hp: 30}}, 8, 5, 1)
	mage := f.ID("Mage")
	f.Next()
	f.Must(engine.Cast{Who: mage, Name: "Bolt", Kind: "sk", Rank: 8}) // 9 to 3
	f.Must(engine.GiveCondition{Who: mage, Condition: "stunned"})
	f.Next() // the Mage's 3 passes: the Guard at 1
	if f.Actor() != "Guard" {
		t.Fatalf("%s acts, want the Guard", f.Actor())
	}
	if x := f.Get("Mage").Casting; x != nil {
		t.Errorf("its turn at 3 passed, the Mage still casts %+v", *x)
	}
	if got := engine.StatNow(f.Rules, f.Get("Mage"), "DEF"); got != 25 {
		t.Errorf("the Mage's DEF at segment 1: %d, want 25", got)
	}
	if log := logText(f); !strings.Contains(log, "Mage's Bolt (SK spell, rank 8) is interrupted: the spell and the action are lost") {
		t.Errorf("the log does not say the spell is lost:\n%s", log)
	}
}
