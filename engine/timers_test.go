package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

func TestTimersFireAtTheirPointAndUndo(t *testing.T) {
	f := orcs(t, enginetest.Rules(t, baseRules()))
	f.Must(engine.SetTimer{Text: "Reinforcements", At: rules.EventRoundStart, Rounds: 2})
	f.Must(engine.SetTimer{Text: "Torch gutters", At: rules.EventCount, Count: 12, Every: 1})
	if got := len(engine.Upcoming(f.Rules, f.Current())); got != 1 {
		t.Errorf("upcoming this round: %d, want the torch only", got)
	}
	for range 11 {
		f.Next()
	}
	log := logText(f)
	if strings.Count(log, "Timer: Reinforcements") != 1 || strings.Count(log, "Timer: Torch gutters") != 3 {
		t.Errorf("log:\n%s", log)
	}
	// The torch falls between Orc 2 (15) and Orc 3 (10).
	if !strings.Contains(log, "Orc 2 acts at initiative 15\nTimer: Torch gutters\nOrc 3 acts") {
		t.Errorf("the torch is not where it falls:\n%s", log)
	}
	if !strings.Contains(log, "Round 3 begins\nTimer: Reinforcements") {
		t.Errorf("reinforcements are not at round 3's start:\n%s", log)
	}
	if n := len(f.Current().Timers); n != 1 {
		t.Errorf("%d timers left: the one-off goes once it fires", n)
	}
	// A timer at a count the round has passed fires from the next round.
	f.ToTurnOf("Orc 2")
	f.Must(engine.SetTimer{Text: "Late", At: rules.EventCount, Count: 25})
	f.Next()
	if strings.Contains(logText(f), "Timer: Late") {
		t.Errorf("a timer at 25 set at 15 fired in the same round:\n%s", logText(f))
	}
	f.ToTurnOf("Orc 1")
	if !strings.Contains(logText(f), "Hero acts at initiative 30\nTimer: Late\nOrc 1 acts") {
		t.Errorf("the late timer did not fire next round:\n%s", logText(f))
	}
	f.Must(engine.StopTimer{Timer: 2})
	if len(f.Current().Timers) != 0 {
		t.Error("the timer is still there")
	}
	f.Undo()
	if len(f.Current().Timers) != 1 {
		t.Error("undo must bring the timer back")
	}
}
