package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine/rules"
)

// Modifiers a target allows once between its own turns (a check
// modifier's once): Pathmaster's shield, used against one attacker and
// then not again until its next turn (l.1078-1082). Each is counted on
// the target by the modifier's id, whatever check takes it.

// spendOnce refuses a once-a-turn modifier taken against a target already
// since its turn, or with no target; otherwise it marks it taken. One
// taken once_per_attacker is marked with the attacker c ("shield@3"), who
// may take it again; another may not.
func (t *tx) spendOnce(ch rules.Check, c, foe *Combatant, chosen []string) error {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok || !m.Once {
			continue
		}
		if foe == nil {
			return fmt.Errorf("%s: %s is taken against someone: choose a target", ch.Name, m.Name)
		}
		mark := id
		if m.OncePerAttacker {
			mark = fmt.Sprintf("%s@%d", id, c.ID)
		}
		// A shield against more attackers (actions.shield_foes): so many
		// may take it, each again.
		others, most := 0, shieldFoes(t.rs, foe, m)
		for _, x := range foe.Spent {
			by, _ := strconv.Atoi(strings.TrimPrefix(x, id+"@"))
			switch {
			case x == id:
				return fmt.Errorf("%s: %s once between %s's turns, and it has been", ch.Name, m.Name, foe.Name)
			case x == mark:
				mark = "" // again by the same attacker
			case strings.HasPrefix(x, id+"@") && others+1 < most:
				others++
			case strings.HasPrefix(x, id+"@"):
				who := fmt.Sprintf("another (%d)", by)
				if a := t.enc.Combatant(by); a != nil {
					who = a.Name
				}
				if most > 1 {
					return fmt.Errorf("%s: %s against %d attackers between %s's turns, and it has been (the last: %s)",
						ch.Name, m.Name, most, foe.Name, who)
				}
				return fmt.Errorf("%s: %s against one attacker between %s's turns, and it was used against %s",
					ch.Name, m.Name, foe.Name, who)
			}
		}
		if mark != "" {
			foe.Spent = append(slices.Clone(foe.Spent), mark)
		}
	}
	return nil
}

// shieldFoes is how many attackers a modifier taken once_per_attacker
// counts against between foe's turns: 1, or for a shield the number its
// action gives (actions.shield_foes: Increased Block, l.268).
func shieldFoes(rs *rules.Ruleset, foe *Combatant, m rules.CheckModifier) int {
	if a, ok := stanceOf(rs, foe); ok && a.ShieldFoes > 1 && m.OncePerAttacker && readsShield(rs, m.Mod) {
		return a.ShieldFoes
	}
	return 1
}

// takeOnceARound refuses a once-a-round modifier the roller has taken
// already this round; otherwise it marks it taken (cleared with the
// round's defences as the next round starts).
func (t *tx) takeOnceARound(ch rules.Check, c *Combatant, chosen []string) error {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok || !m.OnceARound {
			continue
		}
		if slices.Contains(c.Taken, id) && len(m.SpentBy) > 0 {
			// Spent by the round's first such weapon at c, whether c
			// answered it or not (spentByBlow): c may not have rolled it.
			return fmt.Errorf("%s: %s once a round, and the round's first %s weapon at %s has come, answered or not",
				ch.Name, m.Name, strings.Join(m.SpentBy, " or "), c.Name)
		}
		if slices.Contains(c.Taken, id) {
			return fmt.Errorf("%s: %s once a round, and %s has had it this round", ch.Name, m.Name, c.Name)
		}
		c.Taken = append(slices.Clone(c.Taken), id)
	}
	return nil
}

// spentByBlow marks taken for the round foe's once-a-round modifiers that
// a blow at it with w spends, answered or not (checks.modifiers.spent_by:
// BRP's missile dodge, the round's first arrow only, l.133).
func (t *tx) spentByBlow(foe *Combatant, w rules.Weapon) {
	has := func(kinds []string) bool {
		return slices.ContainsFunc(kinds, func(k string) bool { return slices.Contains(w.Kinds, k) })
	}
	for _, ch := range t.rs.Checks {
		for _, m := range ch.Modifiers {
			if !m.OnceARound || !has(m.SpentBy) || has(m.SpentByNot) || slices.Contains(foe.Taken, m.ID) {
				continue
			}
			foe = t.mine(foe)
			foe.Taken = append(slices.Clone(foe.Taken), m.ID)
		}
	}
}

// onceAt makes the once-a-turn modifiers against a combatant free again at
// the start of its own turn.
func (t *tx) onceAt(c *Combatant, _ moment) { c.Spent = nil }
