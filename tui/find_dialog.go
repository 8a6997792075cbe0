package tui

import (
	"errors"
	"fmt"
	"slices"

	"fray/engine"
)

// Finding a combatant: . selects the one acting; / selects one by typing
// its name.

// actingKey is .: the selection back on the one acting.
func (m *Model) actingKey() action {
	a := m.fight().Current().Actor()
	if a == nil {
		return actError{"nobody is acting now"}
	}
	m.order.sel = a.ID
	return actInfo{a.Name + " acts: selected"}
}

// findDialog is /: every combatant in the order shown, narrowed by typing
// its name; enter selects it.
func (m *Model) findDialog() (dialog, error) {
	enc := m.fight().Current()
	if len(enc.Combatants) == 0 {
		return nil, errors.New("add a combatant first (a)")
	}
	actor := enc.Actor()
	var items []item[int]
	for _, c := range rows(enc) {
		detail := c.Side
		if actor != nil && c.ID == actor.ID {
			detail = "acting"
			if c.Side != "" {
				detail += ", " + c.Side
			}
		}
		if c.Out {
			detail += " (out)"
		}
		items = append(items, item[int]{label: c.Name, detail: detail, value: c.ID})
	}
	return newPick("Select", "type a name; enter selects it", items, true, func(it item[int], _ string) (action, error) {
		return actSelect{id: it.value}, nil
	}), nil
}

// outOfTurn is what a dialog's title adds for one who is not the one
// acting: the keys act on the selected, and the title says when that is
// not whose turn it is.
func outOfTurn(enc *engine.Encounter, c *engine.Combatant) string {
	if a := enc.Actor(); a != nil && a.ID != c.ID {
		return fmt.Sprintf(" (out of turn: %s acts; . selects)", a.Name)
	}
	return ""
}

// foesFirst is the order shown with c's foes first (another side than
// its own, those still up before those out), then its own side: a pick
// of whom c acts against offers the foes where the GM looks first.
func foesFirst(enc *engine.Encounter, c *engine.Combatant) []*engine.Combatant {
	rank := func(x *engine.Combatant) int {
		switch {
		case x.Side != c.Side && !x.Out:
			return 0
		case x.Side != c.Side:
			return 1
		}
		return 2
	}
	out := rows(enc)
	slices.SortStableFunc(out, func(a, b *engine.Combatant) int { return rank(a) - rank(b) })
	return out
}
