package rules

// Maneuvers are the table of attacks made for another end than a wound
// (War & Combat's disarming, grappling, subdual, tackling and throwing):
// the GM picks the kind and the column the attack reached, and the cell
// rolls the row's check for the one it was made on against the cell's
// target, gives a condition, or both.
type Maneuvers struct {
	// Columns name the table's columns, left to right (Superficial, Light,
	// Serious, Critical).
	Columns []string      `toml:"columns"`
	Rows    []ManeuverRow `toml:"rows"`
}

// ManeuverRow is a kind of maneuver: Effect names what its cells' targets
// are ("Fumble": Fumble-10); Check is rolled by the one it is made on
// against each cell's target (without one the target is logged for the GM:
// a shock level); Give is a condition it is given by any cell (grappled).
type ManeuverRow struct {
	ID     string         `toml:"id"`
	Name   string         `toml:"name"`
	Effect string         `toml:"effect"`
	Check  string         `toml:"check"`
	Give   string         `toml:"give"`
	Cells  []ManeuverCell `toml:"cells"`
}

// ManeuverCell is a column of a row: the row's check against Target, and
// the condition Give given (a weapon broken instead of a check); Weapon is
// what becomes of the weapon in hand of the one it is made on, its first
// ready one: dropped or broken (War & Combat's critical disarming, l.404).
type ManeuverCell struct {
	Target int        `toml:"target"`
	Give   string     `toml:"give"`
	Weapon WeaponFate `toml:"weapon"`
}

// Maneuver is the row of the table with the id.
func (rs *Ruleset) Maneuver(id string) (ManeuverRow, bool) {
	for _, r := range rs.Maneuvers.Rows {
		if r.ID == id {
			return r, true
		}
	}
	return ManeuverRow{}, false
}
