package engine

import (
	"fmt"
	"slices"
)

// attackOnRank refuses an attack roll at a foe made off the attacker's
// own steps of the order (order.attacks_on_ranks): outside a phase with
// actions, on another's step, or a second time on one step. So a fighter
// attacks as many times a round as the order gives it steps (its attacks,
// each action_step later, those below the lowest rank lost), each on its
// own rank. Before the fight begins nothing is counted.
func (t *tx) attackOnRank(c *Combatant) error {
	if !t.rs.Order.AttacksOnRanks || t.enc.Round == 0 || t.enc.Status != StatusRunning {
		return nil
	}
	phases := t.rs.RoundPhases()
	if t.enc.Phase < len(phases) && !phases[t.enc.Phase].Actions {
		return fmt.Errorf("%s attacks on its own rank in the %s phase, not in the %s phase",
			c.Name, t.actionsPhase(), phases[t.enc.Phase].Name)
	}
	if t.enc.Cur.Who != c.ID {
		if cur := t.enc.Combatant(t.enc.Cur.Who); cur != nil {
			return fmt.Errorf("%s attacks on its own rank: this step is %s's", c.Name, cur.Name)
		}
		return fmt.Errorf("%s attacks on its own rank, not now", c.Name)
	}
	if slices.Contains(c.Struck, t.enc.Cur.Action) {
		return fmt.Errorf("%s has attacked on this rank: one attack a rank, the next on its next rank", c.Name)
	}
	return t.unsplit(c)
}

// unsplit refuses an attack after the first of one who could have split
// the stat and has not (order.split_first): its extra attacks come only of
// a split stated before the first.
func (t *tx) unsplit(c *Combatant) error {
	o := t.rs.Order
	if !o.SplitFirst || t.enc.Cur.Action == 0 || len(c.Shares) > 0 {
		return nil
	}
	if whole, _ := statsOf(t.rs, c)(o.Split); whole >= 2*o.SplitLeast {
		return fmt.Errorf("%s did not split its %s (%d): its attacks after the first come only of a split stated before the first (D)",
			c.Name, o.Split, whole)
	}
	return nil
}

// actionsPhase names the round's phase with actions.
func (t *tx) actionsPhase() string {
	for _, ph := range t.rs.RoundPhases() {
		if ph.Actions {
			return ph.Name
		}
	}
	return "action"
}
