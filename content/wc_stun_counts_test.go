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

// A serious arm wound fumbles (l.379): like the Fumble? check (l.373),
// whatever is carried is dropped 1d6-1 metres away, now automatically:
// rolled and logged as the failed Fumble?'s drop is.
// ledger: war-and-combat/drop-distances war-and-combat/wound-effects-untested
func TestWarAndCombatSeriousArmWoundDrops(t *testing.T) {
	f := fourFighters(t)
	recordWound(f, "Veteran", "right_arm", "serious", 5)
	if got := logText(f); !strings.Contains(got, "Veteran's dropped item lands: 1d6 - 1: [5] - 1 = 4 m away") {
		t.Errorf("the serious arm wound's drop:\n%s", got)
	}
}

// An action lost outside a flurry (l.373, 375: "one action is lost this
// round") comes off the phase's quick action, not off the flurry's count:
// the Veteran, still in his flurry, fails a Fumble? in the adjustment
// phase; in the flurry phase the same failure costs a flurry action.
// ledger: war-and-combat/lost-actions
func TestWarAndCombatActionLostOutsideTheFlurry(t *testing.T) {
	f := inFlurry(t)
	f.Must(engine.RollCheck{Who: f.ID("Veteran"), Check: "fumble"}, 1, 1, 1, 3)
	if left := f.Get("Veteran").Flurry.Left; left != 3 {
		t.Fatalf("in the flurry phase: %d flurry actions left, want 3", left)
	}
	toPhase(t, f, 3)
	f.Must(engine.RollCheck{Who: f.ID("Veteran"), Check: "fumble"}, 1, 1, 1, 3)
	v := f.Get("Veteran")
	if v.Flurry != nil && v.Flurry.Left != 3 {
		t.Errorf("in the adjustment phase the lost action came off the flurry: %d left", v.Flurry.Left)
	}
	if q := v.Pools["quick"]; q != 0 {
		t.Errorf("in the adjustment phase the quick action is still there (%d):\n%s", q, logText(f))
	}
}

// Over, under or through an obstacle costs +1 over the ground's own cost
// (l.138): 2 on open ground, 3 on rough, slick or wading ground, 3 uphill
// on open ground, 5 uphill on rough: each is a step the GM picks.
// ledger: war-and-combat/obstacles
func TestWarAndCombatObstacleOnEveryGround(t *testing.T) {
	for action, cost := range map[string]int{"past_obstacle": 2, "past_obstacle_rough": 3, "past_obstacle_uphill": 3, "past_obstacle_uphill_rough": 5} {
		a, ok := fourFighters(t).Rules.Action(action)
		if !ok {
			t.Errorf("no %s: only open ground is offered", action)
			continue
		}
		if a.Cost["moves"] != cost || !a.Moves {
			t.Errorf("%s costs %v, want %d movement points", action, a.Cost, cost)
		}
	}
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	toPhase(t, f, 1)
	f.Must(engine.Spend{Who: f.ID("Sergeant"), Action: "past_obstacle_rough"})
	if m := f.Get("Sergeant").Pools["moves"]; m != 1 {
		t.Errorf("over an obstacle on rough ground: %d of 4 left, want 1", m)
	}
}

// One who must turn to face his attacker is at -1 Defense for the entire
// flurry (l.93): given once (c, Turned to face), every attack on him in
// the flurry phase takes it (+1), not just the one it was picked for;
// it is gone by the round's end (with the flurry:
// TestWarAndCombatTurnedEndsWithTheFlurry).
// ledger: war-and-combat/turn-to-face-defense
func TestWarAndCombatTurnedHeldForTheFlurry(t *testing.T) {
	f := inFlurry(t)
	f.Must(engine.GiveCondition{Who: f.ID("Veteran"), Condition: "turned"})
	for i := 0; i < 2; i++ {
		f.Must(engine.Blow{Who: f.ID("Archer"), Blow: "attack", Foes: []int{f.ID("Veteran")}, Location: "chest"}, 1, 1, 1)
		if got := f.LastLog("Archer: Attack against Veteran"); !strings.Contains(got, "Turned to face +1") || !strings.Contains(got, "= 10 vs more than 23") {
			t.Errorf("attack %d on the turned Veteran: %q", i+1, got)
		}
	}
	if f.Get("Archer").Has("turned") {
		t.Error("the turn is the Veteran's")
	}
	r := f.Current().Round
	for f.Current().Round == r {
		f.Next()
	}
	if f.Get("Veteran").Has("turned") {
		t.Error("the turn's -1 outlasts the round")
	}
}
