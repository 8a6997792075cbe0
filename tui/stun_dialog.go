package tui

import (
	"fmt"
	"strconv"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// stunDialog asks how to stun where the ruleset keeps rounds of it: a level
// of the ladder and rounds, or rounds of no action, a number or dice (1d6)
// fray rolls. (Stun for the rest of the round asks nothing.)
func (m Model) stunDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	switch rs.Stun.Kind {
	case rules.StunNoAction:
		hint := "a number, or dice fray rolls (1d6)"
		def, _ := rs.Condition(rs.Stun.Stunned)
		own := !def.Rounds.IsZero()
		if own {
			hint = fmt.Sprintf("a number, dice fray rolls, or enter for %s's own %s", def.Name, def.Rounds)
		}
		return newPrompt("Stun "+c.Name+": rounds of no action", hint, "", func(s string) (action, error) {
			if s == "" && own {
				return actCommand{cmd: engine.Stun{Who: c.ID}}, nil
			}
			if n, err := strconv.Atoi(s); err == nil {
				return actCommand{cmd: engine.Stun{Who: c.ID, Rounds: n}}, nil
			}
			if _, err := dice.Parse(s); err != nil {
				return nil, exprError(s, err)
			}
			return actCommand{cmd: engine.Stun{Who: c.ID, Expr: s}}, nil
		}), nil
	case rules.StunLadder:
	default:
		return nil, fmt.Errorf("%s keeps no stun", rs.Name)
	}
	var items []item
	for _, l := range rs.Stun.Levels {
		items = append(items, item{label: l.Name, detail: m.book.detail(rs, "stun.levels["+l.ID+"]", l.Summary), value: l.ID})
	}
	return newPick("Stun "+c.Name, "pick the level, then the rounds", items, false, func(it item, _ string) (action, error) {
		return actDialog{roundsPrompt(it.label+": how many rounds?", func(n int) engine.Command {
			return engine.Stun{Who: c.ID, Level: it.value.(string), Rounds: n}
		})}, nil
	}), nil
}
