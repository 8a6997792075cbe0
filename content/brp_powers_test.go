package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Power points (l.59, 691, 707): as many as POW, kept for the fight; the
// power stated with D says what it costs, and the points are spent as its
// INT rank is done: Kallistor's Healing 1 costs 3 of his 14 (l.691), his
// Healing 2 six more (l.707). A power held past INT rank 1 does not go off
// and costs nothing; more than is left cannot be stated.
// ledger: brp/power-points
func TestBRPPowerPoints(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Kallistor", creature: "kallistor"}, {name: "Yvarre", creature: "yvarre"}})
	k := f.ID("Kallistor")
	pp := func(want int) {
		t.Helper()
		if got := f.Get("Kallistor").Pools["pp"]; got != want {
			t.Fatalf("Kallistor has %d power points, want %d\n%s", got, want, logText(f))
		}
	}
	pp(14)
	if _, err := f.Do(engine.Declare{Who: k, Declaration: "power", Amount: 15}); err == nil {
		t.Errorf("15 power points stated with 14 left")
	}
	f.Must(engine.Declare{Who: k, Declaration: "power", Amount: 3})
	for f.Current().Phase < 1 {
		f.Next()
	}
	pp(14) // on his INT rank, not yet used
	f.Next()
	pp(11)
	if got := f.LastLog("Power points"); got != "Kallistor: Power points 14 -> 11 (Uses a power)" {
		t.Errorf("the spending is not logged: %q", got)
	}

	toRound(t, f, 2)
	f.Must(engine.Declare{Who: k, Declaration: "power", Amount: 6})
	for f.Current().Phase < 1 {
		f.Next()
	}
	f.Must(engine.HoldTo{Who: k, To: 5}) // held to INT 5: not used yet
	pp(11)
	for f.Current().Phase < 2 {
		f.Next()
	}
	pp(5)

	toRound(t, f, 3)
	f.Must(engine.Declare{Who: k, Declaration: "power", Amount: 5})
	for f.Current().Phase < 1 {
		f.Next()
	}
	f.Must(engine.HoldTo{Who: k, To: 0}) // past INT rank 1: lost
	for f.Current().Phase < 2 {
		f.Next()
	}
	pp(5)
	if !strings.Contains(logText(f), "Kallistor") {
		t.Fatal("no log")
	}
}

// A power that is not instantaneous (most take a full round) goes off at
// the start of the next round's powers phase (l.53, 57): given Preparing a
// power (c) as it is used, the log names it as the next round's powers
// phase begins, and not before.
// ledger: brp/slow-powers
func TestBRPSlowPowerGoesOffNextRound(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Kallistor", creature: "kallistor"}, {name: "Yvarre", creature: "yvarre"}})
	k := f.ID("Kallistor")
	f.Must(engine.Declare{Who: k, Declaration: "power", Amount: 3})
	for f.Current().Phase < 1 {
		f.Next()
	}
	f.Must(engine.GiveCondition{Who: k, Condition: "power_preparing"})
	toRound(t, f, 2)
	if strings.Contains(logText(f), "goes off") {
		t.Fatalf("the power went off in its own round:\n%s", logText(f))
	}
	for f.Current().Phase < 1 {
		f.Next()
	}
	log := logText(f)
	at := strings.Index(log, "Round 2 begins")
	if !strings.Contains(log[at:], "Kallistor: Slow power: the one prepared last round goes off now\nAction phase") {
		t.Errorf("round 2's powers phase does not set off the power:\n%s", log[at:])
	}
	toRound(t, f, 4)
	if c := f.Get("Kallistor"); c.Has("power_preparing") || c.Has("power_going_off") || strings.Count(logText(f), "goes off now") != 1 {
		t.Errorf("the power lingers: %+v\n%s", c.Conditions, logText(f))
	}
}
