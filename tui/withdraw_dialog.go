package tui

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/engine/dice"
)

// withdrawDialog is the f key: the selected withdraws from melee or flees
// the fight, and the GM picks the foes who take a free attack on it (those
// barred from one are shown with the reason); one who fled may come back.
func (m Model) withdrawDialog(c *engine.Combatant) dialog {
	w := m.fight().Rules.Withdraw
	if w.Fled != "" && c.Has(w.Fled) {
		return &confirm{question: c.Name + " has fled. Back into the fight?",
			yes: actCommand{cmd: engine.TakeCondition{Who: c.ID, Condition: w.Fled}}}
	}
	items := []item[bool]{{label: "Withdraw from melee", detail: "the foes left behind may take a free attack", value: false}}
	if w.Fled != "" {
		items = append(items,
			item[bool]{label: "Flee the fight", detail: "withdraw and leave: no turns until it comes back (f again)", value: true})
	}
	return newPick(c.Name+" leaves the melee", "", items, false, func(it item[bool], _ string) (action, error) {
		return m.freeAttacks(c, it.value, nil), nil
	})
}

// freeAttacks picks the foes who take a free attack on c: each picked is
// marked, picked again unmarked; the first line goes on.
func (m Model) freeAttacks(c *engine.Combatant, flee bool, foes []int) action {
	rs := m.fight().Rules
	enc := m.fight().Current()
	what := "Withdraw"
	if flee {
		what = "Flee"
	}
	cmd := engine.Withdraw{Who: c.ID, Flee: flee, Foes: foes}
	if rs.Withdraw.Check == "" {
		return m.withdrawCommand(cmd)
	}
	var names []string
	items := []item[int]{{label: what, value: 0}}
	for _, x := range foesFirst(enc, c) {
		if x.ID == c.ID || x.Out {
			continue
		}
		label, detail := x.Name, x.Side
		if slices.Contains(foes, x.ID) {
			label = "✓ " + label
			names = append(names, x.Name)
		}
		if why := engine.FreeAttackBarred(rs, x); why != "" {
			detail = why + ": no free attack"
		}
		items = append(items, item[int]{label: label, detail: detail, value: x.ID})
	}
	items[0].detail = "no free attack"
	if len(names) > 0 {
		items[0].detail = "a free attack for " + strings.Join(names, ", ")
	}
	return actDialog{newPick(c.Name+": "+strings.ToLower(what)+": free attacks", "pick each foe who takes one, then "+what, items, true,
		func(it item[int], _ string) (action, error) {
			id := it.value
			if id == 0 {
				return m.withdrawCommand(cmd), nil
			}
			if i := slices.Index(foes, id); i >= 0 {
				return m.freeAttacks(c, flee, slices.Delete(slices.Clone(foes), i, i+1)), nil
			}
			if why := engine.FreeAttackBarred(rs, enc.Combatant(id)); why != "" {
				return nil, fmt.Errorf("%s: no free attack", why)
			}
			return m.freeAttacks(c, flee, append(slices.Clone(foes), id)), nil
		})}
}

// withdrawCommand asks for a modifier to the free attacks when there are
// any, and checks the command before it goes.
func (m Model) withdrawCommand(cmd engine.Withdraw) action {
	if len(cmd.Foes) == 0 {
		if err := m.check(cmd); err != nil {
			return actError{err.Error()}
		}
		return actCommand{cmd: cmd}
	}
	return actDialog{newPrompt("Free attacks", "a modifier to each (+10, -20), or empty for none", "", func(s string) (action, error) {
		cmd.Expr = strings.TrimSpace(s)
		if cmd.Expr != "" {
			if _, err := dice.Parse(cmd.Expr); err != nil {
				return nil, exprError(cmd.Expr, err)
			}
		}
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	})}
}
