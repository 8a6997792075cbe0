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
	f.Must(engine.RollCheck{Who: f.ID("Brigand"), Check: "fumble"}, 1, 1, 1)
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
