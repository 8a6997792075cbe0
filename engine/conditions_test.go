package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// parentRules has Exposed implied by both Dazed and Prone (energy's way),
// and conditions of every duration.
func parentRules(t *testing.T) *rules.Ruleset {
	return enginetest.Rules(t, rules.Ruleset{ID: "parents", Name: "Parents",
		Order: rules.OrderRules{Kind: rules.OrderNone},
		Conditions: []rules.ConditionDef{
			{ID: "exposed", Name: "Exposed", Duration: rules.UntilRoundEnd},
			{ID: "dazed", Name: "Dazed", Duration: rules.UntilRoundEnd, Implies: []string{"exposed"}},
			{ID: "prone", Name: "Prone", Duration: rules.UntilRemoved, Implies: []string{"exposed"}},
			{ID: "reeling", Name: "Reeling", Duration: rules.ForRounds, Rounds: dice.MustParse("1d6")},
			{ID: "shock", Name: "Shock", Duration: rules.ForRounds, Rounds: dice.MustParse("HP"), Then: []string{"out"}},
			{ID: "out", Name: "Out", Duration: rules.UntilRemoved},
		},
	})
}

func has(f *enginetest.Fight, name string, ids ...string) string {
	var out []string
	for _, id := range ids {
		if f.Get(name).Has(id) {
			out = append(out, id)
		}
	}
	return strings.Join(out, ",")
}

// A daughter stays while any of its parents holds, goes with the last, and
// cannot be removed while one holds.
func TestConditionWithTwoParents(t *testing.T) {
	f := enginetest.Start(t, parentRules(t), nil, "A")
	a := f.ID("A")
	f.Must(engine.GiveCondition{Who: a, Condition: "dazed"})
	f.Must(engine.GiveCondition{Who: a, Condition: "prone"})
	f.Refuse(engine.TakeCondition{Who: a, Condition: "exposed"}, "comes with Dazed and Prone")
	f.Next() // the round ends: Dazed goes, Exposed stays for Prone
	if got := has(f, "A", "dazed", "prone", "exposed"); got != "prone,exposed" {
		t.Fatalf("after Dazed ends: %s, want prone,exposed", got)
	}
	f.Refuse(engine.TakeCondition{Who: a, Condition: "exposed"}, "comes with Prone")
	f.Must(engine.TakeCondition{Who: a, Condition: "prone"})
	if got := has(f, "A", "prone", "exposed"); got != "" {
		t.Errorf("after Prone is removed: %s, want nothing", got)
	}
	if !strings.Contains(f.LastLog("Exposed"), "A is no longer Exposed") {
		t.Errorf("the log does not say Exposed went: %q", f.LastLog("Exposed"))
	}
}

// A daughter given in its own right as well as by a parent keeps its own
// duration when the parent goes, and the parent's hold when its own ends.
func TestConditionOwnGrantAndParent(t *testing.T) {
	f := enginetest.Start(t, parentRules(t), nil, "A")
	a := f.ID("A")
	f.Must(engine.GiveCondition{Who: a, Condition: "prone"})
	f.Must(engine.GiveCondition{Who: a, Condition: "exposed", Duration: rules.UntilNextRoundEnd})
	f.Must(engine.TakeCondition{Who: a, Condition: "prone"})
	if got := has(f, "A", "exposed"); got != "exposed" {
		t.Fatal("Exposed went with Prone though it was given to the end of the next round")
	}
	f.Next() // round 1 ends: Exposed lasts to the end of round 2
	if !f.Get("A").Has("exposed") {
		t.Fatal("Exposed ended a round early")
	}
	f.Next()
	if f.Get("A").Has("exposed") {
		t.Fatal("Exposed outlived the end of the next round")
	}
	// The other way round: its own grant ends while a parent holds it.
	f.Must(engine.GiveCondition{Who: a, Condition: "exposed"})
	f.Must(engine.GiveCondition{Who: a, Condition: "prone"})
	f.Next()
	if !f.Get("A").Has("exposed") || !strings.Contains(f.LastLog("Exposed"), "stays while what brought it holds") {
		t.Errorf("Exposed's own grant ended and took it while Prone holds: %q", f.LastLog("Exposed"))
	}
}

// Rounds may be dice, rolled and logged when the condition is given, or a
// formula; a count that runs out gives what follows it.
func TestConditionDiceAndFormulaDurations(t *testing.T) {
	f := enginetest.Start(t, parentRules(t), nil, "A")
	a := f.ID("A")
	f.Must(engine.GiveCondition{Who: a, Condition: "reeling"}, 3)
	if left := f.Get("A").Conditions[0].Left; left != 3 {
		t.Fatalf("1d6 rolled 3: %d rounds left", left)
	}
	if !strings.Contains(f.LastLog("Reeling rounds"), "1d6: [3] = 3") {
		t.Errorf("the roll is not logged: %q", f.LastLog("Reeling"))
	}
	// Shock lasts as many rounds as hit points left, then Out follows.
	f.Must(engine.Damage{Who: a, Amount: 18})
	f.Must(engine.GiveCondition{Who: a, Condition: "shock"})
	f.Next()
	if !f.Get("A").Has("shock") || f.Get("A").Has("out") {
		t.Fatal("2 hit points: Shock lasts 2 rounds")
	}
	f.Next()
	if f.Get("A").Has("shock") || !f.Get("A").Has("out") {
		t.Errorf("after 2 rounds Shock gives way to Out: %v", f.Get("A").Conditions)
	}
	// The GM may give any duration, to the end of the next round included.
	f.Must(engine.GiveCondition{Who: a, Condition: "prone", Duration: rules.UntilNextRoundEnd})
	f.Next()
	if !f.Get("A").Has("prone") {
		t.Error("given to the end of the next round, Prone ended this round")
	}
	f.Next()
	if f.Get("A").Has("prone") {
		t.Error("Prone outlived the end of the next round")
	}
}
