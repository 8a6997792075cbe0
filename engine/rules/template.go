package rules

import (
	"fmt"
	"strings"

	"fray/engine/dice"
)

// Template is a creature or character a combatant can be made from.
type Template struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Ruleset string `toml:"ruleset"`
	Side    string `toml:"side"`
	HP      int    `toml:"hp"`
	// MaxHP, when set, is its most hit points and HP those it joins with
	// (a wounded survivor); unset, HP is both.
	MaxHP int            `toml:"max_hp"`
	Stats map[string]int `toml:"stats"`
	Notes string         `toml:"notes"`
	// Weapons and Armor are what it carries into a fight (gear.go).
	Weapons []Weapon `toml:"weapons"`
	Armor   []Armor  `toml:"armor"`
	// Multipliers are what it takes from weapons of some kinds: the
	// ruleset's multiplier by id, and the kinds ({ weakness = ["piercing"] }).
	Multipliers map[string][]string `toml:"multipliers"`
}

// ValidateTemplate checks a template against its ruleset.
func (rs *Ruleset) ValidateTemplate(t Template) []FieldError {
	var errs []FieldError
	if t.ID == "" || !idPattern().MatchString(strings.ReplaceAll(t.ID, "-", "_")) {
		errs = append(errs, FieldError{Path: "id", Msg: fmt.Sprintf("%q is not a valid id", t.ID)})
	}
	if t.Name == "" {
		errs = append(errs, FieldError{Path: "name", Msg: "a creature needs a name"})
	}
	if rs.Recorded() {
		if t.HP != 0 {
			errs = append(errs, FieldError{Path: "hp", Key: true, Msg: rs.ID + " keeps a wound record: a creature has no hit points"})
		}
	} else if t.MaxHP != 0 {
		if t.MaxHP < 1 || t.MaxHP > dice.MaxStat {
			errs = append(errs, FieldError{Path: "max_hp", Msg: fmt.Sprintf("the most hit points are 1 to %d", dice.MaxStat)})
		} else if t.HP > t.MaxHP || t.HP < -dice.MaxStat {
			errs = append(errs, FieldError{Path: "hp", Msg: "the hit points it joins with are at most its max_hp"})
		}
	} else if t.HP < 1 {
		errs = append(errs, FieldError{Path: "hp", Msg: "hit points must be at least 1"})
	} else if t.HP > dice.MaxStat {
		errs = append(errs, FieldError{Path: "hp", Msg: fmt.Sprintf("hit points must be at most %d", dice.MaxStat)})
	}
	for k, v := range t.Stats {
		if _, ok := rs.Stat(k); !ok {
			errs = append(errs,
				FieldError{Path: "stats." + k, Key: true,
					Msg: fmt.Sprintf("%s has no stat %q (its stats: %s)", rs.ID, k, strings.Join(rs.statIDs(), ", "))})
		} else if v > dice.MaxStat || v < -dice.MaxStat {
			errs = append(errs, FieldError{Path: "stats." + k, Msg: "out of range"})
		}
	}
	for i, w := range t.Weapons {
		errs = append(errs, rs.ValidateWeapon(fmt.Sprintf("weapons[%d]", i), w)...)
	}
	for i, a := range t.Armor {
		errs = append(errs, rs.ValidateArmor(fmt.Sprintf("armor[%d]", i), a)...)
	}
	errs = append(errs, rs.ValidateMultipliers("multipliers", t.Multipliers)...)
	return errs
}
