package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// keysDialog (?) shows every key live in a mode, from the key table; any
// key closes it.
type keysDialog struct {
	frame
	mode mode
}

func (d *keysDialog) Update(tea.KeyPressMsg) (dialog, action) { return nil, actCancel{} }

func (d *keysDialog) View() string {
	st := &d.st
	var lines []string
	h := keyHelp{c: d.common, mode: d.mode}
	keyW := 0
	for _, col := range h.FullHelp() {
		for _, b := range col {
			keyW = max(keyW, lipgloss.Width(b.Help().Key)+1)
		}
	}
	for _, col := range h.FullHelp() {
		for _, b := range col {
			h := b.Help()
			lines = append(lines, lipgloss.NewStyle().Width(keyW).Render(h.Key)+h.Desc)
		}
	}
	box := func(body string) string {
		// Too tall to leave the help bar in sight: the title without the
		// hint, the keys alone in their box, or else without it.
		for _, b := range []string{
			st.DialogBox.Render(st.Title.Render("Keys") + "\n" + body + "\n" + st.Muted.Render("any key closes")),
			st.DialogBox.Render(st.Title.Render("Keys") + "\n" + body),
			st.DialogBox.Render(body),
		} {
			if d.height <= 0 || lipgloss.Height(b) <= d.height-2 {
				return b
			}
		}
		return lipgloss.NewStyle().Width(max(d.width, lipgloss.Width(body)+2)).Padding(0, 1).Render(body)
	}
	// Three columns or two when they fit (the fewest rows), else one.
	for n := 3; n > 1; n-- {
		per := (len(lines) + n - 1) / n
		var cols []string
		for i := 0; i < len(lines); i += per {
			col := strings.Join(lines[i:min(i+per, len(lines))], "\n")
			gap := 2
			if i+per >= len(lines) {
				gap = 0 // the last column needs no gap after it
			}
			cols = append(cols, lipgloss.NewStyle().Width(lipgloss.Width(col)+gap).Render(col))
		}
		if b := box(lipgloss.JoinHorizontal(lipgloss.Top, cols...)); lipgloss.Width(b) <= d.width {
			return b
		}
	}
	return box(strings.Join(lines, "\n"))
}
