package tui

import (
	"errors"
	"fmt"

	"fray/engine"
)

// flurryDialog engages the selected fighter, or acts in its flurry.
func (m Model) flurryDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	enc := m.fight().Current()
	var items []item[engine.Command]
	hint := c.Name + " is engaged with nobody"
	if f := c.Flurry; f != nil {
		hint = flurryText(enc, c)
		if f.Rolled {
			items = append(items,
				item[engine.Command]{label: "Use an action", detail: fmt.Sprintf("%d left", f.Left),
					value: engine.Flurry{Who: c.ID, Step: "action"}})
			if n := rs.Flurries.Obstacle; n > 0 {
				items = append(items,
					item[engine.Command]{label: "Foe against an obstacle", detail: fmt.Sprintf("%+d action", n),
						value: engine.Flurry{Who: c.ID, Step: "obstacle"}})
			}
		}
		items = append(items,
			item[engine.Command]{label: "Next flurry", detail: "everyone in it rolls initiative and has their actions again",
				value: engine.Flurry{Who: c.ID, Step: "again"}},
			item[engine.Command]{label: "Disengage", detail: "leave flurry " + fmt.Sprint(f.ID), value: engine.Disengage{Who: c.ID}})
	}
	for _, o := range foesFirst(enc, c) {
		if o.ID == c.ID || c.Flurry != nil && o.Flurry != nil && o.Flurry.ID == c.Flurry.ID {
			continue
		}
		detail := safe(o.Side)
		if o.Flurry != nil {
			detail += fmt.Sprintf(", in flurry %d", o.Flurry.ID)
		}
		items = append(items, item[engine.Command]{label: "Engage " + o.Name, detail: detail, value: engine.Engage{Who: c.ID, Foe: o.ID}})
	}
	if len(items) == 0 {
		return nil, errors.New("nobody to engage")
	}
	return newPick("Flurries: "+c.Name, hint, items, true, func(it item[engine.Command], _ string) (action, error) {
		cmd := it.value
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	}), nil
}
