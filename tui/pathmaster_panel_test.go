package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// The panel shows the Move rating lost to injury beside the full one: a
// quarter of the hits gone, Move 4 of 5 (l.1165-1167).
// ledger: pathmaster/move-lost-to-injury
func TestPanelShowsMoveLostToInjury(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc")
	m, _ = run(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m, _ = keys(m, "d", "10", "enter")
	if s := strings.Join(strings.Fields(screenText(m)), " "); !strings.Contains(s, "move_rate 4 (of 5)") {
		t.Fatalf("the panel does not show the Move lost:\n%s", screenText(m))
	}
}
