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
	help  *help.Model // behind a pointer: the model is copied at every key, and this is most of it
	// helpWidth is the help's width: 0 (not cut) until the terminal's is
	// known. The help is shared by the model's copies, and set for each.
	helpWidth int
	hints     help.KeyMap // the mode's keys, handed over as the root draws
}

// SetSize sets the width; the bar is always two lines.
func (p *statusBar) SetSize(w, _ int) { p.width, p.helpWidth = w, w }

func (p *statusBar) set(text string, isErr bool) { p.text, p.err = safe(text), isErr }

func (p statusBar) View() string {
	if p.text != "" && p.width > 0 && width(p.text) > p.width {
		// Too long for its line (a refusal with its reason): the message
		// takes the keys' line too, until the next key clears it.
		style := p.st.Status
		if p.err {
			style = p.st.Error
		}
		lines := strings.Split(wrap(p.text, p.width), "\n")
		switch {
		case len(lines) > 2:
			lines = []string{lines[0], truncate(strings.Join(lines[1:], " "), p.width)}
		case len(lines) < 2:
			lines = append(lines, "")
		}
		return style.Render(pad(lines[0], p.width)) + "\n" + style.Render(pad(lines[1], p.width))
	}
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
		hints = p.keysLine()
	}
	return status + "\n" + hints
}

// keysLine is the bar of the mode's keys. It changes with the mode and the
// fight's state far less often than a frame is drawn, so the last one
// drawn is kept with what it was drawn from (the width and each key's
// keys, help and whether it is on) and drawn again only when that changes.
func (p statusBar) keysLine() string {
	p.help.SetWidth(p.helpWidth)
	if p.help.ShowAll {
		return truncate(p.help.View(p.hints), p.width)
	}
	var b strings.Builder
	b.WriteString(itoa(p.width) + "/" + itoa(p.helpWidth))
	for _, k := range p.hints.ShortHelp() {
		h := k.Help()
		b.WriteString("\x00" + h.Key + "\x00" + h.Desc)
		if !k.Enabled() {
			b.WriteString("\x00off")
		}
	}
	kept := &p.drawn.keys
	if from := b.String(); from != kept.from {
		kept.from, kept.line = from, truncate(p.help.View(p.hints), p.width)
	}
	return kept.line
}

// drawnOnce is a line kept with what it was drawn from.
type drawnOnce struct{ from, line string }
