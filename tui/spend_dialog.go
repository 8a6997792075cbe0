package tui

import (
	"fmt"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// spendDialog spends an action from the ruleset's list, showing its cost
// and refusing, with the reason, what the budget cannot pay.
func (m Model) spendDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	var items []item[rules.ActionDef]
	if c.Ext != nil {
		if a, ok := rs.Action(c.Ext.Action); ok {
			detail := fmt.Sprintf("%d of %d done", c.Ext.Paid, c.Ext.Total)
			if c.Ext.Treat != "" {
				detail = "on " + narrate.Aim(m.fight().Current(), c.Ext) + ", " + detail
			}
			items = append(items, item[rules.ActionDef]{label: "Continue " + a.Name, detail: detail, value: a})
		}
	}
	for _, a := range rs.Actions {
		detail := narrate.Cost(rs, a)
		if a.Summary != "" {
			detail += " · " + a.Summary
		}
		items = append(items, item[rules.ActionDef]{label: a.Name, detail: detail, value: a})
	}
	return newPick(c.Name+" spends"+outOfTurn(m.fight().Current(), c), "the budget: "+budget(rs, c, false), items, true,
		func(it item[rules.ActionDef], _ string) (action, error) {
			a := it.value
			cmd := engine.Spend{Who: c.ID, Action: a.ID}
			if err := m.check(cmd); err != nil {
				return nil, err
			}
			return actCommand{cmd: cmd}, nil
		})
}
