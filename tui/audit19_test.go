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

// Too many faces typed with N: the dialog stays open and says how many the
// roll uses and how many were typed, in the words it uses for too few (not
// "1 face(s) more than the roll uses").
func TestTypedDiceTooManySaysHowMany(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = keys(m, "up", "enter") // New fight
	m, _ = keys(m, "down", "down", "down", "enter")
	m, _ = keys(m, "ctrl+u", "Ambush", "enter")
	m, _ = keys(m, "a", "Orc", "enter", "a", "Wolf", "enter")
	m, _ = keys(m, "N", "9 9 1 1 5", "enter")
	s := strings.Join(strings.Fields(screenText(m)), " ")
	if m.dlg == nil || !strings.Contains(s, "too many faces: the roll uses 4, 5 typed") || strings.Contains(s, "face(s)") {
		t.Fatalf("too many faces typed:\n%s", screenText(m))
	}
}
