package tui

import (
	"strings"
	"testing"
)

func TestHelpKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "?")
	s := screenText(m)
	for _, want := range []string{"Keys", "next step", "undo", "redo", "set initiative", "move later", "save as", "typing the dice"} {
		if !strings.Contains(s, want) {
			t.Errorf("? lacks %q", want)
		}
	}
	m, _ = keys(m, "x") // any key closes
	if m.dlg != nil {
		t.Fatal("help stays open")
	}
}
