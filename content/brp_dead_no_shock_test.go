package content_test

import (
	"testing"

	"fray/engine"
)

// A major wound's shock ends in unconsciousness after as many rounds as
// the hit points left (l.537-543): for the living. One who died in shock
// is Dead, not Unconscious, when its shock runs out.
// ledger: brp/major-wound-shock
func TestBRPDeadTakeNoUnconsciousFromShock(t *testing.T) {
	f := brpDuel(t)
	s := f.ID("Swordmaster")
	f.Must(engine.GiveCondition{Who: s, Condition: "major_wound", Rounds: 1})
	f.Must(engine.GiveCondition{Who: s, Condition: "dead"})
	toRound(t, f, f.Current().Round+3)
	if c := f.Get("Swordmaster"); c.Has("major_wound") || c.Has("unconscious") {
		t.Errorf("the dead's shock: %v\n%s", c.Conditions, logText(f))
	}
}
