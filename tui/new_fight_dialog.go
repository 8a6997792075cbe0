package tui

import (
	"errors"

	"fray/session"
)

// rulesetPick is the start screen's New fight: the ruleset, then the
// fight's name.
func rulesetPick(lib session.Library) dialog {
	var items []item[string]
	for _, r := range lib.Rulesets() {
		detail := r.Description
		if detail == "" {
			detail = r.ID
		}
		items = append(items, item[string]{label: r.Name, detail: detail, value: r.ID})
	}
	return newPick("New fight: which rules?", "", items, false, func(it item[string], _ string) (action, error) {
		id := it.value
		return actDialog{newDefault("Name the fight", "enter to create it; then a adds combatants and n starts", "Fight",
			func(name string) (action, error) {
				if name == "" {
					return nil, errors.New("a fight needs a name")
				}
				return actNew{ruleset: id, name: name}, nil
			})}, nil
	})
}
