package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Identity is who a combatant is: its id and name, the template it came
// from, its side, its stats and the GM's notes.
type Identity struct {
	ID       int    `toml:"id"`
	Name     string `toml:"name"`
	Template string `toml:"template,omitempty"`
	Side     string `toml:"side,omitempty"`
	// Stats are set when the combatant joins and never change after.
	Stats map[string]int `toml:"stats"`
	Notes string         `toml:"notes,omitempty"`
}

// Clone returns a deep copy.
func (p Identity) Clone() Identity {
	p.Stats = maps.Clone(p.Stats)
	return p
}

// NewCombatant describes a combatant to add: from a template (already
// resolved by the caller) or made up on the spot.
type NewCombatant struct {
	Name     string         `toml:"name"`
	Template string         `toml:"template,omitempty"`
	Side     string         `toml:"side,omitempty"`
	HP       int            `toml:"hp"`
	Stats    map[string]int `toml:"stats,omitempty"`
	Notes    string         `toml:"notes,omitempty"`
	// Init, when set, is used instead of rolling initiative.
	Init *int `toml:"init,omitempty"`
	// Group: those of one add with Group set act as one group, on the
	// place of the first of them.
	Group bool `toml:"group,omitempty"`
	// InitRoll, when set, is rolled as the combatant joins (with its
	// stats) and its total used instead of the ruleset's initiative: the
	// GM's own dice for one made up on the spot (init=2d6).
	InitRoll string `toml:"init_roll,omitempty"`
}

func (t *tx) add(cmd Add) error {
	list := cmd.Combatants
	if len(list) == 0 {
		return fmt.Errorf("nobody to add")
	}
	if t.enc.Status == StatusEnded {
		return fmt.Errorf("the fight is over")
	}
	lead := 0
	for _, n := range list {
		name := strings.TrimSpace(n.Name)
		if name == "" {
			return fmt.Errorf("a combatant needs a name")
		}
		if t.rs.Recorded() {
			n.HP = 0 // a wound record keeps no hit points
		} else if n.HP < 1 || n.HP > dice.MaxStat {
			return fmt.Errorf("%s: hit points must be between 1 and %d", name, dice.MaxStat)
		}
		c := Combatant{
			Identity: Identity{ID: t.enc.NextID, Name: name, Template: n.Template, Side: n.Side, Notes: n.Notes, Stats: map[string]int{}},
			Vitals:   Vitals{HP: n.HP, MaxHP: n.HP},
		}
		for _, s := range t.rs.Stats {
			c.Stats[s.ID] = s.Default
		}
		for k, v := range n.Stats {
			if _, ok := t.rs.Stat(k); !ok {
				return fmt.Errorf("%s: %s has no stat %q", name, t.rs.Name, k)
			}
			if v > dice.MaxStat || v < -dice.MaxStat {
				return fmt.Errorf("%s: stat %s = %d is out of range", name, k, v)
			}
			c.Stats[k] = v
		}
		if n.Group {
			if lead == 0 {
				lead = c.ID
			}
			c.Group = lead
		}
		t.enc.NextID++
		t.joinHidden(&c)
		t.enc.Combatants = append(t.enc.Combatants, c)
		t.log(EvAdd, of(&c), nil, Joins{HP: c.HP}).HP = c.HP
		follower := c.Group != 0 && c.Group != c.ID
		if n.InitRoll != "" && !follower {
			v, err := t.rollJoiningInit(t.enc.Combatant(c.ID), n.InitRoll)
			if err != nil {
				return err
			}
			n.Init = &v
		}
		if follower {
			l := t.enc.Combatant(c.Group)
			cp := t.enc.Combatant(c.ID)
			cp.Init, cp.HasInit, cp.Tie = l.Init, l.HasInit, l.Tie
			if t.enc.Status == StatusRunning {
				t.fillPools(cp)
			}
		} else if t.enc.Status == StatusRunning {
			if err := t.joinRunning(t.enc.Combatant(c.ID), n.Init); err != nil {
				return err
			}
		} else if n.Init != nil {
			cp := t.enc.Combatant(c.ID)
			cp.Init, cp.HasInit = *n.Init, true
		}
	}
	if l := t.enc.Combatant(lead); l != nil && len(Members(&t.enc, l)) == 1 {
		l.Group = 0 // a group of one is no group
	}
	return nil
}

// rollJoiningInit rolls the initiative the GM gave a newcomer as dice.
func (t *tx) rollJoiningInit(c *Combatant, expr string) (int, error) {
	e, err := dice.Parse(expr)
	if err != nil {
		return 0, fmt.Errorf("%s: initiative %s: %w", c.Name, expr, err)
	}
	r, err := t.roll(c, e, InitiativeRoll{})
	if err != nil {
		return 0, fmt.Errorf("%s: initiative %s: %w", c.Name, expr, err)
	}
	return r.Total, nil
}

// joinRunning gives a combatant added mid-fight its place: its initiative is
// rolled (or typed), and it is slotted into this round's order without
// changing who acts now.
func (t *tx) joinRunning(c *Combatant, typed *int) error {
	t.fillPools(c)
	if !t.ordered(c) {
		return nil // it acts with its group
	}
	switch t.rs.Order.Kind {
	case rules.OrderNone:
		return nil
	case rules.OrderFixed, rules.OrderRound:
		if err := t.rollInit(c, typed); err != nil {
			return err
		}
		if t.rs.Order.Kind == rules.OrderFixed {
			t.rollOffJoining(c)
			t.insertOrder(c.ID)
		}
		t.insertEntry(Entry{Who: c.ID, Value: c.Init, Tie: c.Tie})
	case rules.OrderRank, rules.OrderSegments:
		if t.declaring() {
			return nil // rolled with everyone's once the declarations are in
		}
		if t.rs.Order.Kind == rules.OrderRank {
			if err := t.rollInit(c, typed); err != nil {
				return err
			}
		}
		entries, err := t.actionEntries(c, typed)
		if err != nil {
			return err
		}
		for _, e := range entries {
			t.insertEntry(e)
		}
	}
	return nil
}

// rollOffJoining breaks a tie between a combatant joining a fixed order and
// those already in it, as the fight's start would have: the newcomer, and
// any it ties with who never needed a roll-off, roll off; the others keep
// theirs.
func (t *tx) rollOffJoining(c *Combatant) {
	if !slices.Contains(t.rs.Order.Tiebreak, rules.TiebreakRoll) {
		return
	}
	for range 10 {
		var tied []*Combatant
		for _, id := range t.enc.Order {
			x := t.enc.Combatant(id)
			if x != nil && t.cmpEntries(Entry{Who: id, Value: x.Init, Tie: x.Tie}, Entry{Who: c.ID, Value: c.Init, Tie: c.Tie}) == 0 {
				tied = append(tied, x)
			}
		}
		if len(tied) == 0 {
			return
		}
		for _, x := range append(tied, c) {
			if x != c && x.Tie != 0 {
				continue
			}
			r, err := t.roll(x, t.rs.Order.TieRoll, TieRoll{At: x.Init})
			if err != nil {
				return
			}
			x.Tie = r.Total
			for i := range t.enc.Entries {
				if e := &t.enc.Entries[i]; e.Who == x.ID && e.Action == 0 {
					e.Tie = x.Tie
				}
			}
		}
	}
}

// insertEntry puts an entry after every entry that goes before or with it,
// leaving the rest of the round (manual moves, waits) as it is.
func (t *tx) insertEntry(e Entry) {
	i := len(t.enc.Entries)
	for k, x := range t.enc.Entries {
		if t.cmpEntries(x, e) > 0 {
			i = k
			break
		}
	}
	t.enc.Entries = slices.Insert(t.enc.Entries, i, e)
}

// insertOrder puts a combatant into the fight's order (fixed kind) by its
// initiative, after those it ties with.
func (t *tx) insertOrder(id int) {
	c := t.enc.Combatant(id)
	ne := Entry{Who: id, Value: c.Init, Tie: c.Tie}
	i := len(t.enc.Order)
	for k, x := range t.enc.Order {
		xc := t.enc.Combatant(x)
		if t.cmpEntries(Entry{Who: x, Value: xc.Init, Tie: xc.Tie}, ne) > 0 {
			i = k
			break
		}
	}
	t.enc.Order = slices.Insert(t.enc.Order, i, id)
}

func (t *tx) remove(cmd Remove) error {
	id := cmd.Who
	c, err := t.who(id)
	if err != nil {
		return err
	}
	name := c.Name
	wasCur := t.enc.Status == StatusRunning && t.enc.Cur.Who == id
	var prev Ref
	if wasCur {
		prev = t.prevInPhase(func(r Ref) bool { return r.Who == id })
	}
	if c.Group != 0 {
		t.leaveQuietly(c)
		if t.enc.Cur.Who != id {
			wasCur = false // its group acts on
		}
	}
	fl := c.Flurry // c points into the slice about to shrink
	t.enc.Combatants = slices.DeleteFunc(t.enc.Combatants, func(x Combatant) bool { return x.ID == id })
	t.enc.Order = slices.DeleteFunc(t.enc.Order, func(x int) bool { return x == id })
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(x Entry) bool { return x.Who == id })
	t.log(EvRemove, Subject{ID: id, Name: name}, nil, Leaves{})
	t.leaveFlurry(&Combatant{Identity: Identity{ID: id}, Engagement: Engagement{Flurry: fl}}) // its foes fight on without it
	if wasCur {
		// The removed one's turn simply stops; the next one acts.
		t.enc.Cur = prev
		t.enterPhase(true)
	}
	return nil
}

func (t *tx) notes(cmd Notes) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	c.Notes = cmd.Text
	return nil
}

func (t *tx) rename(cmd Rename) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(cmd.Name)
	if name == "" {
		return fmt.Errorf("a name cannot be empty")
	}
	t.log(EvAdd, of(c), nil, Renamed{To: Text(name)})
	c.Name = name
	return nil
}

// maxHPLimit bounds the most hit points a combatant may be given.
const maxHPLimit = 1_000_000

func (t *tx) setMaxHP(cmd SetMaxHP) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if c.MaxHP == 0 {
		return fmt.Errorf("%s has no hit points to change: its wounds are on a record", c.Name)
	}
	if cmd.Amount < 1 || cmd.Amount > maxHPLimit {
		return fmt.Errorf("the most hit points are a number from 1 to %d", maxHPLimit)
	}
	from := c.MaxHP
	if cmd.Amount > from {
		c.HP += cmd.Amount - from
	}
	c.MaxHP = cmd.Amount
	c.HP = min(c.HP, c.MaxHP)
	t.log(EvAdd, of(c), nil, MaxHPSet{From: from, To: c.MaxHP, HP: c.HP})
	return nil
}
