package engine_test

import (
	"fmt"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// mergeRules are X (30), A (20) and Y (10) in a fixed order, a condition
// Hexed whose own duration is 2 rounds rolled (1d1 + 1), and a save that
// always succeeds, rolled at the end of the holder's turn.
func mergeRules() *rules.Ruleset {
	rs := baseRules()
	rs.Conditions = []rules.ConditionDef{{ID: "hex", Name: "Hexed", Duration: rules.ForRounds, Rounds: ex("1d1 + 1")}}
	rs.Checks = []rules.Check{{ID: "save", Name: "Save", Roll: ex("20"), Target: ex("1"), Succeeds: rules.AtLeast,
		Outcomes: []rules.Outcome{{ID: "made", Name: "Made", Result: rules.Success}, {ID: "failed", Name: "Failed", Result: rules.Failure}}}}
	rs.SaveEnds = rules.SaveEnds{Check: "save"}
	return &rs
}

// durationKinds are the ways Hexed may be given A on A's turn in round 1,
// each with the number of steps (n) after which it is gone when given
// alone, worked out from the rules: the round ends after 2 steps (A, Y),
// each round after is 3; -1 never.
var durationKinds = []struct {
	name string
	give func(f *enginetest.Fight) engine.GiveCondition
	ends int
}{
	{"until removed", func(*enginetest.Fight) engine.GiveCondition {
		return engine.GiveCondition{Duration: rules.UntilRemoved}
	}, -1},
	{"1 round", func(*enginetest.Fight) engine.GiveCondition { return engine.GiveCondition{Rounds: 1} }, 2},
	{"3 rounds", func(*enginetest.Fight) engine.GiveCondition { return engine.GiveCondition{Rounds: 3} }, 8},
	{"2 rounds rolled", func(*enginetest.Fight) engine.GiveCondition { return engine.GiveCondition{Duration: rules.ForRounds} }, 5},
	{"end of the round", func(*enginetest.Fight) engine.GiveCondition {
		return engine.GiveCondition{Duration: rules.UntilRoundEnd}
	}, 2},
	{"end of the next round", func(*enginetest.Fight) engine.GiveCondition {
		return engine.GiveCondition{Duration: rules.UntilNextRoundEnd}
	}, 5},
	{"start of X's next turn", func(f *enginetest.Fight) engine.GiveCondition {
		return engine.GiveCondition{Duration: engine.UntilTurnStart, Anchor: f.ID("X")}
	}, 2},
	{"end of Y's next turn", func(f *enginetest.Fight) engine.GiveCondition {
		return engine.GiveCondition{Duration: engine.UntilTurnEnd, Anchor: f.ID("Y")}
	}, 2},
	{"end of A's next turn", func(*enginetest.Fight) engine.GiveCondition {
		return engine.GiveCondition{Duration: engine.UntilTurnEnd}
	}, 4},
	{"start of Y's next turn", func(f *enginetest.Fight) engine.GiveCondition {
		return engine.GiveCondition{Duration: engine.UntilTurnStart, Anchor: f.ID("Y")}
	}, 1},
	{"a save", func(*enginetest.Fight) engine.GiveCondition { return engine.GiveCondition{Duration: engine.SaveEnds} }, 1},
}

// hexedFor gives A each grant in turn on A's turn and counts the steps
// until Hexed is gone (-1: not in 15).
func hexedFor(t *testing.T, gives ...func(f *enginetest.Fight) engine.GiveCondition) (int, string) {
	f := enginetest.Start(t, mergeRules(), map[string]int{"X": 30, "A": 20, "Y": 10}, "X", "A", "Y")
	f.Next() // A's turn
	for _, g := range gives {
		cmd := g(f)
		cmd.Who, cmd.Condition = f.ID("A"), "hex"
		f.Must(cmd)
	}
	for n := 1; n <= 15; n++ {
		f.Next()
		if !f.Get("A").Has("hex") {
			return n, f.LogText()
		}
	}
	return -1, f.LogText()
}

// later is the later of two ends in steps (-1: never).
func later(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return max(a, b)
}

// A condition held and given again lasts as long as the longer of the two,
// for every pair of the ways it may be given, in both orders: until
// removed outlasts any count, and the rest end when the later would.
func TestDurationsMergeByMeaning(t *testing.T) {
	for _, k := range durationKinds {
		if got, log := hexedFor(t, k.give); got != k.ends {
			t.Errorf("%s alone: gone after %d steps, want %d\n%s", k.name, got, k.ends, log)
		}
	}
	for _, a := range durationKinds {
		for _, b := range durationKinds {
			t.Run(fmt.Sprintf("%s, then %s", a.name, b.name), func(t *testing.T) {
				if got, log := hexedFor(t, a.give, b.give); got != later(a.ends, b.ends) {
					t.Errorf("gone after %d steps, want %d (%d and %d)\n%s", got, later(a.ends, b.ends), a.ends, b.ends, log)
				}
			})
		}
	}
}
