package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// A check that spends an action (checks.spends): each attacking action a
// combatant spends pays for one attack roll (a full round of attacks for
// its strikes, actions.many_rolls for any number until its next turn). An
// attack roll with none left to pay for it spends the check's action
// first in one's own turn, as the action key would, with its gate and its
// cost, and is refused when it cannot be paid; out of one's own turn it
// spends checks.off_turn_spends (Pathmaster's opportunity attack, paid by
// the Interrupt), and is refused without it.

// checkSpends spends the check's action for c where it is due (in its own
// turn, the action a picked modifier belongs to: modifier_action.go). It
// reports whether the roll took a strike in place of its action
// (checks.strike_instead).
func (t *tx) checkSpends(c *Combatant, ch rules.Check, chosen []string) (bool, error) {
	if ch.Spends == "" || t.enc.Round == 0 {
		return false, nil
	}
	if a, ok := t.rs.Action(ch.Spends); ok && !a.Attack {
		return t.maneuverSpends(c, ch, a)
	}
	return false, t.attackSpends(c, ch, chosen)
}

// maneuverSpends pays for the roll of a check whose action does not attack
// (Pathmaster's Feint, l.506-531): the action taken for it, else a strike
// past the first of a full round of melee strikes (strike_instead, l.234-
// 235), else the action spent now in its own turn; out of it, refused.
func (t *tx) maneuverSpends(c *Combatant, ch rules.Check, a rules.ActionDef) (bool, error) {
	switch {
	case c.Maneuver == a.ID:
		c.Maneuver = ""
		return false, nil
	case ch.StrikeInstead && c.Strikes != "" && strikeReaches(c.Strikes, rules.RollMelee) && c.StrikeNext > 0 &&
		c.StrikeNext < c.StrikeOf:
		c.StrikeNext++
		return true, nil
	case !t.ownTurn(c):
		return false, fmt.Errorf("%s rolls %s in its own turn, with %s", c.Name, ch.Name, a.Name)
	}
	if err := t.spendAs(c, a, Spend{Who: c.ID, Action: a.ID}); err != nil {
		return false, fmt.Errorf("%s: %w", ch.Name, err)
	}
	c.Maneuver = ""
	return false, nil
}

// attackSpends pays for an attack roll (checkSpends).
func (t *tx) attackSpends(c *Combatant, ch rules.Check, chosen []string) error {
	if err := strikesRefuse(c, ch.Kind); err != nil {
		return err
	}
	by, err := modifierAction(ch, chosen)
	if err != nil {
		return err
	}
	if rollPaid(c, ch) {
		if err := t.paidBy(c, ch, chosen, by); err != nil {
			return err
		}
		c.AttackRolls -= min(c.AttackRolls, rollTakesPaid(c, ch))
		paidRoll(c, by)
		return nil
	}
	id := ch.Spends
	switch {
	case !t.ownTurn(c):
		id = ch.OffTurnSpends
		if fire := t.delayFired(c); fire != "" {
			id = fire
		}
		if by != "" && by != id {
			return t.notPaidBy(c, ch, chosen, by)
		}
	case by != "":
		id = by
	}
	a, ok := t.rs.Action(id)
	if !ok {
		return fmt.Errorf("%s has no attack out of its turn to make this roll with: spend one first (m)", c.Name)
	}
	if err := t.spendAs(c, a, Spend{Who: c.ID, Action: a.ID}); err != nil {
		if !t.ownTurn(c) {
			return fmt.Errorf("%s attacks out of its turn with %s: %w", c.Name, a.Name, err)
		}
		return fmt.Errorf("%s has made the attack rolls its attacks pay for this turn: another is %s: %w", c.Name, a.Name, err)
	}
	if !rollPaid(c, ch) {
		return fmt.Errorf("%s pays for no %s roll", a.Name, ch.Name)
	}
	c.AttackRolls -= min(c.AttackRolls, rollTakesPaid(c, ch))
	paidRoll(c, by)
	return nil
}

// delayFired is the attacking action that fires the attack c holds by a
// Delay (actions.fires_delay), "" when it holds none: rolled out of its
// turn, the held attack is the one made (Pathmaster l.674-688, 692-693).
func (t *tx) delayFired(c *Combatant) string {
	if c.Delaying == "" {
		return ""
	}
	for _, a := range t.rs.Actions {
		if a.FiresDelay && a.Attack {
			return a.ID
		}
	}
	return ""
}

// paidBy refuses, on a roll an action spent earlier pays for, a modifier
// that is another action's bonus (checks.modifiers.action), or the bonus
// of the one that pays once a roll of it is made: Pathmaster's burst
// bonuses reach the burst's one attack (l.452-493), a Charge's its
// charge, never a later attack of the turn or an opportunity attack.
func (t *tx) paidBy(c *Combatant, ch rules.Check, chosen []string, by string) error {
	switch {
	case by == "":
		return nil
	case c.PaidBy != by:
		return t.notPaidBy(c, ch, chosen, by)
	case c.PaidRolls > 0:
		m, _ := ch.Modifier(modifierOf(ch, chosen, by))
		return fmt.Errorf("%s: %s is the bonus of one roll of %s, and %s has made it", ch.Name, m.Name, actionName(t.rs, by), c.Name)
	}
	return nil
}

// notPaidBy is the refusal of a modifier of an action the roll is not
// paid by.
func (t *tx) notPaidBy(c *Combatant, ch rules.Check, chosen []string, by string) error {
	m, _ := ch.Modifier(modifierOf(ch, chosen, by))
	return fmt.Errorf("%s: %s needs %s to have taken %s", ch.Name, m.Name, c.Name, actionName(t.rs, by))
}

// modifierOf is the first chosen modifier that belongs to the action.
func modifierOf(ch rules.Check, chosen []string, action string) string {
	for _, id := range chosen {
		if m, ok := ch.Modifier(id); ok && m.Action == action {
			return id
		}
	}
	return ""
}

// actionName is an action's name, or its id where the ruleset has none.
func actionName(rs *rules.Ruleset, id string) string {
	if a, ok := rs.Action(id); ok {
		return a.Name
	}
	return id
}

// paidRoll counts a roll the action that pays for it has made; one that
// takes its bonus (by) is its one roll: an action of many rolls pays for
// no more (a burst with a bonus is at a single target, l.455-488).
func paidRoll(c *Combatant, by string) {
	c.PaidRolls++
	if by != "" {
		c.RollsOpen = false
	}
}

// rollPaid reports whether an attacking action c spent pays for a roll of
// the check: a strike left that reaches it, an attack that pays for many,
// or one roll left.
func rollPaid(c *Combatant, ch rules.Check) bool {
	return c.RollsOpen || c.AttackRolls > 0 || rollTakesStrike(c, ch)
}

// rollTakesStrike reports whether the roll takes a strike of a full round
// (strikeSpent counts it).
func rollTakesStrike(c *Combatant, ch rules.Check) bool {
	return c.Strikes != "" && c.StrikeNext < c.StrikeOf && strikeReaches(c.Strikes, ch.Kind)
}

// rollTakesPaid is how many of the single rolls paid for the roll uses:
// none when a strike or an attack of many rolls pays for it.
func rollTakesPaid(c *Combatant, ch rules.Check) int {
	if c.RollsOpen || rollTakesStrike(c, ch) {
		return 0
	}
	return 1
}

// attackRollsPaid counts the attack roll an attacking action pays for,
// and the roll an action that does not attack pays for (a check spends it).
func (t *tx) attackRollsPaid(c *Combatant, a rules.ActionDef) {
	if !a.Attack {
		if slices.ContainsFunc(t.rs.Checks, func(ch rules.Check) bool { return ch.Spends == a.ID }) {
			c.Maneuver = a.ID
		}
		return
	}
	if !t.rs.RollsSpend() {
		return
	}
	c.PaidBy, c.PaidRolls = a.ID, 0
	switch {
	case a.ManyRolls:
		c.RollsOpen = true
	case a.Strikes == "":
		c.AttackRolls++
	}
}
