package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.335: "the target may try to staunch the bleeding once per round ... At
// the end of each round, the target can try a Stamina roll to determine if
// the bleeding stops. If successful, the wound is held closed". g does not
// roll the staunching Stamina roll (neither early in the round nor twice
// in it): it is Staunching's tick's, once, as the round ends, for one given
// Staunching with c (saved and resumed too). A failure leaves the wound open, so it bleeds on the
// next round's rank 1; the next round's end rolls again.
// ledger: brp/staunch-roll
func TestBRPStaunchRollOnceARoundAtItsEnd(t *testing.T) {
	members := []member{{name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}}
	f, _ := startFight(t, "brp", members, 90, 30)
	k := f.ID("Kallistor")
	f.Must(engine.Bleed{Who: k, Rate: 1})
	toRound(t, f, 2)
	for range 2 {
		f.Refuse(engine.RollCheck{Who: k, Check: "stamina"},
			"Stamina roll to staunch the bleeding is rolled once, as the round ends, for one given Staunching (c), not by hand")
	}
	f.Must(engine.GiveCondition{Who: k, Condition: "staunching"})
	f.Refuse(engine.RollCheck{Who: k, Check: "stamina"}, "as the round ends")
	if back := handResumed(t, f); !back.Get("Kallistor").Has("staunching") {
		t.Errorf("saved and resumed, the hand is off the wound")
	} else {
		back.Refuse(engine.RollCheck{Who: k, Check: "stamina"}, "as the round ends")
	}
	hp := f.Get("Kallistor").HP
	toRound(t, f, 3)
	log := logText(f)
	if n := strings.Count(log, "Stamina roll to staunch the bleeding: d100"); n != 1 {
		t.Errorf("round 2's end rolled the staunch %d times:\n%s", n, log)
	}
	if !strings.Contains(log, "[90] = 90 vs 75 or less: Still bleeding") || f.Get("Kallistor").Has("held_shut") {
		t.Errorf("90 on 75 held the wound:\n%s", log)
	}
	if c := f.Get("Kallistor"); c.HP != hp-1 {
		t.Errorf("round 2's rank 1 bled before the roll: %d HP, want %d", c.HP, hp-1)
	}
	toRound(t, f, 4)
	log = logText(f)
	if n := strings.Count(log, "Stamina roll to staunch the bleeding: d100"); n != 2 {
		t.Errorf("two round ends, %d staunching rolls:\n%s", n, log)
	}
	if c := f.Get("Kallistor"); c.HP != hp-2 || !c.Has("held_shut") || c.Has("staunching") {
		t.Errorf("failed at round 2's end, it bleeds on round 3's rank 1, then 30 holds it: %d HP (want %d), %+v",
			c.HP, hp-2, c.Conditions)
	}
}

// l.599: an incapacitated limb bleeds until medical attention "or a
// Difficult Stamina roll": a hand on it (Staunching) gets no plain Stamina
// roll as the round ends either; the tick logs why.
// ledger: brp/location-bleed-difficult-stamina
func TestBRPStaunchTickRefusedToTheIncapacitated(t *testing.T) {
	f := brpWithLocations(t)
	b := f.ID("Bandit")
	f.Must(engine.Damage{Who: b, Amount: 5, Location: "left_arm"})
	f.Must(engine.GiveCondition{Who: b, Condition: "staunching"})
	f.Refuse(engine.RollCheck{Who: b, Check: "stamina"}, "Bandit is Incapacitated: no Stamina roll to staunch the bleeding")
	toRound(t, f, 2)
	if c := f.Get("Bandit"); c.Has("held_shut") || !strings.Contains(logText(f), "Incapacitated: no Stamina roll to staunch") {
		t.Errorf("the staunch rolled for the incapacitated: %+v\n%s", c.Conditions, logText(f))
	}
}
