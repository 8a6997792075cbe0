package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// markSideDialog marks the foes of the party, everyone of a side, those
// the last marked step was done to, or nobody. The choices stand in the
// same order whoever is selected and however the order turns: the foes,
// the party's side, the other sides by name, the last marked, nobody.
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
	slices.SortFunc(sides, func(a, b string) int {
		switch {
		case a == b:
			return 0
		case a == engine.PlayersSide:
			return -1
		case b == engine.PlayersSide:
			return 1
		}
		return strings.Compare(a, b)
	})
	up := func(keep func(c *engine.Combatant) bool) []int {
		var ids []int
		for _, c := range rows(enc) {
			if keep(c) && !c.Out {
				ids = append(ids, c.ID)
			}
		}
		return ids
	}
	foes := up(engine.Foe)
	items := []item[[]int]{{label: "All foes of the party", detail: fmt.Sprintf("%d still up", len(foes)), value: foes}}
	for _, s := range sides {
		label := "All of side " + s
		if s == "" {
			label = "All with no side"
		}
		ids := up(func(c *engine.Combatant) bool { return c.Side == s })
		items = append(items, item[[]int]{label: label, detail: fmt.Sprintf("%d still up", len(ids)), value: ids})
	}
	if last := m.lastMarked(); len(last) > 0 {
		items = append(items, item[[]int]{label: "The last marked again", detail: names(last), value: ids(last)})
	}
	items = append(items, item[[]int]{label: "Nobody", detail: "clear the marks", value: []int(nil)})
	return newPick("Mark", "marked combatants take d h s b c together", items, false, func(it item[[]int], _ string) (action, error) {
		return actMark{ids: it.value}, nil
	}), nil
}

// lastMarked are those the last marked step was done to, still in the fight.
func (m *Model) lastMarked() []*engine.Combatant {
	var out []*engine.Combatant
	for _, c := range rows(m.fight().Current()) {
		if slices.Contains(m.order.lastMarks, c.ID) {
			out = append(out, c)
		}
	}
	return out
}

func ids(cs []*engine.Combatant) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}
