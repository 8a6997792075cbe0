package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Non-lethal damage past the hits left knocks out (l.1056) and never kills:
// 100 non-lethal on an orc of 45 hits leaves its hits and puts it down
// Unconscious, not dead at -CON; healing takes the non-lethal off as it
// heals and the orc comes to once it is within its hits again.
// ledger: pathmaster/nonlethal-damage
func TestNonlethalKnocksOutNeverKills(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Damage{Who: o, Amount: 40, NonLethal: true})
	if c := f.Get("Orc 1"); c.HP != 45 || c.Out || c.Nonlethal != 40 {
		t.Fatalf("40 non-lethal on 45 hits: hits %d, out %v, non-lethal %d", c.HP, c.Out, c.Nonlethal)
	}
	f.Must(engine.Damage{Who: o, Amount: 60, NonLethal: true})
	if line := f.LastLog("Orc 1 takes 60"); line != "Orc 1 takes 60 non-lethal (100 non-lethal against 45 Hits)" {
		t.Errorf("the log: %q", line)
	}
	c := f.Get("Orc 1")
	if !c.Out || !c.Has("unconscious") || c.Has("dead") || c.HP != 45 {
		t.Fatalf("100 non-lethal: out %v, unconscious %v, dead %v, hits %d", c.Out, c.Has("unconscious"), c.Has("dead"), c.HP)
	}
	f.Must(engine.Damage{Who: o, Amount: 10})
	f.Must(engine.Heal{Who: o, Amount: 10})
	if c := f.Get("Orc 1"); !c.Out || c.Nonlethal != 90 {
		t.Errorf("healed 10: out %v, non-lethal %d", c.Out, c.Nonlethal)
	}
	f.Must(engine.Damage{Who: o, Amount: 20})
	f.Must(engine.Heal{Who: o, Amount: 20})
	f.Must(engine.Heal{Who: o, Amount: 40})
	if c := f.Get("Orc 1"); c.Out || c.Has("unconscious") || c.Nonlethal != 30 || c.HP != 45 {
		t.Errorf("healed 60 more: out %v, non-lethal %d, hits %d", c.Out, c.Nonlethal, c.HP)
	}
}

// Magic stops a bleeding wound at once and for good (l.840-841): the wound
// is gone, a First Aid aimed at it has nothing left to treat, and the
// other wounds bleed on.
// ledger: pathmaster/magical-healing-of-bleeding
func TestMagicClosesABleedingWound(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Bleed{Who: o, Rate: 3})
	f.Must(engine.Bleed{Who: o, Rate: 8})
	f.Must(aidOn(f, "Gavvin", "Orc 1", engine.TreatWound, 1))
	f.Must(engine.CloseWound{Who: o, Wound: 1})
	if line := f.LastLog("closed by magic"); line != "Orc 1's wound bleeding 8 a round is closed by magic, for good (3 a round in all)" {
		t.Errorf("the log: %q", line)
	}
	if c := f.Get("Orc 1"); len(c.Wounds) != 1 || c.Wounds[0].Rate != 3 {
		t.Errorf("the wounds left: %+v", c.Wounds)
	}
	if e := f.Get("Gavvin").Ext; e == nil || e.Index != -1 {
		t.Errorf("the First Aid on the closed wound: %+v", e)
	}
	f.Refuse(engine.CloseWound{Who: o, Wound: 1}, "Orc 1 has no bleeding wound #2")
	// It stops at once: the next bleeding is the other wound's 3 alone.
	round := f.Current().Round
	for f.Current().Round == round || !strings.Contains(logText(f), "Orc 1 bleeds") {
		f.Next()
		if f.Current().Round > round+1 {
			t.Fatalf("Orc 1 did not bleed:\n%s", logText(f))
		}
	}
	if line := f.LastLog("Orc 1 bleeds"); !strings.HasPrefix(line, "Orc 1 bleeds 3 ") {
		t.Errorf("after the magic: %q", line)
	}
}

// Energy Drained (l.885-888): the Constitution lowered in the fight, read
// lowered wherever it counts: an orc of CON 55 at -50 hits lives, drained
// of 10 it is dead (-CON, l.1177); CO 5 drained of 3 knocks out at 12
// rounds of stun (10 + CO, l.1174), not 15. Given back, it reads as typed.
// ledger: pathmaster/energy-drained
func TestEnergyDrainedLowersConstitution(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Damage{Who: o, Amount: 95})
	if f.Get("Orc 1").Has("dead") {
		t.Fatal("dead at -50 with CON 55")
	}
	f.Must(engine.Drain{Who: o, Stat: "CON", Amount: 10})
	if line := f.LastLog("drained"); line != "Orc 1 is drained of 10 CON (10 in all, CON 45 now)" {
		t.Errorf("the log: %q", line)
	}
	if c := f.Get("Orc 1"); !c.Has("dead") || c.Stats["CON"] != 55 {
		t.Errorf("drained to 45 at -50: dead %v, typed CON %d", c.Has("dead"), c.Stats["CON"])
	}
	o2 := f.ID("Orc 2")
	f.Must(engine.Drain{Who: o2, Stat: "CO", Amount: 3})
	f.Must(engine.Stun{Who: o2, Level: "stunned", Rounds: 12})
	if !f.Get("Orc 2").Has("unconscious") {
		t.Error("12 rounds of stun with CO 5 drained of 3: not knocked out")
	}
	f.Must(engine.Drain{Who: o2, Stat: "CO", Amount: -3})
	if line := f.LastLog("back"); line != "Orc 2 gets 3 CO back (0 drained, CO 5 now)" || f.Get("Orc 2").Has("unconscious") {
		t.Errorf("given back: %q, unconscious %v", line, f.Get("Orc 2").Has("unconscious"))
	}
	f.Refuse(engine.Drain{Who: o2, Stat: "OB", Amount: 5}, `Pathmaster drains no stat "OB"`)
}
