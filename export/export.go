// Package export writes the record of a fight for after the session:
// Markdown a GM pastes into session notes, plain text, or JSON with one
// event a line for other tools. It reads the fight's history (the steps
// and what each logged) and never changes it.
//
// Every event passes through Options.Keep before it is written, so a view
// that hides some of the fight (what players may see) is a filter slotted
// in there, not another writer.
package export

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
)

// Options choose what is written.
type Options struct {
	// Keep says whether an event goes into the record; nil keeps all. enc
	// is the fight as the step that logged the event left it.
	Keep func(ev engine.Event, enc *engine.Encounter) bool
	// Player leaves out what the player view hides (players.go).
	Player bool
}

// entry is one event of the record, with its line, and where it happened:
// the step, the round, whose turn it was, and the names of those it
// concerns as they were then.
type entry struct {
	engine.Event
	Text  string
	Step  int
	Turn  int // the combatant whose turn it was, 0 outside turns
	Name  string
	Enc   *engine.Encounter
	Actor string
	// By is the combatant whose doing the event's damage is (0: nobody's,
	// as a bleeding tick, or the GM's own).
	By int
}

// record replays the history step by step (with the faces each step
// rolled: nothing is rolled again) and lists its events with where they
// happened. A step that no longer replays ends the record there, with a
// note.
func record(f *engine.Fight, keep func(engine.Event, *engine.Encounter) bool) ([]entry, engine.Encounter, string) {
	enc := f.Base
	var out []entry
	turn := 0
	names := map[int]string{}
	for _, c := range enc.Combatants {
		names[c.ID] = c.Name
	}
	done, err := f.History()
	if err != nil {
		return out, enc, fmt.Sprintf("the record stops before it starts: %v", err)
	}
	for i, s := range done {
		next, events, err := engine.Apply(f.Rules, enc, s.Cmd, dice.Script(s.Faces...))
		if err != nil {
			return out, enc, fmt.Sprintf("the record stops at step %d, which no longer replays: %v", i+1, err)
		}
		for _, c := range next.Combatants {
			names[c.ID] = c.Name
		}
		striker := 0 // in a blow, who struck last
		for _, ev := range events {
			if _, ok := ev.Fact.(engine.Strikes); ok {
				striker = ev.Who.ID
			}
			switch ev.Kind {
			case engine.EvTurn:
				turn = ev.Who.ID
			case engine.EvRound, engine.EvRoundUp, engine.EvStart:
				if ev.Who.ID == 0 {
					turn = 0
				}
			}
			if keep != nil && !keep(ev, &next) {
				continue
			}
			in := turn
			if roundTick(f.Rules, ev.Fact) {
				in = 0 // the round's, not the last turn's
			}
			out = append(out, entry{Event: ev, Text: narrate.Line(f.Rules, ev), Step: i + 1, Turn: in, Name: names[ev.Who.ID], Enc: &next,
				Actor: names[in], By: dealer(f.Rules, s.Cmd, &enc, ev, striker)})
		}
		enc = next
	}
	return out, enc, ""
}

// roundTick reports whether a fact is of a tick that fires as a round
// begins or ends: outside anyone's turn.
func roundTick(rs *rules.Ruleset, fact engine.Fact) bool {
	var id string
	switch f := fact.(type) {
	case engine.TickSpends:
		id = f.Tick
	case engine.TickNote:
		id = f.Tick
	case engine.TickFailed:
		id = f.Tick
	default:
		return false
	}
	for _, t := range rs.Ticks {
		if t.ID == id {
			return t.When == rules.AtRoundStart || t.When == rules.AtRoundEnd
		}
	}
	return false
}

// dealer is whose doing an event of a step of cmd is, the fight standing
// as enc before it: the roller of a check; in a blow, the attacker whose
// strike it was (striker); for damage the GM typed, the
// one acting then, when it is up, holds nothing that takes its turns away
// (no_turn) and the one hurt is not on its side; otherwise nobody (the
// clock's ticks, bleeding, a condition's harm, damage between turns).
func dealer(rs *rules.Ruleset, cmd engine.Command, enc *engine.Encounter, ev engine.Event, striker int) int {
	if ev.HP >= 0 || ev.Who.ID == 0 {
		return 0
	}
	var a *engine.Combatant
	switch c := cmd.(type) {
	case engine.RollCheck:
		a = enc.Combatant(c.Who)
	case engine.Blow:
		a = enc.Combatant(striker) // each of several attackers strikes in turn
	case engine.Damage:
		a = acting(rs, enc)
	case engine.Marked:
		if _, ok := c.Step.(engine.Damage); ok {
			a = acting(rs, enc)
		}
	}
	v := enc.Combatant(ev.Who.ID)
	if a == nil || a.ID == ev.Who.ID || v != nil && v.Side == a.Side {
		return 0
	}
	return a.ID
}

// acting is the one whose turn it is, when it can act: not down, holding
// no condition that takes its turns away.
func acting(rs *rules.Ruleset, enc *engine.Encounter) *engine.Combatant {
	a := enc.Actor()
	if a == nil || a.Out {
		return nil
	}
	for _, x := range a.Conditions {
		if d, ok := rs.Condition(x.ID); ok && d.NoTurn {
			return nil
		}
	}
	return a
}

// tally is what happened to one combatant over the fight.
type tally struct {
	dealt, taken, healed int
	down                 []string // when it went down: "round 2, on Orc 1's turn"
}

// tallies add up damage dealt (hit points a combatant's doing took off
// others: dealer), taken and healed, and when each went down.
func tallies(es []entry) map[int]*tally {
	t := map[int]*tally{}
	get := func(id int) *tally {
		if t[id] == nil {
			t[id] = &tally{}
		}
		return t[id]
	}
	for _, e := range es {
		who := e.Who.ID
		switch {
		case e.Kind == engine.EvAdd || who == 0:
		case e.HP < 0:
			get(who).taken -= e.HP
			if e.By != 0 {
				get(e.By).dealt -= e.HP
			}
		case e.HP > 0:
			get(who).healed += e.HP
		}
		if _, down := e.Fact.(engine.Down); down {
			when := fmt.Sprintf("round %d", e.Round)
			if e.Actor != "" {
				when += ", on " + e.Actor + "'s turn"
			}
			get(who).down = append(get(who).down, when)
		}
	}
	return t
}

// state says how a combatant ends the record: hit points, down, what it
// holds, what bleeds.
func state(rs *rules.Ruleset, c *engine.Combatant) string {
	var s []string
	if c.Out {
		s = append(s, "down")
	}
	for _, x := range c.Conditions {
		if d, ok := rs.Condition(x.ID); ok {
			s = append(s, d.Name)
		}
	}
	if n := c.Bleeding(); n > 0 {
		s = append(s, fmt.Sprintf("bleeding %d a round", n))
	}
	if st := c.StunTotal(); st > 0 {
		s = append(s, fmt.Sprintf("stunned %d", st))
	}
	if len(s) == 0 {
		return "standing"
	}
	return strings.Join(s, ", ")
}

// timeText is how long the fight lasted in the time the ruleset gives a
// round, or "" when it gives none.
func timeText(rs *rules.Ruleset, rounds int) string {
	if rs.RoundSeconds <= 0 {
		return ""
	}
	return fmt.Sprintf("%s (%d seconds a round)", span(rounds*rs.RoundSeconds), rs.RoundSeconds)
}

func span(secs int) string {
	if secs < 60 {
		return fmt.Sprintf("%d seconds", secs)
	}
	if secs%60 == 0 {
		return fmt.Sprintf("%d minute%s", secs/60, plural(secs/60))
	}
	return fmt.Sprintf("%d min %d s", secs/60, secs%60)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// byOrder lists the combatants as the order has them at the end (the
// order's own list, then anyone it leaves out), for the table.
func byOrder(enc *engine.Encounter) []*engine.Combatant {
	var out []*engine.Combatant
	seen := map[int]bool{}
	ids := slices.Clone(enc.Order)
	for _, e := range enc.Entries {
		ids = append(ids, e.Who)
	}
	for _, id := range ids {
		if c := enc.Combatant(id); c != nil && !seen[id] {
			seen[id] = true
			out = append(out, c)
			if c.Group == c.ID {
				// A group's members act on its leader's place: they
				// follow it, in the order they joined, as on the screen.
				for _, m := range enc.Combatants {
					if m.Group == c.ID && !seen[m.ID] {
						seen[m.ID] = true
						out = append(out, m)
					}
				}
			}
		}
	}
	for _, c := range enc.Combatants {
		if !seen[c.ID] {
			out = append(out, c)
		}
	}
	return out
}
