package rules

import (
	"fmt"
	"maps"
	"slices"

	"fray/engine/dice"
)

// VitalityKind says what a combatant's hurts are kept as.
type VitalityKind string

// Vitality kinds.
const (
	VitalityHP     VitalityKind = "hit_points"   // a pool of hit points ([hp], thresholds)
	VitalityRecord VitalityKind = "wound_record" // wounds by location and severity, no hit points
)

// VitalityKinds are the vitality kinds a ruleset may choose.
var VitalityKinds = []VitalityKind{VitalityHP, VitalityRecord}

// Vitality chooses the vitality kind and, for a wound record, its
// locations, severities and what a wound of a severity at a location does.
type Vitality struct {
	Kind       VitalityKind  `toml:"kind"`
	Locations  []Location    `toml:"locations"`
	Severities []Severity    `toml:"severities"`
	Effects    []WoundEffect `toml:"effects"`
	Together   []Together    `toml:"together"`
}

// Together holds conditions while every one of Locations has a wound of
// AtLeast or worse on the record (both legs impaired: a crawl), for as
// long as that is so.
type Together struct {
	Locations []string `toml:"locations"`
	AtLeast   string   `toml:"at_least"`
	Holds     []string `toml:"holds"`
	// Count, when set, is how many of Locations are enough (any three
	// limbs of four); unset, every one of them.
	Count int `toml:"count"`
	// CountsFor names, for a location, those of Locations a wound there of
	// AtLeast or worse counts at too (a disabling belly wound disables both
	// legs: belly = ["left_leg", "right_leg"]).
	CountsFor map[string][]string `toml:"counts_for"`
}

// Location is a place a wound is recorded at (head, left arm...).
type Location struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
}

// Severity is a grade of wound, lightest first.
type Severity struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
	// Penalty is the wound's action penalty; of the wounds at one location
	// only the worst counts.
	Penalty int `toml:"penalty"`
	// NoAction: a wound of this severity stops all action (mortal).
	NoAction bool `toml:"no_action"`
	// Bleeding, when set, is what a penetrating wound of this severity
	// bleeds ("light bleeding"), reported by a bleed tick.
	Bleeding string `toml:"bleeding"`
	// Over, when set, is what a blow's damage must exceed for a wound of
	// this severity: a formula of the wounded's stats (its Impaired
	// threshold); a blow makes the worst severity whose Over its damage
	// exceeds. Shock is the shock check value noted on such a wound (0:
	// none).
	Over  dice.Expr `toml:"over"`
	Shock int       `toml:"shock"`
}

// WoundEffect is what a wound of Severity at Location does when recorded:
// conditions given to the wounded for their own duration (Give), conditions
// held for as long as the wound stays on the record (Holds: an arm
// impaired, a fighter knocked out), actions lost (Lose, as lost_actions
// says), a check the wounded rolls.
type WoundEffect struct {
	Location string `toml:"location"`
	Severity string `toml:"severity"`
	// Kind, when set, is the weapon kind (gear.weapon_kinds) a penetrating
	// wound must be of for the row to hold (a puncture, not a cut).
	Kind string `toml:"kind"`
	// Bleeding, when set, is what such a penetrating wound bleeds instead
	// of its severity's bleeding ("": its severity's, or none when the
	// row has Kind: War & Combat's mortal puncture to a limb bleeds, a
	// mortal cut there severs).
	Bleeding string   `toml:"bleeding"`
	Give     []string `toml:"give"`
	Holds    []string `toml:"holds"`
	Lose     int      `toml:"lose"`
	Check    string   `toml:"check"`
	// Lands rolls how far from the wounded what it dropped lands, logged
	// with Unit ("m") and Where, as a check's effect does: War & Combat's
	// serious arm wound, a Fumble that drops its item 1d6-1 metres away.
	Lands dice.Expr `toml:"lands"`
	Unit  string    `toml:"unit"`
	Where string    `toml:"where"`
	// Weapon is what becomes of the wounded's weapon in hand, its first
	// ready one, as the wound is recorded: dropped or broken (War & Combat's
	// serious arm wound: what the arm carries is dropped, l.379).
	Weapon WeaponFate `toml:"weapon"`
}

// For reports whether the effect row is for a wound at loc of sev and
// kind (a row with a kind holds for that kind only).
func (e WoundEffect) For(loc, sev, kind string) bool {
	return e.Location == loc && e.Severity == sev && (e.Kind == "" || e.Kind == kind)
}

// Bleeding is what a penetrating wound at loc of sev and kind bleeds ("":
// it does not): the first effect row for it that says, or else its
// severity's.
func (rs *Ruleset) Bleeding(loc, sev, kind string) string {
	for _, e := range rs.Vitality.Effects {
		if e.Bleeding != "" && e.For(loc, sev, kind) {
			return e.Bleeding
		}
	}
	s, _ := rs.Severity(sev)
	return s.Bleeding
}

// Recorded reports whether the ruleset keeps a wound record.
func (rs *Ruleset) Recorded() bool { return rs.Vitality.Kind == VitalityRecord }

// Severity returns the severity with the id.
func (rs *Ruleset) Severity(id string) (Severity, bool) {
	i := slices.IndexFunc(rs.Vitality.Severities, func(s Severity) bool { return s.ID == id })
	if i < 0 {
		return Severity{}, false
	}
	return rs.Vitality.Severities[i], true
}

// Location returns the location with the id.
func (rs *Ruleset) Location(id string) (Location, bool) {
	i := slices.IndexFunc(rs.Vitality.Locations, func(l Location) bool { return l.ID == id })
	if i < 0 {
		return Location{}, false
	}
	return rs.Vitality.Locations[i], true
}

// vitality checks the vitality kind and the wound record. It runs after
// conditions and checks are known.
func (c *checker) vitality() {
	v := c.rs.Vitality
	if v.Kind == "" {
		v.Kind = VitalityHP
	}
	oneOf(c, "vitality.kind", v.Kind, VitalityKinds)
	if v.Kind != VitalityRecord {
		if len(v.Locations)+len(v.Severities)+len(v.Effects)+len(v.Together) > 0 {
			c.bad("vitality.locations[0].id", "locations, severities and effects make a wound record: set vitality.kind = %q",
				VitalityRecord)
		}
		return
	}
	hp := c.rs.HP
	for _, k := range []struct {
		key string
		set bool
	}{{"out_at", hp.OutAt != 0}, {"keep_acting", hp.KeepActing}, {"out_condition", hp.OutCondition != ""},
		{"dead_at", !hp.DeadAt.IsZero()}, {"dead_condition", hp.DeadCondition != ""}, {"penalty_out", hp.PenaltyOut != 0}, {"armor",
			hp.Armor != ""}, {"wounds_apart", hp.WoundsApart}} {
		if k.set {
			c.bad("hp."+k.key, "a wound record keeps no hit points (vitality.kind = %q)", VitalityRecord)
		}
	}
	if len(c.rs.Thresholds) > 0 {
		c.bad("thresholds", "a wound record keeps no hit points to pass thresholds of")
	}
	if len(v.Locations) == 0 {
		c.bad("vitality.locations", "a wound record needs locations")
	}
	if len(v.Severities) == 0 {
		c.bad("vitality.severities", "a wound record needs severities")
	}
	locs, sevs := map[string]bool{}, map[string]bool{}
	for i, l := range v.Locations {
		c.id(fmt.Sprintf("vitality.locations[%d].id", i), l.ID, locs)
	}
	for i, s := range v.Severities {
		p := fmt.Sprintf("vitality.severities[%d]", i)
		c.id(p+".id", s.ID, sevs)
		if s.Penalty > 0 {
			c.bad(p+".penalty", "a penalty is 0 or less (-3)")
		}
	}
	for i, e := range v.Effects {
		p := fmt.Sprintf("vitality.effects[%d]", i)
		if !locs[e.Location] {
			c.bad(p+".location", "unknown location %q", e.Location)
		}
		if !sevs[e.Severity] {
			c.bad(p+".severity", "unknown severity %q", e.Severity)
		}
		for j, g := range e.Give {
			c.ref(fmt.Sprintf("%s.give[%d]", p, j), "condition", g, c.conds)
		}
		for j, g := range e.Holds {
			c.ref(fmt.Sprintf("%s.holds[%d]", p, j), "condition", g, c.conds)
		}
		c.lose(p+".lose", e.Lose)
		if e.Check != "" && !slices.ContainsFunc(c.rs.Checks, func(ch Check) bool { return ch.ID == e.Check }) {
			c.bad(p+".check", "unknown check %q", e.Check)
		}
		if _, ok := c.rs.WeaponKind(e.Kind); e.Kind != "" && !ok {
			c.bad(p+".kind", "unknown weapon kind %q (gear.weapon_kinds)", e.Kind)
		}
		c.landing(p, e.Lands, e.Unit, e.Where)
		c.fateNotStuck(p+".weapon", e.Weapon)
		if len(e.Give) == 0 && len(e.Holds) == 0 && e.Lose == 0 && e.Check == "" && e.Bleeding == "" && e.Lands.IsZero() && e.Weapon == "" {
			c.bad(p, "an effect gives or holds a condition, takes actions, rolls a check, drops what is held or bleeds")
		}
	}
	for i, g := range v.Together {
		p := fmt.Sprintf("vitality.together[%d]", i)
		if len(g.Locations) < 2 && g.Count == 0 {
			c.bad(p+".locations", "together names two locations or more")
		}
		seen := map[string]bool{}
		for j, l := range g.Locations {
			switch {
			case !locs[l]:
				c.bad(fmt.Sprintf("%s.locations[%d]", p, j), "unknown location %q", l)
			case seen[l]:
				c.bad(fmt.Sprintf("%s.locations[%d]", p, j), "location %q named twice", l)
			}
			seen[l] = true
		}
		if !sevs[g.AtLeast] {
			c.bad(p+".at_least", "unknown severity %q", g.AtLeast)
		}
		if len(g.Holds) == 0 {
			c.bad(p+".holds", "together holds a condition")
		}
		if g.Count < 0 || g.Count > len(g.Locations) {
			c.bad(p+".count", "how many of its %d locations are enough: 1 to %d", len(g.Locations), len(g.Locations))
		}
		for j, h := range g.Holds {
			c.ref(fmt.Sprintf("%s.holds[%d]", p, j), "condition", h, c.conds)
		}
		for _, from := range slices.Sorted(maps.Keys(g.CountsFor)) {
			q := fmt.Sprintf("%s.counts_for.%s", p, from)
			if !locs[from] {
				c.bad(q, "unknown location %q", from)
			}
			if len(g.CountsFor[from]) == 0 {
				c.bad(q, "counts_for names the locations of together.locations a wound at %q counts at", from)
			}
			for j, l := range g.CountsFor[from] {
				if !slices.Contains(g.Locations, l) {
					c.bad(fmt.Sprintf("%s[%d]", q, j), "%q is not one of together.locations", l)
				}
			}
		}
	}
}

// SeverityRank is the severity's place, lightest first (-1: unknown).
func (rs *Ruleset) SeverityRank(id string) int {
	return slices.IndexFunc(rs.Vitality.Severities, func(s Severity) bool { return s.ID == id })
}
