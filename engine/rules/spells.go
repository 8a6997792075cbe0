package rules

import "fray/engine/dice"

// Spells say how long spells take to cast and where a spell that cannot go
// off in the round begins in the next (countdown: segment 10).
type Spells struct {
	// CarryTo is the segment of the next round at which a spell begins when
	// it would go off below order.lowest this round.
	CarryTo int `toml:"carry_to"`
	// RoundTime is the casting time of a spell of a whole round (countdown:
	// 10): such a spell must begin at CarryTo exactly, this round when the
	// caster's initiative is at CarryTo or above it (it holds to CarryTo),
	// otherwise at CarryTo of the next round.
	RoundTime int `toml:"round_time"`
	// Kinds are the kinds of spell with their casting times by rank.
	Kinds []SpellKind `toml:"kinds"`
	// Stats are added to the caster's stats while a timed spell is under
	// way, from the segment it begins until the one it goes off at:
	// formulas of the caster's own stats (countdown: no DEF from DEX, the
	// Defense skill or a shield).
	Stats map[string]dice.Expr `toml:"stats"`
	// Concentrated spells (Pathmaster): the caster names the spell and its
	// level, spends Concentrate on consecutive own turns to prepare it, and
	// casts it with Cast, rolling Check with the modifier of Prep for the
	// caster's Level stat less the spell's level and the rounds prepared;
	// the outcome costs Power what Costs says (by outcome id, a formula that
	// may name SPELL_LEVEL).
	Concentrate string            `toml:"concentrate"`
	Cast        string            `toml:"cast"`
	Check       string            `toml:"check"`
	Level       string            `toml:"level"`
	Prep        []PrepRow         `toml:"prep"`
	Power       string            `toml:"power"`
	Costs       map[string]string `toml:"costs"`
	// Instant is the action an instantaneous spell is cast with, at once
	// and by anyone at any time (Pathmaster: an Interrupt), read on the
	// table's instant column; it spoils a spell under way.
	Instant string `toml:"instant"`
	// Ruined is what a spell ruined by a turn without concentrating costs
	// from Power (a formula that may read SPELL_LEVEL); one the caster
	// gives up costs nothing.
	Ruined string `toml:"ruined"`
	// Between are the pools an action of the caster's own turn may spend
	// between its concentration and the casting without ruining the
	// preparation (Pathmaster: a Free action and the Step; a Move or an
	// Attack between them ruins it, l.495-497). Unset: any action.
	Between []string `toml:"between"`
	// Classes are the kinds of concentrated spell that cost otherwise,
	// picked as a spell is begun (spell_classes.go): Pathmaster's free
	// spells (no power points) and informational ones (the full cost on a
	// failure).
	Classes []SpellClass `toml:"classes"`
	// Transcendence is the stat of the skill that covers the casting
	// roll's penalties (up to them); when it covers them all, with no time
	// penalty and none of TranscendenceSkips chosen, the spell is cast
	// without a roll (Pathmaster l.1269-1270, 1297-1302).
	Transcendence      string   `toml:"transcendence"`
	TranscendenceSkips []string `toml:"transcendence_skips"`
	// CastInConcentrate: a spell prepared this turn may be cast at the end
	// of the turn's Concentrate, with no action of its own (Pathmaster
	// l.1451-1453, the other reading of l.496 and 1283).
	CastInConcentrate bool `toml:"cast_in_concentrate"`
	// Subconscious: a spell may go off by itself while its caster is
	// stunned, knocked out or otherwise unable to act (Pathmaster's
	// subconscious spells, l.1509-1514): cast at once with no action, at
	// the casting table's instant column.
	Subconscious bool `toml:"subconscious"`
}

// SpellClass is a kind of concentrated spell that costs otherwise: Costs
// by the outcome of the spell check replace spells.costs, Ruined the cost
// of a ruined spell ("": spells.ruined).
type SpellClass struct {
	ID     string            `toml:"id"`
	Name   string            `toml:"name"`
	Costs  map[string]string `toml:"costs"`
	Ruined string            `toml:"ruined"`
}

// SpellClass returns the class of spell with the id.
func (sp Spells) SpellClass(id string) (SpellClass, bool) {
	for _, k := range sp.Classes {
		if k.ID == id {
			return k, true
		}
	}
	return SpellClass{}, false
}

// SpellLevel is the name a spell's cost formula reads its level by.
const SpellLevel = "SPELL_LEVEL"

// PrepRow is a row of the casting time table: for a caster Diff levels
// above the spell (the first row counts for more, the last for less), the
// modifier for 0, 1, 2 ... rounds of concentration; the last repeats.
// Instant is the row's modifier for an instantaneous spell.
type PrepRow struct {
	Diff    int   `toml:"diff"`
	Mods    []int `toml:"mods"`
	Instant int   `toml:"instant"`
}

// Concentrated reports whether the ruleset's spells are prepared by
// concentrating (Pathmaster) rather than timed in segments (countdown).
func (sp Spells) Concentrated() bool { return sp.Cast != "" }

// PrepMod is the casting table's modifier for a level difference and the
// rounds prepared, and the row's difference it read (the table's edge for a
// difference beyond it).
func (sp Spells) PrepMod(diff, rounds int) (int, int) {
	row, ok := sp.prepRow(diff)
	if !ok {
		return 0, diff
	}
	if len(row.Mods) == 0 {
		return 0, row.Diff
	}
	return row.Mods[min(max(rounds, 0), len(row.Mods)-1)], row.Diff
}

// InstantMod is the casting table's instant column for a level
// difference, and the row's difference it read.
func (sp Spells) InstantMod(diff int) (int, int) {
	row, ok := sp.prepRow(diff)
	if !ok {
		return 0, diff
	}
	return row.Instant, row.Diff
}

// prepRow is the table's row for a level difference: the first it reaches,
// or the last.
func (sp Spells) prepRow(diff int) (PrepRow, bool) {
	if len(sp.Prep) == 0 {
		return PrepRow{}, false
	}
	for _, r := range sp.Prep {
		if diff >= r.Diff {
			return r, true
		}
	}
	return sp.Prep[len(sp.Prep)-1], true
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
