package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
	"fray/session"
)

// The tracker's changes: an engine command done, undone or redone, the
// fight saved after each (the keys that make them are keys.go's table).

// nextStep is what the next-step key does: start a fight being set up, or step one.
func (m *Model) nextStep() engine.Command {
	if m.fight().Current().Status == engine.StatusSetup {
		return engine.Start{}
	}
	return engine.Next{}
}

// changing says why the fight may not change now, or "".
func (m *Model) changing() string {
	switch {
	case m.sess.ReadOnly:
		return "read-only: " + m.sess.ReadOnlyWhy
	case m.saveAs.busy:
		return "a moment: the fight is being saved as a copy"
	}
	return ""
}

// tableDice says whether the GM rolls at the table: every roll fray would
// make asks for the faces instead (t, saved with the fight).
func (m *Model) tableDice() bool {
	f := m.fight()
	return f != nil && f.Current().TableDice
}

// do runs an engine command (with dice typed at the table, if any). With
// table dice on and none typed, it asks for the faces first.
func (m *Model) do(cmd engine.Command, typed ...int) tea.Cmd {
	if why := m.changing(); why != "" {
		m.status.set(why, true)
		return nil
	}
	if m.tableDice() && len(typed) == 0 {
		if sides := m.diceNeeded(cmd); len(sides) > 0 {
			m.open(m.facesPrompt("Dice rolled at the table", cmd))
			return nil
		}
	}
	f := m.fight()
	keep := m.order.keep()
	events, err := f.Do(cmd, typed...)
	if err != nil {
		m.status.set(err.Error(), true)
		return nil
	}
	if n := joinNotices(lastOutcome(f.Rules, events), endsNotice(f.Rules, events)); n != "" {
		m.status.set(n, false)
	}
	if d := blowChain(f.Rules, events); d != nil {
		m.open(d) // the blow's chain, step by step (blow_dialog.go)
	}
	m.log.back = 0
	m.order.restore(keep)
	return m.journal(session.OpDo, f.Done[len(f.Done)-1])
}

func (m *Model) undo() tea.Cmd {
	if why := m.changing(); why != "" {
		m.status.set(why, true)
		return nil
	}
	keep := m.order.keep()
	s, ok := m.fight().Undo()
	if !ok {
		if err := m.fight().Broken(); err != nil {
			m.status.set("undo stops here: the history before it does not replay ("+err.Error()+"); it is kept in the save", true)
		} else {
			m.status.set("nothing to undo", true)
		}
		return nil
	}
	m.status.set("undid "+describe(m.fight().Rules, s), false)
	m.order.restore(keep)
	return m.journal(session.OpUndo, s)
}

func (m *Model) redo() tea.Cmd {
	if why := m.changing(); why != "" {
		m.status.set(why, true)
		return nil
	}
	keep := m.order.keep()
	s, err := m.fight().Redo()
	if err != nil {
		m.status.set(err.Error(), true)
		return nil
	}
	m.status.set("redid "+describe(m.fight().Rules, s), false)
	m.order.restore(keep)
	return m.journal(session.OpRedo, s)
}

// describe names a step for the status line.
func describe(rs *rules.Ruleset, s engine.Step) string {
	if len(s.Events) > 0 {
		return narrate.Line(rs, s.Events[0])
	}
	return string(s.Cmd.Op())
}

// lastOutcome is what came of the last check a step rolled, said where
// the GM looks (the status line): the log's line of it may wrap or
// scroll away.
func lastOutcome(rs *rules.Ruleset, events []engine.Event) string {
	for i := len(events) - 1; i >= 0; i-- {
		if o := narrate.Outcome(rs, events[i]); o != "" {
			return safe(o)
		}
	}
	return ""
}

// joinNotices joins the notices that are not empty.
func joinNotices(ns ...string) string {
	var out []string
	for _, n := range ns {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, "; ")
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
