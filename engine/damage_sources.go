package engine

import (
	"fmt"

	"fray/engine/rules"
)

// Damage by its source (conditions.damage_sources): the GM names what
// deals the damage as it is entered, and a condition the combatant holds
// says what share of it that source does (Pathmaster's Incorporeal, l.940-944:
// nothing from a nonmagical attack, half from a spell); any other source
// does it whole.

// sourceOf is the condition c holds that names the source, and the source.
func (t *tx) sourceOf(c *Combatant, id string) (rules.ConditionDef, rules.DamageSource, error) {
	for _, d := range t.rs.Conditions {
		if !c.Has(d.ID) {
			continue
		}
		for _, s := range d.DamageSources {
			if s.ID == id {
				return d, s, nil
			}
		}
	}
	return rules.ConditionDef{}, rules.DamageSource{}, fmt.Errorf("%s holds nothing that takes damage from %q otherwise", c.Name, id)
}

// bySource is the share of amount the source does to c, logged.
func (t *tx) bySource(c *Combatant, id string, amount int) (int, error) {
	if id == "" {
		return amount, nil
	}
	d, s, err := t.sourceOf(c, id)
	if err != nil {
		return 0, err
	}
	t.log(EvDamage, of(c), nil, DamageBySource{Condition: d.ID, Source: s.ID})
	return Share(s.Share).of(amount)
}

// DamageBySource: Who holds Condition, which takes damage from Source
// otherwise (its share).
type DamageBySource struct{ Condition, Source string }

func (DamageBySource) isFact() {}
