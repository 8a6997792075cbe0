package rules

import "fmt"

// The GM's evening: what a ruleset says about acting on several marked
// combatants at once, its timed events, and effects that end on a save.

// Marked says how a step on several marked combatants at once rolls.
type Marked struct {
	// RollEach rolls the dice of a step on several marked combatants once
	// for each of them; by default one roll serves them all (a fireball's
	// damage is rolled once).
	RollEach bool `toml:"roll_each"`
}

// EventAt is the point of the round a timed event fires at.
type EventAt string

// Event points.
const (
	EventRoundStart EventAt = "round_start" // as the round begins
	EventRoundEnd   EventAt = "round_end"   // as the round ends
	EventCount      EventAt = "count"       // as the order's count reaches the event's count
)

// EventAts are the points a timed event may fire at.
var EventAts = []EventAt{EventRoundStart, EventRoundEnd, EventCount}

// TimedEvent is a timed event of the ruleset: a lair acting at a count, a
// hazard every few rounds, reinforcements after some rounds.
type TimedEvent struct {
	Name string  `toml:"name"`
	Text string  `toml:"text"`
	When EventAt `toml:"when"`
	// Count is the initiative value, rank or segment at which an event of
	// when = "count" fires, as the count reaches it: before those at it act.
	Count int `toml:"count"`
	// After is the rounds that pass before it first fires (it first fires
	// in round After + 1); Every the rounds between firings (1 when 0);
	// Times how often it fires in all (0: no limit).
	After int `toml:"after"`
	Every int `toml:"every"`
	Times int `toml:"times"`
	// Check is a check rolled, with no target, for each combatant the event
	// concerns; Condition a condition given to each, for its own duration.
	Check     string `toml:"check"`
	Condition string `toml:"condition"`
	// Side limits the combatants it concerns to one side (all when empty).
	Side string `toml:"side"`
}

// Due reports whether an event fires in a round (its point aside).
func (e TimedEvent) Due(round int) bool {
	n := round - e.After - 1
	every := max(e.Every, 1)
	return n >= 0 && n%every == 0 && (e.Times == 0 || n/every < e.Times)
}

// SaveAt is the point of the holder's own turn at which a save against an
// effect that "save ends" is rolled.
type SaveAt string

// Save points.
const (
	SaveTurnStart SaveAt = "own_turn_start"
	SaveTurnEnd   SaveAt = "own_turn_end"
)

// SaveAts are the points a save may be rolled at.
var SaveAts = []SaveAt{SaveTurnStart, SaveTurnEnd}

// SaveEnds says how an effect the GM gives "until a save" ends: the check
// rolled by its holder, and when.
type SaveEnds struct {
	// Check is the id of the ruleset's check rolled; on a success the
	// effect ends. Without one, the ruleset has no "save ends".
	Check string `toml:"check"`
	// At is the holder's point the save is rolled at (own_turn_end when empty).
	At SaveAt `toml:"at"`
}

// SavePoint is the point a save is rolled at.
func (s SaveEnds) SavePoint() Point {
	if s.At == SaveTurnStart {
		return AtOwnTurnStart
	}
	return AtOwnTurnEnd
}

func (c *checker) evening() {
	rs := c.rs
	for i, e := range rs.Events {
		p := fmt.Sprintf("events[%d]", i)
		if e.Name == "" {
			c.bad(p+".name", "an event needs a name")
		}
		oneOf(c, p+".when", e.When, EventAts)
		if e.When == EventCount && rs.Order.Kind == OrderNone {
			c.bad(p+".when", "a ruleset with no order has no count")
		}
		if e.Count != 0 && e.When != EventCount {
			c.bad(p+".count", "only an event at a count has one")
		}
		for _, n := range []struct {
			key string
			v   int
		}{{"after", e.After}, {"every", e.Every}, {"times", e.Times}} {
			if n.v < 0 || n.v > 10000 {
				c.bad(p+"."+n.key, "must be 0 to 10000")
			}
		}
		c.ref(p+".condition", "condition", e.Condition, c.conds)
		if ch, ok := rs.Check(e.Check); e.Check != "" && !ok {
			c.bad(p+".check", "unknown check %q", e.Check)
		} else if ok && ch.NeedsTarget() {
			c.bad(p+".check", "%s is rolled against someone: an event's check has no target", ch.Name)
		}
		if e.Side != "" && e.Check == "" && e.Condition == "" {
			c.bad(p+".side", "only an event with a check or a condition concerns a side")
		}
	}
	s := rs.SaveEnds
	if s.At != "" {
		oneOf(c, "save_ends.at", s.At, SaveAts)
		if s.Check == "" {
			c.bad("save_ends.at", "a save's point needs save_ends.check")
		}
	}
	if s.Check != "" {
		if rs.Order.Kind == OrderNone {
			c.bad("save_ends.check", "a ruleset with no order has no turns to save on")
		}
		if ch, ok := rs.Check(s.Check); !ok {
			c.bad("save_ends.check", "unknown check %q", s.Check)
		} else if ch.NeedsTarget() {
			c.bad("save_ends.check", "%s is rolled against someone: a save has no target", ch.Name)
		}
	}
}
