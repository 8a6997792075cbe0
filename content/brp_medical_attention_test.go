package content_test

import (
	"testing"

	"fray/engine"
)

// "The reference to 'medical attention' can be the First Aid or Medicine
// skills, healing magic or technology, or use of an appropriate power"
// (l.587). The head at its hit points "must receive medical attention
// within five minutes (one turn) or make a successful Stamina roll" (l.595):
// healed by a power at the head (h) in round 1, Yvarre lives past the 25
// rounds; healed at the arm instead, the head blow runs on.
// ledger: brp/head-at-hp brp/medical-attention-meaning
func TestBRPHealingPowerIsMedicalAttentionForTheHead(t *testing.T) {
	for _, c := range []struct {
		at   string
		dies bool
	}{{"head", false}, {"left_arm", true}} {
		f := brpWithLocations(t)
		y := f.ID("Yvarre")
		f.Must(engine.Damage{Who: y, Amount: 5, Location: "head"})
		f.Must(engine.Damage{Who: y, Amount: 1, Location: "left_arm"})
		if !f.Get("Yvarre").Has("head_blow") {
			t.Fatalf("5 in the 5-point head:\n%s", logText(f))
		}
		f.Must(engine.Heal{Who: y, Amount: 1, Location: c.at})
		if got := f.Get("Yvarre").Has("head_blow"); got != c.dies {
			t.Errorf("healed at the %s: Head blow held %v, want %v (l.587, 595)\n%s", c.at, got, c.dies, logText(f))
		}
		toRound(t, f, 28)
		if got := f.Get("Yvarre").Has("dead"); got != c.dies {
			t.Errorf("healed at the %s in round 1: dead by round 28 %v, want %v (l.595)", c.at, got, c.dies)
		}
	}
}

// A limb hit for twice its hit points bleeds "at a rate of 1 hit point per
// round until receiving successful medical attention" (l.599, 587): the
// Bandit's arm healed by a power (h, 1 at the arm, still past its hit
// points) bleeds no more; a heal elsewhere leaves it bleeding.
// ledger: brp/location-bleed-difficult-stamina brp/medical-attention-meaning
func TestBRPHealingPowerStopsTheLimbsBleeding(t *testing.T) {
	for _, c := range []struct {
		at    string
		bleed int
	}{{"left_arm", 0}, {"right_leg", 1}} {
		f := brpWithLocations(t)
		b := f.ID("Bandit")
		f.Must(engine.Damage{Who: b, Amount: 5, Location: "left_arm"})
		f.Must(engine.Damage{Who: b, Amount: 1, Location: "right_leg"})
		if f.Get("Bandit").Bleeding() != 1 {
			t.Fatalf("a 2-point arm hit for 5 does not bleed:\n%s", logText(f))
		}
		f.Must(engine.Heal{Who: b, Amount: 1, Location: c.at})
		if got := f.Get("Bandit").Bleeding(); got != c.bleed {
			t.Errorf("healed at the %s: bleeds %d, want %d (l.587, 599)\n%s", c.at, got, c.bleed, logText(f))
		}
		hp := f.Get("Bandit").HP
		toRound(t, f, 4)
		if got := f.Get("Bandit").HP; (got < hp) != (c.bleed > 0) {
			t.Errorf("healed at the %s: %d to %d by round 4 (l.599)\n%s", c.at, hp, got, logText(f))
		}
	}
}

// The head, chest or abdomen at twice its hit points: unconscious and
// losing 1 a round "unless receiving medical attention" (l.600): the chest
// healed by a power (h) stops the bleeding and ends Bleeding from the
// vitals; Yvarre stays unconscious (the heal is no wake-up).
// ledger: brp/vitals-twice brp/medical-attention-meaning brp/location-bleed-difficult-stamina
func TestBRPHealingPowerStopsTheVitalsBleeding(t *testing.T) {
	f := brpWithLocations(t)
	y := f.ID("Yvarre")
	f.Must(engine.Damage{Who: y, Amount: 12, Location: "chest"})
	c := f.Get("Yvarre")
	if !c.Has("vital_bleeding") || c.Bleeding() == 0 {
		t.Fatalf("a 6-point chest hit for 12: %+v bleeding %d\n%s", c.Conditions, c.Bleeding(), logText(f))
	}
	f.Must(engine.Heal{Who: y, Amount: 1, Location: "chest"})
	c = f.Get("Yvarre")
	if c.Has("vital_bleeding") || c.Bleeding() != 0 || !c.Has("unconscious") {
		t.Errorf("the chest healed by a power (l.587, 600): %+v bleeding %d\n%s", c.Conditions, c.Bleeding(), logText(f))
	}
}
