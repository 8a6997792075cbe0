package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/session"
)

// An action is what a key or a dialog decided, for the root to carry out in
// apply: dialogs and panes change nothing outside themselves. The set is
// closed: every action is one of the types below.
type action interface{ isAction() }

type (
	// actCancel closes a dialog and does nothing.
	actCancel struct{}
	// actDialog opens a dialog (one dialog leading to the next, say).
	actDialog struct{ d dialog }
	// actCommand runs an engine command, with the faces typed at the table if any.
	actCommand struct {
		cmd   engine.Command
		typed []int
		// passing: the GM was asked, and a turn this round is passed over.
		passing bool
	}
	// actRoll rolls for the log with a combatant's stats, and remembers the expression.
	actRoll struct {
		expr string
		who  int
	}
	// actInfo and actError show a line in the status bar and change nothing.
	actInfo  struct{ text string }
	actError struct{ text string }
	// actUndo and actRedo move through the fight's history.
	actUndo struct{}
	actRedo struct{}
	// actTableDice turns asking for the faces rolled at the table on or off.
	actTableDice struct{}
	// actNew makes a fight, actOpen opens a save, actDemo makes the demo
	// fight, actSaveAs copies the fight to a new file and carries on there.
	actNew  struct{ ruleset, name string }
	actOpen struct{ path string }
	// actRecover opens the fight a journal kept aside goes on from, with
	// its changes, in a new file.
	actRecover struct{ kept string }
	actDemo    struct{ demo *session.Demo }
	actSaveAs  struct {
		name, path string // path: the one typed, or "" for a new one in the saves folder
		replace    bool   // the GM has said a fight saved there may be replaced
	}
	// actQuit saves the fight and quits; with changes not saved (writes
	// failing), only once the GM says so (anyway).
	actQuit struct{ anyway bool }
	// actMark marks the combatants given, and only them.
	actMark struct{ ids []int }
	// actSelect selects a combatant.
	actSelect struct{ id int }
)

func (actCancel) isAction()    {}
func (actDialog) isAction()    {}
func (actCommand) isAction()   {}
func (actRoll) isAction()      {}
func (actInfo) isAction()      {}
func (actError) isAction()     {}
func (actUndo) isAction()      {}
func (actRedo) isAction()      {}
func (actTableDice) isAction() {}
func (actNew) isAction()       {}
func (actOpen) isAction()      {}
func (actRecover) isAction()   {}
func (actDemo) isAction()      {}
func (actSaveAs) isAction()    {}
func (actQuit) isAction()      {}
func (actMark) isAction()      {}
func (actSelect) isAction()    {}

// apply carries out an action; nil does nothing. Whatever touches the store
// is returned as a command.
func (m Model) apply(act action) (tea.Model, tea.Cmd) {
	switch a := act.(type) {
	case nil, actCancel:
	case actDialog:
		m.open(a.d)
	case actCommand:
		if q := m.passesOver(a); q != nil {
			m.open(q)
			return m, nil
		}
		if mk, ok := a.cmd.(engine.Marked); ok {
			return m, m.doMarked(mk, a.typed)
		}
		return m, m.do(a.cmd, a.typed...)
	case actRoll:
		m.rolls = append(m.rolls, a.expr)
		if len(m.rolls) > 50 {
			m.rolls = m.rolls[1:]
		}
		return m, m.do(engine.Roll{Who: a.who, Expr: a.expr})
	case actInfo:
		m.status.set(a.text, false)
	case actError:
		m.status.set(a.text, true)
	case actUndo:
		return m, m.undo()
	case actRedo:
		return m, m.redo()
	case actBook:
		return m.toggleBook()
	case actTableDice:
		// A setting of the fight (engine.ViewTableDice), saved with it, so
		// a fight reopened asks for the faces as it did; u takes it back.
		on := m.tableDice()
		cmd := m.do(engine.View{Setting: engine.ViewTableDice, Off: on})
		switch {
		case m.tableDice() == on: // refused: do said why
		case on:
			m.status.set("table dice off: fray rolls", false)
		default:
			m.status.set("table dice on: fray asks for the faces of every roll", false)
		}
		return m, cmd
	case actNew:
		return m.newFight(a) // party_dialog.go
	case actEndFight:
		return m.endFight()
	case actKeepParty:
		return m, m.keepCmd(a)
	case actBringParty:
		return m, m.bringCmd(a)
	case actOpen:
		return m, m.openCmd(a.path)
	case actRecover:
		return m, m.recoverCmd(a.kept)
	case actDemo:
		return m, m.demoCmd(a.demo)
	case actSaveAs:
		return m, m.saveAsCmd(a)
	case actRemoveFight, actRenameFight, actArchiveFight, actRestoreFight:
		return m, m.tidyCmd(a)
	case actQuit:
		if q := m.unsavedQuestion(); q != "" && !a.anyway {
			m.open(&confirm{question: q, yes: actQuit{anyway: true}})
			return m, nil
		}
		return m.quit()
	case actSelect:
		if c := m.fight().Current().Combatant(a.id); c != nil {
			m.order.sel = c.ID
			m.status.set(c.Name+" selected", false)
		}
	case actMark:
		m.order.setMarks(a.ids)
		m.status.set(markedText(m.order.marked()), false)
	}
	return m, nil
}

// passesOver asks before a change of the order that leaves someone without
// a turn this round (J or K past the one acting, an initiative set above
// it): the order steps on from the actor, and one moved ahead of it is
// passed over. Nil when nothing is, or the GM was asked already.
func (m Model) passesOver(a actCommand) dialog {
	switch c := a.cmd.(type) {
	case engine.Move:
	case engine.SetInit:
		if c.Expr != "" {
			return nil // a roll: what it comes to is not known before
		}
	default:
		return nil
	}
	if a.passing || m.fight() == nil {
		return nil
	}
	now := m.fight().Current()
	pv, err := m.fight().Preview(a.cmd, a.typed...)
	if err != nil {
		return nil // refused: the step says why
	}
	losers := engine.PassedOver(now, &pv.Next)
	if len(losers) == 0 {
		return nil
	}
	actor := "the one acting"
	if c := now.Actor(); c != nil {
		actor = c.Name
	}
	who := safe(strings.Join(losers, " and "))
	has, loses := "has", "loses its turn"
	if len(losers) > 1 {
		has, loses = "have", "lose their turns"
	}
	yes := a
	yes.passing = true
	return &confirm{question: fmt.Sprintf("%s is acting now, and %s %s not acted: this puts %s ahead of %s, and the "+
		"order steps on from %s, so %s %s this round. Go on? (w lets the one acting wait instead)",
		safe(actor), who, has, who, safe(actor), safe(actor), who, loses), yes: yes}
}
