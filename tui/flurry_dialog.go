package tui

import (
	"errors"
	"fmt"
	"strings"

	"fray/engine"
	"fray/engine/rules"
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
			items = append(items, obstacleItems(rs, enc, c)...)
		}
		items = append(items,
			item[engine.Command]{label: "Next flurry", detail: "everyone in it rolls initiative and has their actions again",
				value: engine.Flurry{Who: c.ID, Step: "again"}},
			item[engine.Command]{label: "Disengage", detail: "leave flurry " + fmt.Sprint(f.ID), value: engine.Disengage{Who: c.ID}})
	}
	items = append(items, strokeItems(rs, enc, c)...)
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

// strokeItems offer the killing stroke (flurries.stroke_on) on each one
// open to it; the engine refuses it while c is engaged with another.
func strokeItems(rs *rules.Ruleset, enc *engine.Encounter, c *engine.Combatant) []item[engine.Command] {
	f := rs.Flurries
	if f.StrokeOn == "" {
		return nil
	}
	var items []item[engine.Command]
	for _, o := range foesFirst(enc, c) {
		if o.ID != c.ID && o.Has(f.StrokeOn) && !o.Has(f.StrokeGives) {
			items = append(items, item[engine.Command]{label: "Killing stroke on " + o.Name, detail: "kills outright",
				value: engine.Flurry{Who: c.ID, Step: engine.FlurryStroke, Foe: o.ID}})
		}
	}
	return items
}

// obstacleItems offer to force a foe against an obstacle: each foe in the
// flurry by name where the ruleset gives the foe something for it
// (flurries.obstacle_condition), else the one step.
func obstacleItems(rs *rules.Ruleset, enc *engine.Encounter, c *engine.Combatant) []item[engine.Command] {
	n := rs.Flurries.Obstacle
	if n == 0 {
		return nil
	}
	detail := fmt.Sprintf("%+d action", n)
	if rs.Flurries.ObstacleCondition == "" {
		return []item[engine.Command]{{label: "Foe against an obstacle", detail: detail, value: engine.Flurry{Who: c.ID, Step: "obstacle"}}}
	}
	if d, ok := rs.Condition(rs.Flurries.ObstacleCondition); ok {
		detail += "; the foe " + strings.ToLower(d.Name) + " for this flurry"
	}
	var items []item[engine.Command]
	for _, o := range engine.FlurryFighters(enc, c.Flurry.ID) {
		if o.ID != c.ID {
			items = append(items, item[engine.Command]{label: "Force " + o.Name + " against an obstacle", detail: detail,
				value: engine.Flurry{Who: c.ID, Step: "obstacle", Foe: o.ID}})
		}
	}
	return items
}
