package content_test

import (
	"testing"

	"fray/engine"
)

// Knocked out, one comes to as the hits heal above 0, the penalties ease
// above -100 or the stun below 10 + CO, "or as the GM rules" (l.1168-1176):
// the GM taking Unconscious away (c) is that ruling. It holds through the
// turns that follow, the combatant acting again, until it is hurt, its
// penalties worsen or it is stunned more, which knock it out again; undone,
// the ruling goes with the step.
// ledger: pathmaster/unconscious-at-zero pathmaster/unconscious-by-penalties pathmaster/unconscious-by-stun
func TestGMRulesTheKnockedOutAwake(t *testing.T) {
	f, _ := pm(t)
	o1, o2, o3 := f.ID("Orc 1"), f.ID("Orc 2"), f.ID("Orc 3")
	f.Must(engine.Damage{Who: o1, Amount: 50})                   // -5 hits
	f.Must(engine.Injure{Who: o2, Penalty: -100, Text: "skull"}) // -100
	f.Must(engine.Stun{Who: o3, Level: "stunned", Rounds: 15})   // 10 + CO 5
	for _, o := range []int{o1, o2, o3} {
		c := f.Current().Combatant(o)
		if !c.Has("unconscious") || !c.Out && o == o1 {
			t.Fatalf("%s is not knocked out", c.Name)
		}
		f.Must(engine.TakeCondition{Who: o, Condition: "unconscious"})
		if c := f.Current().Combatant(o); c.Has("unconscious") || c.Out {
			t.Errorf("%s: the GM ruled it awake, still unconscious %v, out %v", c.Name, c.Has("unconscious"), c.Out)
		}
	}
	// The ruling holds: each has its turn, the stunned one rolling Pain
	// Resistance as it comes to below its limit no more.
	f.ToTurnOf("Orc 1")
	if c := f.Get("Orc 1"); c.Has("unconscious") || f.Actor() != "Orc 1" {
		t.Errorf("Orc 1's turn: unconscious %v, actor %s", c.Has("unconscious"), f.Actor())
	}
	f.ToTurnOf("Orc 2")
	if f.Get("Orc 2").Has("unconscious") {
		t.Error("Orc 2 fell again at its turn")
	}
	f.ToTurnOf("Orc 3", 10)
	if f.Get("Orc 3").Has("unconscious") {
		t.Error("Orc 3 fell again at its turn")
	}
	// Worse: hurt again, penalized further, stunned more, each is out again.
	f.Must(engine.Damage{Who: o1, Amount: 1})
	f.Must(engine.Injure{Who: o2, Penalty: -5, Text: "arm"})
	f.Must(engine.Stun{Who: o3, Level: "stunned", Rounds: 1})
	for _, o := range []int{o1, o2, o3} {
		if c := f.Current().Combatant(o); !c.Has("unconscious") {
			t.Errorf("%s is awake though worse than the GM ruled it up", c.Name)
		}
	}
	// Undone, the ruling goes with its step.
	h, _ := pm(t)
	h.Must(engine.Damage{Who: o1, Amount: 50})
	h.Must(engine.TakeCondition{Who: o1, Condition: "unconscious"})
	if _, ok := h.Undo(); !ok {
		t.Fatal("nothing to undo")
	}
	if c := h.Get("Orc 1"); !c.Has("unconscious") || c.Ruled {
		t.Errorf("undone, the ruling stays: unconscious %v, ruled %v", c.Has("unconscious"), c.Ruled)
	}
}
