package engine

import (
	"fmt"

	"fray/engine/rules"
)

// A last action (BRP's dying blow, l.447): one down at hp.out_at or below
// who holds a condition with last_action is back in the order and acts on
// its next turn; the down condition's skipped turns are set aside for it,
// what else that condition forbids (a parry, a dodge) stays. Its own time
// runs out as that turn ends, and its `then` (death) follows.

// lastAction reports whether c holds a last action.
func lastAction(rs *rules.Ruleset, c *Combatant) bool {
	for _, x := range c.Conditions {
		if d, ok := rs.Condition(x.ID); ok && d.LastAction {
			return true
		}
	}
	return false
}

// turnSetAside reports whether condition id's skipping of c's turns is set
// aside: the down condition (hp.out_condition) while c holds a last action.
func turnSetAside(rs *rules.Ruleset, c *Combatant, id string) bool {
	return id == rs.HP.OutCondition && lastAction(rs, c)
}

// lastActionRefused says why c may not be given a last action now: only
// one that is down has one.
func (t *tx) lastActionRefused(c *Combatant, def rules.ConditionDef) error {
	if !def.LastAction || t.rs.Recorded() || c.HP <= t.rs.HP.OutAt {
		return nil
	}
	return fmt.Errorf("%s is not down (%d %s): only one at %d or less has a last action (%s)",
		c.Name, c.HP, t.hpName(), t.rs.HP.OutAt, def.Name)
}
