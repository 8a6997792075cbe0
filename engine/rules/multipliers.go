package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
)

// Multiplier multiplies or divides the damage of a blow once the armour is
// off (Energy's Weakness doubles it, Resistance halves it, rounded down).
// It applies to a blow in one of two ways: a combatant takes it from
// weapons of some kinds (a creature's multipliers = { weakness =
// ["piercing"] }), or, with When, whenever its formula comes to more than
// 0 (Energy's half damage with a weapon one is not proficient with:
// "weapon_mpr - mpl").
//
// Each applies at most once to a blow, however many of the weapon's kinds
// it takes. One and the one it Cancels, both applying, cancel each other
// (Weakness and Resistance, like Advantage and Disadvantage). What is left
// combines as the book's clarification says: each doubling adds the damage
// once more (two sources of double damage: three times), each division
// divides, and the result is rounded down.
type Multiplier struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
	// Times multiplies the damage (2: double); Divide divides it (2: half,
	// rounded down). A multiplier sets one of them.
	Times  int `toml:"times"`
	Divide int `toml:"divide"`
	// Cancels is the multiplier one of each of which cancels the other.
	Cancels string `toml:"cancels"`
	// When, set, applies it to a blow whose formula comes to more than 0:
	// the attacker's stats, the defender's as target_X and the striking
	// weapon's fields as weapon_X.
	When dice.Expr `toml:"when"`
}

// Multiplier returns the ruleset's multiplier with the id.
func (rs *Ruleset) Multiplier(id string) (Multiplier, bool) {
	for _, m := range rs.Multipliers {
		if m.ID == id {
			return m, true
		}
	}
	return Multiplier{}, false
}

func (rs *Ruleset) multiplierIDs() []string {
	var ids []string
	for _, m := range rs.Multipliers {
		if m.When.IsZero() {
			ids = append(ids, m.ID)
		}
	}
	if len(ids) == 0 {
		return []string{"none"}
	}
	return ids
}

// multipliers checks the damage multipliers.
func (c *checker) multipliers() {
	rs := c.rs
	seen := map[string]bool{}
	for i, m := range rs.Multipliers {
		p := fmt.Sprintf("multipliers[%d]", i)
		c.id(p+".id", m.ID, seen)
		if m.Name == "" {
			c.bad(p+".name", "a multiplier needs a name")
		}
		switch {
		case m.Times == 0 && m.Divide == 0:
			c.bad(p+".times", "say what it does: times = 2 (double damage) or divide = 2 (half)")
		case m.Times != 0 && m.Divide != 0:
			c.bad(p+".divide", "a multiplier multiplies or divides, not both")
		case m.Times < 0 || m.Times == 1 || m.Times > 10:
			c.bad(p+".times", "between 2 and 10")
		case m.Divide < 0 || m.Divide == 1 || m.Divide > 10:
			c.bad(p+".divide", "between 2 and 10")
		}
		if m.Cancels != "" {
			o, ok := rs.Multiplier(m.Cancels)
			switch {
			case !ok:
				c.bad(p+".cancels", "unknown multiplier %q", m.Cancels)
			case o.ID == m.ID:
				c.bad(p+".cancels", "a multiplier cancels another")
			case o.Cancels != m.ID:
				c.bad(p+".cancels", "%q must cancel %q too (one of each cancels the other)", o.ID, m.ID)
			}
		}
		c.blowFormula(p+".when", m.When, blowNames{}, false)
	}
}

// ValidateMultipliers checks what a combatant takes from weapons of some
// kinds (multipliers = { weakness = ["piercing"] }); paths start at path.
func (rs *Ruleset) ValidateMultipliers(path string, takes map[string][]string) []FieldError {
	var errs []FieldError
	for _, id := range slices.Sorted(maps.Keys(takes)) {
		m, ok := rs.Multiplier(id)
		switch {
		case !ok:
			errs = append(errs, FieldError{Path: path + "." + id, Key: true,
				Msg: fmt.Sprintf("%s has no multiplier %q (taken from weapons: %s)", rs.ID, id, strings.Join(rs.multiplierIDs(), ", "))})
			continue
		case !m.When.IsZero():
			errs = append(errs, FieldError{Path: path + "." + id, Key: true,
				Msg: fmt.Sprintf("%s applies by its formula (%s), not by a weapon's kinds", m.Name, m.When.String())})
			continue
		case len(takes[id]) == 0:
			errs = append(errs, FieldError{Path: path + "." + id, Msg: "name the weapon kinds it is taken from"})
		}
		for j, k := range takes[id] {
			q := fmt.Sprintf("%s.%s[%d]", path, id, j)
			if _, ok := rs.WeaponKind(k); !ok {
				errs = append(errs, FieldError{Path: q, Msg: fmt.Sprintf("%s has no weapon kind %q (its kinds: %s)", rs.ID, k,
					strings.Join(rs.weaponKindIDs(), ", "))})
			} else if slices.Contains(takes[id][:j], k) {
				errs = append(errs, FieldError{Path: q, Msg: fmt.Sprintf("%q is named twice", k)})
			}
		}
	}
	return errs
}
