package content_test

import (
	"maps"
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
	f.Must(engine.Blow{Who: vet, Blow: "attack", Foes: []int{archer}, Location: "chest"}, 2, 2, 2, 6, 6, 1)
	if got := f.LastLog("Veteran: Attack against Archer"); !strings.Contains(got, "= 19 vs more than 15: Hit") {
		t.Errorf("without the obstacle: %q", got)
	}
}

// A flurry of four, the demo's fighters armed (war-and-combat.txt l.275,
// 277, 373, 377): the Veteran and the Sergeant against the Brigand and
// the Archer, all in one flurry, 4, 3, 3 and 2 actions. Each blow uses an
// action. The Veteran's hit to the Brigand's bare head gets 7
// through, over his Impaired 6: a serious wound, stunned, and his 3
// actions are gone. The Sergeant's halberd gives the Archer a light wound
// to the left arm; the Fumble? (1, 2, 3 + 1 - 1) fails and an action is
// lost. Left: the Veteran 3, the Sergeant 2, the Brigand 0, the Archer 1;
// the Archer uses it and is out, and the Veteran may strike it undefended.
// ledger: war-and-combat/cannot-act-keeps-flurry-actions war-and-combat/lost-actions war-and-combat/out-of-actions
func TestWarAndCombatFlurryOfFourByBlows(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{}) // movement
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Brigand")})
	f.Must(engine.Engage{Who: f.ID("Sergeant"), Foe: f.ID("Archer")})
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Archer")})
	f.Must(engine.Next{})
	f.Must(engine.Next{})
	f.Must(engine.Next{}, 3, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 4) // the flurry phase: four initiatives
	left := func() map[string]int {
		out := map[string]int{}
		for _, n := range []string{"Veteran", "Sergeant", "Brigand", "Archer"} {
			fl := f.Get(n).Flurry
			if fl == nil || fl.ID != f.Get("Veteran").Flurry.ID {
				t.Fatalf("%s is not in the Veteran's flurry:\n%s", n, logText(f))
			}
			out[n] = fl.Left
		}
		return out
	}
	if got, want := left(), map[string]int{"Veteran": 4, "Sergeant": 3, "Brigand": 3, "Archer": 2}; !maps.Equal(got, want) {
		t.Fatalf("the flurry's actions: %v, want %v", got, want)
	}
	f.Must(engine.Blow{Who: f.ID("Veteran"), Blow: "attack", Foes: []int{f.ID("Brigand")}, Location: "head"}, 2, 2, 1, 4, 3, 3)
	f.Must(engine.Blow{Who: f.ID("Sergeant"), Blow: "attack", Foes: []int{f.ID("Archer")}, Location: "left_arm"}, 3, 3, 3, 1, 1, 1, 1, 2, 3, 3)
	log := logText(f)
	for _, want := range []string{
		"Brigand: 7 gets through, over 6, not over 10: a serious wound to the head, penetrating (over -2)",
		"Brigand is Stunned for 3 rounds",
		"Archer: Fumble? (-1 penalty): 3d6 + dex_mod: [1, 2, 3] + 1 = 7 - 1 = 6 vs more than 10: Fumble",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if got, want := left(), map[string]int{"Veteran": 3, "Sergeant": 2, "Brigand": 0, "Archer": 1}; !maps.Equal(got, want) {
		t.Errorf("the actions left: %v, want %v:\n%s", got, want, log)
	}
	f.Refuse(engine.Blow{Who: f.ID("Brigand"), Blow: "attack", Foes: []int{f.ID("Veteran")}, Location: "chest"}, "Brigand is Stunned")
	f.Must(engine.Flurry{Who: f.ID("Archer"), Step: "action"})
	if got := f.LastLog("Veteran has 3 actions left"); !strings.Contains(got, "may strike Archer undefended") {
		t.Errorf("the Archer out of actions: %q\n%s", got, logText(f))
	}
	// The bow dropped with the Fumble?, the knife: no action left for it.
	f.Refuse(engine.Blow{Who: f.ID("Archer"), Blow: "attack", Foes: []int{f.ID("Sergeant")}, Weapon: 1, Location: "chest"}, "Archer has 0 actions left")
}
