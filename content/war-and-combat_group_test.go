package content_test

import (
	"testing"

	"fray/engine"
)

// A group in War & Combat: the round's order is rolled after the shock
// phase, once for the group (on its leader's place), its followers taking
// no place of their own.
func TestWarAndCombatGroupRollsOnce(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Guard 1", Side: "foes", HP: 10, Group: true},
		{Name: "Guard 2", Side: "foes", HP: 10, Group: true},
	}})
	if g := f.Get("Guard 2"); g.Group != f.ID("Guard 1") {
		t.Fatalf("Guard 2 is not in Guard 1's group: %+v", g)
	}
	// The shock phase, then 3d6 + rank for the four and the group's leader.
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6, 4, 4, 4)
	var leader, follower int
	for _, e := range f.Current().Entries {
		switch e.Who {
		case f.ID("Guard 1"):
			leader++
		case f.ID("Guard 2"):
			follower++
		}
	}
	if leader == 0 || follower != 0 {
		t.Errorf("entries of the group's leader %d, of its follower %d: %+v", leader, follower, f.Current().Entries)
	}
}
