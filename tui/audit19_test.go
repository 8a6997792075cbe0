package tui

import (
	"strings"
	"testing"
)

// An empty setup screen (a new fight, nobody added yet) draws no stray
// pane border: the order pane says it is empty and no line of the screen
// above the log holds a lone │ with nothing on either side.
func TestEmptySetupScreenHasNoStrayBorder(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = keys(m, "up", "enter") // New fight
	m, _ = keys(m, "down", "down", "down", "enter")
	m, _ = keys(m, "ctrl+u", "Ambush", "enter")
	if m.fight() == nil || len(m.fight().Current().Combatants) != 0 {
		t.Fatalf("not an empty new fight: %q", m.status.text)
	}
	lines := strings.Split(screenText(m), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "── Log") {
			break
		}
		if strings.TrimSpace(l) == "│" {
			t.Errorf("line %d is a lone border:\n%s", i+1, screenText(m))
		}
	}
	if len(lines) < 2 || strings.Contains(lines[1], "│") && strings.TrimSpace(strings.ReplaceAll(lines[1], "│", "")) == "" {
		t.Errorf("line 2 is only a border:\n%s", screenText(m))
	}
}
