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

// The PROT a grievous hit takes is back once the armour is repaired
// (countdown.txt l.26): the GM says so (g, Repair armour), the log says how
// much, and undo takes it back. Nothing lost, nothing to repair.
// ledger: countdown/grievous-protection
func TestCountdownArmourRepaired(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Guard", hp: 30, stats: map[string]int{"DEF": 40, "PROT": 3}},
	}, 5, 5)
	guard := f.ID("Guard")
	f.Refuse(engine.Arm{Who: guard, Armor: true}, "has lost nothing")
	for range 2 {
		f.Must(engine.RollCheck{Who: f.ID("Fighter"), Check: "strike", Target: guard}, 1)
	}
	f.Refuse(engine.Arm{Who: guard, Armor: true, Reload: true}, "by itself")
	f.Must(engine.Arm{Who: guard, Armor: true})
	if got := engine.StatNow(f.Rules, f.Get("Guard"), "PROT"); got != 3 {
		t.Errorf("PROT once repaired: %d, want 3\n%s", got, logText(f))
	}
	if log := logText(f); !strings.Contains(log, "Guard's armour is repaired: PROT 1 -> 3") {
		t.Errorf("log:\n%s", log)
	}
	f.Undo()
	if got := engine.StatNow(f.Rules, f.Get("Guard"), "PROT"); got != 1 {
		t.Errorf("PROT after undo: %d, want 1", got)
	}
}
