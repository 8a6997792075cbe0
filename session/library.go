package session

import "fray/engine"

// Library is the content the tracker draws on: rulesets and creatures.
type Library interface {
	Rulesets() []RulesetInfo
	Ruleset(id string) (rs *engine.Ruleset, hash string, ok bool)
	Creatures(ruleset string) []engine.Template
}

// RulesetInfo names a ruleset for the start screen.
type RulesetInfo struct {
	ID, Name string
}
