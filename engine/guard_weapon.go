package engine

import (
	"slices"

	"fray/engine/rules"
)

// guardHolds reports whether the defender's weapon it answered with (guard,
// its index) is of the kinds a blow's effect asks (guard_kinds, guard_not).
// One with no such weapon has none of the kinds.
func guardHolds(e rules.BlowEffect, foe *Combatant, guard int) bool {
	var kinds []string
	if foe != nil && guard >= 0 && guard < len(foe.Weapons) {
		kinds = foe.Weapons[guard].Kinds
	}
	for _, k := range e.GuardKinds {
		if !slices.Contains(kinds, k) {
			return false
		}
	}
	for _, k := range e.GuardNot {
		if slices.Contains(kinds, k) {
			return false
		}
	}
	return true
}
