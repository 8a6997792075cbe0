package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// declareDialog offers the ruleset's declarations before initiative is
// rolled: picking one declared already takes it back; one with an amount
// (Defending) asks for it.
func (m Model) declareDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	var items []item[rules.Declaration]
	for _, d := range rs.Declarations {
		label, detail := d.Name, d.Summary
		if i := slices.IndexFunc(c.Declared, func(x engine.Declared) bool { return x.ID == d.ID }); i >= 0 {
			label = "✓ " + narrate.Declared(rs, c, c.Declared[i])
			detail = "declared: pick to take it back"
		}
		items = append(items, item[rules.Declaration]{label: label, detail: m.book.detail(rs, "declarations["+d.ID+"]", detail), value: d})
	}
	return newPick(c.Name+" declares", "this round, before initiative", items, true,
		func(it item[rules.Declaration], _ string) (action, error) {
			d := it.value
			cmd := engine.Declare{Who: c.ID, Declaration: d.ID}
			if slices.ContainsFunc(c.Declared, func(x engine.Declared) bool { return x.ID == d.ID }) {
				back := engine.Undeclare{Who: c.ID, Declaration: d.ID}
				if err := m.check(back); err != nil {
					return nil, err
				}
				return actCommand{cmd: back}, nil
			} else if !d.Amount.IsZero() {
				hint := "how much (" + d.Amount.String() + " at most)"
				if d.Pays != "" {
					most, _ := engine.DeclareMost(rs, c, d)
					hint = fmt.Sprintf("%s to spend (0 to %d)", strings.ToLower(poolLabel(rs, d.Pays)), most)
				}
				return actDialog{newPrompt(c.Name+": "+d.Name, hint, "", func(s string) (action, error) {
					n, err := strconv.Atoi(strings.TrimSpace(s))
					if err != nil {
						return nil, fmt.Errorf("a whole number")
					}
					cmd.Amount = n
					if err := m.check(cmd); err != nil {
						return nil, err
					}
					return actCommand{cmd: cmd}, nil
				})}, nil
			}
			if err := m.check(cmd); err != nil {
				return nil, err
			}
			return actCommand{cmd: cmd}, nil
		})
}
