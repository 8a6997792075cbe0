package rules

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
