package rules

import "fray/engine/dice"

// HitLocation is a part of the body with hit points of its own: Roll is
// the faces of hp.location_roll that land on it, HP a formula of the
// combatant's stats (MAX_HP its total), Limb caps what one blow takes off
// the total at twice its hit points (BRP's arms and legs).
type HitLocation struct {
	ID      string           `toml:"id"`
	Name    string           `toml:"name"`
	Roll    Span             `toml:"roll"`
	HP      dice.Expr        `toml:"hp"`
	Limb    bool             `toml:"limb"`
	Effects []LocationEffect `toml:"effects"`
}

// LocationEffect is what damage to a location does once it reaches At
// times the location's hit points: the damage there so far, or, with Blow,
// a single blow's. It gives conditions, opens a wound bleeding Bleed a
// round, kills (Dies), or makes the weapon in hand, the first ready one,
// dropped or broken (Weapon: BRP's useless arm drops what it holds).
// UntilHealed: the conditions it gives that last until removed end when
// healing at the location takes it below its hit points, unless another
// location still at or over its own keeps them (BRP's limb at twice:
// "cannot fight until healed", l.599). HealCloses: healing at the
// location is medical attention, and closes the wound it opened for good
// (BRP l.587, 599).
type LocationEffect struct {
	At          int        `toml:"at"`
	Blow        bool       `toml:"blow"`
	Give        []string   `toml:"give"`
	Bleed       int        `toml:"bleed"`
	Dies        bool       `toml:"dies"`
	Weapon      WeaponFate `toml:"weapon"`
	UntilHealed bool       `toml:"until_healed"`
	HealCloses  bool       `toml:"heal_closes"`
}

// HitLocation is the hit location with the id.
func (rs *Ruleset) HitLocation(id string) (HitLocation, bool) {
	for _, l := range rs.HP.Locations {
		if l.ID == id {
			return l, true
		}
	}
	return HitLocation{}, false
}

// HitLocationAt is the hit location a roll of the location dice lands on.
func (rs *Ruleset) HitLocationAt(v int) (HitLocation, bool) {
	for _, l := range rs.HP.Locations {
		if l.Roll.Holds(v) {
			return l, true
		}
	}
	return HitLocation{}, false
}
