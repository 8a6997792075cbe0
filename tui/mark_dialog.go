package tui

import (
	"errors"
	"fmt"
	"slices"
)

// markSideDialog marks everyone of a side, the foes of the party, or nobody.
func (m *Model) markSideDialog() (dialog, error) {
	enc := m.fight().Current()
	if len(enc.Combatants) == 0 {
		return nil, errors.New("add a combatant first (a)")
	}
	var sides []string
	for _, c := range rows(enc) {
		if !slices.Contains(sides, c.Side) {
			sides = append(sides, c.Side)
		}
	}
	side := func(s string, up bool) []int {
		var ids []int
		for _, c := range rows(enc) {
			if c.Side == s && (!up || !c.Out) {
				ids = append(ids, c.ID)
			}
		}
		return ids
	}
	var items []item[[]int]
	if sel := m.order.selected(); sel != nil {
		var foes []int
		for _, c := range rows(enc) {
			if c.Side != sel.Side && !c.Out {
				foes = append(foes, c.ID)
			}
		}
		items = append(items, item[[]int]{label: "All foes of " + sel.Name, detail: fmt.Sprintf("%d still up", len(foes)), value: foes})
	}
	for _, s := range sides {
		label := "All of side " + s
		if s == "" {
			label = "All with no side"
		}
		items = append(items, item[[]int]{label: label, detail: fmt.Sprintf("%d still up", len(side(s, true))), value: side(s, true)})
	}
	items = append(items, item[[]int]{label: "Nobody", detail: "clear the marks", value: []int(nil)})
	return newPick("Mark", "marked combatants take d h s b c together", items, false, func(it item[[]int], _ string) (action, error) {
		return actMark{ids: it.value}, nil
	}), nil
}
