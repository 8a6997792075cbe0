package tui

import (
	"fray/engine"
)

// removeConfirm is x: the selected combatant removed from the fight, once
// the GM says so.
func (m *Model) removeConfirm(c *engine.Combatant) dialog {
	return &confirm{question: "Remove " + c.Name + " from the fight?", yes: actCommand{cmd: engine.Remove{Who: c.ID}}}
}
