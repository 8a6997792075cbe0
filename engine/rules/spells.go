package rules

// Spells say how long spells take to cast and where a spell that cannot go
// off in the round begins in the next (countdown: segment 10).
type Spells struct {
	// CarryTo is the segment of the next round at which a spell begins when
	// it would go off below order.lowest this round.
	CarryTo int `toml:"carry_to"`
	// Kinds are the kinds of spell with their casting times by rank.
	Kinds []SpellKind `toml:"kinds"`
}

// SpellKind is a kind of spell (countdown's GK and SK) and its casting
// time in segments by the caster's rank in the spell.
type SpellKind struct {
	ID    string     `toml:"id"`
	Name  string     `toml:"name"`
	Times []SpellRow `toml:"times"`
}

// SpellRow is a row of casting times: from rank From up to the next row,
// Segments segments.
type SpellRow struct {
	From     int `toml:"from"`
	Segments int `toml:"segments"`
}

// Time is the casting time of the kind at a rank, and whether the rank is
// in the table.
func (k SpellKind) Time(rank int) (int, bool) {
	t, ok := 0, false
	for _, r := range k.Times {
		if rank >= r.From {
			t, ok = r.Segments, true
		}
	}
	return t, ok
}

// SpellKind returns the ruleset's kind of spell with the id.
func (rs *Ruleset) SpellKind(id string) (SpellKind, bool) {
	for _, k := range rs.Spells.Kinds {
		if k.ID == id {
			return k, true
		}
	}
	return SpellKind{}, false
}
