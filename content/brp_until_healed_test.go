package content_test

import (
	"reflect"
	"testing"

	"fray/engine"
)

// A limb hit for twice its hit points in one blow: "they can no longer
// fight until healed" (l.599); a leg or arm at its hit points is
// "temporarily useless" (l.591, 594). The Bandit's 2-point arm hit for 5:
// Incapacitated and the arm useless. Healed 1 there (4 of 2) it is still
// hurt past its hit points and both stay; healed below them (1 of 2) both
// end and it attacks again. Undone, the heal gives them back.
// ledger: brp/limb-twice brp/arm-at-hp
func TestBRPIncapacitatedUntilTheLimbIsHealed(t *testing.T) {
	f := brpWithLocations(t)
	b, y := f.ID("Bandit"), f.ID("Yvarre")
	f.Must(engine.Damage{Who: b, Amount: 5, Location: "left_arm"})
	if c := f.Get("Bandit"); !c.Has("incapacitated") || !c.Has("arm_useless") {
		t.Fatalf("a 2-point arm hit for 5: %+v\n%s", c.Conditions, logText(f))
	}
	f.Must(engine.Heal{Who: b, Amount: 1, Location: "left_arm"})
	if c := f.Get("Bandit"); !c.Has("incapacitated") || !c.Has("arm_useless") {
		t.Errorf("the arm at 4 of 2 is not healed (l.599), yet: %+v", c.Conditions)
	}
	before := *f.Current()
	done := len(f.Done)
	f.Must(engine.Heal{Who: b, Amount: 3, Location: "left_arm"})
	if c := f.Get("Bandit"); c.Has("incapacitated") || c.Has("arm_useless") {
		t.Errorf("the arm healed to 1 of 2 (l.599: until healed): %+v\n%s", c.Conditions, logText(f))
	}
	if got := f.LastLog("no longer Incapacitated"); got == "" {
		t.Errorf("the log does not say why Incapacitated ended:\n%s", logText(f))
	}
	onRank(t, f, "Bandit")
	if _, err := f.Do(engine.RollCheck{Who: b, Check: "skill", Target: y}, 90); err != nil {
		t.Errorf("healed, the Bandit may fight again (l.599): %v", err)
	}
	for len(f.Done) > done {
		f.Undo()
	}
	if !reflect.DeepEqual(*f.Current(), before) {
		t.Error("the heal undone, the fight differs")
	}
}

// An arm and a leg hit for twice their hit points: healing the arm leaves
// the fighter incapacitated by the leg (l.599, each limb its own); a leg
// only at its hit points keeps it useless but incapacitates nothing.
// ledger: brp/limb-twice
func TestBRPIncapacitatedByTheOtherLimbStays(t *testing.T) {
	for _, c := range []struct {
		leg  int
		kept bool
	}{{6, true}, {4, false}} {
		f := brpWithLocations(t)
		b := f.ID("Bandit")
		f.Must(engine.Damage{Who: b, Amount: 4, Location: "left_arm"})
		f.Must(engine.Damage{Who: b, Amount: c.leg, Location: "right_leg"})
		f.Must(engine.Heal{Who: b, Amount: 4, Location: "left_arm"})
		got := f.Get("Bandit")
		if got.Has("incapacitated") != c.kept || !got.Has("leg_useless") || got.Has("arm_useless") {
			t.Errorf("the 3-point leg hit for %d, the arm healed: %+v, want incapacitated %v, leg useless\n%s",
				c.leg, got.Conditions, c.kept, logText(f))
		}
	}
}
