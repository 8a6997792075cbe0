package tui

import (
	"fray/engine"
)

// notesPrompt is e: the GM's notes on the selected combatant.
func (m *Model) notesPrompt(c *engine.Combatant) dialog {
	return newPrompt("Notes on "+c.Name, "enter saves them; empty clears", c.Notes, func(s string) (action, error) {
		return actCommand{cmd: engine.Notes{Who: c.ID, Text: s}}, nil
	})
}
