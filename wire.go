package main

import (
	"fray/content"
	"fray/engine"
	"fray/session"
)

// library shows the content library to the tracker.
type library struct{ lib *content.Library }

func (l library) Rulesets() []session.RulesetInfo {
	var out []session.RulesetInfo
	for _, r := range l.lib.Rulesets() {
		out = append(out, session.RulesetInfo{ID: r.ID, Name: r.Name})
	}
	return out
}

func (l library) Ruleset(id string) (*engine.Ruleset, string, bool) {
	r, ok := l.lib.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

func (l library) Creatures(ruleset string) []engine.Template {
	var out []engine.Template
	for _, c := range l.lib.Creatures(ruleset) {
		out = append(out, c.Template)
	}
	return out
}
