package tui

import (
	tea "charm.land/bubbletea/v2"

	"fray/engine"
)

// Dialogs: the interface every dialog meets, and what they share. The kinds
// of dialog are prompt_dialog.go (a line of text), pick_dialog.go (a list),
// confirm_dialog.go (yes or no) and keys_dialog.go (?); each mechanic's
// dialog is <mechanic>_dialog.go, made of those.

// A dialog is drawn over the screen and gets every key while it is open.
// Update returns the dialog to keep open (nil closes it) and an action for
// the root to apply (nil for none): a dialog changes nothing itself.
type dialog interface {
	component
	Update(msg tea.KeyPressMsg) (dialog, action)
	// lend hands the dialog the root's styles and keys as it opens.
	lend(c *common)
}

// A paster is a dialog with a line of text: a paste goes there, at the
// cursor, as if typed (the terminal's bracketed paste).
type paster interface {
	paste(text string)
}

// frame is what every dialog embeds: the root's styles and keys, and the
// size of the screen it is drawn over.
type frame struct {
	*common
	width, height int
}

func (f *frame) lend(c *common)   { f.common = c }
func (f *frame) SetSize(w, h int) { f.width, f.height = w, h }

// check previews a command, so a dialog can say why the engine would
// refuse it before it closes. Its dice show their lowest faces.
func (m Model) check(cmd engine.Command) error {
	_, err := m.fight().Preview(cmd)
	return err
}

// dialogOr opens d, or shows why there is no dialog to open.
func dialogOr(d dialog, err error) action {
	if err != nil {
		return actError{err.Error()}
	}
	return actDialog{d}
}

// dialogWidth is the width inside a dialog's box on a screen w wide: at
// least least, 64 at 80 columns, and growing with a wider window (three
// fifths of it), so that what a dialog lists is cut only where the screen
// is narrow.
func dialogWidth(w, least int) int {
	return min(max(w-8, least), max(64, w*3/5))
}
