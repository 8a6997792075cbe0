package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
)

// Stunned or down mid-round, a combatant moves no further, but what it has
// moved stays moved (countdown.txt l.19, 50): the Fighter (TMR 40) has
// covered 16 feet by segment 7; stunned there, it has still covered 16 at
// segment 2.
// ledger: countdown/initiative-round
func TestCountdownMovementStopsWhereStunned(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"},
		{name: "Zombie", hp: 20, stats: map[string]int{"dex_mod": -8}}},
		// Fighter 5+2 = 7 and 1+2 = 3, Goblin 10+1 = 11, Zombie 10-8 = 2.
		5, 1, 10, 10)
	moving := func() string { return narrate.Movement(f.Rules, f.Current(), f.Get("Fighter")) }
	f.Next() // the Goblin at 11
	f.Next() // the Fighter at 7
	if got := moving(); got != "Moves 40 this round, 4 a segment from segment 10: 16 so far" {
		t.Fatalf("at 7: %q", got)
	}
	f.Must(engine.GiveCondition{Who: f.ID("Fighter"), Condition: "stunned"})
	if got := moving(); !strings.HasPrefix(got, "Moved 16 this round, then stopped") {
		t.Errorf("stunned at 7: %q", got)
	}
	f.Next() // the Zombie at 2: the stunned Fighter's 3 passes
	if f.Actor() != "Zombie" {
		t.Fatalf("%s acts, not the Zombie", f.Actor())
	}
	if got := moving(); !strings.HasPrefix(got, "Moved 16 this round, then stopped") {
		t.Errorf("stunned, later in the round (count %d): %q", f.Current().Count.Reached, got)
	}
	if m, _ := engine.MovementOf(f.Rules, f.Current(), f.Get("Fighter")); m.Done != 16 || m.Round != 16 {
		t.Errorf("stunned: %+v, want 16 done in the round", m)
	}
}
