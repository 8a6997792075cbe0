package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// Missiles are the missiles stuck in a combatant.
type Missiles struct {
	Stuck []Stuck `toml:"stuck,omitempty"`
}

// Clone returns a deep copy.
func (p Missiles) Clone() Missiles {
	p.Stuck = slices.Clone(p.Stuck)
	return p
}

// Stuck missiles: an arrow, javelin or spear left in a combatant by a
// critical or grievous hit bleeds at the end of every round while it stays
// in the fight, and lowers a stat (DEX) until First Aid takes it out.

// Stuck is a missile stuck in a combatant.
type Stuck struct {
	ID       string `toml:"id"`
	Grievous bool   `toml:"grievous,omitempty"`
}

// stuckKind is the combatant and the missile a command names.
func (t *tx) stuckKind(who int, id string) (*Combatant, rules.Missile, error) {
	c, err := t.who(who)
	if err != nil {
		return nil, rules.Missile{}, err
	}
	m, ok := t.rs.Missile(id)
	if !ok {
		return nil, m, fmt.Errorf("%s has no missile %q", t.rs.Name, id)
	}
	return c, m, nil
}

// pullMissile takes a missile of a kind out of a combatant.
func (t *tx) pullMissile(cmd PullMissile) error {
	c, m, err := t.stuckKind(cmd.Who, cmd.Missile)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(c.Stuck, func(s Stuck) bool { return s.ID == m.ID })
	if i < 0 {
		return fmt.Errorf("%s has no %s stuck", c.Name, m.Name)
	}
	c.Stuck = slices.Delete(c.Stuck, i, i+1)
	t.log(EvBleed, of(c), nil, MissileOut{Missile: m.ID})
	return nil
}

// stickMissile sticks a missile in a combatant.
func (t *tx) stickMissile(cmd StickMissile) error {
	c, m, err := t.stuckKind(cmd.Who, cmd.Missile)
	if err != nil {
		return err
	}
	s := Stuck{ID: m.ID, Grievous: cmd.Grievous}
	c.Stuck = append(c.Stuck, s)
	t.log(EvBleed, of(c), nil, MissileStuck{Missile: m.ID, Grievous: s.Grievous})
	return nil
}

// StuckPenalty is what a stuck missile takes off its stat (missile.stat).
func StuckPenalty(rs *rules.Ruleset, s Stuck) int {
	m, _ := rs.Missile(s.ID)
	return stuckPenalty(m, s)
}

func stuckPenalty(m rules.Missile, s Stuck) int {
	p := m.Penalty
	if s.Grievous {
		p += m.Grievous
	}
	return p
}

// StuckStat is what the missiles stuck in a combatant take off a stat.
func StuckStat(rs *rules.Ruleset, c *Combatant, stat string) int {
	n := 0
	for _, s := range c.Stuck {
		if m, ok := rs.Missile(s.ID); ok && m.Stat == stat {
			n += stuckPenalty(m, s)
		}
	}
	return n
}

// missilesAt bleeds each stuck missile as the round ends, while the
// combatant is in the fight (not down).
func (t *tx) missilesAt(c *Combatant, _ moment) {
	if len(c.Stuck) == 0 || c.Out {
		return
	}
	for _, s := range c.Stuck {
		ms, ok := t.rs.Missile(s.ID)
		if !ok || ms.Bleed == 0 {
			continue
		}
		before := c.HP
		c.HP -= ms.Bleed
		t.log(EvBleed, of(c), nil, MissileBleeds{Missile: ms.ID, Amount: ms.Bleed, Before: before, After: c.HP}).HP = c.HP - before
	}
}
