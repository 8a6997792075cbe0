package content_test

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
)

// Countdown's worked examples, with the shipped ruleset and creatures.

func TestCountdownSegments(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Ogre", creature: "ogre"}, {name: "Goblin", creature: "goblin"},
		{name: "Zombie", hp: 20, stats: map[string]int{"dex_mod": -8}},
	},
		// Round 1: Fighter 1d10 8+2 = 10, then 1d8 8+2 = 10 again: one segment
		// later, 9. Ogre 1-1 = 0. Goblin 10+1 = 11. Zombie 2-8 = -6: lost.
		8, 8, 1, 10, 2,
		// Round 2: Fighter 3+2 = 5 and 7+2 = 9, Ogre 10-1 = 9, Goblin 5+1 = 6, Zombie 10-8 = 2.
		3, 7, 10, 5, 10,
		// Round 3 begins.
		1, 1, 1, 1, 1)
	checkSteps(t, twoRounds(t, f), []string{
		"r1 declarations",
		"r1 countdown Goblin@11", "r1 countdown Fighter@10", "r1 countdown Fighter@9#2", "r1 countdown Ogre@0",
		"r2 declarations",
		"r2 countdown Fighter@9#2", "r2 countdown Ogre@9", "r2 countdown Goblin@6", "r2 countdown Fighter@5", "r2 countdown Zombie@2",
	})
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
	log := logText(f)
	for _, want := range []string{
		"Fighter initiative, second action: 1d8 + dex_mod: [8] + 2 = 10",
		"Zombie's first action at segment -6 is lost",
		"Goblin acts at segment 11 (before movement)",
		"Ogre acts at segment 0 (after movement)",
		"Fighter acts at segment 9 (movement), second action",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// A stuck missile bleeds at the end of each round while the combatant is in
// the fight (countdown.txt: arrow or quarrel 1, javelin 2): a wound of 2 in
// round 1 costs 2 as that round ends, and again as the next ends.
func TestCountdownBleedingAtRoundEnd(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", hp: 30, stats: map[string]int{"dex_mod": 0}}}, 5)
	id := f.ID("Fighter")
	f.Must(engine.Command{Op: engine.OpWound, Who: id, Amount: 2})
	for f.Current().Round <= 2 {
		f.Next()
	}
	var got []string
	for _, e := range f.Log() {
		if e.Kind == engine.EvBleed || e.Kind == engine.EvRoundUp {
			got = append(got, e.Text)
		}
	}
	want := []string{
		"Fighter bleeds 2 a round from a new wound (2 a round in all)",
		"Fighter bleeds 2 (30 -> 28 HP)", "Round 1 ends",
		"Fighter bleeds 2 (28 -> 26 HP)", "Round 2 ends",
	}
	if !slices.Equal(got, want) {
		t.Errorf("log %q\nwant %q", got, want)
	}
}
