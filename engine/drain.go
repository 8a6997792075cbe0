package engine

import "fmt"

// A stat drained in the fight ([[stats]] drains: Pathmaster's Energy
// Drained, l.885-888, damage to the temporary Constitution): the stats
// typed as the combatant joined are never rewritten; what is drained is
// kept apart and taken off wherever the stat is read, so death at -CON,
// the stun limit 10 + CO and every roll follow it. Given back (a negative
// amount), it is never more than was drained.

// drain lowers (or gives back) a stat the ruleset lets drain.
func (t *tx) drain(cmd Drain) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	def, ok := t.rs.Stat(cmd.Stat)
	if !ok || !def.Drains {
		return fmt.Errorf("%s drains no stat %q", t.rs.Name, cmd.Stat)
	}
	if cmd.Amount == 0 || cmd.Amount < -1000 || cmd.Amount > 1000 {
		return fmt.Errorf("drain 1 to 1000 (a negative amount gives it back)")
	}
	was := c.Drained[def.ID]
	now := max(was+cmd.Amount, 0)
	if now == was {
		return fmt.Errorf("%s has no %s drained to give back", c.Name, def.ID)
	}
	if c.Drained == nil {
		c.Drained = map[string]int{}
	}
	c.Drained[def.ID] = now
	if now == 0 {
		delete(c.Drained, def.ID)
	}
	v, _ := t.statsOf(c)(def.ID)
	t.log(EvCondition, of(c), nil, Drained{Stat: def.ID, Amount: now - was, Total: now, Now: v})
	t.vitals(c)
	return nil
}

// Drained: Who's Stat lowered by Amount (negative: given back), Total
// drained in all, Now what it reads.
type Drained struct {
	Stat               string
	Amount, Total, Now int `players:"hp"`
}

func (Drained) isFact() {}
