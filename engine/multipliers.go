package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// Damage multipliers ([[multipliers]]): once a blow's armour is off, what
// is left is doubled, halved or both, as the ruleset's multipliers say:
// those the defender takes from the striking weapon's kinds (a Weakness
// to piercing) and those whose formula holds (half damage with a weapon
// one is not proficient with). Each applies once; one and the one it
// cancels, both there, cancel; each doubling adds the damage once more,
// each division divides, and the result is rounded down.

// takesFrom checks a newcomer's multipliers against the ruleset and gives
// them to it.
func takesFrom(rs *rules.Ruleset, c *Combatant, n NewCombatant) error {
	if errs := rs.ValidateMultipliers("multipliers", n.Multipliers); len(errs) > 0 {
		return fmt.Errorf("%s: %v", c.Name, errs[0])
	}
	c.Multipliers = cloneTakes(n.Multipliers)
	return nil
}

func cloneTakes(m map[string][]string) map[string][]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string][]string, len(m))
	for k, v := range m {
		out[k] = slices.Clone(v)
	}
	return out
}

// multiply is a blow's damage, the armour off, multiplied as the
// multipliers that apply say; it logs what it did, where any applied.
func (t *tx) multiply(c, foe *Combatant, w rules.Weapon, net int) (int, error) {
	if len(t.rs.Multipliers) == 0 {
		return net, nil
	}
	stats := checkStats(t.statsOf(c), t.statsOf(foe))
	on := map[string]bool{}
	for _, m := range t.rs.Multipliers {
		if m.When.IsZero() {
			for _, k := range foe.Multipliers[m.ID] {
				if slices.Contains(w.Kinds, k) {
					on[m.ID] = true
				}
			}
			continue
		}
		v, err := formula(m.When, stats)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", m.Name, err)
		}
		if v > 0 {
			on[m.ID] = true
		}
	}
	if len(on) == 0 {
		return net, nil
	}
	said := Multiplied{Damage: net}
	times, divide := 1, 1
	for _, m := range t.rs.Multipliers {
		switch {
		case !on[m.ID]:
		case m.Cancels != "" && on[m.Cancels]:
			said.Cancelled = append(said.Cancelled, m.ID)
		default:
			said.Multipliers = append(said.Multipliers, m.ID)
			if m.Times > 1 {
				times += m.Times - 1
			}
			if m.Divide > 1 {
				divide *= m.Divide
			}
		}
	}
	said.Net = net * times / divide
	t.log(EvDamage, of(foe), nil, said)
	return said.Net, nil
}

// Multiplied: Who's Damage from a blow, the armour off, came to Net by
// the Multipliers that applied (ids); Cancelled are those that applied
// and cancelled each other.
type Multiplied struct {
	Multipliers, Cancelled []string `players:"public"`
	Damage, Net            int      `players:"hp"`
}

func (Multiplied) isFact() {}
