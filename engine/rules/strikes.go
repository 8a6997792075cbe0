package rules

import "fmt"

// The kinds of a full round of attacks (actions.strikes).
const (
	StrikesMulti      = "multi"
	StrikesTwoWeapons = "two_weapons"
	StrikesDouble     = "double"
)

// StrikesKinds are the values actions.strikes takes.
var StrikesKinds = []string{StrikesMulti, StrikesTwoWeapons, StrikesDouble}

// strikes checks the actions that count strikes against the helpers they read.
func (c *checker) strikes() {
	h := c.rs.Helpers
	for _, k := range []struct{ key, id string }{
		{"helpers.strike_ranks", h.StrikeRanks}, {"helpers.strike_skill", h.StrikeSkill},
		{"helpers.two_weapon_skill", h.TwoWeaponSkill}, {"helpers.two_weapon_ranks", h.TwoWeaponRanks},
	} {
		if k.id != "" && !c.stats[k.id] {
			c.bad(k.key, "unknown stat %q", k.id)
		}
	}
	if !h.OffHand.IsZero() {
		c.expr("helpers.off_hand", h.OffHand)
		c.formula("helpers.off_hand", h.OffHand)
		if h.TwoWeaponSkill == "" {
			c.bad("helpers.off_hand", "an off-hand strike comes with two weapons: set helpers.two_weapon_skill")
		}
	}
	if h.StrikeRanks != "" && h.MultiStrikeRanks <= 0 {
		c.bad("helpers.strike_ranks", "the ranks count strikes by helpers.multi_strike_ranks: set it")
	}
	if h.TwoWeaponRanks != "" && (h.TwoWeaponSkill == "" || h.StrikeRanks == "") {
		c.bad("helpers.two_weapon_ranks", "the ranks in both skills join the multi-strike to two weapons: set helpers.two_weapon_skill "+
			"and helpers.strike_ranks")
	}
	if h.TwoWeaponSkill != "" && h.StrikeSkill == "" {
		c.bad("helpers.strike_skill", "both strikes of two weapons take the lower of two skills: set helpers.strike_skill")
	}
	for i, a := range c.rs.Actions {
		if a.ManyRolls && (!a.Attack || a.Strikes != "") {
			c.bad(fmt.Sprintf("actions[%d].many_rolls", i),
				"an attack's rolls are counted: set attack = true, and no strikes (they count its rolls)")
		}
		p := fmt.Sprintf("actions[%d].strikes", i)
		switch a.Strikes {
		case "":
			continue
		case StrikesMulti:
			if h.StrikeRanks == "" {
				c.bad(p, "the multi-strike counts ranks: set helpers.strike_ranks")
			}
		case StrikesTwoWeapons:
			if h.TwoWeaponSkill == "" {
				c.bad(p, "two weapons need the Two-Weapon Combat skill: set helpers.two_weapon_skill")
			}
		case StrikesDouble:
		default:
			oneOf(c, p, a.Strikes, StrikesKinds)
		}
		if !a.Attack {
			c.bad(p, "strikes are attacks: set attack = true")
		}
	}
}
