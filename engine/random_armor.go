package engine

import (
	"slices"

	"fray/engine/dice"
)

// Random armour (BRP's option, l.494): a piece of armour may give dice
// (rolls) instead of, or besides, a fixed value; they are rolled for each
// hit that lands where the armour counts, and added to it.

// ArmorRoll: the dice Who's Piece of armour rolled for Stat against a hit.
type ArmorRoll struct {
	Piece Text `players:"public"`
	Stat  string
}

// rolledArmor rolls the dice of each piece c wears that covers the
// location ("": all over only) for stat, logging each, and returns their
// sum.
func (t *tx) rolledArmor(c *Combatant, stat, location string) (int, error) {
	if !t.rs.IsArmor(stat) {
		return 0, nil
	}
	sum := 0
	for _, a := range c.Armor {
		e, ok := a.Rolls[stat]
		if !ok || (len(a.Locations) > 0 && !slices.Contains(a.Locations, location)) {
			continue
		}
		r, err := t.roller.Roll(e, dice.StatFunc(t.statsOf(c)))
		if err != nil {
			return 0, err
		}
		t.log(EvRoll, of(c), &r, ArmorRoll{Piece: Text(a.Name), Stat: stat})
		sum += r.Total
	}
	return max(sum, 0), nil
}
