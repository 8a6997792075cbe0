package tui

import (
	"fmt"
	"slices"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// initKey is i on the selected: its initiative, or, with no order, the
// ruleset's Initiative action.
func (m *Model) initKey(c *engine.Combatant) action {
	if o := m.fight().Rules.Order; o.Kind == rules.OrderNone && o.InitiativeAction != "" {
		// No order to set: the key takes the ruleset's Initiative action.
		return actCommand{cmd: engine.SetInit{Who: c.ID}}
	}
	return actDialog{m.initDialog(c)}
}

// initDialog sets an initiative: of the one action a combatant has, or,
// where it has several this round (segments, ranks), of the one picked.
func (m Model) initDialog(c *engine.Combatant) dialog {
	enc := m.fight().Current()
	var items []item[int]
	for _, e := range enc.Entries {
		if e.Who == c.ID {
			items = append(items,
				item[int]{label: fmt.Sprintf("Action %d", e.Action+1), detail: "now at " + narrate.Count(m.fight().Rules, e.Value),
					value: e.Action})
		}
	}
	slices.SortFunc(items, func(a, b item[int]) int { return a.value - b.value })
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
	return newPick("Initiative of "+c.Name+": which action?", "", items, false, func(it item[int], _ string) (action, error) {
		return actDialog{prompt(it.value)}, nil
	})
}
