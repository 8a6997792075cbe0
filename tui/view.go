package tui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// View renders the whole screen, exactly width x height: the start screen
// or the tracker, the status bar, and the open dialog over them. It is the
// only View that makes a tea.View.
func (m Model) View() tea.View {
	m.status.hints = m.hints()
	var s string
	if m.screen == screenStart {
		s = fit(m.start.View()+"\n"+m.status.View(), m.width, m.height)
	} else {
		s = fitLines(m.trackerView(), m.width, m.height)
	}
	if m.dlg != nil {
		box := fitBox(m.dlg.View(), m.height-2)
		top, _, _ := strings.Cut(box, "\n") // a box's lines are as wide as its top border
		x := max((m.width-width(top))/2, 0)
		y := max((m.height-lipgloss.Height(box))/2-1, 1)
		s = overlay(s, box, x, y, m.width, m.height)
	}
	v := tea.NewView(screenSafe(s))
	v.AltScreen = true
	v.WindowTitle = "fray"
	return v
}

// hints are the keys of the mode the screen is in, for the help bar.
func (m Model) hints() help.KeyMap {
	if h, ok := m.dlg.(help.KeyMap); ok && m.mode() == modeDialog {
		return h // a dialog with keys of its own (the saved fights' list)
	}
	return keyHelp{c: m.common, mode: m.mode()}
}

// trackerView lays the panes out: the header, the order beside the panel
// (the panel goes when there is no room for it), the log, the status bar.
// Its lines are the screen's, some of them padded to its width already.
func (m Model) trackerView() []screenLine {
	m.header.tableDice, m.header.saving, m.header.watching = m.tableDice(), m.saving(), m.watching
	if m.trouble != nil {
		m.header.trouble = m.trouble.Short()
		if m.status.text == "" {
			// Said for as long as it lasts, not only until the next key.
			m.status.set(m.troubleText(), m.saving() == saveRetrying)
		}
	}
	m.panel.sel, m.panel.book, m.panel.underDialog = m.order.sel, m.book, m.dlg != nil
	left, right, bodyH := m.order.width, m.panel.width, m.order.height
	order := strings.Split(m.order.View(), "\n")
	var panel []string
	if len(m.fight().Current().Combatants) == 0 {
		right = 0 // nobody to tell about: no panel, and no line beside it
	}
	if right >= 12 {
		panel = strings.Split(m.panel.View(), "\n")
	}
	// The order and the panel take the rows they fill, and no more: the
	// log below gets the rest (at 160x45 a fight of five fills a third of
	// the rows, and the log shows thirty lines, not eleven).
	if need := max(filled(order), filled(panel), 3); need < bodyH {
		m.log.height += bodyH - need
		bodyH = need
	}
	sep := m.st.Muted.Render("│")
	lines := make([]screenLine, 0, m.height+1)
	lines = append(lines, screenLine{text: m.header.View()})
	for i := range bodyH {
		l := ""
		if i < len(order) {
			l = order[i]
		}
		if right < 12 {
			lines = append(lines, screenLine{pad(l, m.width), true})
			continue
		}
		l = pad(l, left) // a row never pushes the line beside it
		p := ""
		if i < len(panel) {
			p = panel[i]
		}
		lines = append(lines, screenLine{l + sep + pad(p, right), left+1+right == m.width})
	}
	lines = append(lines, m.log.screenLines(m.width)...)
	return append(lines, screenLine{text: m.status.View()})
}

// screenLine is a line of the screen, or several, as a pane drew them;
// padded: one line that is the screen's width already.
type screenLine struct {
	text   string
	padded bool
}

// fitLines is fit of the lines joined, but for those padded already, which
// it does not measure again.
func fitLines(ls []screenLine, w, h int) string {
	lines := make([]string, 0, h+1)
	for _, l := range ls {
		if len(lines) >= h {
			break
		}
		if l.padded && w > 0 {
			lines = append(lines, l.text)
			continue
		}
		for _, part := range strings.Split(l.text, "\n") {
			lines = append(lines, pad(part, w))
		}
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, pad("", w))
	}
	return strings.Join(lines, "\n")
}

// overlay draws box over the screen s (w x h, each line padded to w, as fit
// leaves it) with its top left corner at x, y; a box larger than the screen
// is cut at its edges. It splices lines rather than compositing cells (a
// dialog is open for most keys a GM types, and a cell canvas cost a
// millisecond a frame), and measures again only the rows it splices.
func overlay(s, box string, x, y, w, h int) string {
	lines := strings.Split(s, "\n")
	for i, bl := range strings.Split(box, "\n") {
		row := y + i
		if row >= len(lines) {
			break
		}
		bw := width(bl)
		left := keepCells(lines[row], x)
		if n := width(left); n < x {
			left += strings.Repeat(" ", x-n) // a wide rune cut in half
		}
		right := dropCells(lines[row], x+bw)
		lines[row] = pad(left+"\x1b[m"+bl+"\x1b[m"+right, w)
	}
	if len(lines) != h {
		return fit(strings.Join(lines, "\n"), w, h)
	}
	return strings.Join(lines, "\n") // the rows not spliced fit already
}

// fit pads or cuts s to exactly w x h cells.
func fit(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = pad(l, w)
	}
	return strings.Join(lines, "\n")
}

// fitBox cuts a dialog's box taller than h rows (the screen but its first
// and last) to h, its last row saying how many more there are below, so
// that nothing is lost off the bottom of the window without a mark.
func fitBox(box string, h int) string {
	lines := strings.Split(box, "\n")
	if len(lines) <= h || h < 2 {
		return box
	}
	w := width(lines[0])
	more := len(lines) - (h - 1)
	mark := "└ ▼ " + itoa(more) + " more lines: a taller window shows them "
	if width(mark) >= w {
		mark = "└ ▼ " + itoa(more) + " more "
	}
	mark = truncate(mark, w-1)
	mark += strings.Repeat("─", max(w-1-width(mark), 0)) + "┘"
	return strings.Join(append(lines[:h-1], mark), "\n")
}

// filled is how many of lines come before the blank ones at their end.
func filled(lines []string) int {
	n := len(lines)
	for n > 0 && strings.TrimSpace(lines[n-1]) == "" {
		n--
	}
	return n
}
