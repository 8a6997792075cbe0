package rules

import (
	"fmt"
)

// The GM's evening: what a ruleset says about acting on several marked
// combatants at once, its timed events, and effects that end on a save.

// Marked says how a step on several marked combatants at once rolls.
type Marked struct {
	// RollEach rolls the dice of a step on several marked combatants once
	// for each of them; by default one roll serves them all (a fireball's
	// damage is rolled once).
	RollEach bool `toml:"roll_each"`
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
