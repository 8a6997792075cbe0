package tui

import (
	"fmt"
)

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
