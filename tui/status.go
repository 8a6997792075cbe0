package tui

import (
	"strings"

	"charm.land/bubbles/v2/help"
)

// statusBar ends every screen: a line saying what happened or went wrong,
// then the keys of the mode the screen is in.
type statusBar struct {
	*common
	width int
	text  string
	err   bool
	help  help.Model
	hints help.KeyMap // the mode's keys, handed over as the root draws
}

// SetSize sets the width; the bar is always two lines.
func (p *statusBar) SetSize(w, _ int) {
	p.width = w
	p.help.SetWidth(w)
}

func (p *statusBar) set(text string, isErr bool) { p.text, p.err = safe(text), isErr }

func (p statusBar) View() string {
	status := strings.Repeat(" ", p.width)
	if p.text != "" {
		if p.err {
			status = p.st.Error.Render(pad(p.text, p.width))
		} else {
			status = p.st.Status.Render(pad(p.text, p.width))
		}
	}
	hints := ""
	if p.hints != nil {
		hints = truncate(p.help.View(p.hints), p.width)
	}
	return status + "\n" + hints
}
