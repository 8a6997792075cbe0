package tui

import (
	"fmt"
	"slices"

	"fray/engine"
	"fray/narrate"
)

// initDialog sets an initiative: of the one action a combatant has, or,
// where it has several this round (segments, ranks), of the one picked.
func (m Model) initDialog(c *engine.Combatant) dialog {
	enc := m.fight().Current()
	var items []item
	for _, e := range enc.Entries {
		if e.Who == c.ID {
			items = append(items, item{label: fmt.Sprintf("Action %d", e.Action+1), detail: "now at " + narrate.Count(m.fight().Rules, e.Value), value: e.Action})
		}
	}
	slices.SortFunc(items, func(a, b item) int { return a.value.(int) - b.value.(int) })
	prompt := func(entry int) dialog {
		return newPrompt("Initiative of "+c.Name, "a number, or dice to roll", "", func(s string) (action, error) {
			a, err := amountCommand(engine.OpSetInit, c.ID, s)
			if ac, ok := a.(actCommand); ok {
				set := ac.cmd.(engine.SetInit)
				set.Entry = entry
				ac.cmd = set
				return ac, nil
			}
			return a, err
		})
	}
	if len(items) < 2 {
		return prompt(0)
	}
	return newPick("Initiative of "+c.Name+": which action?", "", items, false, func(it item, _ string) (action, error) {
		return actDialog{prompt(it.value.(int))}, nil
	})
}
