package content_test

import (
	"testing"
)

// War & Combat's worked examples, with the shipped ruleset and creatures.

func TestWarAndCombatRoundsAndPhases(t *testing.T) {
	// Round 1, 3d6 + rank: Veteran 9+12 = 21, Brigand 1 18+6 = 24, Brigand 2 3+6 = 9.
	// Round 2: all three at 15; the Veteran wins on rank, the brigands roll off 1d6: 2 and 5.
	f, dice := startFight(t, "war-and-combat", []member{
		{name: "Veteran", creature: "veteran"}, {name: "Brigand 1", creature: "brigand"}, {name: "Brigand 2", creature: "brigand"},
	}, 3, 3, 3, 6, 6, 6, 1, 1, 1)
	dice.Faces = append(dice.Faces, 1, 1, 1, 3, 3, 3, 3, 3, 3, 2, 5)
	dice.Faces = append(dice.Faces, 2, 2, 2, 4, 4, 4, 5, 5, 5) // round 3 begins
	checkSteps(t, twoRounds(t, f), []string{
		"r1 shock",
		"r1 movement Brigand 1@24", "r1 movement Veteran@21", "r1 movement Brigand 2@9",
		"r1 flurry Brigand 1@24", "r1 flurry Veteran@21", "r1 flurry Brigand 2@9",
		"r1 adjustment Brigand 2@9", "r1 adjustment Veteran@21", "r1 adjustment Brigand 1@24",
		"r1 morale",
		"r2 shock",
		"r2 movement Veteran@15", "r2 movement Brigand 2@15", "r2 movement Brigand 1@15",
		"r2 flurry Veteran@15", "r2 flurry Brigand 2@15", "r2 flurry Brigand 1@15",
		"r2 adjustment Brigand 1@15", "r2 adjustment Brigand 2@15", "r2 adjustment Veteran@15",
		"r2 morale",
	})
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
}
