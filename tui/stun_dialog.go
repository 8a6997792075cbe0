package tui

import (
	"fmt"
	"strconv"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// stunKey is s on the selected: stunned for the rest of the round at once
// where the ruleset keeps stun so, else the stun dialog.
func (m *Model) stunKey(c *engine.Combatant) action {
	if m.fight().Rules.Stun.Kind == rules.StunRestOfTurn {
		// Stunned for the rest of the round: nothing to ask.
		return actCommand{cmd: engine.Stun{Who: c.ID}}
	}
	return dialogOr(m.stunDialog(c))
}

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
	var items []item[string]
	for _, l := range rs.Stun.Levels {
		items = append(items, item[string]{label: l.Name, detail: m.book.detail(rs, "stun.levels["+l.ID+"]", l.Summary), value: l.ID})
	}
	return newPick("Stun "+c.Name, "pick the level, then the rounds", items, false, func(it item[string], _ string) (action, error) {
		return actDialog{roundsPrompt(it.label+": how many rounds?", func(n int) engine.Command {
			return engine.Stun{Who: c.ID, Level: it.value, Rounds: n}
		})}, nil
	}), nil
}
