package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"fray/engine"
)

// TestPanesDrawWithinTheirSize: at every size, each pane draws no more
// lines than the root gave it, and the header and status lines are exactly
// the width.
func TestPanesDrawWithinTheirSize(t *testing.T) {
	m, _, sess := demo(t)
	var add []engine.NewCombatant
	for i := range 40 {
		add = append(add, engine.NewCombatant{Name: fmt.Sprintf("Goblin %d", i+1), HP: 7})
	}
	if _, err := sess.Fight.Do(engine.Add{Combatants: add}); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "e", "a long note that wraps over several lines of the panel at any width", "enter")
	for _, sz := range [][2]int{{80, 24}, {40, 10}, {52, 12}, {200, 60}, {1, 1}} {
		w, h := sz[0], sz[1]
		m, _ = run(m, tea.WindowSizeMsg{Width: w, Height: h})
		for _, p := range []struct {
			name   string
			c      component
			height int
		}{{"header", &m.header, 1}, {"order", &m.order, m.order.height}, {"panel", &m.panel, m.panel.height}, {"log", &m.log, m.log.height}, {"status", &m.status, 2}} {
			lines := strings.Split(p.c.View(), "\n")
			if len(lines) > p.height {
				t.Errorf("%dx%d: the %s pane draws %d lines in %d", w, h, p.name, len(lines), p.height)
			}
		}
		if got := width(m.header.View()); got != w {
			t.Errorf("%dx%d: the header is %d wide", w, h, got)
		}
		if got := width(strings.Split(m.status.View(), "\n")[0]); got != w {
			t.Errorf("%dx%d: the status line is %d wide", w, h, got)
		}
	}
}

// A long fight name gives way in the header at 80 columns, so that whose
// turn it is stays on the line.
func TestHeaderLongNameKeepsTheActor(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc")
	m.sess.Name = "The ambush at the ruined watchtower on the old north road, second night"
	m, _ = keys(m, "n")
	first := strings.SplitN(screenText(m), "\n", 2)[0]
	if !strings.Contains(first, "acts (") || !strings.Contains(first, "The ambush") || !strings.Contains(first, "…") {
		t.Errorf("the header at 80 columns: %q", first)
	}
	if w := lipgloss.Width(first); w > 80 {
		t.Errorf("the header is %d wide", w)
	}
}
