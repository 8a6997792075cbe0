package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A spell carried to segment 10 of the next round (countdown.txt l.22)
// takes that round's first action. A caster who declares away every
// action of that round (full defense) has none for it: the spell is lost
// with its action (l.4), not carried on for ever with the panel saying it
// "begins next round" rounds later.
// ledger: countdown/spell-next-round
func TestCountdownCarriedSpellWithoutAnAction(t *testing.T) {
	// Round 1: the Mage 1d10 1, the Guard 9.
	f, _ := startFight(t, "countdown", []member{{name: "Mage", hp: 20}, {name: "Guard", hp: 20}}, 1, 9, 5)
	mage := f.ID("Mage")
	f.Next()
	f.Next()
	if f.Actor() != "Mage" {
		t.Fatalf("%s acts, not the Mage", f.Actor())
	}
	// SK rank 1 takes 7: begun at 1 it would go off at -6, so it begins at
	// 10 of round 2.
	f.Must(engine.Cast{Who: mage, Name: "Bolt", Kind: "sk", Rank: 1})
	if x := f.Get("Mage").Casting; x == nil || !x.Carried {
		t.Fatalf("the spell is not carried: %+v", x)
	}
	for f.Current().Round < 2 {
		f.Next()
	}
	f.Must(engine.Declare{Who: mage, Declaration: "full_defense"})
	f.Next() // round 2's initiative: the Guard 5, the Mage nothing
	if x := f.Get("Mage").Casting; x != nil {
		t.Errorf("round 2: the Mage still casts %+v with no action for it", *x)
	}
	if log := logText(f); !strings.Contains(log, "Mage's Bolt (SK spell, rank 1) is interrupted") {
		t.Errorf("the log does not say the spell is lost:\n%s", log)
	}
}

// A carried spell whose caster had no place of its own in the next
// round's order (it acted with a group) never took its action: it is lost
// as that round ends, not shown as beginning "next round" for ever.
// ledger: countdown/spell-next-round
func TestCountdownCarriedSpellNeverTaken(t *testing.T) {
	// Round 1: the Mage 1d10 1, the Guard 9; round 2: the group 5.
	f, _ := startFight(t, "countdown", []member{{name: "Mage", hp: 20}, {name: "Guard", hp: 20}}, 1, 9, 5)
	mage, guard := f.ID("Mage"), f.ID("Guard")
	f.Next()
	f.Next()
	f.Must(engine.Cast{Who: mage, Name: "Bolt", Kind: "sk", Rank: 1})
	f.Must(engine.JoinGroup{Who: mage, With: guard})
	for f.Current().Round < 3 {
		f.Next()
	}
	if x := f.Get("Mage").Casting; x != nil {
		t.Errorf("round 3: the Mage still casts %+v", *x)
	}
	if log := logText(f); !strings.Contains(log, "Mage's Bolt (SK spell, rank 1) is interrupted") {
		t.Errorf("the log does not say the spell is lost:\n%s", log)
	}
}
