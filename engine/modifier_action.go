package engine

import (
	"fmt"

	"fray/engine/rules"
)

// A modifier that belongs to an attacking action (checks.modifiers.action):
// Pathmaster's All-Out Attack and Charge bonuses are the maneuvers'
// (l.274-283, 499-504), never a bonus of their own. Picked on a roll that
// spends an action of the roller's turn, the roll spends the modifier's
// action in place of the check's, so its cost, its gate and the defences
// it leaves follow; picked on a roll an action spent earlier pays for, that
// action must be the modifier's and the roll its first (a burst's bonus
// reaches the burst's one attack, l.448-493); on a check that spends no
// action, the roller must hold what the action gives (actions.gives).

// modifierAction is the action the picked modifiers belong to ("" none),
// refused where two belong to different actions.
func modifierAction(ch rules.Check, chosen []string) (string, error) {
	id, by := "", ""
	for _, x := range chosen {
		m, ok := ch.Modifier(x)
		if !ok || m.Action == "" {
			continue
		}
		if by != "" && m.Action != id {
			return "", fmt.Errorf("%s: %s cannot be picked with %s: they are two actions' bonuses", ch.Name, m.Name, by)
		}
		id, by = m.Action, m.Name
	}
	return id, nil
}

// actionHeld refuses a picked modifier of an action the roller has not
// taken: it holds none of what the action gives. A roll that spends
// actions in a fight under way is bound to the action that pays for it
// instead (checkSpends).
func (t *tx) actionHeld(ch rules.Check, c *Combatant, chosen []string) error {
	if ch.Spends != "" && t.enc.Round > 0 {
		return nil
	}
	for _, x := range chosen {
		m, ok := ch.Modifier(x)
		if !ok || m.Action == "" {
			continue
		}
		a, ok := t.rs.Action(m.Action)
		if !ok || a.Gives == "" || c.condition(a.Gives) == nil {
			name := m.Action
			if ok {
				name = a.Name
			}
			return fmt.Errorf("%s: %s needs %s to have taken %s", ch.Name, m.Name, c.Name, name)
		}
	}
	return nil
}
