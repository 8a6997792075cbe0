package rules

import "fmt"

// foeAction checks what an action taken at a foe asks of it and does to
// it (foe_holds, foe_gets), what it provokes, and where a resumable action
// may first be broken up (resumable_from).
func (c *checker) foeAction(i int, a ActionDef) {
	p := fmt.Sprintf("actions[%d]", i)
	for j, id := range a.FoeHolds {
		c.ref(fmt.Sprintf("%s.foe_holds[%d]", p, j), "condition", id, c.conds)
	}
	c.ref(p+".foe_gets", "condition", a.FoeGets, c.conds)
	if (len(a.FoeHolds) > 0 || a.FoeGets != "") && !a.AtFoe {
		key := ".foe_gets"
		if len(a.FoeHolds) > 0 {
			key = ".foe_holds"
		}
		c.bad(p+key, "foe_holds and foe_gets are of an action taken at a foe: set at_foe")
	}
	for j, id := range a.FoeLoses {
		c.ref(fmt.Sprintf("%s.foe_loses[%d]", p, j), "condition", id, c.conds)
	}
	if len(a.FoeLoses) > 0 && !a.AtFoe {
		c.bad(p+".foe_loses", "foe_loses is of an action taken at a foe: set at_foe")
	}
	if len(a.FoeLoses) > 0 && a.Extended {
		c.bad(p+".foe_loses", "an extended action is paid over turns: its foe is not named each time")
	}
	if a.FoeGets != "" && a.Extended {
		c.bad(p+".foe_gets", "an extended action is paid over turns: its foe is not named each time")
	}
	if a.Provokes != "" {
		if b, ok := c.rs.Action(a.Provokes); !ok {
			c.bad(p+".provokes", "unknown action %q", a.Provokes)
		} else if b.ID == a.ID {
			c.bad(p+".provokes", "an action does not provoke itself")
		}
	}
	if a.ResumableFrom != 0 {
		switch {
		case !a.Extended || !a.Resumable:
			c.bad(p+".resumable_from", "only a resumable extended action is broken up from a point of its cost")
		case a.ResumableFrom < 1 || a.ResumableFrom >= sum(a.Cost):
			c.bad(p+".resumable_from", "%d is not within its cost: 1 to %d", a.ResumableFrom, sum(a.Cost)-1)
		}
	}
}
