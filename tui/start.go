package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/lipgloss/v2"

	"fray/session"
)

// startScreen is the menu fray opens on when it is given no fight: resume
// the last fight, recover changes kept aside, start one, open one, the
// demo, quit; and the recent fights.
type startScreen struct {
	*common
	lib           session.Library
	saves         []session.SaveInfo
	menu          []item[func() action] // what choosing each item does
	at            int                   // the menu item the cursor is on
	width, height int
}

func (s *startScreen) SetSize(w, h int) { s.width, s.height = w, h }

// setSaves lists the saved fights and builds the menu from them.
func (s *startScreen) setSaves(saves, archived []session.SaveInfo) {
	s.saves = saves
	s.menu = s.menu[:0]
	resume := false
	for _, sv := range saves {
		if sv.Problem == "" && !sv.Backup {
			path := sv.Path
			s.menu = append(s.menu,
				item[func() action]{label: "Resume " + saveName(saves, sv), detail: sv.Ruleset + ", " + roundText(sv.Round),
					value: func() action { return actOpen{path: path} }})
			resume = true
			break
		}
	}
	// Changes a journal held that did not fit its save, kept aside as the
	// fight opened (the save had been replaced by an older copy, say).
	for _, sv := range saves {
		for _, k := range sv.Kept {
			s.menu = append(s.menu,
				item[func() action]{label: "Recover changes kept aside: " + saveName(saves, sv), detail: filepath.Base(k),
					value: func() action { return actRecover{kept: k} }})
		}
	}
	lib := s.lib
	s.menu = append(s.menu, item[func() action]{label: "New fight", detail: "pick a ruleset, add combatants",
		value: func() action { return actDialog{rulesetPick(lib)} }})
	if len(saves) > 0 {
		s.menu = append(s.menu, item[func() action]{label: "Open a saved fight", detail: fmt.Sprintf("%d saved", len(saves)),
			value: func() action { return actDialog{newFightsDialog(savesPick(saves))} }})
	}
	if len(archived) > 0 {
		s.menu = append(s.menu, item[func() action]{label: "Archived fights",
			detail: fmt.Sprintf("%d put away: bring one back", len(archived)),
			value:  func() action { return actDialog{archivedPick(archived)} }})
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
		s.menu = append(s.menu, item[func() action]{label: label, detail: detail, value: func() action { return actDemo{demo: d} }})
	}
	s.menu = append(s.menu, item[func() action]{label: "Quit", value: func() action { return actQuit{} }})
	// Enter alone resumes the last fight, or, with none, opens the first demo.
	s.at = 0
	if !resume && len(demos) > 0 {
		s.at = firstDemo
	}
}

// move moves the cursor up (-1) or down (1) the menu.
func (s *startScreen) move(d int) action {
	s.at = min(max(s.at+d, 0), len(s.menu)-1)
	return nil
}

// choose is what the GM chose: the menu item under the cursor.
func (s *startScreen) choose() action { return s.menu[s.at].value() }

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
				s.st.Muted.Render(backupText(sv)+fmt.Sprintf("%s, %s, %s", safe(sv.Ruleset), roundText(sv.Round),
					sv.Changed.Format("Jan 2 15:04"))) + "\n")
		}
	}
	top := strings.TrimRight(b.String(), "\n")
	return top + strings.Repeat("\n", max(s.height-lipgloss.Height(top), 0))
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
