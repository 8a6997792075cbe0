package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

func TestTimerKeyShowsItWhereItFalls(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2")
	m, _ = keys(m, "T", "enter", "The roof groans", "enter", "down", "down", "enter", "19", "enter", "0 every 1", "enter")
	tms := m.fight().Current().Timers
	if len(tms) != 1 || tms[0].Count != 19 || tms[0].Every != 1 {
		t.Fatalf("timers: %+v, status %q\n%s", tms, m.status.text, screenText(m))
	}
	s := screenText(m)
	if !strings.Contains(s, "19    ~ The roof groans") {
		t.Fatalf("the timer is not in the order:\n%s", s)
	}
	// Orc 1 (19) acts after it, Gavvin (20) before.
	lines := strings.Split(s, "\n")
	at := func(sub string) int {
		for i, l := range lines {
			if strings.Contains(l, sub) {
				return i
			}
		}
		return -1
	}
	if !(at("Gavvin") < at("The roof groans") && at("The roof groans") < at("Orc 1")) {
		t.Errorf("the timer is not where it falls:\n%s", s)
	}
	m, _ = keys(m, "n")
	if !strings.Contains(screenText(m), "Timer: The roof groans") {
		t.Errorf("the timer did not fire:\n%s", screenText(m))
	}
	m, _ = keys(m, "T", "down", "enter")
	if len(m.fight().Current().Timers) != 0 {
		t.Errorf("the timer was not taken away")
	}
	_ = engine.OpTimer
}
