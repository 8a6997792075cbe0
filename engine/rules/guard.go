package rules

import (
	"fmt"
	"strings"
)

// Guard keeps a combatant's defensive bonus as its parts (Pathmaster
// l.37-56, 1062-1124): the dodge and shield stats, and a parry allotted
// from the attack stat, each changed by the last action of the
// combatant's turn, its stun level and its conditions, and kept from its
// turn to the next. The engine's side is engine/guard.go.
type Guard struct {
	// Dodge is the dodge stat: what the actions' and conditions' dodge
	// changes reach, and the bands' penalties where DodgeBands.
	Dodge string `toml:"dodge"`
	// DodgeBands: the bands of hits and pools take their penalty off the
	// dodge too (Pathmaster l.1165-1166, 1438-1439).
	DodgeBands bool `toml:"dodge_bands"`
	// Shield is the shield stat: 0 while an action or condition leaves no
	// shield.
	Shield string `toml:"shield"`
	// ShieldRanged is the shield's bonus against ranged attacks, a stat of
	// its own (l.1083-1089): what leaves no shield leaves it 0 too.
	ShieldRanged string `toml:"shield_ranged"`
	// ParryFrom is the stat a parry is allotted from: at most its value as
	// typed, and taken off it while a parry is possible (l.1098-1101).
	ParryFrom string `toml:"parry_from"`
	// Parry is the name formulas read the parry by: the allotment as the
	// limits leave it, at the share of the next parry (helpers.parry_factors).
	Parry string `toml:"parry"`
	// Idle is the action one's defences follow before one acts: before the
	// first turn, and from the start of each own turn (Off-Guard, l.222-229).
	Idle string `toml:"idle"`
	// AllotLapses: the parry allotted lapses at the start of one's next
	// turn, unused or not, and is allotted again there (Pathmaster
	// l.1114-1116).
	AllotLapses bool `toml:"allot_lapses"`
	// ParryByFoe counts the parries' shares by the foes parried
	// (Pathmaster l.1104-1109): a foe parried again meets its own share,
	// so a single attacker meets the whole parry each time, and the
	// second foe parried half of it.
	ParryByFoe bool `toml:"parry_by_foe"`
}

// Set reports whether the ruleset keeps defence parts.
func (g Guard) Set() bool { return g.ParryFrom != "" || g.Dodge != "" || g.Shield != "" }

// What a part of the defence is left, for actions, conditions and stun
// levels (parry, shield).
const (
	GuardNone = "none"
	GuardHalf = "half"
	GuardFull = "full"
)

// GuardLimits are the values an action's or condition's parry may take;
// a shield is none or full.
var GuardLimits = []string{GuardNone, GuardHalf, GuardFull}

// guard checks the [guard] section and the parts the actions and
// conditions change; it runs before the checks, whose formulas may read
// the parry by its name.
func (c *checker) guard() {
	g := c.rs.Guard
	parts := []struct{ key, id string }{{"guard.dodge", g.Dodge}, {"guard.shield", g.Shield}, {"guard.shield_ranged", g.ShieldRanged},
		{"guard.parry_from", g.ParryFrom}}
	for _, k := range parts {
		if k.id != "" && !c.stats[k.id] {
			c.bad(k.key, "unknown stat %q (the ruleset's stats: %s)", k.id, strings.Join(c.rs.statIDs(), ", "))
		}
	}
	switch {
	case g.Parry != "" && g.ParryFrom == "":
		c.bad("guard.parry", "a parry is allotted from a stat: set guard.parry_from")
	case g.ParryFrom != "" && g.Parry == "":
		c.bad("guard.parry_from", "name the parry for the formulas: set guard.parry (\"PARRY\")")
	case g.Parry != "" && c.stats[g.Parry]:
		c.bad("guard.parry", "%q is a stat already: the parry needs a name of its own", g.Parry)
	case g.Parry != "" && !idPattern().MatchString(g.Parry):
		c.bad("guard.parry", "%q is not a valid name (letters, digits and _)", g.Parry)
	case g.Parry != "":
		c.stats[g.Parry] = true
	}
	if g.ShieldRanged != "" && g.Shield == "" {
		c.bad("guard.shield_ranged", "the ranged shield goes with a shield: set guard.shield")
	}
	if g.DodgeBands && g.Dodge == "" {
		c.bad("guard.dodge_bands", "the bands reach the dodge: set guard.dodge")
	}
	if g.Idle != "" && !c.actions[g.Idle] {
		c.bad("guard.idle", "unknown action %q", g.Idle)
	}
	if g.AllotLapses && g.ParryFrom == "" {
		c.bad("guard.allot_lapses", "no parry is allotted (guard.parry_from)")
	}
	if g.ParryByFoe && g.Parry == "" {
		c.bad("guard.parry_by_foe", "no parry is kept to count (guard.parry)")
	}
	if g.Idle != "" && !g.Set() {
		c.bad("guard.idle", "no defence parts are kept (guard.dodge, guard.shield, guard.parry_from)")
	}
	for i, a := range c.rs.Actions {
		c.guardParts(fmt.Sprintf("actions[%d]", i), a.Parry, a.Shield, a.Dodge)
		if !a.ParryCap.IsZero() {
			c.expr(fmt.Sprintf("actions[%d].parry_cap", i), a.ParryCap)
			c.formula(fmt.Sprintf("actions[%d].parry_cap", i), a.ParryCap)
			if g.ParryFrom == "" {
				c.bad(fmt.Sprintf("actions[%d].parry_cap", i), "no parry is allotted (guard.parry_from)")
			}
		}
		c.guardMore(fmt.Sprintf("actions[%d]", i), a)
	}
	for i, d := range c.rs.Conditions {
		c.guardParts(fmt.Sprintf("conditions[%d]", i), d.Parry, d.Shield, 0)
		if d.IgnoresDefences && !g.Set() {
			c.bad(fmt.Sprintf("conditions[%d].ignores_defences", i),
				"no defence parts are kept (guard.dodge, guard.shield, guard.parry_from)")
		}
	}
}

// guardParts checks what an action or condition does to the parts.
func (c *checker) guardParts(p, parry, shield string, dodge int) {
	g := c.rs.Guard
	if parry != "" {
		oneOf(c, p+".parry", parry, GuardLimits)
		if g.ParryFrom == "" {
			c.bad(p+".parry", "no parry is allotted (guard.parry_from)")
		}
	}
	if shield != "" {
		oneOf(c, p+".shield", shield, []string{GuardNone, GuardFull})
		if g.Shield == "" {
			c.bad(p+".shield", "no shield stat (guard.shield)")
		}
	}
	if dodge != 0 && g.Dodge == "" {
		c.bad(p+".dodge", "no dodge stat (guard.dodge)")
	}
}

// guardMore checks what an action adds to the parts: a dodge and a
// parry on top, foes fewer for the parry's share, foes more for the
// shield.
func (c *checker) guardMore(p string, a ActionDef) {
	g := c.rs.Guard
	if !a.DodgeMore.IsZero() {
		c.expr(p+".dodge_more", a.DodgeMore)
		c.formula(p+".dodge_more", a.DodgeMore)
		if g.Dodge == "" {
			c.bad(p+".dodge_more", "no dodge stat (guard.dodge)")
		}
	}
	if !a.ParryLoneFoe.IsZero() {
		c.expr(p+".parry_lone_foe", a.ParryLoneFoe)
		c.formula(p+".parry_lone_foe", a.ParryLoneFoe)
		if g.ParryFrom == "" {
			c.bad(p+".parry_lone_foe", "no parry is allotted (guard.parry_from)")
		}
	}
	switch {
	case a.ParryFoesFewer < 0:
		c.bad(p+".parry_foes_fewer", "a count of foes: 0 or more, not %d", a.ParryFoesFewer)
	case a.ParryFoesFewer > 0 && g.ParryFrom == "":
		c.bad(p+".parry_foes_fewer", "no parry is allotted (guard.parry_from)")
	}
	switch {
	case a.ShieldFoes < 0:
		c.bad(p+".shield_foes", "a count of attackers: 0 or more, not %d", a.ShieldFoes)
	case a.ShieldFoes > 0 && g.Shield == "":
		c.bad(p+".shield_foes", "no shield stat (guard.shield)")
	}
}

// Guards reports whether an action changes a part of the defence.
func (a ActionDef) Guards() bool {
	return a.Parry != "" || a.Shield != "" || a.Dodge != 0 || !a.ParryCap.IsZero() || !a.DodgeMore.IsZero() ||
		a.ParryFoesFewer != 0 || !a.ParryLoneFoe.IsZero() || a.ShieldFoes != 0
}
