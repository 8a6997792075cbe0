package tui

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
)

// goldenScene is the demo fight a few steps in: Orc 1 damaged, stunned,
// bleeding and shaken, Gavvin delaying, the log showing rolls. The dice are seeded.
func goldenScene(t *testing.T, w, h int) Model {
	m, _, _ := demo(t)
	m, _ = keys(m, "w", "down", "enter", "if an orc charges", "enter")
	m, _ = keys(m, "n")
	for _, c := range rows(m.fight().Current()) {
		if c.Name == "Orc 1" {
			m.order.sel = c.ID
		}
	}
	m, _ = keys(m, "d", "2d10+5", "enter", "e", " Bleeding from the scalp.", "enter")
	m, _ = keys(m, "s", "down", "enter", "ctrl+u", "2", "enter") // 2 rounds of Stunned, No Parry
	m, _ = keys(m, "b", "enter", "ctrl+u", "3", "enter")         // a wound bleeding 3 a round
	m, _ = keys(m, "c", "shak", "enter", "2", "enter")           // shaken for 2 rounds
	m, _ = keys(m, "n")
	m, _ = run(m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

func TestGoldenMain80x24(t *testing.T) {
	golden.RequireEqual(t, screenText(goldenScene(t, 80, 24)))
}

func TestGoldenMain160x48(t *testing.T) {
	golden.RequireEqual(t, screenText(goldenScene(t, 160, 48)))
}

func TestGoldenMain120x40(t *testing.T) {
	golden.RequireEqual(t, screenText(goldenScene(t, 120, 40)))
}

func TestGoldenMain200x60(t *testing.T) {
	golden.RequireEqual(t, screenText(goldenScene(t, 200, 60)))
}

// The screen hides nothing without a mark, at every size from the
// smallest: each line is the terminal's width, the line between the order
// and the panel stays in its column, a panel cut short says how much is
// left, and an empty fight draws no line beside nothing.
func TestScreenMarksWhatItCuts(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}, {60, 18}, {50, 14}, {100, 30}} {
		w, h := size[0], size[1]
		m := goldenScene(t, w, h)
		lines := strings.Split(screenText(m), "\n")
		if len(lines) != h {
			t.Errorf("%dx%d: %d lines", w, h, len(lines))
		}
		col := -1
		for i, l := range lines {
			if n := lipgloss.Width(l); n != w {
				t.Errorf("%dx%d: line %d is %d wide: %q", w, h, i, n, l)
			}
			if i == 0 || strings.HasPrefix(l, "── Log") {
				if i > 0 {
					break
				}
				continue
			}
			at := strings.Index(l, "│")
			if at < 0 {
				continue
			}
			at = lipgloss.Width(l[:at])
			if col >= 0 && at != col {
				t.Errorf("%dx%d: the separator wanders to column %d on line %d (was %d):\n%s", w, h, at, i, col, screenText(m))
				break
			}
			col = at
		}
		if (w < 120 || h < 40) && w >= 60 && !strings.Contains(screenText(m), "more lines") {
			t.Errorf("%dx%d: the panel is cut without a mark:\n%s", w, h, screenText(m))
		}
	}
	// At 120 columns the statuses get the room the names do not need, and
	// give way to the side: cut, with a mark (the panel has them all).
	for _, l := range strings.Split(screenText(goldenScene(t, 120, 40)), "\n") {
		if strings.Contains(l, "▶ 17    Orc 1") && (!strings.Contains(l, "Orc 1  foes") || !strings.Contains(l, "stun 1 bleed 3 shaken A1 M1 F2 I…")) {
			t.Errorf("120 columns: Orc 1's side and statuses: %q", l)
		}
	}
	m, _, _ := newModel(t)
	m, _ = keys(m, "up", "enter", "enter", "enter")
	if m.fight() == nil || strings.Contains(screenText(m), "│") {
		t.Errorf("an empty fight draws a line beside nothing:\n%s", screenText(m))
	}
}

func TestGoldenAddDialog80x24(t *testing.T) {
	m := goldenScene(t, 80, 24)
	m, _ = keys(m, "a", "or x2")
	golden.RequireEqual(t, screenText(m))
}
