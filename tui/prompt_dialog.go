package tui

import (
	"errors"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/session"
)

// prompt asks for one line of text. submit turns the text into an action or
// an error shown under the input (the prompt stays open).
type prompt struct {
	frame
	title, hint string
	input       lineInput
	submit      func(string) (action, error)
	err         string
	history     []string // older entries first; up/down walk them
	hpos        int
	// chosen is set while the value is a default shown selected: the first
	// character typed replaces it, backspace clears it, a cursor key keeps it.
	chosen bool
	// live, when set, says under the input what the text typed so far
	// makes (how many dice faces of how many), as it is typed.
	live func(string) string
}

// eraseKeys clear a default shown selected.
var eraseKeys = key.NewBinding(key.WithKeys("backspace", "delete"))

// newDefault is a prompt holding a default, selected so that typing
// replaces it and enter takes it.
func newDefault(title, hint, value string, submit func(string) (action, error)) *prompt {
	p := newPrompt(title, hint, value, submit)
	p.chosen = value != ""
	return p
}

func newPrompt(title, hint, value string, submit func(string) (action, error)) *prompt {
	in := newLineInput("> ")
	if _, _, unsafe := session.Unsafe(value); unsafe {
		value = safe(value) // what the GM sees is what is saved if they keep it
	}
	in.SetValue(value)
	in.CursorEnd()
	return &prompt{title: title, hint: hint, input: in, submit: submit}
}

func (p *prompt) Update(msg tea.KeyPressMsg) (dialog, action) {
	k := p.keys
	switch {
	case key.Matches(msg, k.Cancel):
		return nil, actCancel{}
	case key.Matches(msg, k.Confirm):
		act, err := p.submit(strings.TrimSpace(p.input.Value()))
		if err != nil {
			p.err = err.Error()
			return p, nil
		}
		return nil, act
	case len(p.history) > 0 && key.Matches(msg, k.ListUp):
		p.chosen = false
		p.hpos = max(p.hpos-1, 0)
		p.input.SetValue(p.history[p.hpos])
		p.input.CursorEnd()
		return p, nil
	case len(p.history) > 0 && key.Matches(msg, k.ListDown):
		p.chosen = false
		p.hpos = min(p.hpos+1, len(p.history))
		if p.hpos == len(p.history) {
			p.input.SetValue("")
		} else {
			p.input.SetValue(p.history[p.hpos])
		}
		p.input.CursorEnd()
		return p, nil
	}
	p.err = ""
	if p.chosen {
		p.chosen = false
		switch {
		case msg.Text != "":
			p.input.SetValue("")
		case key.Matches(msg, eraseKeys):
			p.input.SetValue("")
			return p, nil
		}
	}
	p.input.Update(msg)
	return p, nil
}

// paste puts pasted text at the cursor, as typing it would: over a default
// shown selected.
func (p *prompt) paste(text string) {
	p.err = ""
	if p.chosen {
		p.chosen = false
		p.input.SetValue("")
	}
	p.input.Insert(text)
}

// boxWidth is the width of the prompt's text, inside its box.
func (p *prompt) boxWidth() int { return dialogWidth(p.width, 20) }

// SetSize sizes the input to the box: a value wider scrolls.
func (p *prompt) SetSize(w, h int) {
	p.frame.SetSize(w, h)
	p.input.SetWidth(p.boxWidth() - 4)
}

func (p *prompt) View() string {
	st, w := &p.st, p.boxWidth()
	in := p.input.View(st.Muted)
	if p.chosen {
		// The default, selected: typing replaces it.
		in = p.input.prompt + st.Selected.Render(safe(truncate(p.input.Value(), w-4)))
	}
	lines := []string{st.Title.Render(safe(p.title)), in}
	if p.live != nil {
		lines = append(lines, st.Muted.Render(wrap(safe(p.live(p.input.Value())), w)))
	}
	if p.err != "" {
		lines = append(lines, st.Error.Render(wrap(safe(p.err), w)))
	}
	if p.hint != "" {
		lines = append(lines, st.Muted.Render(wrap(safe(p.hint), w)))
	}
	return st.DialogBox.Boxed(w+4, strings.Join(lines, "\n"))
}

func roundsPrompt(title string, cmd func(int) engine.Command) *prompt {
	return newDefault(title, "a whole number of rounds", "1", func(s string) (action, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return nil, errors.New("a whole number of rounds, 1 or more")
		}
		return actCommand{cmd: cmd(n)}, nil
	})
}
