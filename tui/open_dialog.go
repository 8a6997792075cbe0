package tui

import (
	"fmt"

	"fray/session"
)

// savesPick is the start screen's Open a saved fight.
func savesPick(saves []session.SaveInfo) *pick[string] {
	return newPick("Open a saved fight", "", saveItems(saves), true, func(it item[string], _ string) (action, error) {
		return actOpen{path: it.value}, nil
	})
}

// saveItems lists saved fights for a pick: each by its name, with its
// ruleset, round and last change (a save that does not load by its file,
// with why), its path the value.
func saveItems(saves []session.SaveInfo) []item[string] {
	var items []item[string]
	for _, sv := range saves {
		detail := backupText(sv) + fmt.Sprintf("%s, %s, %s", sv.Ruleset, roundText(sv.Round), sv.Changed.Format("2006-01-02 15:04"))
		label := saveName(saves, sv)
		if sv.Problem != "" {
			label, detail = sv.Path, sv.Problem
		}
		items = append(items, item[string]{label: label, detail: detail, value: sv.Path})
	}
	return items
}
