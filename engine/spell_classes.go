package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/dice"
)

// Classes of concentrated spell that cost otherwise (spells.classes:
// Pathmaster's free spells, l.1478-1480, and informational ones, l.1274,
// 1324), picked as the spell is begun; Transcendence, which covers the
// casting roll's penalties and, covering them all with no time penalty and
// no cross-realm spell, casts without a roll (spells.transcendence,
// l.1269-1270, 1297-1302); and a spell cast at the end of the turn's
// Concentrate (spells.cast_in_concentrate, l.1451-1453).

// spellClass checks a class of spell named by a command ("": none).
func (t *tx) spellClass(id string) error {
	if id == "" {
		return nil
	}
	if _, ok := t.rs.Spells.SpellClass(id); !ok {
		return fmt.Errorf("%s has no class of spell %q", t.rs.Name, id)
	}
	return nil
}

// ruinedCost is what the spell costs ruined or spoiled: its class's, or
// the ruleset's.
func (t *tx) ruinedCost(x Casting) string {
	if k, ok := t.rs.Spells.SpellClass(x.Class); ok && k.Ruined != "" {
		return k.Ruined
	}
	return t.rs.Spells.Ruined
}

// castsInConcentrate reports whether the spell is cast at the end of the
// turn's Concentrate, with no action of its own.
func (t *tx) castsInConcentrate(x Casting) bool {
	return t.rs.Spells.CastInConcentrate && x.Worked && x.Rounds > 0
}

// transcends is what Transcendence adds to the casting roll (up to the
// penalties, all but the time's: l.1301), and whether it covers them all
// with no time penalty and no skipped modifier chosen (a cross-realm
// spell, l.1297-1300): then the spell is cast without a roll. The
// penalties are the roll's own (the caster's conditions, the injury and
// Mana bands) with the GM's picks and typed modifier.
func (t *tx) transcends(c *Combatant, timeMod int, cmd Cast) (int, bool, error) {
	sp := t.rs.Spells
	if sp.Transcendence == "" {
		return 0, false, nil
	}
	tr, _ := t.statsOf(c)(sp.Transcendence)
	if tr <= 0 {
		return 0, false, nil
	}
	ch, _ := t.rs.Check(sp.Check)
	m, err := t.rollMods(c, Rolling{Kind: ch.Kind, Check: &ch, Penalized: ch.Penalized, Chosen: cmd.Modifiers})
	if err != nil {
		return 0, false, err
	}
	net, skipped := m.Total, false
	for _, x := range m.Mods {
		// A skipped modifier is covered as any other, but asks for a roll.
		skipped = skipped || x.Modifier != "" && slices.Contains(sp.TranscendenceSkips, x.Modifier)
	}
	if e := strings.TrimSpace(cmd.Expr); e != "" {
		x, err := dice.Parse(e)
		if err != nil {
			return 0, false, fmt.Errorf("%s: %w", e, err)
		}
		v, err := formula(x, t.statsOf(c))
		if err != nil {
			return 0, false, fmt.Errorf("%s: %w", e, err)
		}
		net += v
	}
	penalty := max(-net, 0)
	sure := penalty <= tr && timeMod >= 0 && !skipped
	covers := min(tr, penalty)
	t.log(EvHold, of(c), nil, Transcends{Skill: tr, Penalty: penalty, Covers: covers, Sure: sure, Time: timeMod < 0, Skipped: skipped})
	return covers, sure, nil
}

// Transcends: Who's Transcendence Skill against the casting's Penalty (all
// but the time and the skipped modifiers): it Covers so much of it, and
// where Sure the spell is cast without a roll; Time and Skipped say what
// kept a roll.
type Transcends struct {
	Skill, Penalty, Covers int `players:"roll"`
	Sure, Time, Skipped    bool
}

func (Transcends) isFact() {}
