package tui

import (
	"strings"
	"testing"

	"fray/narrate"
)

func TestRollKeyWithHistory(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "r", "d100oe + OB", "enter")
	log := m.fight().Log()
	last := narrate.Line(m.fight().Rules, log[len(log)-1])
	if !strings.HasPrefix(last, "Gavvin rolls: d100oe + OB: [") {
		t.Fatalf("roll with the selected's stats: %q", last)
	}
	m, _ = keys(m, "r", "up")
	if p, ok := m.dlg.(*prompt); !ok || p.input.Value() != "d100oe + OB" {
		t.Fatal("up does not recall the last roll")
	}
	m, _ = keys(m, "esc")
}

// A stat the roll cannot read keeps the r dialog open, as a typo does.
func TestRollUnknownStatKeepsTheDialog(t *testing.T) {
	m, _, _ := demo(t)
	n := len(m.fight().Done)
	m, _ = keys(m, "r", "2d6 + FOO", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "FOO") {
		t.Fatalf("an unknown stat closed the dialog:\n%s", screenText(m))
	}
	m, _ = keys(m, "ctrl+u", "2d6 + QU", "enter")
	if m.dlg != nil || len(m.fight().Done) != n+1 {
		t.Fatalf("a good roll did not go through:\n%s", screenText(m))
	}
}
