package export

import (
	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// What `fray export --player` leaves out is what the player view hides,
// judged as the fight ends: combatants hidden then, and every event about
// them or naming them; events kept private as they happened (a foe's roll
// the GM keeps); hit points of sides not shown as numbers, which read as
// the player view has them ("Orc 1 is hurt") and count for nothing in the
// summary.

// forPlayers is the record as the players may read it.
func forPlayers(rs *rules.Ruleset, es []entry, final *engine.Encounter) []entry {
	var out []entry
	for _, e := range es {
		text, ok := narrate.Public(rs, final, e.Event)
		if !ok {
			continue
		}
		if c := final.Combatant(e.Who.ID); e.HP != 0 && (c == nil || engine.HPShowOf(rs, final, c.Side) != rules.HPExact) {
			e.HP = 0
		}
		if engine.PlayersRead(rs, final, e.Event) != engine.ReadAll {
			e.Text, e.Roll = text, nil
		}
		if e.Turn != 0 && !engine.Seen(final, e.Turn) {
			// A hidden combatant's turn: the players did not see whose
			// it was.
			e.Turn, e.Actor = 0, ""
		}
		out = append(out, e)
	}
	return out
}

// visible are the combatants the players see.
func visible(cs []*engine.Combatant) []*engine.Combatant {
	var out []*engine.Combatant
	for _, c := range cs {
		if engine.Visible(c) {
			out = append(out, c)
		}
	}
	return out
}

// playerState is how a combatant ends the fight as the players see it:
// down, its stun level and conditions by name (no stun counts, no
// bleeding rates); the dead, their death alone.
func playerState(rs *rules.Ruleset, c *engine.Combatant) string {
	s := ""
	add := func(x string) {
		if s != "" {
			s += ", "
		}
		s += x
	}
	if id, dead := engine.Death(rs, c); dead {
		if d, ok := rs.Condition(id); ok {
			return d.Name // its death alone, as the players' screen has it
		}
	}
	if c.Out {
		add("down")
	}
	for i, n := range c.Stun {
		if n > 0 && i < len(rs.Stun.Levels) {
			add(rs.Stun.Levels[i].Name)
			break
		}
	}
	for _, x := range c.Conditions {
		if d, ok := rs.Condition(x.ID); ok {
			add(d.Name)
		}
	}
	if s == "" {
		return "standing"
	}
	return s
}
