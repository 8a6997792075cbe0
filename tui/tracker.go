package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
	"fray/session"
)

// The tracker's keys: each becomes an action (an engine command, a dialog to
// fill in, a step through the history) that the root applies. The order and
// log panes take the keys that move them.

// trackerKey turns a key on the tracker into what it means.
func (m *Model) trackerKey(msg tea.KeyPressMsg) action {
	if m.order.Update(msg) || m.log.Update(msg) {
		return nil
	}
	k := m.keys
	switch {
	case key.Matches(msg, k.Quit):
		return actQuit{}
	case key.Matches(msg, k.Help):
		return actDialog{&keysDialog{}}
	case key.Matches(msg, k.Next):
		return actCommand{cmd: m.nextStep()}
	case key.Matches(msg, k.NextTyped):
		return m.nextTypedPrompt()
	case key.Matches(msg, k.TableDice):
		return actTableDice{}
	case key.Matches(msg, k.Undo):
		return actUndo{}
	case key.Matches(msg, k.Redo):
		return actRedo{}
	case key.Matches(msg, k.Add):
		return actDialog{m.addDialog()}
	case key.Matches(msg, k.Helpers):
		return actDialog{m.helpersDialog(m.order.selected())}
	case key.Matches(msg, k.Wait):
		return dialogOr(m.holdDialog())
	case key.Matches(msg, k.Roll):
		return actDialog{m.rollPrompt()}
	case key.Matches(msg, k.SaveAs):
		return actDialog{m.saveAsPrompt()}
	case key.Matches(msg, k.PlayerView):
		return actDialog{m.playerViewDialog()}
	case key.Matches(msg, k.BookLines):
		return actBook{}
	}
	if a, ok := m.eveningKey(msg); ok {
		return a
	}
	if a, ok := m.markedKey(msg); ok {
		return a
	}
	return m.selectedKey(msg)
}

// selectedKey turns a key that acts on the selected combatant into what it
// means, or says there is nobody to act on.
func (m *Model) selectedKey(msg tea.KeyPressMsg) action {
	k := m.keys
	if !key.Matches(msg, k.Remove, k.Damage, k.Heal, k.Stun, k.Conditions, k.Spend, k.Declare, k.Cast, k.Withdraw, k.Flurries, k.Bleed, k.Init, k.MoveUp, k.MoveDown, k.Notes, k.Hide) {
		return nil
	}
	sel := m.order.selected()
	if sel == nil {
		return actError{"add a combatant first (a)"}
	}
	switch {
	case key.Matches(msg, k.Remove):
		return actDialog{&confirm{question: "Remove " + sel.Name + " from the fight?", yes: actCommand{cmd: engine.Remove{Who: sel.ID}}}}
	case key.Matches(msg, k.Damage) && m.fight().Rules.Recorded():
		return actDialog{m.recordDialog(sel)}
	case key.Matches(msg, k.Heal) && m.fight().Rules.Recorded():
		return dialogOr(m.strikeDialog(sel))
	case key.Matches(msg, k.Flurries):
		return dialogOr(m.flurryDialog(sel))
	case key.Matches(msg, k.Damage):
		hint := "a number, or dice to roll (2d6+3)"
		if a := m.fight().Rules.HP.Armor; a != "" {
			hint = fmt.Sprintf("a number or dice, less %s %d; start with ! to ignore %s (a critical)", a, engine.StatNow(m.fight().Rules, sel, a), a)
		}
		if hp := m.fight().Rules.HP; hp.NonlethalGives != "" || len(hp.NonlethalCosts) > 0 {
			hint += "; start with ~ for non-lethal damage"
		}
		if m.fight().Rules.HP.LocationsOn {
			return actDialog{m.locationPick(sel, engine.OpDamage, hint)}
		}
		return actDialog{newPrompt("Damage to "+sel.Name, hint, "", amountPrompt(engine.OpDamage, sel.ID))}
	case key.Matches(msg, k.Heal):
		if m.fight().Rules.HP.LocationsOn && len(sel.Hits) > 0 {
			return actDialog{m.locationPick(sel, engine.OpHeal, "a number, or dice to roll (2d6+3)")}
		}
		return actDialog{newPrompt("Heal "+sel.Name, "a number, or dice to roll (2d6+3)", "", amountPrompt(engine.OpHeal, sel.ID))}
	case key.Matches(msg, k.Stun):
		if m.fight().Rules.Stun.Kind == rules.StunRestOfTurn {
			// Stunned for the rest of the round: nothing to ask.
			return actCommand{cmd: engine.Stun{Who: sel.ID}}
		}
		return dialogOr(m.stunDialog(sel))
	case key.Matches(msg, k.Conditions):
		return dialogOr(m.conditionsDialog(sel))
	case key.Matches(msg, k.Cast):
		return dialogOr(m.castDialog(sel))
	case key.Matches(msg, k.Declare):
		return dialogOr(m.declareDialog(sel))
	case key.Matches(msg, k.Withdraw):
		return dialogOr(m.withdrawDialog(sel))
	case key.Matches(msg, k.Spend):
		return dialogOr(m.spendDialog(sel))
	case key.Matches(msg, k.Bleed):
		return actDialog{m.bleedDialog(sel)}
	case key.Matches(msg, k.Init):
		if o := m.fight().Rules.Order; o.Kind == rules.OrderNone && o.InitiativeAction != "" {
			// No order to set: the key takes the ruleset's Initiative action.
			return actCommand{cmd: engine.SetInit{Who: sel.ID}}
		}
		return actDialog{m.initDialog(sel)}
	case key.Matches(msg, k.MoveUp):
		return actCommand{cmd: engine.Move{Who: sel.ID, Dir: -1}}
	case key.Matches(msg, k.MoveDown):
		return actCommand{cmd: engine.Move{Who: sel.ID, Dir: 1}}
	case key.Matches(msg, k.Hide):
		if sel.Hidden {
			return actCommand{cmd: engine.Show{Who: sel.ID}}
		}
		return actCommand{cmd: engine.Hide{Who: sel.ID}}
	}
	return actDialog{newPrompt("Notes on "+sel.Name, "enter saves them; empty clears", sel.Notes, func(s string) (action, error) {
		return actCommand{cmd: engine.Notes{Who: sel.ID, Text: s}}, nil
	})}
}

// dialogOr opens d, or shows why there is no dialog to open.
func dialogOr(d dialog, err error) action {
	if err != nil {
		return actError{err.Error()}
	}
	return actDialog{d}
}

// nextStep is what the next-step key does: start a fight being set up, or step one.
func (m *Model) nextStep() engine.Command {
	if m.fight().Current().Status == engine.StatusSetup {
		return engine.Start{}
	}
	return engine.Next{}
}

// nextTypedPrompt asks for the faces the next step rolls, saying which
// dice they are and in which order.
func (m *Model) nextTypedPrompt() action {
	cmd := m.nextStep()
	if why := m.changing(); why != "" {
		return actError{why}
	}
	if len(m.diceNeeded(cmd)) == 0 {
		return actCommand{cmd: cmd} // nothing to roll: the step is taken
	}
	return actDialog{m.facesPrompt("Next step with dice rolled at the table", cmd)}
}

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

func (m *Model) saveAsPrompt() dialog {
	return newDefault("Save as", "a name for a new copy of this fight; it continues there", m.sess.Name, func(s string) (action, error) {
		if s == "" {
			return nil, errors.New("type a name")
		}
		if strings.ContainsRune(s, os.PathSeparator) {
			return actSaveAs{name: strings.TrimSuffix(filepath.Base(s), ".toml"), path: s}, nil
		}
		return actSaveAs{name: s}, nil
	})
}

func selName(c *engine.Combatant) string {
	if c == nil {
		return "nobody selected"
	}
	return c.Name
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

// do runs an engine command (with dice typed at the table, if any). With
// table dice on and none typed, it asks for the faces first.
func (m *Model) do(cmd engine.Command, typed ...int) tea.Cmd {
	if why := m.changing(); why != "" {
		m.status.set(why, true)
		return nil
	}
	if m.tableDice && len(typed) == 0 {
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
	if n := endsNotice(m.fight().Rules, events); n != "" {
		m.status.set(n, false)
	}
	m.log.back = 0
	m.order.restore(keep)
	return m.record(session.OpDo, f.Done[len(f.Done)-1])
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
	return m.record(session.OpUndo, s)
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
	return m.record(session.OpRedo, s)
}

// describe names a step for the status line.
func describe(rs *rules.Ruleset, s engine.Step) string {
	if len(s.Events) > 0 {
		return narrate.Line(rs, s.Events[0])
	}
	return string(s.Cmd.Op())
}
