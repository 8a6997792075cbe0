package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A stun counts down from the round it is given (l.377): a stun of 1
// round given by a serious chest wound in the flurry phase ends at that
// round's end; one of 2 ends at the next round's.
// ledger: war-and-combat/stun
func TestWarAndCombatStunCountsFromItsRound(t *testing.T) {
	f := inFlurry(t)
	recordWound(f, "Archer", "chest", "serious", 1)
	recordWound(f, "Veteran", "chest", "serious", 2)
	f.Must(engine.Stun{Who: f.ID("Sergeant")}, 1)
	if !f.Get("Archer").Has("stunned") || !f.Get("Veteran").Has("stunned") {
		t.Fatalf("not stunned:\n%s", logText(f))
	}
	r := f.Current().Round
	for f.Current().Round == r {
		f.Next()
	}
	if f.Get("Archer").Has("stunned") {
		t.Errorf("a stun of 1 given in round %d's flurry still holds in round %d:\n%s", r, f.Current().Round, logText(f))
	}
	if f.Get("Sergeant").Has("stunned") {
		t.Errorf("a stun of 1 given by the GM in round %d's flurry still holds in round %d:\n%s", r, f.Current().Round, logText(f))
	}
	if !f.Get("Veteran").Has("stunned") {
		t.Errorf("a stun of 2 given in round %d's flurry is gone in round %d", r, f.Current().Round)
	}
}

// Attacks to the head, chest or belly stun once the light threshold is
// exceeded (l.377): a critical chest or belly wound exceeds it too, so it
// stuns for 1d6 rounds (rolled) besides what the table's Disabled does
// (l.383): immobile, or both legs disabled.
// ledger: war-and-combat/stun war-and-combat/wound-effects-table
func TestWarAndCombatCriticalTrunkWoundsStun(t *testing.T) {
	f := fourFighters(t)
	recordWound(f, "Brigand", "chest", "critical", 3)
	recordWound(f, "Veteran", "belly", "critical", 4)
	log := logText(f)
	for _, c := range []struct{ who, held string }{{"Brigand", "immobile"}, {"Veteran", "legs_disabled"}} {
		if !f.Get(c.who).Has("stunned") || !f.Get(c.who).Has(c.held) {
			t.Errorf("%s: %+v\n%s", c.who, f.Get(c.who).Conditions, log)
		}
	}
	for _, want := range []string{"Brigand: Stunned rounds: 1d6: [3] = 3", "Veteran: Stunned rounds: 1d6: [4] = 4"} {
		if !strings.Contains(log, want) {
			t.Errorf("no %q in:\n%s", want, log)
		}
	}
}

// Movement happens in two phases, before the flurries and after them
// (l.100), and a quick action in each movement phase (l.161, 205): in the
// flurry phase what the movement phase left is not spent, neither
// movement points nor its quick action; the adjustment phase has its own.
// ledger: war-and-combat/movement-halves war-and-combat/one-quick-action
func TestWarAndCombatNoMovementInTheFlurryPhase(t *testing.T) {
	f := inFlurry(t)
	sgt := f.ID("Sergeant")
	for _, a := range []string{"step", "quick", "shoot", "pivot"} {
		f.Refuse(engine.Spend{Who: sgt, Action: a}, "spent in the Movement and Adjustment phases only, not in the Flurry phase")
	}
	toPhase(t, f, 3)
	f.Must(engine.Spend{Who: sgt, Action: "step"})
	f.Must(engine.Spend{Who: sgt, Action: "quick"})
}
