package engine

import (
	"fmt"
	"maps"
	"slices"

	"fray/engine/rules"
)

// Modifiers paid for with a condition the roller holds at the target
// (checks.modifiers.spends): Pathmaster's Feint, whose penalty reaches the
// feinter's next single attack on the foe it feinted, and no one else's
// (l.524-528). The condition comes from an outcome given at_foe.

// spendsHeld refuses a chosen modifier whose condition the roller does not
// hold at this target, and two that one condition would pay for.
func (t *tx) spendsHeld(ch rules.Check, c, foe *Combatant, chosen []string) error {
	paid := map[string]string{}
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok || m.Spends == "" {
			continue
		}
		name := m.Spends
		if def, ok := t.rs.Condition(m.Spends); ok {
			name = def.Name
		}
		x := c.condition(m.Spends)
		if def, ok := t.rs.Condition(m.Spends); ok && def.OwnTurnOnly && x != nil && !t.ownTurn(c) {
			return fmt.Errorf("%s: %s is for %s's attack in its own turn, not out of it", ch.Name, m.Name, c.Name)
		}
		if foe == nil || x == nil || !x.Own || !x.reaches(foe) {
			at := "its target: choose one"
			if foe != nil {
				at = foe.Name
			}
			return fmt.Errorf("%s: %s needs %s %s at %s", ch.Name, m.Name, c.Name, name, at)
		}
		if other, ok := paid[m.Spends]; ok {
			return fmt.Errorf("%s: %s cannot be picked with %s: one %s pays for one", ch.Name, m.Name, other, name)
		}
		paid[m.Spends] = m.Name
	}
	return nil
}

// targetHolds refuses a chosen modifier whose condition
// (checks.modifiers.target_holds) the target does not hold, or holds at
// another than the roller: Pathmaster's tumbled dodge, only against one
// who tumbled.
func (t *tx) targetHolds(ch rules.Check, c, foe *Combatant, chosen []string) error {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok || m.TargetHolds == "" {
			continue
		}
		def, _ := t.rs.Condition(m.TargetHolds)
		if foe == nil {
			return fmt.Errorf("%s: %s is rolled against one who holds %s: choose a target", ch.Name, m.Name, def.Name)
		}
		x := foe.condition(m.TargetHolds)
		switch {
		case x == nil || !x.held():
			return fmt.Errorf("%s: %s: %s %s", ch.Name, m.Name, foe.Name, being(def, "is not"))
		case !x.reaches(c):
			return fmt.Errorf("%s: %s: %s holds %s at another than %s", ch.Name, m.Name, foe.Name, def.Name, c.Name)
		}
	}
	return nil
}

// poolsLeft refuses a chosen modifier whose pools the roller has spent
// (checks.modifiers.needs_left: a braced crossbow after a Step).
func (t *tx) poolsLeft(ch rules.Check, c *Combatant, chosen []string) error {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok {
			continue
		}
		for _, p := range slices.Sorted(maps.Keys(m.NeedsLeft)) {
			if n := m.NeedsLeft[p]; c.Pools[p] < n {
				return fmt.Errorf("%s: %s needs %d %s left; %s has %d", ch.Name, m.Name, n, poolNameOf(t.rs, p), c.Name, c.Pools[p])
			}
		}
	}
	return nil
}

// stillAim refuses a chosen modifier that needs the attack to follow the
// roller's aims at this foe with no Step among them (checks.modifiers.
// needs_still_aim: Pathmaster's braced crossbow, l.551-553).
func stillAim(ch rules.Check, c, foe *Combatant, chosen []string) error {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok || !m.NeedsStillAim {
			continue
		}
		if !c.AimedStill || c.AimedAt != 0 && (foe == nil || foe.ID != c.AimedAt) {
			return fmt.Errorf("%s: %s needs an attack right after an Aim at the target, with no Step or move since the first Aim: "+
				"%s has none", ch.Name, m.Name, c.Name)
		}
	}
	return nil
}

// heldSpent ends the roller's own grant of each condition a chosen
// modifier spent, once the roll is made.
func (t *tx) heldSpent(ch rules.Check, c *Combatant, chosen []string, ref CheckRef) {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok || m.Spends == "" {
			continue
		}
		def, ok := t.rs.Condition(m.Spends)
		x := c.condition(def.ID)
		if !ok || x == nil || x.OnStrikes && c.StrikeNext < c.StrikeOf {
			// Given by a strike: the strikes left take it too.
			continue
		}
		t.endOwn(c, def, SpentOn{Condition: def.ID, On: ref})
	}
}

// givenAtFoe makes a condition an outcome gave its roller at_foe reach
// rolls against the foe alone.
func givenAtFoe(c, foe *Combatant, e rules.CheckEffect) {
	if !e.AtFoe || foe == nil || e.To == rules.ToTarget {
		return
	}
	if x := c.condition(e.Give); x != nil && x.Own {
		x.On = foe.ID
	}
}
