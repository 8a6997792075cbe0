package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

func TestEffectEndsAtTheEndOfTheCastersNextTurn(t *testing.T) {
	base := baseRules()
	base.Conditions = []rules.ConditionDef{{ID: "blessed", Name: "Blessed"}}
	f := orcs(t, enginetest.Rules(t, base))
	// Hero acts and blesses Orc 2 until the end of Hero's next turn.
	f.Must(engine.GiveCondition{Who: f.ID("Orc 2"), Condition: "blessed", Duration: engine.UntilTurnEnd, Anchor: f.ID("Hero")})
	if !strings.Contains(logText(f), "Orc 2 is Blessed until the end of Hero's next turn") {
		t.Errorf("log:\n%s", logText(f))
	}
	f.ToTurnOf("Orc 3")
	if !f.Get("Orc 2").Has("blessed") {
		t.Fatal("the blessing ended with the turn it was given in")
	}
	f.ToTurnOf("Hero")
	if !f.Get("Orc 2").Has("blessed") {
		t.Fatal("the blessing ended before Hero's next turn did")
	}
	f.Next()
	if f.Get("Orc 2").Has("blessed") {
		t.Fatalf("the blessing outlived Hero's next turn:\n%s", logText(f))
	}
	if got := f.LastLog("Blessed"); got != "Orc 2 is no longer Blessed (the end of Hero's turn)" {
		t.Errorf("last: %q", got)
	}
	// Until the start of someone's next turn.
	f.Must(engine.GiveCondition{Who: f.ID("Hero"), Condition: "blessed", Duration: engine.UntilTurnStart, Anchor: f.ID("Orc 3")})
	f.ToTurnOf("Orc 3")
	if f.Get("Hero").Has("blessed") {
		t.Error("the blessing outlived the start of Orc 3's turn")
	}
}

func TestSaveEndsRolledAtTheEndOfOwnTurn(t *testing.T) {
	base := baseRules()
	base.Conditions = []rules.ConditionDef{{ID: "prone", Name: "Prone"}}
	base.Checks = []rules.Check{{ID: "save", Name: "Save", Roll: ex("d20"), Target: ex("10"), Succeeds: rules.AtLeast,
		Outcomes: []rules.Outcome{{ID: "made", Name: "Made", Result: rules.Success}, {ID: "failed", Name: "Failed", Result: rules.Failure}}}}
	base.SaveEnds = rules.SaveEnds{Check: "save"}
	f := orcs(t, enginetest.Rules(t, base))
	f.Must(engine.GiveCondition{Who: f.ID("Hero"), Condition: "prone", Duration: engine.SaveEnds})
	f.Must(engine.Next{}, 4) // Hero's turn ends: the save fails
	if !f.Get("Hero").Has("prone") || !strings.Contains(logText(f), "Hero: Save against Prone: d20: [4] = 4") {
		t.Fatalf("log:\n%s", logText(f))
	}
	f.ToTurnOf("Hero")
	f.Must(engine.Next{}, 15)
	if f.Get("Hero").Has("prone") {
		t.Fatalf("a made save must end it:\n%s", logText(f))
	}
	if got := f.LastLog("Prone"); got != "Hero is no longer Prone (saved)" {
		t.Errorf("last: %q", got)
	}
}
