package tui

import (
	"fmt"

	"fray/engine"
)

// groupKey: the marked join the selected's group; or the selected leaves
// its group; or it picks a group to join.
func (m *Model) groupKey() action {
	sel := m.order.selected()
	if sel == nil {
		return actError{"add a combatant first (a)"}
	}
	if cs := m.order.marked(); len(cs) > 0 {
		var ids []int
		for _, c := range cs {
			if c.ID != sel.ID && (sel.Group == 0 || c.Group != sel.Group) {
				ids = append(ids, c.ID)
			}
		}
		if len(ids) == 0 {
			return actError{"mark others (v) to join " + sel.Name + "'s group"}
		}
		return actCommand{cmd: engine.Marked{Targets: ids, Step: engine.JoinGroup{With: sel.ID}}}
	}
	if sel.Group != 0 {
		return actCommand{cmd: engine.LeaveGroup{Who: sel.ID}}
	}
	enc := m.fight().Current()
	var items []item
	for _, c := range rows(enc) {
		if c.ID != sel.ID && (c.Group == 0 || c.Group == c.ID) {
			detail := c.Side
			if ms := engine.Members(enc, c); len(ms) > 0 {
				detail = fmt.Sprintf("%s, a group of %d", c.Side, len(ms))
			}
			items = append(items, item{label: c.Name, detail: detail, value: c.ID})
		}
	}
	if len(items) == 0 {
		return actError{"nobody else to join"}
	}
	return actDialog{newPick(sel.Name+" joins whose group?", "it acts with them on one place in the order, keeping its own state", items, true, func(it item, _ string) (action, error) {
		return actCommand{cmd: engine.JoinGroup{Who: sel.ID, With: it.value.(int)}}, nil
	})}
}
