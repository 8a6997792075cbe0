package tui

import (
	"errors"
	"fmt"
	"slices"
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

// markSideDialog marks everyone of a side, the foes of the party, or nobody.
func (m *Model) markSideDialog() (dialog, error) {
	enc := m.fight().Current()
	if len(enc.Combatants) == 0 {
		return nil, errors.New("add a combatant first (a)")
	}
	var sides []string
	for _, c := range rows(enc) {
		if !slices.Contains(sides, c.Side) {
			sides = append(sides, c.Side)
		}
	}
	side := func(s string, up bool) []int {
		var ids []int
		for _, c := range rows(enc) {
			if c.Side == s && (!up || !c.Out) {
				ids = append(ids, c.ID)
			}
		}
		return ids
	}
	var items []item
	if sel := m.order.selected(); sel != nil {
		var foes []int
		for _, c := range rows(enc) {
			if c.Side != sel.Side && !c.Out {
				foes = append(foes, c.ID)
			}
		}
		items = append(items, item{label: "All foes of " + sel.Name, detail: fmt.Sprintf("%d still up", len(foes)), value: foes})
	}
	for _, s := range sides {
		label := "All of side " + s
		if s == "" {
			label = "All with no side"
		}
		items = append(items, item{label: label, detail: fmt.Sprintf("%d still up", len(side(s, true))), value: side(s, true)})
	}
	items = append(items, item{label: "Nobody", detail: "clear the marks", value: []int(nil)})
	return newPick("Mark", "marked combatants take d h s b c together", items, false, func(it item, _ string) (action, error) {
		return actMark{ids: it.value.([]int)}, nil
	}), nil
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

// groupKey: the marked join the selected's group; or the selected leaves
// its group; or it picks a group to join.
func (m *Model) groupKey() action {
	sel := m.order.selected()
	if sel == nil {
		return actError{"add a combatant first (a)"}
	}
	if cs := m.order.marked(); len(cs) > 0 {
		var ids []int
		for _, c := range cs {
			if c.ID != sel.ID && (sel.Group == 0 || c.Group != sel.Group) {
				ids = append(ids, c.ID)
			}
		}
		if len(ids) == 0 {
			return actError{"mark others (v) to join " + sel.Name + "'s group"}
		}
		return actCommand{cmd: engine.Marked{Targets: ids, Step: engine.JoinGroup{With: sel.ID}}}
	}
	if sel.Group != 0 {
		return actCommand{cmd: engine.LeaveGroup{Who: sel.ID}}
	}
	enc := m.fight().Current()
	var items []item
	for _, c := range rows(enc) {
		if c.ID != sel.ID && (c.Group == 0 || c.Group == c.ID) {
			detail := c.Side
			if ms := engine.Members(enc, c); len(ms) > 0 {
				detail = fmt.Sprintf("%s, a group of %d", c.Side, len(ms))
			}
			items = append(items, item{label: c.Name, detail: detail, value: c.ID})
		}
	}
	if len(items) == 0 {
		return actError{"nobody else to join"}
	}
	return actDialog{newPick(sel.Name+" joins whose group?", "it acts with them on one place in the order, keeping its own state", items, true, func(it item, _ string) (action, error) {
		return actCommand{cmd: engine.JoinGroup{Who: sel.ID, With: it.value.(int)}}, nil
	})}
}

// timersDialog lists the GM's timers (enter takes one away) under a new one.
func (m *Model) timersDialog() dialog {
	f := m.fight()
	items := []item{{label: "New timer", detail: "a message at a round's start or end, or at a " + countWord(f.Rules), value: 0}}
	for _, tm := range f.Current().Timers {
		items = append(items, item{label: "Take away: " + tm.Text, detail: narrate.TimerWhen(f.Rules, tm), value: tm.ID})
	}
	return newPick("Timers", "", items, false, func(it item, _ string) (action, error) {
		if id := it.value.(int); id != 0 {
			return actCommand{cmd: engine.StopTimer{Timer: id}}, nil
		}
		return actDialog{newPrompt("New timer: the message", "what the log says when it fires", "", func(s string) (action, error) {
			if strings.TrimSpace(s) == "" {
				return nil, errors.New("type a message")
			}
			return actDialog{m.timerWhenDialog(engine.SetTimer{Text: s})}, nil
		})}, nil
	})
}

func (m *Model) timerWhenDialog(cmd engine.SetTimer) dialog {
	rs := m.fight().Rules
	items := []item{
		{label: "At the start of a round", value: rules.EventRoundStart},
		{label: "At the end of a round", value: rules.EventRoundEnd},
	}
	if rs.Order.Kind != rules.OrderNone {
		items = append(items, item{label: "At a " + countWord(rs), detail: "as the count reaches it, before those at it act", value: rules.EventCount})
	}
	return newPick("When does it fire?", "", items, false, func(it item, _ string) (action, error) {
		cmd.At = it.value.(rules.EventAt)
		rounds := timerRoundsPrompt(cmd)
		if cmd.At != rules.EventCount {
			return actDialog{rounds}, nil
		}
		return actDialog{newPrompt("At which "+countWord(rs)+"?", "a whole number", "", func(s string) (action, error) {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return nil, errors.New("a whole number")
			}
			cmd.Count = n
			return actDialog{timerRoundsPrompt(cmd)}, nil
		})}, nil
	})
}

// timerRoundsPrompt asks in how many rounds, and how often: "0" this round
// (or the next, if its point has passed), "3" in three rounds, "1 every 2".
func timerRoundsPrompt(cmd engine.SetTimer) dialog {
	return newPrompt("In how many rounds, how often?", "0 this round, 3 in three rounds; add \"every N\" to repeat (0 every 1: each round)", "", func(s string) (action, error) {
		f := strings.Fields(strings.ToLower(s))
		bad := errors.New(`a number of rounds, then "every N" to repeat: 0, 3, 1 every 2`)
		if len(f) != 1 && len(f) != 3 {
			return nil, bad
		}
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 0 {
			return nil, bad
		}
		cmd.Rounds = n
		if len(f) == 3 {
			e, err := strconv.Atoi(f[2])
			if f[1] != "every" || err != nil || e < 1 {
				return nil, bad
			}
			cmd.Every = e
		}
		return actCommand{cmd: cmd}, nil
	})
}

// endsNotice is what the status line says when effects end in a step.
func endsNotice(rs *rules.Ruleset, events []engine.Event) string {
	var out []string
	for _, e := range events {
		if e.Kind == engine.EvEnds {
			out = append(out, narrate.Line(rs, e))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "ends: " + strings.Join(out, "; ")
}

// untilTurnPick asks whose next turn a condition lasts to (its start or end).
func (m Model) untilTurnPick(cmd engine.GiveCondition) dialog {
	which := "end"
	if cmd.Duration == engine.UntilTurnStart {
		which = "start"
	}
	enc := m.fight().Current()
	var items []item
	if a := enc.Actor(); a != nil {
		items = append(items, item{label: a.Name, detail: "acting now", value: a.ID})
	}
	for _, c := range rows(enc) {
		if a := enc.Actor(); a == nil || c.ID != a.ID {
			items = append(items, item{label: c.Name, detail: c.Side, value: c.ID})
		}
	}
	return newPick("Until the "+which+" of whose next turn?", "", items, true, func(it item, _ string) (action, error) {
		cmd.Anchor = it.value.(int)
		return actCommand{cmd: cmd}, nil
	})
}
