package content_test

import (
	"testing"

	"fray/engine"
)

// A flurry of four (war-and-combat.txt l.371, 373, 377, 385): the Veteran
// stunned by a serious head wound after one action, the Archer knocked out
// by a critical one, the Sergeant mortally wounded: none has an action left
// in the flurry. The Brigand fails its Fumble? and loses one of its own.
// ledger: war-and-combat/cannot-act-keeps-flurry-actions war-and-combat/lost-actions
func TestWarAndCombatFlurryOfFourStruckDown(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{})
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Archer")})
	f.Must(engine.Engage{Who: f.ID("Sergeant"), Foe: f.ID("Brigand")})
	f.Must(engine.Next{})
	f.Must(engine.Next{})
	f.Must(engine.Next{}, 3, 3, 3, 1, 1, 1, 3, 3, 3, 3, 3, 3)
	before := map[string]int{}
	for _, n := range []string{"Veteran", "Archer", "Sergeant", "Brigand"} {
		fl := f.Get(n).Flurry
		if fl == nil || !fl.Rolled || fl.Left < 2 {
			t.Fatalf("%s is not in a rolled flurry with 2 actions: %+v\n%s", n, fl, logText(f))
		}
		before[n] = fl.Left
	}
	f.Must(engine.Flurry{Who: f.ID("Veteran"), Step: "action"})
	recordWound(f, "Veteran", "head", "serious", 3)
	recordWound(f, "Archer", "head", "critical")
	recordWound(f, "Sergeant", "chest", "mortal")
	f.Must(engine.RollCheck{Who: f.ID("Brigand"), Check: "fumble"}, 1, 1, 1, 3)
	for _, n := range []string{"Veteran", "Archer", "Sergeant"} {
		if left := f.Get(n).Flurry.Left; left != 0 {
			t.Errorf("%s, struck down mid-flurry, keeps %d actions:\n%s", n, left, logText(f))
		}
		f.Refuse(engine.Flurry{Who: f.ID(n), Step: "action"}, "")
	}
	if left := f.Get("Brigand").Flurry.Left; left != before["Brigand"]-1 {
		t.Errorf("the Brigand's failed Fumble? leaves %d of %d actions", left, before["Brigand"])
	}
	f.Must(engine.Flurry{Who: f.ID("Brigand"), Step: "action"})
}

// Legs that should stop movement (l.381, 383): a serious leg wound halves
// the movement points; both legs seriously wounded, a crawl (one hex a
// phase, base Defense 5 + Fighter rank); both legs disabled, no step at
// all. Struck off, the wound's effect goes with it.
// ledger: war-and-combat/stumble-serious war-and-combat/disabled-movement
func TestWarAndCombatLegWoundsStopMovement(t *testing.T) {
	f := fourFighters(t)
	moves := func(n string) int { return engine.PoolCapacity(f.Rules, f.Get(n), "moves") }
	full := moves("Sergeant")
	recordWound(f, "Sergeant", "left_leg", "serious")
	if got := moves("Sergeant"); got != full/2 {
		t.Errorf("one serious leg wound: %d movement points a phase, want %d", got, full/2)
	}
	recordWound(f, "Sergeant", "right_leg", "serious")
	if got := moves("Sergeant"); got != 1 || !f.Get("Sergeant").Has("crawling") {
		t.Errorf("both legs seriously wounded: %d movement points a phase, want a crawl of 1:\n%s", got, logText(f))
	}
	if d, want := engine.StatNow(f.Rules, f.Get("Sergeant"), "defense"), 5+f.Get("Sergeant").Stats["fighter_rank"]; d > want {
		t.Errorf("crawling, Defense %d, want at most %d", d, want)
	}
	f.Must(engine.StrikeWound{Who: f.ID("Sergeant"), Wound: 1})
	if got := moves("Sergeant"); got != full/2 || f.Get("Sergeant").Has("crawling") {
		t.Errorf("one leg struck off: %d movement points, want %d", got, full/2)
	}

	recordWound(f, "Brigand", "left_leg", "critical")
	recordWound(f, "Brigand", "right_leg", "critical")
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{}) // movement
	f.Refuse(engine.Spend{Who: f.ID("Brigand"), Action: "step"}, "Brigand is Legs disabled: cannot move")
}

// Once engaged, movement stops (l.236): a fighter in a flurry takes no
// step until it disengages.
// ledger: war-and-combat/engaged-movement-stops
func TestWarAndCombatEngagedStopsMovement(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{}) // movement
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Archer")})
	f.Refuse(engine.Spend{Who: f.ID("Veteran"), Action: "step"}, "Veteran is Engaged: cannot move")
	f.Refuse(engine.Spend{Who: f.ID("Archer"), Action: "step"}, "Archer is Engaged: cannot move")
	f.Must(engine.Disengage{Who: f.ID("Veteran")})
	f.Must(engine.Spend{Who: f.ID("Veteran"), Action: "step"})
	f.Must(engine.Spend{Who: f.ID("Archer"), Action: "step"})
}

// Defense is Fighter rank + Agility modifier + 10 (l.301): a fighter added
// with Fighter rank 6 and Agility +1 has 17, not the default; one whose
// Defense is typed keeps it.
// ledger: war-and-combat/defense-formula
func TestWarAndCombatDefenseFollowsFighterRank(t *testing.T) {
	f, _ := startFight(t, "war-and-combat", []member{
		{name: "Recruit", stats: map[string]int{"fighter_rank": 6, "agl_mod": 1}},
		{name: "Shieldman", stats: map[string]int{"fighter_rank": 6, "defense": 19}},
	})
	if d := f.Get("Recruit").Stats["defense"]; d != 17 {
		t.Errorf("Fighter rank 6, Agility +1: Defense %d, want 17", d)
	}
	if d := f.Get("Shieldman").Stats["defense"]; d != 19 {
		t.Errorf("a typed Defense 19 became %d", d)
	}
}
