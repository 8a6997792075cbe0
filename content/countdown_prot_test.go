package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A grievous hit takes 1 off PROT until repaired (countdown.txt l.26), but
// never below none: a target with no PROT left keeps 0, not -1, as the
// damage it takes is never less than none.
// ledger: countdown/grievous-protection
func TestCountdownGrievousProtNeverBelowZero(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Guard", hp: 30, stats: map[string]int{"DEF": 40, "PROT": 1}},
	}, 5, 5)
	for range 2 {
		f.Must(engine.RollCheck{Who: f.ID("Fighter"), Check: "strike", Target: f.ID("Guard")}, 1)
	}
	if got := engine.StatNow(f.Rules, f.Get("Guard"), "PROT"); got != 0 {
		t.Errorf("PROT after two grievous hits on PROT 1: %d, want 0\n%s", got, logText(f))
	}
	if n := strings.Count(logText(f), "PROT"); n == 0 {
		t.Errorf("the first grievous hit's loss is not logged:\n%s", logText(f))
	}
}
