package rules

import "fmt"

// movement checks where movement falls in the count and what may change it.
func (c *checker) movement() {
	rs := c.rs
	m := rs.Movement
	if m.Stat == "" {
		if m.From != 0 || m.To != 0 {
			c.bad("movement.stat", "movement from and to are counted in a stat: set stat (TMR)")
		}
		if m.Penalized {
			c.bad("movement.penalized", "penalties come off the movement stat: set stat (TMR)")
		}
		if rs.Movement.KeepMoved && rs.Movement.Stat == "" {
			c.bad("movement.keep_moved", "keeps movement made: set stat (TMR)")
		}
	} else {
		if !c.stats[m.Stat] {
			c.bad("movement.stat", "unknown stat %q", m.Stat)
		}
		if rs.Order.Kind != OrderSegments {
			c.bad("movement.stat", "movement falls in the segments of a segments order")
		}
		if m.From < m.To {
			c.bad("movement.from", "movement runs from a segment down to another: from %d is below to %d", m.From, m.To)
		}
		if m.To < rs.Order.Lowest {
			c.bad("movement.to", "movement ends at or above order.lowest (%d)", rs.Order.Lowest)
		}
	}
	for i, d := range rs.Declarations {
		if d.Movement.IsZero() {
			continue
		}
		p := fmt.Sprintf("declarations[%d].movement", i)
		if m.Stat == "" {
			c.bad(p, "a declaration's movement needs movement.stat")
		}
		c.expr(p, d.Movement)
		c.formula(p, d.Movement)
	}
	for i, ch := range rs.Checks {
		for j, o := range ch.Outcomes {
			for k, e := range o.Effects {
				if e.MoveAfter == 0 {
					continue
				}
				p := fmt.Sprintf("checks[%d].outcomes[%d].effects[%d].move_after", i, j, k)
				if m.Stat == "" {
					c.bad(p, "movement begins after an action where the ruleset has movement: set movement.stat")
				}
				if e.MoveAfter < 1 || e.MoveAfter > 100 {
					c.bad(p, "a number of segments from 1 to 100")
				}
			}
		}
	}
	c.withdraw()
}

// withdraw checks what withdrawing from melee rolls and refers to.
func (c *checker) withdraw() {
	rs := c.rs
	w := rs.Withdraw
	if w.Check != "" {
		if _, ok := rs.Check(w.Check); !ok {
			c.bad("withdraw.check", "unknown check %q", w.Check)
		}
	}
	if w.Blow != "" {
		b, ok := rs.Blow(w.Blow)
		switch {
		case !ok:
			c.bad("withdraw.blow", "unknown blow %q", w.Blow)
		case b.Check != w.Check:
			c.bad("withdraw.blow", "the free attack's blow %s rolls %q: set withdraw.check = %q", b.ID, b.Check, b.Check)
		}
	}
	for i, id := range w.Modifiers {
		p := fmt.Sprintf("withdraw.modifiers[%d]", i)
		if w.Check == "" {
			c.bad(p, "a free attack's modifiers need withdraw.check")
			continue
		}
		if ch, ok := rs.Check(w.Check); ok {
			if _, ok := ch.Modifier(id); !ok {
				c.bad(p, "%s has no modifier %q", w.Check, id)
			}
		}
	}
	for i, id := range w.NoFreeAttack {
		p := fmt.Sprintf("withdraw.no_free_attack[%d]", i)
		if w.Check == "" {
			c.bad(p, "declarations that forbid a free attack need withdraw.check")
		}
		if _, ok := rs.Declaration(id); !ok {
			c.bad(p, "unknown declaration %q", id)
		}
	}
	c.ref("withdraw.fled_condition", "condition", w.Fled, c.conds)
	if w.Fled != "" {
		if d, ok := rs.Condition(w.Fled); ok && !d.NoTurn {
			c.bad("withdraw.fled_condition", "one who fled has no turns: give %q no_turn = true", w.Fled)
		}
	}
}
