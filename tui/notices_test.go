package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/session"
)

func TestNoticesShowAtStart(t *testing.T) {
	note := "house.toml:3:5: unknown key \"speed\" (file skipped)"
	m := New(shippedLib, newMemStore(), &session.Session{}, Options{NoColor: true, Notices: []string{note}})
	m, _ = run(m, tea.WindowSizeMsg{Width: 120, Height: 24})
	if s := screenText(m); !strings.Contains(s, note) {
		t.Errorf("the start screen does not show the content problem:\n%s", s)
	}
}
