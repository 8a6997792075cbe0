package engine

import (
	"fmt"

	"fray/engine/rules"
)

// The parry is given up from the attack (guard.parry_from) and set before
// the attack roll (Pathmaster l.1098-1101, 1130-1131): once a combatant has
// rolled an attack in its own turn, its allotment stays as it is until its
// next turn, so the roll made at the full stat never meets a parry allotted
// after it, and every strike of a full round takes the same parry off
// (l.243-244).

// parryFixed marks c's allotment set by an attack roll in its own turn.
func (t *tx) parryFixed(c *Combatant, ch rules.Check) {
	if t.rs.Guard.ParryFrom != "" && !ch.Defence && rules.Overlaps(rules.RollAttack, ch.Kind) && t.ownTurn(c) {
		c.ParryFixed = true
	}
}

// parryFixedRefuse refuses a change of the allotment after the turn's
// attack roll.
func (t *tx) parryFixedRefuse(c *Combatant) error {
	if !c.ParryFixed || !t.ownTurn(c) {
		return nil
	}
	return fmt.Errorf("%s has rolled its attack with its parry at %d: the parry is set before the attack roll, "+
		"and stays so until its next turn", c.Name, c.Allotted)
}
