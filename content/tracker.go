package content

import (
	"errors"
	"fmt"
	"slices"

	"fray/engine"
	"fray/engine/rules"
	"fray/session"
)

// Tracker is the library as the tracker screen and the store see it.
func (l *Library) Tracker() session.Library { return tracker{l} }

type tracker struct{ l *Library }

func (t tracker) Rulesets() []session.RulesetInfo {
	var out []session.RulesetInfo
	for _, r := range t.l.rulesets {
		out = append(out, session.RulesetInfo{ID: r.ID, Name: r.Name, Description: r.Description})
	}
	return out
}

func (t tracker) Ruleset(id string) (*rules.Ruleset, string, bool) {
	r, ok := t.l.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

func (t tracker) Creatures(ruleset string) []rules.Template {
	var out []rules.Template
	for _, c := range t.l.Creatures(ruleset) {
		out = append(out, c.Template)
	}
	return out
}

// Demos are the fights, by id. Their combatants are made as each is
// opened, from the creatures as the GM's directory left them.
func (t tracker) Demos() []session.Demo {
	var out []session.Demo
	for _, f := range t.l.fights {
		rs, ok := t.l.Ruleset(f.Ruleset)
		if !ok {
			continue // never: a fight is added only when its ruleset is there
		}
		out = append(out, session.Demo{
			ID: f.ID, Name: f.Name, Description: f.Description,
			Ruleset: session.RulesetInfo{ID: rs.ID, Name: rs.Name},
			Roster:  func() ([]engine.NewCombatant, error) { return t.l.demoRoster(f.ID) },
		})
	}
	return out
}

// demoRoster makes the combatants of the fight with the id.
func (l *Library) demoRoster(id string) ([]engine.NewCombatant, error) {
	i := slices.IndexFunc(l.fights, func(f *fight) bool { return f.ID == id })
	if i < 0 {
		return nil, fmt.Errorf("no fight %q in the content", id)
	}
	add, errs := l.roster(l.fights[i])
	if len(errs) > 0 {
		return nil, errors.New(errs[0].msg) // never: a fight is added only when its roster is made
	}
	return add, nil
}
