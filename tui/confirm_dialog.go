package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// confirm asks a yes-or-no question; yes is what a yes does.
type confirm struct {
	frame
	question string
	yes      action
}

func (c *confirm) Update(msg tea.KeyPressMsg) (dialog, action) {
	switch {
	case key.Matches(msg, c.keys.Yes):
		return nil, c.yes
	case key.Matches(msg, c.keys.No):
		return nil, actCancel{}
	}
	return c, nil
}

func (c *confirm) View() string {
	st, w := &c.st, min(max(c.width-8, 20), 56)
	var hint []string
	for _, b := range []key.Binding{c.keys.Yes, c.keys.No} {
		hint = append(hint, b.Help().Key+": "+b.Help().Desc)
	}
	return st.DialogBox.Boxed(w+4, wrap(safe(c.question), w)+"\n"+st.Muted.Render(strings.Join(hint, "   ")))
}
