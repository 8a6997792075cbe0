package tui

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/engine/rules"
	"fray/session"
)

// addDialog is the add key's list of the ruleset's creatures. The library
// first takes in what changed in the GM's content directory since it was
// last asked (a creature fray creature add wrote while this tracker was
// open): a file that does not load now is said in the dialog, and the list
// is as it was.
func (m Model) addDialog() dialog {
	var note string
	if r, ok := m.lib.(session.Refresher); ok {
		if bad := r.Refresh(); len(bad) > 0 {
			more := ""
			if len(bad) > 1 {
				more = fmt.Sprintf(" (and %d more)", len(bad)-1)
			}
			note = "not read: " + bad[0] + more + " (fray check); the creatures are listed as they were"
		}
	}
	enc := m.fight().Current()
	var items []item[*rules.Template]
	for _, t := range m.lib.Creatures(enc.Ruleset) {
		detail := fmt.Sprintf("%s, %d hp", t.Side, t.HP)
		if m.fight().Rules.Recorded() {
			detail = t.Side // a wound record: no hit points
		}
		items = append(items, item[*rules.Template]{label: t.Name, detail: detail, value: &t})
	}
	taken := map[string]bool{}
	for _, c := range enc.Combatants {
		taken[c.Name] = true
	}
	stat := statOf(m.fight().Rules)
	hint := "Orc x3 adds three (Orc x3 group: on one place in the order); a new name adds one made up here; " +
		"hp=, init= (a number or dice), side= and any stat (DEX=14) set those"
	p := newPick("Add combatants", hint, items, true,
		func(it item[*rules.Template], q string) (action, error) {
			nc, err := parseNewcomer(q, stat)
			if q == "" {
				nc, err = newcomer{count: 1}, nil
			}
			if err != nil {
				return nil, err
			}
			base := madeUp(nc.name)
			if t := it.value; t != nil {
				base = fromTemplate(*t, t.Name)
			}
			return actCommand{cmd: engine.Add{Combatants: nc.combatants(base, taken)}}, nil
		})
	p.note = note
	p.filterText = func(q string) string {
		if nc, err := parseNewcomer(q, stat); err == nil {
			return nc.name
		}
		return q
	}
	p.extra = func(q string) (item[*rules.Template], bool) {
		nc, err := parseNewcomer(q, stat)
		if err != nil {
			return item[*rules.Template]{}, false
		}
		for _, it := range items {
			if strings.EqualFold(it.label, nc.name) {
				return item[*rules.Template]{}, false // the template is listed already
			}
		}
		return item[*rules.Template]{label: "new: " + nc.name, detail: "made up here"}, true
	}
	return p
}
