package tui

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// maneuverChosen is the maneuver table for one it is made on: the kind,
// the column the attack reached (each cell named: Restrict-16), then a
// modifier to the roll it makes.
func (m Model) maneuverChosen(c *engine.Combatant) action {
	rs := m.fight().Rules
	var rows []item[string]
	for _, r := range rs.Maneuvers.Rows {
		var cells []string
		for _, cell := range r.Cells {
			cells = append(cells, maneuverCell(rs, r, cell))
		}
		rows = append(rows, item[string]{label: r.Name, detail: strings.Join(cells, " · "), value: r.ID})
	}
	return actDialog{newPick("Maneuver on "+c.Name, "which kind", rows, true, func(it item[string], _ string) (action, error) {
		r, _ := rs.Maneuver(it.value)
		var cols []item[int]
		for i, cell := range r.Cells {
			cols = append(cols, item[int]{label: rs.Maneuvers.Columns[i], detail: maneuverCell(rs, r, cell), value: i})
		}
		return actDialog{newPick(r.Name+" on "+c.Name, "how far it landed", cols, false, func(col item[int], _ string) (action, error) {
			cmd := engine.Maneuver{Who: c.ID, Row: r.ID, Column: col.value}
			if r.Check == "" || r.Cells[cmd.Column].Target == 0 {
				return actCommand{cmd: cmd}, nil
			}
			return actDialog{newPrompt(r.Name+" on "+c.Name, "a modifier to "+c.Name+"'s roll (+2, -1), or empty for none", "",
				func(s string) (action, error) {
					cmd.Expr = strings.TrimSpace(s)
					if cmd.Expr != "" {
						if _, err := dice.Parse(cmd.Expr); err != nil {
							return nil, exprError(cmd.Expr, err)
						}
					}
					return actCommand{cmd: cmd}, nil
				})}, nil
		})}, nil
	})}
}

// maneuverCell says what a cell of the maneuver table does: its level and
// the conditions it gives.
func maneuverCell(rs *rules.Ruleset, r rules.ManeuverRow, cell rules.ManeuverCell) string {
	var parts []string
	if cell.Target != 0 {
		parts = append(parts, fmt.Sprintf("%s-%d", r.Effect, cell.Target))
	}
	for _, id := range []string{cell.Give, r.Give} {
		if d, ok := rs.Condition(id); ok {
			parts = append(parts, d.Name)
		}
	}
	return strings.Join(parts, ", ")
}
