package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
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
	var helps []key.Help
	for _, col := range (keyHelp{c: d.common, mode: d.mode}).FullHelp() {
		for _, b := range col {
			helps = append(helps, b.Help())
		}
	}
	// lines are the keys from i to j, each column's keys as wide as its
	// widest.
	lines := func(i, j int) []string {
		keyW := 0
		for _, h := range helps[i:j] {
			keyW = max(keyW, lipgloss.Width(h.Key)+1)
		}
		var out []string
		for _, h := range helps[i:j] {
			out = append(out, lipgloss.NewStyle().Width(keyW).Render(h.Key)+h.Desc)
		}
		return out
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
		per := (len(helps) + n - 1) / n
		var cols []string
		for i := 0; i < len(helps); i += per {
			col := strings.Join(lines(i, min(i+per, len(helps))), "\n")
			gap := 2
			if i+per >= len(helps) {
				gap = 0 // the last column needs no gap after it
			}
			cols = append(cols, lipgloss.NewStyle().Width(lipgloss.Width(col)+gap).Render(col))
		}
		if b := box(lipgloss.JoinHorizontal(lipgloss.Top, cols...)); lipgloss.Width(b) <= d.width {
			return b
		}
	}
	return box(strings.Join(lines(0, len(helps)), "\n"))
}
