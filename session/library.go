package session

import (
	"fray/engine"
	"fray/engine/rules"
)

// Library is the content the tracker draws on: rulesets, creatures and the
// ready-made demo fights.
type Library interface {
	Rulesets() []RulesetInfo
	Ruleset(id string) (rs *rules.Ruleset, hash string, ok bool)
	Creatures(ruleset string) []rules.Template
	// Demos are the demo fights, in a stable order: the first is fray demo's.
	Demos() []Demo
}

// Refresher is a library that takes in, when asked, what changed in the
// GM's content directory since it opened: the add key asks as its dialog
// opens, so a creature fray creature add wrote meanwhile is listed.
// Refresh returns a line (file:line:col: what is wrong) for each file it
// could not take in; the library is then as it was.
type Refresher interface {
	Refresh() []string
}

// RulesetInfo names a ruleset for the start screen, and says what it is.
type RulesetInfo struct {
	ID, Name, Description string
}

// Demo is a ready-made fight: made in its ruleset, the combatants its
// Roster makes added in one step in that order, then started. The roster is
// made when the demo is opened: listing the demos parses no ruleset.
type Demo struct {
	ID, Name, Description string
	Ruleset               RulesetInfo
	Roster                func() ([]engine.NewCombatant, error)
}
