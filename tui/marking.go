package tui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// Marking: several combatants marked (v; V is mark_dialog.go) for one step
// on all of them, done by the engine's marking.go. While any is marked the
// root is in modeMarking, and d, h, s, b, c and G act on all of them.

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

// markKey is v: the selected marked, or unmarked.
func (m *Model) markKey(sel *engine.Combatant) action {
	if m.order.marks == nil {
		m.order.marks = map[int]bool{}
	}
	if m.order.marks[sel.ID] {
		delete(m.order.marks, sel.ID)
	} else {
		m.order.marks[sel.ID] = true
	}
	return actInfo{markedText(m.order.marked())}
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

// The keys of the marked (modeMarking): d, h, s, b and c each open the
// dialog of the selected's key for a stand-in for all the marked, and what
// the GM decides there is done to each of them, in one step.

// markedIDs are the marked combatants' IDs.
func (m *Model) markedIDs() []int {
	cs := m.order.marked()
	ids := make([]int, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids
}

// allMarked is a stand-in for all the marked, for a dialog to ask about.
func (m *Model) allMarked() *engine.Combatant {
	cs := m.order.marked()
	return &engine.Combatant{Identity: engine.Identity{Name: fmt.Sprintf("%d marked (%s)", len(cs), names(cs))}}
}

// onAllMarked opens a dialog whose command is done to each marked one.
func (m *Model) onAllMarked(d dialog, err error) action {
	if err != nil {
		return actError{err.Error()}
	}
	return actDialog{&onMarked{dialog: d, targets: m.markedIDs()}}
}

// markedDamage is d with combatants marked: the amount or the dice, then
// each one's share of it (share_dialog.go).
func (m *Model) markedDamage() action {
	hint := "a number, or dice to roll: " + narrate.MarkedRolls(m.fight().Rules) + "; then each one's share"
	return actDialog{newPrompt("Damage to "+m.allMarked().Name, hint, "", func(s string) (action, error) {
		act, err := amountCommand(engine.OpDamage, 0, s)
		if err != nil {
			return nil, err
		}
		return actDialog{m.shareDialog(act.(actCommand).cmd.(engine.Damage), strings.TrimSpace(s))}, nil
	})}
}

// markedHeal is h with combatants marked.
func (m *Model) markedHeal() action {
	hint := "a number, or dice to roll: " + narrate.MarkedRolls(m.fight().Rules)
	return m.onAllMarked(newPrompt("Heal "+m.allMarked().Name, hint, "", amountPrompt(engine.OpHeal, 0)), nil)
}

// markedStun is s with combatants marked.
func (m *Model) markedStun() action {
	if m.fight().Rules.Stun.Kind == rules.StunRestOfTurn {
		return actCommand{cmd: engine.Marked{Targets: m.markedIDs(), Step: engine.Stun{}}}
	}
	return m.onAllMarked(m.stunDialog(m.allMarked()))
}

// markedConditions is c with combatants marked.
func (m *Model) markedConditions() action {
	return m.onAllMarked(m.conditionsDialog(m.allMarked()), nil)
}

// markedBleed is b with combatants marked: a new bleeding wound on each,
// or where the ruleset's bleeding is a condition, that condition.
func (m *Model) markedBleed() action {
	if rs := m.fight().Rules; !rs.KeepsWounds() {
		def, ok := rs.Condition(rs.Wounds.BleedingCondition)
		if !ok {
			return actError{rs.Name + " keeps no bleeding wounds"}
		}
		return actCommand{cmd: engine.Marked{Targets: m.markedIDs(), Step: engine.GiveCondition{Condition: def.ID}}}
	}
	d := newPrompt("New wound on "+m.allMarked().Name, "hits lost at the start of each of their turns", "", func(s string) (action, error) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return nil, errors.New("a whole number of hits a round")
		}
		return actCommand{cmd: engine.Bleed{Rate: n}}, nil
	})
	return m.onAllMarked(d, nil)
}

// markedJoin is G with combatants marked: they join the selected's group.
func (m *Model) markedJoin(sel *engine.Combatant) action {
	var ids []int
	for _, c := range m.order.marked() {
		if c.ID != sel.ID && (sel.Group == 0 || c.Group != sel.Group) {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return actError{"mark others (v) to join " + sel.Name + "'s group"}
	}
	return actCommand{cmd: engine.Marked{Targets: ids, Step: engine.JoinGroup{With: sel.ID}}}
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

// doMarked does a step to the marked. Done, the marks have served: they
// are cleared (the next d is on the selected alone), and V can bring them
// back for another step on the same ones.
func (m *Model) doMarked(cmd engine.Marked, typed []int) tea.Cmd {
	n, said := len(m.fight().Done), m.status.text
	out := m.do(cmd, typed...)
	if len(m.fight().Done) > n {
		m.order.lastMarks = slices.Clone(cmd.Targets)
		m.order.marks = nil
		if m.status.text == said {
			m.status.set("marks cleared: V marks the same again", false)
		}
	}
	return out
}
