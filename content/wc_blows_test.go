package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Forced against an impassable obstacle (war-and-combat.txt l.273): the
// attacker gains an action for that flurry and the defender is at -1
// Defense: the Veteran's 2, 2, 2 + 13 = 19 against the Archer's Defense 15
// is 4 over, a hit; against the obstacle it is 5 over, a critical. The
// next flurry, the obstacle is gone.
// ledger: war-and-combat/obstacle
func TestWarAndCombatObstacle(t *testing.T) {
	f := inFlurry(t)
	vet, archer := f.ID("Veteran"), f.ID("Archer")
	f.Refuse(engine.Flurry{Who: vet, Step: "obstacle"}, "whom does Veteran force against the obstacle? name the foe")
	f.Refuse(engine.Flurry{Who: vet, Step: "obstacle", Foe: f.ID("Sergeant")}, "Sergeant is not Veteran's foe in flurry 1")
	f.Refuse(engine.Flurry{Who: vet, Step: "action", Foe: archer}, "only a foe forced against an obstacle is named")
	f.Must(engine.Flurry{Who: vet, Step: "obstacle", Foe: archer})
	if left := f.Get("Veteran").Flurry.Left; left != 5 {
		t.Errorf("the Veteran has %d actions after the obstacle, want 5", left)
	}
	if !f.Get("Archer").Has("cornered") {
		t.Fatalf("the Archer is not against the obstacle:\n%s", logText(f))
	}
	f.Must(engine.Blow{Who: vet, Blow: "attack", Foes: []int{archer}, Location: "chest"}, 2, 2, 2, 1, 1, 1)
	log := logText(f)
	for _, want := range []string{"= 20 vs more than 15: Critical hit", "(made by 5)", "3 dice: weapon 2 + extra dice 1 = 3",
		"Veteran drives Archer against an obstacle: +1 action (5 left in flurry 1)", "Archer is Against an obstacle"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	f.Must(engine.Flurry{Who: vet, Step: "again"}, 3, 3, 3, 1, 1, 1)
	if f.Get("Archer").Has("cornered") {
		t.Errorf("the next flurry, the Archer is still against the obstacle:\n%s", logText(f))
	}
	f.Must(engine.Blow{Who: vet, Blow: "attack", Foes: []int{archer}, Location: "chest"}, 2, 2, 2, 6, 6)
	if got := f.LastLog("Veteran: Attack against Archer"); !strings.Contains(got, "= 19 vs more than 15: Hit") {
		t.Errorf("without the obstacle: %q", got)
	}
}
