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

// spendDialog spends an action from the ruleset's list, showing its cost
// and refusing, with the reason, what the budget cannot pay.
func (m Model) spendDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	var items []item[spendPick]
	if c.Ext != nil {
		if a, ok := rs.Action(c.Ext.Action); ok {
			detail := fmt.Sprintf("%d of %d done", c.Ext.Paid, c.Ext.Total)
			if c.Ext.Treat != "" {
				detail = "on " + narrate.Aim(m.fight().Current(), c.Ext) + ", " + detail
			}
			items = append(items, item[spendPick]{label: "Continue " + a.Name, detail: detail, value: spendPick{a: a}})
		}
	}
	for _, a := range rs.Actions {
		detail := narrate.Cost(rs, a)
		if a.Summary != "" {
			detail += " · " + a.Summary
		}
		items = append(items, item[spendPick]{label: a.Name, detail: detail, value: spendPick{a: a}})
		if n := a.Cost[a.EndsEarly]; a.EndsEarly != "" {
			items = append(items, item[spendPick]{label: a.Name + ", ended early",
				detail: fmt.Sprintf("1 to %d %s: what was used", n-1, poolLabel(rs, a.EndsEarly)), value: spendPick{a: a, early: true}})
		}
	}
	return newPick(c.Name+" spends"+outOfTurn(m.fight().Current(), c), "the budget: "+budget(rs, c, false), items, true,
		func(it item[spendPick], _ string) (action, error) {
			a := it.value.a
			if it.value.early {
				return actDialog{m.endedEarly(c, a)}, nil
			}
			if a.AtFoe {
				return m.spendAt(c, a)
			}
			cmd := engine.Spend{Who: c.ID, Action: a.ID}
			if err := m.check(cmd); err != nil {
				return nil, err
			}
			return actCommand{cmd: cmd}, nil
		})
}

// spendAt asks whom an action taken at a foe (actions.at_foe) is taken
// at, foes first; an aim may be at a place instead (l.547).
func (m Model) spendAt(c *engine.Combatant, a rules.ActionDef) (action, error) {
	cmd := engine.Spend{Who: c.ID, Action: a.ID}
	// One that must be named (foe_holds, foe_gets) is checked once named.
	named := len(a.FoeHolds) > 0 || a.FoeGets != ""
	if !named {
		if err := m.check(cmd); err != nil {
			return nil, err
		}
	}
	var foes []item[int]
	for _, x := range foesFirst(m.fight().Current(), c) {
		if x.ID != c.ID && (len(a.FoeHolds) == 0 || slices.ContainsFunc(a.FoeHolds, x.Has)) {
			foes = append(foes, item[int]{label: x.Name, detail: x.Side, value: x.ID})
		}
	}
	if a.Aim {
		foes = append(foes, item[int]{label: "a place", detail: "no one combatant: the bonus on the attack that follows", value: 0})
	}
	if len(foes) == 0 && len(a.FoeHolds) > 0 {
		return nil, fmt.Errorf("%s is taken at a foe who is %s: there is none in the fight", a.Name,
			conditionNames(m.fight().Rules, a.FoeHolds))
	}
	if len(foes) == 0 {
		return nil, fmt.Errorf("%s is taken at a foe: there is none in the fight", a.Name)
	}
	hint := "its bonus reaches rolls against that one alone"
	if d, ok := m.fight().Rules.Condition(a.Gives); ok {
		var parts []string
		if len(d.AgainstMods) > 0 || len(d.AgainstEdge) > 0 || d.MeleeBonus != 0 || d.RangedBonus != 0 {
			parts = append(parts, "alone meet "+d.Name)
		}
		if len(d.VoidsForFoe) > 0 {
			parts = append(parts, "take no "+conditionNames(m.fight().Rules, d.VoidsForFoe)+" bonus")
		}
		if len(parts) > 0 {
			hint = "that one's rolls against " + c.Name + " " + strings.Join(parts, " and ")
		}
	}
	if named {
		hint = "it is done to that one"
	}
	return actDialog{newPick(a.Name+": "+c.Name+" at whom?", hint, foes, true,
		func(it item[int], _ string) (action, error) {
			cmd.At = it.value
			if err := m.check(cmd); err != nil {
				return nil, err
			}
			return actCommand{cmd: cmd}, nil
		})}, nil
}

// spendPick is an item of the spend dialog: an action, whole or ended
// early.
type spendPick struct {
	a     rules.ActionDef
	early bool
}

// endedEarly asks how much of an action ended early was used.
func (m Model) endedEarly(c *engine.Combatant, a rules.ActionDef) dialog {
	rs := m.fight().Rules
	n := a.Cost[a.EndsEarly]
	hint := fmt.Sprintf("%s used, 1 to %d (the whole is %d)", poolLabel(rs, a.EndsEarly), n-1, n)
	return newDefault(a.Name+" ended early: "+c.Name, hint, "1", func(s string) (action, error) {
		part, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return nil, fmt.Errorf("a whole number, 1 to %d", n-1)
		}
		cmd := engine.Spend{Who: c.ID, Action: a.ID, Part: part}
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	})
}

// poolLabel is a pool's name.
func poolLabel(rs *rules.Ruleset, id string) string {
	for _, p := range rs.Pools {
		if p.ID == id {
			return p.Name
		}
	}
	return id
}

// conditionNames names conditions of the ruleset: "Helpless or Unconscious".
func conditionNames(rs *rules.Ruleset, ids []string) string {
	var n []string
	for _, id := range ids {
		if d, ok := rs.Condition(id); ok {
			n = append(n, d.Name)
		}
	}
	return strings.Join(n, " or ")
}
