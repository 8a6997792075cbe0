package tui

import (
	"fmt"

	"fray/engine"
)

// groupKey is G on the selected: it leaves its group, or picks a group to
// join. (With others marked, G is marking.go's markedJoin.)
func (m *Model) groupKey(sel *engine.Combatant) action {
	if sel.Group != 0 {
		return actCommand{cmd: engine.LeaveGroup{Who: sel.ID}}
	}
	enc := m.fight().Current()
	var items []item[int]
	for _, c := range rows(enc) {
		if c.ID != sel.ID && (c.Group == 0 || c.Group == c.ID) {
			detail := c.Side
			if ms := engine.Members(enc, c); len(ms) > 0 {
				detail = fmt.Sprintf("%s, a group of %d", c.Side, len(ms))
			}
			items = append(items, item[int]{label: c.Name, detail: detail, value: c.ID})
		}
	}
	if len(items) == 0 {
		return actError{"nobody else to join"}
	}
	return actDialog{newPick(sel.Name+" joins whose group?", "it acts with them on one place in the order, keeping its own state", items,
		true, func(it item[int], _ string) (action, error) {
			return actCommand{cmd: engine.JoinGroup{Who: sel.ID, With: it.value}}, nil
		})}
}
