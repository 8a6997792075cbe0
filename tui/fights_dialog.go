package tui

import (
	"errors"
	"fmt"
	"path/filepath"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"fray/session"
)

// The saved fights, on the start screen: enter opens one, ctrl+d removes
// the one the cursor is on (asked first), ctrl+r renames it, ctrl+a
// archives it (kept whole, out of the list: Archived fights on the start
// screen, or fray archive --restore, brings it back). The store does the
// files (session.FightFiles); a fight another fray has open is left alone,
// and the list is read again after each.

// fightsDialog is the list of saved fights with its two keys more.
type fightsDialog struct {
	*pick[string]
}

func newFightsDialog(p *pick[string]) *fightsDialog {
	p.hint = "enter opens; ctrl+d removes, ctrl+r renames, ctrl+a archives the fight the cursor is on " +
		"(Archived fights on the start screen brings it back)"
	return &fightsDialog{pick: p}
}

func (d *fightsDialog) Update(msg tea.KeyPressMsg) (dialog, action) {
	k := d.keys
	if !key.Matches(msg, k.RemoveFight, k.RenameFight, k.ArchiveFight) {
		next, act := d.pick.Update(msg)
		if next == nil {
			return nil, act
		}
		return d, act
	}
	if d.count() == 0 || d.sel >= len(d.shown) {
		d.err = "no fight there"
		return d, nil
	}
	it := d.at(d.sel)
	path := it.value
	if key.Matches(msg, k.ArchiveFight) {
		return nil, actArchiveFight{path: path, name: it.label} // the list comes back read again
	}
	if key.Matches(msg, k.RemoveFight) {
		return d, actDialog{&confirm{question: fmt.Sprintf("Remove %s (%s)? Its save, backup and journal go; it cannot be "+
			"undone.", it.label, filepath.Base(path)),
			yes: actRemoveFight{path: path, name: it.label}}}
	}
	return d, actDialog{newDefault("Rename "+it.label, "a new name for the fight; its file stays where it "+
		"is", it.label, func(name string) (action, error) {
		if name == "" {
			return nil, errors.New("a fight needs a name")
		}
		return actRenameFight{path: path, name: name}, nil
	})}
}

// ShortHelp and FullHelp are the list's keys, for the help bar.
func (d *fightsDialog) ShortHelp() []key.Binding {
	k := d.keys
	return []key.Binding{k.Confirm, k.RemoveFight, k.RenameFight, k.ArchiveFight, k.Cancel}
}
func (d *fightsDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

type (
	// actRemoveFight removes a saved fight's files; actRenameFight renames
	// it. Both are done by the store, in a command.
	actRemoveFight  struct{ path, name string }
	actRenameFight  struct{ path, name string }
	actArchiveFight struct{ path, name string }
	actRestoreFight struct{ path, name string }
)

func (actRemoveFight) isAction()  {}
func (actRenameFight) isAction()  {}
func (actArchiveFight) isAction() {}
func (actRestoreFight) isAction() {}

// archivedPick is the start screen's list of archived fights: enter brings
// the one the cursor is on back beside the saved fights.
func archivedPick(archived []session.SaveInfo) *pick[string] {
	p := newPick("Archived fights", "", saveItems(archived), true, func(it item[string], _ string) (action, error) {
		return actRestoreFight{path: it.value, name: it.label}, nil
	})
	p.hint = "enter brings the fight the cursor is on back to the saved fights (fray archive --restore does it too)"
	return p
}

// tidiedMsg says what removing or renaming a fight did.
type tidiedMsg struct {
	text string
	err  error
}

// tidyCmd removes or renames a fight, then lists the fights again.
func (m Model) tidyCmd(act action) tea.Cmd {
	files, ok := m.store.(session.FightFiles)
	if !ok {
		return func() tea.Msg { return tidiedMsg{err: errors.New("these fights cannot be removed or renamed here")} }
	}
	if m.sess.Fight != nil {
		if a, ok := act.(actRemoveFight); ok && a.path == m.sess.Path {
			return func() tea.Msg { return tidiedMsg{err: errors.New("that fight is open here")} }
		}
		if a, ok := act.(actArchiveFight); ok && a.path == m.sess.Path {
			return func() tea.Msg { return tidiedMsg{err: errors.New("that fight is open here")} }
		}
	}
	return func() tea.Msg {
		switch a := act.(type) {
		case actRemoveFight:
			if _, err := files.Remove(a.path); err != nil {
				return tidiedMsg{err: err}
			}
			return tidiedMsg{text: "removed " + a.name}
		case actArchiveFight:
			if _, err := files.Archive(a.path); err != nil {
				return tidiedMsg{err: err}
			}
			return tidiedMsg{text: "archived " + a.name + " (Archived fights on the start screen brings it back)"}
		case actRestoreFight:
			if _, err := files.Restore(a.path); err != nil {
				return tidiedMsg{err: err}
			}
			return tidiedMsg{text: "brought back " + a.name + ": it is with the saved fights again"}
		case actRenameFight:
			if err := files.Rename(a.path, a.name); err != nil {
				return tidiedMsg{err: err}
			}
			return tidiedMsg{text: fmt.Sprintf("%s is now called %s", filepath.Base(a.path), a.name)}
		}
		return nil
	}
}

// tidied shows what was done and lists the fights again, reopening the
// list so the GM can go on tidying.
func (m Model) tidied(msg tidiedMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		text := msg.err.Error()
		if errors.Is(msg.err, session.ErrLocked) {
			text += ": it is left as it is"
		}
		m.status.set(text, true)
	} else {
		m.status.set(msg.text, false)
	}
	store := m.store
	return m, func() tea.Msg { return listFights(store, true) }
}
