package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// Groups: combatants that share one place in the order ("Orc x6" on one
// entry). The first of a group leads it: the group's entries are the
// leader's, made the ruleset's way (its initiative, its actions); the
// others have none. When the group's step comes, its own turn's points fire
// for each of them, and each keeps its own hit points, wounds, stun and
// conditions. Group is the leader's id on every member, the leader's own
// included; 0 for one not in a group.

// ordered reports whether a combatant has entries of its own: it is in no
// group, or leads one.
func (t *tx) ordered(c *Combatant) bool { return c.Group == 0 || c.Group == c.ID }

// turnOf is who a step of c's is a turn of: c, and the rest of the group it
// leads (those down only where the ruleset gives turns to the down, and
// never the dead).
func (t *tx) turnOf(c *Combatant) []*Combatant {
	if c.Group != c.ID {
		return []*Combatant{c} // inlined: on the caller's stack
	}
	return t.groupTurn(c)
}

// groupTurn is turnOf for a group's leader.
func (t *tx) groupTurn(c *Combatant) []*Combatant {
	dead := t.rs.HP.DeadCondition
	var out []*Combatant
	for _, x := range Members(&t.enc, c) {
		if (x.Out && !t.rs.Order.OutTurns) || (dead != "" && x.Has(dead)) {
			continue
		}
		out = append(out, x)
	}
	return out
}

// Members lists the members of the group a combatant is in, the leader
// first (nil when it is in none).
func Members(enc *Encounter, c *Combatant) []*Combatant {
	if c.Group == 0 {
		return nil
	}
	var out []*Combatant
	if l := enc.Combatant(c.Group); l != nil {
		out = append(out, l)
	}
	for _, x := range enc.Combatants {
		if x.Group == c.Group && x.ID != c.Group {
			out = append(out, x)
		}
	}
	return out
}

// Leader is the combatant whose place in the order c shares: its group's
// leader, or c itself.
func Leader(enc *Encounter, c *Combatant) *Combatant {
	if c.Group != 0 {
		if l := enc.Combatant(c.Group); l != nil {
			return l
		}
	}
	return c
}

// leaveGroup takes a combatant out of its group.
func (t *tx) leaveGroup(cmd LeaveGroup) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if c.Group == 0 {
		return fmt.Errorf("%s is in no group", c.Name)
	}
	t.leave(c)
	return nil
}

// joinGroup has a combatant join another's group, or make one with it.
func (t *tx) joinGroup(cmd JoinGroup) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	to, err := t.who(cmd.With)
	if err != nil {
		return err
	}
	lead := Leader(&t.enc, to)
	switch {
	case c.ID == to.ID || c.Group != 0 && c.Group == lead.ID:
		return fmt.Errorf("%s is in that group already", c.Name)
	case c.Group == c.ID:
		return fmt.Errorf("%s leads a group of its own: its members leave it first", c.Name)
	case t.enc.Status == StatusRunning && t.enc.Cur.Who == c.ID:
		return fmt.Errorf("%s is acting: it joins once its turn is over", c.Name)
	}
	if c.Group != 0 {
		t.leave(c)
	}
	lead = t.mine(lead)
	lead.Group = lead.ID
	c.Group = lead.ID
	c.Init, c.HasInit, c.Tie = lead.Init, lead.HasInit, lead.Tie
	t.enc.Order = slices.DeleteFunc(t.enc.Order, func(id int) bool { return id == c.ID })
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(e Entry) bool { return e.Who == c.ID })
	t.log(EvGroup, of(c), nil, JoinsGroup{Leader: of(lead), Size: len(Members(&t.enc, lead))})
	return nil
}

// leave takes a combatant out of its group. A leader hands the group's place
// to the next member; the one who leaves takes a place of its own at the
// group's initiative, from this round if the group has not acted yet, or
// else from the next. A group left with one member is no group.
func (t *tx) leave(c *Combatant) {
	lead := t.enc.Combatant(c.Group)
	members := Members(&t.enc, c)
	if c.ID == c.Group && len(members) > 1 {
		t.handOver(c.ID, members[1].ID)
		lead = t.enc.Combatant(members[1].ID) // handed the place: a copy of its own now
	}
	c = t.mine(c)
	c.Group = 0
	if rest := Members(&t.enc, lead); len(rest) == 1 {
		t.mine(rest[0]).Group = 0
	}
	t.log(EvGroup, of(c), nil, LeavesGroup{Leader: of(lead)})
	if t.enc.Status != StatusRunning || t.rs.Order.Kind == rules.OrderNone {
		return
	}
	if t.rs.Order.Kind == rules.OrderFixed {
		t.insertOrder(c.ID)
	}
	started := false
	for _, e := range t.enc.Entries {
		if e.Who == lead.ID && e.Started {
			started = true
		}
	}
	if started {
		return
	}
	for _, e := range t.enc.Entries {
		if e.Who == lead.ID {
			e.Who, e.Waiting = c.ID, false
			t.insertEntry(e)
		}
	}
}

// handOver moves a group's place in the order from its leader to the next
// member, who leads it from now on.
func (t *tx) handOver(from, to int) {
	// The place, and the initiative it stands at, go on together.
	if f, n := t.enc.Combatant(from), t.mine(t.enc.Combatant(to)); f != nil && n != nil {
		n.Init, n.HasInit, n.Tie = f.Init, f.HasInit, f.Tie
	}
	for i := range t.enc.Combatants {
		if t.enc.Combatants[i].Group == from {
			t.at(i).Group = to
		}
	}
	for i, id := range t.enc.Order {
		if id == from {
			t.enc.Order[i] = to
		}
	}
	for i := range t.enc.Entries {
		if t.enc.Entries[i].Who == from {
			t.enc.Entries[i].Who = to
		}
	}
	if t.enc.Cur.Who == from {
		t.enc.Cur.Who = to
	}
}

// leaveQuietly takes one about to leave the fight out of its group: a
// leader hands the group's place on first.
func (t *tx) leaveQuietly(c *Combatant) {
	members := Members(&t.enc, c)
	lead := c.Group
	if c.ID == c.Group && len(members) > 1 {
		lead = members[1].ID
		t.handOver(c.ID, lead)
	}
	c = t.mine(c)
	c.Group = 0
	if l := t.enc.Combatant(lead); l != nil {
		if rest := Members(&t.enc, l); len(rest) == 1 {
			t.mine(rest[0]).Group = 0
		}
	}
}

// orderedCount is how many combatants have a place of their own.
func (t *tx) orderedCount() int {
	n := 0
	for i := range t.enc.Combatants {
		if t.ordered(t.enc.Combatants[i]) {
			n++
		}
	}
	return n
}

// verifyGroups checks that every group has a leader who leads it and one
// more member at least, and that only leaders have places in the order.
func (t *tx) verifyGroups() error {
	size := map[int]int{}
	for _, c := range t.enc.Combatants {
		if c.Group == 0 {
			continue
		}
		size[c.Group]++
		if l := t.enc.Combatant(c.Group); l == nil || l.Group != l.ID {
			return fmt.Errorf("%s follows #%d, who leads no group", c.Name, c.Group)
		}
	}
	for id, n := range size {
		if n < 2 {
			return fmt.Errorf("%s leads a group of one", t.name(id))
		}
	}
	for _, e := range t.enc.Entries {
		if c := t.enc.Combatant(e.Who); c != nil && !t.ordered(c) {
			return fmt.Errorf("%s acts with its group, yet has a place of its own", c.Name)
		}
	}
	return nil
}
