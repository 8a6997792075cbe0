package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
)

// goldenScene is the demo fight a few steps in: Orc 1 damaged and down to
// half, Gavvin delaying, the log showing rolls. The dice are seeded.
func goldenScene(t *testing.T, w, h int) Model {
	m, _, _ := demo(t)
	m, _ = keys(m, "w", "down", "enter", "if an orc charges", "enter")
	m, _ = keys(m, "n")
	for _, c := range m.rows() {
		if c.Name == "Orc 1" {
			m.sel = c.ID
		}
	}
	m, _ = keys(m, "d", "2d10+5", "enter", "e", " Bleeding from the scalp.", "enter", "n")
	m, _ = run(m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

func TestGoldenMain80x24(t *testing.T) {
	golden.RequireEqual(t, screenText(goldenScene(t, 80, 24)))
}

func TestGoldenMain160x48(t *testing.T) {
	golden.RequireEqual(t, screenText(goldenScene(t, 160, 48)))
}

func TestGoldenAddDialog80x24(t *testing.T) {
	m := goldenScene(t, 80, 24)
	m, _ = keys(m, "a", "or x2")
	golden.RequireEqual(t, screenText(m))
}
