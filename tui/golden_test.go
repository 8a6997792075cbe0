package tui

import (
	"testing"

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

func TestGoldenAddDialog80x24(t *testing.T) {
	m := goldenScene(t, 80, 24)
	m, _ = keys(m, "a", "or x2")
	golden.RequireEqual(t, screenText(m))
}
