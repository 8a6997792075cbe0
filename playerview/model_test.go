package playerview

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"fray/engine"
)

// The view is drawn at most MaxWidth x MaxHeight, whatever the window's
// size, told by the program's size or (fray serve) by the window's own;
// a note says so while the window is larger, and goes when it is not.
func TestModelDrawsAtMostMaxSize(t *testing.T) {
	f := table(t)
	f.Must(engine.Start{})
	m := New(Heard{Name: "Bridge", Rules: f.Rules, Enc: f.Current(), Log: f.Log()}, true)
	update := func(msg tea.Msg) {
		t.Helper()
		next, _ := m.Update(msg)
		m = next.(Model)
	}
	check := func(what, note string, w, h int) {
		t.Helper()
		s := ansi.Strip(m.Render())
		lines := strings.Split(s, "\n")
		if len(lines) > h {
			t.Errorf("%s: %d lines, at most %d", what, len(lines), h)
		}
		for i, l := range lines {
			if n := ansi.StringWidth(l); n > w {
				t.Errorf("%s: line %d is %d cells wide, at most %d", what, i+1, n, w)
			}
		}
		if got := strings.Contains(s, "this window is"); (note != "") != got || note != "" && !strings.Contains(s, note) {
			t.Errorf("%s: the note should say %q:\n%s", what, note, s)
		}
		if !strings.Contains(s, "Ann") {
			t.Errorf("%s: the fight is not drawn:\n%s", what, s)
		}
	}
	update(tea.WindowSizeMsg{Width: 5000, Height: 2000})
	check("a 5000x2000 terminal", "this window is 5000x2000: the view is drawn in its top left 400x200", MaxWidth, MaxHeight)
	update(tea.WindowSizeMsg{Width: 400, Height: 150})
	update(WindowMsg{Width: 401, Height: 150})
	check("told 400x150 of a 401x150 window", "this window is 401x150: the view is drawn in its top left 400x150", MaxWidth, 150)
	update(tea.WindowSizeMsg{Width: 100, Height: 30})
	update(WindowMsg{})
	check("a 100x30 window", "", 100, 30)
}
