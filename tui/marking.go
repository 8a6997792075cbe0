package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// The GM's evening on the tracker: marking several combatants (v, V) for
// one step on all of them, groups that share a place in the order (G), and
// the GM's timers (T).

// marked lists the marked combatants still in the fight, in the order shown.
func (p *orderPane) marked() []*engine.Combatant {
	if len(p.marks) == 0 {
		return nil
	}
	var out []*engine.Combatant
	for _, c := range rows(p.fight().Current()) {
		if p.marks[c.ID] {
			out = append(out, c)
		}
	}
	return out
}

// setMarks marks the combatants given, and only them.
func (p *orderPane) setMarks(ids []int) {
	p.marks = map[int]bool{}
	for _, id := range ids {
		p.marks[id] = true
	}
}

// eveningKey turns v, V, G and T into what they mean (ok false for other keys).
func (m *Model) eveningKey(msg tea.KeyPressMsg) (action, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Mark):
		sel := m.order.selected()
		if sel == nil {
			return actError{"add a combatant first (a)"}, true
		}
		if m.order.marks == nil {
			m.order.marks = map[int]bool{}
		}
		if m.order.marks[sel.ID] {
			delete(m.order.marks, sel.ID)
		} else {
			m.order.marks[sel.ID] = true
		}
		return actInfo{markedText(m.order.marked())}, true
	case key.Matches(msg, k.MarkSide):
		return dialogOr(m.markSideDialog()), true
	case key.Matches(msg, k.Group):
		return m.groupKey(), true
	case key.Matches(msg, k.Timers):
		return actDialog{m.timersDialog()}, true
	}
	return nil, false
}

func markedText(cs []*engine.Combatant) string {
	if len(cs) == 0 {
		return "nobody marked"
	}
	return fmt.Sprintf("%d marked: %s; d h s b c act on all of them (V clears)", len(cs), names(cs))
}

func names(cs []*engine.Combatant) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return strings.Join(out, ", ")
}

// markedKey turns d, h, s, b and c into steps on every marked combatant
// (ok false when nobody is marked or the key is another).
func (m *Model) markedKey(msg tea.KeyPressMsg) (action, bool) {
	k := m.keys
	cs := m.order.marked()
	if len(cs) == 0 || !key.Matches(msg, k.Damage, k.Heal, k.Stun, k.Conditions, k.Bleed) {
		return nil, false
	}
	ids := make([]int, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	// The dialogs ask about a stand-in for all of them; what they decide is
	// done to each marked one (onMarked).
	all := &engine.Combatant{Identity: engine.Identity{Name: fmt.Sprintf("%d marked (%s)", len(cs), names(cs))}}
	rs := m.fight().Rules
	var d dialog
	var err error
	switch {
	case key.Matches(msg, k.Damage), key.Matches(msg, k.Heal):
		op, title := engine.OpDamage, "Damage to "
		if key.Matches(msg, k.Heal) {
			op, title = engine.OpHeal, "Heal "
		}
		d = newPrompt(title+all.Name, "a number, or dice to roll: "+narrate.MarkedRolls(rs), "", amountPrompt(op, 0))
	case key.Matches(msg, k.Stun):
		if rs.Stun.Kind == rules.StunRestOfTurn {
			return actCommand{cmd: engine.Marked{Targets: ids, Step: engine.Stun{}}}, true
		}
		d, err = m.stunDialog(all)
	case key.Matches(msg, k.Conditions):
		d, err = m.conditionsDialog(all)
	default:
		d = newPrompt("New wound on "+all.Name, "hits lost at the start of each of their turns", "", func(s string) (action, error) {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 1 {
				return nil, errors.New("a whole number of hits a round")
			}
			return actCommand{cmd: engine.Bleed{Rate: n}}, nil
		})
	}
	if err != nil {
		return actError{err.Error()}, true
	}
	return actDialog{&onMarked{dialog: d, targets: ids}}, true
}

// onMarked is a dialog whose command is done to each marked combatant, in
// one step.
type onMarked struct {
	dialog
	targets []int
}

func (d *onMarked) Update(msg tea.KeyPressMsg) (dialog, action) {
	next, act := d.dialog.Update(msg)
	switch a := act.(type) {
	case actCommand:
		step, ok := a.cmd.(engine.Markable)
		if !ok {
			return nil, actError{fmt.Sprintf("%s is done to one combatant at a time", a.cmd.Op())}
		}
		a.cmd = engine.Marked{Targets: d.targets, Step: step}
		act = a
	case actDialog:
		act = actDialog{&onMarked{dialog: a.d, targets: d.targets}}
	}
	switch next {
	case nil:
		return nil, act
	case d.dialog:
		return d, act
	}
	return &onMarked{dialog: next, targets: d.targets}, act
}
