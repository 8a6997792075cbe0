package rules

// Missile is a kind of missile that sticks in its target on a critical or
// grievous hit (countdown: arrow or quarrel, javelin, spear): it bleeds at
// the end of every round while the target stays in the fight, and lowers a
// stat until it is taken out (First Aid).
type Missile struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
	// Bleed is the hit points lost at the end of each round.
	Bleed int `toml:"bleed"`
	// Stat is lowered by Penalty while the missile is in, and by Grievous
	// more when it stuck on a grievous hit.
	Stat     string `toml:"stat"`
	Penalty  int    `toml:"penalty"`
	Grievous int    `toml:"grievous"`
}

// Missile returns the ruleset's missile with the id.
func (rs *Ruleset) Missile(id string) (Missile, bool) {
	for _, m := range rs.Missiles {
		if m.ID == id {
			return m, true
		}
	}
	return Missile{}, false
}
