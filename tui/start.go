package tui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fray/session"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// startScreen is the menu fray opens on when it is given no fight: resume
// the last fight, recover changes kept aside, start one, open one, the
// demo, quit; and the recent fights.
type startScreen struct {
	*common
	lib           session.Library
	saves         []session.SaveInfo
	menu          []item
	at            int // the menu item the cursor is on
	width, height int
}

type menuChoice int

// keptJournal is a journal kept aside, to recover.
type keptJournal string

const (
	menuNew menuChoice = iota
	menuOpen
	menuQuit
)

func (s *startScreen) SetSize(w, h int) { s.width, s.height = w, h }

// setSaves lists the saved fights and builds the menu from them.
func (s *startScreen) setSaves(saves []session.SaveInfo) {
	s.saves = saves
	s.menu = s.menu[:0]
	for _, sv := range saves {
		if sv.Problem == "" && !sv.Backup {
			s.menu = append(s.menu, item{label: "Resume " + saveName(saves, sv), detail: sv.Ruleset + ", " + roundText(sv.Round), value: sv.Path})
			break
		}
	}
	// Changes a journal held that did not fit its save, kept aside as the
	// fight opened (the save had been replaced by an older copy, say).
	for _, sv := range saves {
		for _, k := range sv.Kept {
			s.menu = append(s.menu, item{label: "Recover changes kept aside: " + saveName(saves, sv), detail: filepath.Base(k), value: keptJournal(k)})
		}
	}
	s.menu = append(s.menu, item{label: "New fight", detail: "pick a ruleset, add combatants", value: menuNew})
	if len(saves) > 0 {
		s.menu = append(s.menu, item{label: "Open a saved fight", detail: fmt.Sprintf("%d saved", len(saves)), value: menuOpen})
	}
	// A demo each: "Demo fight" when there is one, else each by its name.
	demos := s.lib.Demos()
	firstDemo := len(s.menu)
	for i := range demos {
		d := &demos[i]
		label, detail := "Demo fight", d.Ruleset.Name
		if len(demos) > 1 {
			label = d.Name
		}
		if d.Description != "" {
			detail += ": " + d.Description
		}
		s.menu = append(s.menu, item{label: label, detail: detail, value: d})
	}
	s.menu = append(s.menu, item{label: "Quit", value: menuQuit})
	// Enter alone resumes the last fight, or, with none, opens the first demo.
	s.at = 0
	if _, resume := s.menu[0].value.(string); !resume && len(demos) > 0 {
		s.at = firstDemo
	}
}

// Update moves the cursor, or returns what the GM chose.
func (s *startScreen) Update(msg tea.KeyPressMsg) action {
	k := s.keys
	switch {
	case key.Matches(msg, k.Up, k.ListUp):
		s.at = max(s.at-1, 0)
	case key.Matches(msg, k.Down, k.ListDown):
		s.at = min(s.at+1, len(s.menu)-1)
	case key.Matches(msg, k.Quit, k.Cancel):
		return actQuit{}
	case key.Matches(msg, k.Help):
		return actDialog{&keysDialog{}}
	case key.Matches(msg, k.Confirm, k.Next):
		switch v := s.menu[s.at].value.(type) {
		case string:
			return actOpen{path: v}
		case *session.Demo:
			return actDemo{demo: v}
		case keptJournal:
			return actRecover{kept: string(v)}
		case menuChoice:
			switch v {
			case menuNew:
				return actDialog{s.rulesetPick()}
			case menuOpen:
				return actDialog{s.savesPick()}
			case menuQuit:
				return actQuit{}
			}
		}
	}
	return nil
}

func (s startScreen) View() string {
	var b strings.Builder
	b.WriteString(s.st.Title.Render("fray") + s.st.Muted.Render("  a combat tracker for game masters") + "\n\n")
	for i, it := range s.menu {
		line := safe(it.label)
		if it.detail != "" {
			line += s.st.Muted.Render("  " + safe(it.detail))
		}
		if i == s.at {
			b.WriteString(s.st.Selected.Render("› "+line) + "\n")
		} else {
			b.WriteString("  " + line + "\n")
		}
	}
	if len(s.saves) > 0 {
		b.WriteString("\n" + s.st.Header.Render("Recent fights") + "\n")
		for i, sv := range s.saves {
			if i == 6 {
				break
			}
			if sv.Problem != "" {
				b.WriteString(s.st.Dim.Render(fmt.Sprintf("  %s: %s", safe(sv.Path), safe(sv.Problem))) + "\n")
				continue
			}
			b.WriteString("  " + pad(safe(saveName(s.saves, sv)), 28) + " " +
				s.st.Muted.Render(backupText(sv)+fmt.Sprintf("%s, %s, %s", safe(sv.Ruleset), roundText(sv.Round), sv.Changed.Format("Jan 2 15:04"))) + "\n")
		}
	}
	top := strings.TrimRight(b.String(), "\n")
	return top + strings.Repeat("\n", max(s.height-lipgloss.Height(top), 0))
}

func (s startScreen) rulesetPick() dialog {
	var items []item
	for _, r := range s.lib.Rulesets() {
		detail := r.Description
		if detail == "" {
			detail = r.ID
		}
		items = append(items, item{label: r.Name, detail: detail, value: r.ID})
	}
	return newPick("New fight: which rules?", "", items, false, func(it item, _ string) (action, error) {
		id := it.value.(string)
		return actDialog{newDefault("Name the fight", "enter to create it; then a adds combatants and n starts", "Fight", func(name string) (action, error) {
			if name == "" {
				return nil, errors.New("a fight needs a name")
			}
			return actNew{ruleset: id, name: name}, nil
		})}, nil
	})
}

func (s startScreen) savesPick() dialog {
	var items []item
	for _, sv := range s.saves {
		detail := backupText(sv) + fmt.Sprintf("%s, %s, %s", sv.Ruleset, roundText(sv.Round), sv.Changed.Format("2006-01-02 15:04"))
		label := saveName(s.saves, sv)
		if sv.Problem != "" {
			label, detail = sv.Path, sv.Problem
		}
		items = append(items, item{label: label, detail: detail, value: sv.Path})
	}
	return newPick("Open a saved fight", "", items, true, func(it item, _ string) (action, error) {
		return actOpen{path: it.value.(string)}, nil
	})
}

// saveName is a saved fight's name, with its file's name when another
// fight has the same name, so that the two can be told apart, and said to
// be a backup when its save is gone.
func saveName(all []session.SaveInfo, sv session.SaveInfo) string {
	if sv.Backup {
		return sv.Name + " (backup only)"
	}
	for _, o := range all {
		if o.Path != sv.Path && o.Problem == "" && o.Name == sv.Name {
			return sv.Name + " (" + filepath.Base(sv.Path) + ")"
		}
	}
	return sv.Name
}

// backupText names the file of a backup whose save is gone: opening it
// goes on in a new file.
func backupText(sv session.SaveInfo) string {
	if !sv.Backup {
		return ""
	}
	return safe(filepath.Base(sv.Path)) + ", its save gone: "
}

// roundText is how far a saved fight has gone: a fight prepared ahead and
// not started yet is round 0.
func roundText(round int) string {
	if round == 0 {
		return "prepared, not started"
	}
	return "round " + itoa(round)
}
