package tui

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/engine/rules"
)

func (m Model) addDialog() dialog {
	enc := m.fight().Current()
	var items []item
	for _, t := range m.lib.Creatures(enc.Ruleset) {
		detail := fmt.Sprintf("%s, %d hp", t.Side, t.HP)
		if m.fight().Rules.Recorded() {
			detail = t.Side // a wound record: no hit points
		}
		items = append(items, item{label: t.Name, detail: detail, value: t})
	}
	taken := map[string]bool{}
	for _, c := range enc.Combatants {
		taken[c.Name] = true
	}
	stat := statOf(m.fight().Rules)
	p := newPick("Add combatants", "Orc x3 adds three (Orc x3 group: on one place in the order); a new name adds one made up here; hp=, init= (a number or dice), side= and any stat (DEX=14) set those", items, true,
		func(it item, q string) (action, error) {
			nc, err := parseNewcomer(q, stat)
			if q == "" {
				nc, err = newcomer{count: 1}, nil
			}
			if err != nil {
				return nil, err
			}
			base := madeUp(nc.name)
			if t, ok := it.value.(rules.Template); ok {
				base = fromTemplate(t, t.Name)
			}
			return actCommand{cmd: engine.Add{Combatants: nc.combatants(base, taken)}}, nil
		})
	p.filterText = func(q string) string {
		if nc, err := parseNewcomer(q, stat); err == nil {
			return nc.name
		}
		return q
	}
	p.extra = func(q string) (item, bool) {
		nc, err := parseNewcomer(q, stat)
		if err != nil {
			return item{}, false
		}
		for _, it := range items {
			if strings.EqualFold(it.label, nc.name) {
				return item{}, false // the template is listed already
			}
		}
		return item{label: "new: " + nc.name, detail: "made up here", value: nil}, true
	}
	return p
}
