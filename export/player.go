package export

import (
	"fmt"

	"fray/engine"
	"fray/engine/rules"
)

// The player's record (Options.Player) is the fight as the player view
// shows it at its end: the engine's own rules of what players see
// (engine.Visible, engine.PublicText, engine.HPShowOf) applied to the
// whole record, so the export never tells more than the screen did.

// public keeps of the record what the player view shows of it, read
// against the fight as it ends: a combatant hidden at the end is left out
// with every line about or naming it, a line kept from the players as it
// happened stays out, hit points a side does not show exactly read "is
// hurt" with no number, and a hidden combatant's turn is nobody's.
func public(rs *rules.Ruleset, final *engine.Encounter, es []entry) []entry {
	var out []entry
	for _, e := range es {
		text, ok := engine.PublicText(rs, final, e.Event)
		if !ok {
			continue
		}
		if text != e.Text || !exactHP(rs, final, e.Who) {
			// Rewritten (hurt, healed, joins): the numbers and the roll
			// behind them stay with the GM.
			e.HP, e.Roll = 0, nil
		}
		e.Text = text
		if c := final.Combatant(e.Turn); c != nil && !engine.Visible(c) {
			e.Turn, e.Actor = 0, ""
		}
		out = append(out, e)
	}
	return out
}

// exactHP reports whether the players read combatant id's hit points as
// numbers (true for lines about nobody in particular).
func exactHP(rs *rules.Ruleset, enc *engine.Encounter, id int) bool {
	c := enc.Combatant(id)
	return c == nil || engine.HPShowOf(rs, enc, c.Side) == rules.HPExact
}

// shown lists the combatants the players see at the end, in order.
func shown(final *engine.Encounter, player bool) []*engine.Combatant {
	all := byOrder(final)
	if !player {
		return all
	}
	var out []*engine.Combatant
	for _, c := range all {
		if engine.Visible(c) {
			out = append(out, c)
		}
	}
	return out
}

// hpCell is a combatant's hit points in the table: numbers for the GM;
// for the players, as its side shows them (a band in words for words and
// the bar, nothing when the side shows none).
func hpCell(rs *rules.Ruleset, final *engine.Encounter, c *engine.Combatant, player bool) string {
	if !player {
		return fmt.Sprintf("%d/%d", c.HP, c.MaxHP)
	}
	switch engine.HPShowOf(rs, final, c.Side) {
	case rules.HPExact:
		return fmt.Sprintf("%d/%d", c.HP, c.MaxHP)
	case rules.HPNone:
		return "-"
	}
	return engine.HPWord(rs, c)
}

// sumCell is a number of the summary for the players: "-" where the
// combatant's hit points are not shown as numbers.
func sumCell(rs *rules.Ruleset, final *engine.Encounter, c *engine.Combatant, n int, player bool) string {
	if player && !exactHP(rs, final, c.ID) {
		return "-"
	}
	return fmt.Sprint(n)
}
