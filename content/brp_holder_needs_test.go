package content_test

import (
	"testing"

	"fray/engine"
)

// The head at its hit points: "make a successful Stamina roll to
// stabilize" (l.595); the abdomen and chest bleed "if they do not make a
// Stamina roll to stop the bleeding" (l.592-593). These rolls are for one
// knocked out by a head blow, or with a belly or chest wound: rolled for
// anyone else they are refused, not "Stabilised" (holder_needs).
// ledger: brp/head-at-hp
func TestBRPHeadBlowStaminaOnlyForAHeadBlow(t *testing.T) {
	f := brpDuel(t)
	s := f.ID("Swordmaster")
	f.Refuse(engine.RollCheck{Who: s, Check: "stabilise"}, "Swordmaster holds no Head blow: no Stamina roll to stabilise a head blow")
	f.Must(engine.GiveCondition{Who: s, Condition: "head_blow", Rounds: 25})
	f.Must(engine.RollCheck{Who: s, Check: "stabilise"}, 10)
	if f.Get("Swordmaster").Has("head_blow") {
		t.Errorf("a Stamina roll of 10 did not stabilise the head blow\n%s", logText(f))
	}
}

// ledger: brp/abdomen-at-hp
// ledger: brp/chest-at-hp
func TestBRPVitalStaminaOnlyForABellyOrChestWound(t *testing.T) {
	f := brpDuel(t)
	s := f.ID("Swordmaster")
	f.Refuse(engine.RollCheck{Who: s, Check: "stamina_vital"},
		"Swordmaster holds no Legs useless or Coughing blood: no Stamina roll to stop a vital wound's bleeding")
	f.Must(engine.GiveCondition{Who: s, Condition: "legs_useless"})
	f.Must(engine.RollCheck{Who: s, Check: "stamina_vital"}, 10)
	if !f.Get("Swordmaster").Has("bleeding_stopped") {
		t.Errorf("a Stamina roll of 10 did not stop a belly wound's bleeding\n%s", logText(f))
	}
}
