package rules

// Durations the GM gives that a ruleset's conditions do not name: until a
// save ([save_ends]; the engine's durations.go).

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

// saveEnds checks [save_ends].
func (c *checker) saveEnds() {
	rs := c.rs
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
