package tui

import (
	"fmt"

	"fray/engine"
)

// locationPick is where damage falls, or healing goes, with hit locations
// on: damage rolls the location (the ruleset's dice) or takes the one
// picked; healing goes to the total alone or to a location hurt as well.
// Then the amount, as without locations.
func (m Model) locationPick(c *engine.Combatant, op engine.Op, hint string) dialog {
	rs := m.fight().Rules
	title, items := "Damage to "+c.Name+": where?", []item{}
	if op == engine.OpDamage {
		items = append(items, item{label: "Roll it", detail: rs.HP.LocationRoll.String(), value: ""})
	} else {
		title = "Heal " + c.Name + ": where?"
		items = append(items, item{label: "The total only", detail: "no location", value: ""})
	}
	for _, l := range rs.HP.Locations {
		most, got := engine.LocationHP(rs, c, l), c.Hits[l.ID]
		if op == engine.OpHeal && got == 0 {
			continue
		}
		items = append(items, item{label: l.Name, detail: fmt.Sprintf("%d of %d left (%s)", most-got, most, l.Roll), value: l.ID})
	}
	return newPick(safe(title), "type to narrow the list", items, true, func(it item, _ string) (action, error) {
		loc := it.value.(string)
		name := "Damage to " + c.Name
		if op == engine.OpHeal {
			name = "Heal " + c.Name
		}
		if loc != "" {
			name += ", " + it.label
		}
		return actDialog{newPrompt(safe(name), hint, "", func(s string) (action, error) {
			a, err := amountCommand(op, c.ID, s)
			if ac, ok := a.(actCommand); ok && err == nil {
				switch cmd := ac.cmd.(type) {
				case engine.Damage:
					cmd.Location = loc
					ac.cmd = cmd
				case engine.Heal:
					cmd.Location = loc
					ac.cmd = cmd
				}
				return ac, nil
			}
			return a, err
		})}, nil
	})
}
