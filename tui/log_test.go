package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestLogKeys(t *testing.T) {
	m, _, _ := demo(t)
	for range 12 {
		m, _ = keys(m, "n")
	}
	m, _ = keys(m, "pgup")
	if m.log.back == 0 || !strings.Contains(screenText(m), "back") {
		t.Fatal("pgup does not scroll the log")
	}
	m, _ = keys(m, "]", "]")
	if m.log.back != 0 {
		t.Fatal("] does not return")
	}
}

// The log reads as English: knocked out before dead, no doubled brackets.
func TestLogReadsInOrder(t *testing.T) {
	m, _, _ := demo(t)
	m = selectName(t, m, "Orc 2")
	m, _ = keys(m, "d", "100", "enter")
	log := logText(m)
	out, dead := strings.Index(log, "Orc 2 is Unconscious"), strings.Index(log, "Orc 2 is Dead")
	if out < 0 || dead < 0 || dead < out {
		t.Errorf("unconscious at %d, dead at %d:\n%s", out, dead, log)
	}
	m, _ = keys(m, "s", "enter", "2", "enter", "n", "n")
	if strings.Contains(logText(m), "))") {
		t.Errorf("doubled brackets:\n%s", logText(m))
	}
}

// The log pane's last n events are the log's last n, whatever the steps
// that logged them: one step of many events (a round's rolls) is cut to
// what is asked for.
func TestLastEventsAreTheLogsTail(t *testing.T) {
	m, _, _ := demo(t)
	for range 12 {
		m, _ = keys(m, "n")
	}
	f := m.fight()
	all := f.Log()
	for n := range len(all) + 3 {
		got := lastEvents(f, n)
		want := all[max(len(all)-n, 0):]
		if len(got) != len(want) {
			t.Fatalf("last %d: %d events, want %d", n, len(got), len(want))
		}
		for i := range got {
			if got[i].Kind != want[i].Kind || got[i].Who != want[i].Who || got[i].Round != want[i].Round {
				t.Fatalf("last %d: event %d is %+v, want %+v", n, i, *got[i], want[i])
			}
		}
	}
}

// The log's lines are kept from one frame to the next, by event: after
// steps, undos and redos, the pane draws what it draws told afresh.
func TestLogLinesKeptAreTold(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = run(m, tea.WindowSizeMsg{Width: 100, Height: 40})
	for i, k := range []string{"n", "n", "n", "u", "u", "n", "U", "n", "u", "U", "U", "n", "n", "u"} {
		m, _ = keys(m, k)
		kept := m.log.View()
		m.common.drawn.logSaid, m.common.drawn.logRules = nil, nil
		if told := m.log.View(); kept != told {
			t.Fatalf("after key %d (%s), the log drawn with the lines kept:\n%s\nand told afresh:\n%s", i, k, kept, told)
		}
	}
}
