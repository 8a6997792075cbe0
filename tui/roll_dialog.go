package tui

import (
	"fray/engine"
	"fray/engine/dice"
)

func (m *Model) rollPrompt() dialog {
	sel := m.order.selected()
	who := 0
	if sel != nil {
		who = sel.ID
	}
	p := newPrompt("Roll", "any dice; stat names use the selected combatant's ("+selName(sel)+")", "", func(s string) (action, error) {
		if _, err := dice.Parse(s); err != nil {
			return nil, exprError(s, err)
		}
		// A name the roll cannot read keeps the dialog open, as a typo does.
		if err := m.check(engine.Roll{Who: who, Expr: s}); err != nil {
			return nil, err
		}
		return actRoll{expr: s, who: who}, nil
	})
	p.history, p.hpos = m.rolls, len(m.rolls)
	return p
}

func selName(c *engine.Combatant) string {
	if c == nil {
		return "nobody selected"
	}
	return c.Name
}
