package tui

import (
	"errors"
)

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
