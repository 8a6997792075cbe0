package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// A power used this round is the round's action (l.57): a parry fumble's
// "lose the next combat round (or this one if no action has yet been
// taken)" (l.271) then costs the next round, not the one already spent.
//
// ledger: brp/power-is-the-action
func TestBRPPowerUsedIsTheRoundsAction(t *testing.T) {
	f, m := powerGoneOff(t)
	f.Must(engine.GiveCondition{Who: m, Condition: "fumble_parry"}, 10)
	if f.Get("Mage").Has("helpless") {
		t.Errorf("the power went off this round, yet the parry fumble takes this round\n%s", logText(f))
	}
	toRound(t, f, 2)
	if !f.Get("Mage").Has("helpless") {
		t.Errorf("the parry fumble after the power: round 2 not lost\n%s", logText(f))
	}
}

// A one-round stun given after the power went off lasts through the next
// round's action (l.347), as for a fighter whose rank has passed.
//
// ledger: brp/power-is-the-action
func TestBRPStunnedAfterThePowerWentOff(t *testing.T) {
	f, m := powerGoneOff(t)
	f.Must(engine.GiveCondition{Who: m, Condition: "stunned"}, 1)
	toRound(t, f, 2)
	if !f.Get("Mage").Has("stunned") {
		t.Errorf("stunned a round after its power went off: over before its next action\n%s", logText(f))
	}
}

// powerGoneOff is a Mage (DEX 8) whose power, stated for 2, went off this
// round: the action phase has begun.
func powerGoneOff(t *testing.T) (*enginetest.Fight, int) {
	t.Helper()
	f, _ := startFight(t, "brp", []member{
		{name: "Mage", hp: 12, stats: map[string]int{"DEX": 8, "INT": 15, "POW": 15, "parry": 40}},
		{name: "Foe", hp: 12, stats: map[string]int{"DEX": 10, "skill": 50}},
	})
	m := f.ID("Mage")
	f.Must(engine.Declare{Who: m, Declaration: "power", Amount: 2})
	toPhase(t, f, 2)
	return f, m
}
