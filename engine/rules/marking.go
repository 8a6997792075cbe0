package rules

// Marking: what a ruleset says about one step on several marked combatants
// at once (the engine's marking.go).

// Marked says how a step on several marked combatants at once rolls.
type Marked struct {
	// RollEach rolls the dice of a step on several marked combatants once
	// for each of them; by default one roll serves them all (a fireball's
	// damage is rolled once).
	RollEach bool `toml:"roll_each"`
}
