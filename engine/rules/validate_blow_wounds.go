package rules

import (
	"fmt"
	"slices"
)

// blowWounds checks what makes a blow's damage a wound on the record: each
// severity's threshold (over) and shock check value, the blow's
// penetration, and the results that penetrate whatever the armour.
func (c *checker) blowWounds() {
	rs := c.rs
	sevs := rs.Vitality.Severities
	for i, s := range sevs {
		p := fmt.Sprintf("vitality.severities[%d]", i)
		c.expr(p+".over", s.Over)
		c.formula(p+".over", s.Over)
		if s.Shock < 0 || s.Shock > 1000 {
			c.bad(p+".shock", "a shock check value is 1 to 1000")
		}
	}
	if n := slices.IndexFunc(sevs, func(s Severity) bool { return s.Over.IsZero() }); n >= 0 && n < len(sevs) &&
		slices.ContainsFunc(sevs, func(s Severity) bool { return !s.Over.IsZero() }) {
		c.bad(fmt.Sprintf("vitality.severities[%d].over", n),
			"every severity has its threshold, or none does (the lightest's \"0\": any damage)")
	}
	for i, b := range rs.Blows {
		p := fmt.Sprintf("blows[%d]", i)
		if !b.Penetration.IsZero() && !rs.Recorded() {
			c.bad(p+".penetration", "only a wound record notes a wound penetrating (vitality.kind = %q)", VitalityRecord)
		}
		c.blowFormula(p+".penetration", b.Penetration, blowNames{}, false)
		for j, r := range b.Results {
			q := fmt.Sprintf("%s.results[%d]", p, j)
			hits := r.Damage != "" && r.Damage != DamageNone
			switch {
			case r.Penetrates && !rs.Recorded():
				c.bad(q+".penetrates", "only a wound record notes a wound penetrating (vitality.kind = %q)", VitalityRecord)
			case r.Penetrates && !hits:
				c.bad(q+".penetrates", "no damage, no wound to penetrate")
			}
		}
	}
}

// recordedDamage checks a result's damage on a wound record: the damage is
// read as a wound by the severities' thresholds, so they must be there.
func (c *checker) recordedDamage(q string) {
	sevs := c.rs.Vitality.Severities
	if len(sevs) > 0 && sevs[0].Over.IsZero() {
		c.bad(q+".damage", "%s keeps a wound record: a blow's damage is a wound by the severities' thresholds "+
			"(vitality.severities over), which are not set (or record the wound with d)", c.rs.ID)
	}
}
