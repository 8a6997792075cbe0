package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Disengage (l.111): declared in the statements, it gives up the round's
// attacks; if every parry and dodge made that round succeeds, the fighter
// has disengaged and may move its full rate away; if any fails, it is still
// engaged. Clean made one dodge and it held; Caught parried well and then
// failed a dodge; Untouched was never attacked and made none.
// ledger: brp/disengage
func TestBRPDisengageWorkedOutFromTheDefences(t *testing.T) {
	stats := func(dex int) map[string]int {
		return map[string]int{"DEX": dex, "dodge": 50, "parry": 50, "CON": 10, "POW": 10, "INT": 10}
	}
	f, _ := startFight(t, "brp", []member{
		{name: "Clean", hp: 12, stats: stats(14)},
		{name: "Caught", hp: 12, stats: stats(12)},
		{name: "Untouched", hp: 12, stats: stats(10)},
		{name: "Stays", hp: 12, stats: stats(8)},
	}, 20, 30, 90)
	for _, n := range []string{"Clean", "Caught", "Untouched"} {
		f.Must(engine.Declare{Who: f.ID(n), Declaration: "disengage"})
	}
	toPhase(t, f, 2)
	f.Must(engine.RollCheck{Who: f.ID("Clean"), Check: "dodge"})
	f.Must(engine.RollCheck{Who: f.ID("Caught"), Check: "parry"})
	f.Must(engine.RollCheck{Who: f.ID("Caught"), Check: "parry"})
	if got := f.LastLog("fails to disengage"); !strings.HasPrefix(got, "Caught fails to disengage: its Parry failed") ||
		!strings.Contains(got, "still engaged") {
		t.Errorf("the failed parry: %q", got)
	}
	if strings.Contains(f.LogText(), "Clean fails") {
		t.Errorf("Clean's dodge succeeded:\n%s", f.LogText())
	}
	round := f.Current().Round
	for f.Current().Round == round {
		f.Next()
	}
	log := f.LogText()
	for _, want := range []string{
		"Clean disengages: every parry and dodge it made this round succeeded (1); it may move its full rate away",
		"Untouched disengages: it made no parry or dodge this round; it may move its full rate away",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the round's end does not say %q:\n%s", want, log)
		}
	}
	for _, not := range []string{"Caught disengages", "Stays disengages"} {
		if strings.Contains(log, not) {
			t.Errorf("%q: not disengaged:\n%s", not, log)
		}
	}
	if n := strings.Count(log, "fails to disengage"); n != 1 {
		t.Errorf("the failure said %d times, want once", n)
	}
	// The next round, declared afresh, says nothing of the last.
	for f.Current().Round == round+1 {
		f.Next()
	}
	if n := strings.Count(f.LogText(), "disengages: "); n != 2 {
		t.Errorf("disengaged %d times in two rounds, want the first round's 2", n)
	}
}

// One distance a round (l.95): moving 6-15 m and moving 16-29 m are one
// or the other, as is a full move or a disengage beside either; DEX 16
// stating both would act at an eighth.
// ledger: brp/move-rank
func TestBRPOneMovementARound(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "T", hp: 12, stats: map[string]int{"DEX": 16, "attacks": 2}}, {name: "U", hp: 12, stats: map[string]int{"DEX": 9}}})
	moves := []string{"move_half", "move_quarter", "move_full", "disengage"}
	for _, a := range moves {
		for _, b := range moves {
			if a == b {
				continue
			}
			f.Must(engine.Declare{Who: f.ID("T"), Declaration: a})
			if _, err := f.Do(engine.Declare{Who: f.ID("T"), Declaration: b}); err == nil || !strings.Contains(err.Error(), "cannot declare") {
				t.Errorf("%s beside %s: %v, want refused", b, a, err)
			}
			f.Must(engine.Undeclare{Who: f.ID("T"), Declaration: a})
		}
	}
	f.Must(engine.Declare{Who: f.ID("T"), Declaration: "move_quarter"})
	toPhase(t, f, 2)
	var got []string
	for _, e := range f.Current().Entries {
		if e.Who == f.ID("T") && !e.Lost {
			got = append(got, itoa(e.Value))
		}
	}
	if strings.Join(got, ",") != "4" {
		t.Errorf("DEX 16 moving 16-29 m acts at %v, want 4 (a quarter), the second attack lost below rank 1", got)
	}
}
