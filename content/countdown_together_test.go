package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Every attack has its own initiative (countdown.txt l.7-11), and several
// attackers on one target each have +10 for every one past the first
// (l.131-132). A blow struck together (A: who strikes with it) is each
// co-attacker's own attack, its next one of the round: its turn there is
// taken, not left for a second attack; one with none left is refused.
// ledger: countdown/multiple-attackers
func TestCountdownStrikingTogetherTakesTheAttack(t *testing.T) {
	// The Fighter 8+2 = 10 and 1+2 = 3, the Goblin 5+1 = 6, the Ogre 3-1 = 2.
	f, dice := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"}, {name: "Ogre", creature: "ogre"},
	}, 8, 1, 5, 3)
	fighter, goblin, ogre := f.ID("Fighter"), f.ID("Goblin"), f.ID("Ogre")
	f.Next()
	// At 10 the Fighter and the Goblin strike the Ogre together, each +10.
	f.Must(engine.Blow{Who: fighter, Blow: "attack", Foes: []int{ogre}, With: []int{goblin}}, 50, 5, 50, 3)
	if log := logText(f); !strings.Contains(log, "Goblin strikes with it now: its attack at segment 6 (movement)") {
		t.Errorf("log:\n%s", log)
	}
	f.Next() // the Goblin's 6 is taken: the Fighter at 3
	if f.Actor() != "Fighter" {
		t.Errorf("%s acts after the blow together, want the Fighter at 3 (the Goblin's 6 taken)", f.Actor())
	}
	// The Goblin has no attack left this round.
	f.Refuse(engine.Blow{Who: fighter, Blow: "attack", Foes: []int{ogre}, With: []int{goblin}}, "Goblin has no attack left this round")
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
}
