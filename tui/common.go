package tui

import (
	"fray/engine"
	"fray/engine/rules"
	"fray/session"
)

// common is what the root shares with its panes and dialogs: the styles to
// draw with, the keys, and the session whose fight they show. There is one
// for the program; only the root's Update changes it (the styles, once the
// terminal's background is known). (The soft-serve and crush anchors pass
// their components a common value the same way.)
type common struct {
	st   styles // set by setStyles only
	keys KeyMap
	// table is the key table made from keys: what each does, and when.
	table []binding
	sess  *session.Session
	// hasBook: the tracker was handed a Book, so B can show book lines.
	hasBook bool
	// drawn is what the last frames worked out, for the next.
	drawn drawn
}

// drawn is what frames keep of their work for the next, each part with
// what it was made from, so that it is used only while that is so (and
// all of it only while the styles stay: setStyles): a frame drawn with it
// is the frame drawn afresh
// (TestKeptWorkDrawsAsAfresh draws each frame of a walk both ways).
type drawn struct {
	// state is what the panes worked out from the fight's state last
	// drawn (order.go).
	state *stateMemo
	// logSaid are the log's lines and rows last drawn, by event, told under
	// logRules (log.go).
	logSaid  map[*engine.Event]toldEvent
	logRules *rules.Ruleset
	// rows are the order's rows last drawn, by combatant, drawn under
	// rowsRules (order.go).
	rows      map[*engine.Combatant]drawnRow
	rowsRules *rules.Ruleset
	// keys is the keys' bar last drawn (status.go).
	keys drawnOnce
}

// setStyles sets the styles for a dark or light background, with colour
// or without. What frames kept was drawn in the styles before: it goes.
func (c *common) setStyles(dark, noColor bool) {
	c.st = newStyles(dark, noColor)
	c.drawn = drawn{}
}

func (c *common) fight() *engine.Fight { return c.sess.Fight }

// ruleset is the ruleset of the fight on the screen.
func (c *common) ruleset() *rules.Ruleset { return c.sess.Fight.Rules }

// component is a part of the screen: the root sizes it and puts the string
// it draws in place. Panes and dialogs are components; only the root makes a
// tea.View and sets terminal modes. A component that takes keys has an
// Update too.
type component interface {
	SetSize(width, height int)
	View() string
}

var (
	_ component = (*startScreen)(nil)
	_ component = (*headerPane)(nil)
	_ component = (*orderPane)(nil)
	_ component = (*panelPane)(nil)
	_ component = (*logPane)(nil)
	_ component = (*statusBar)(nil)
)
