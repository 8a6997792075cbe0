package engine

import (
	"fmt"
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
	// Stats are set when the combatant joins and never change after: every
	// state of the fight shares them (a clone too), and nothing writes to
	// them once the combatant is in (TestStatsAreWrittenOnlyAsOneJoins).
	Stats map[string]int `toml:"stats"`
	Notes string         `toml:"notes,omitempty"`
	// Multipliers are what it takes from weapons of some kinds (a Weakness
	// to piercing: multipliers.go).
	Multipliers map[string][]string `toml:"multipliers,omitempty"`
}

// Clone returns a copy: it shares the Stats, which no state writes to.
func (p Identity) Clone() Identity {
	p.Multipliers = cloneTakes(p.Multipliers)
	return p
}

// NewCombatant describes a combatant to add: from a template (already
// resolved by the caller) or made up on the spot.
type NewCombatant struct {
	Name     string `toml:"name"`
	Template string `toml:"template,omitempty"`
	Side     string `toml:"side,omitempty"`
	// HP is the hit points it joins with; MaxHP, when set, its most (a
	// wounded hero typed hp=22/58: 22 of 58), else HP is both.
	HP    int            `toml:"hp"`
	MaxHP int            `toml:"max_hp,omitzero"`
	Stats map[string]int `toml:"stats,omitempty"`
	Notes string         `toml:"notes,omitempty"`
	// Init, when set, is used instead of rolling initiative.
	Init *int `toml:"init,omitempty"`
	// Group: those of one add with Group set act as one group, on the
	// place of the first of them.
	Group bool `toml:"group,omitempty"`
	// InitRoll, when set, is rolled as the combatant joins (with its
	// stats) and its total used instead of the ruleset's initiative: the
	// GM's own dice for one made up on the spot (init=2d6).
	InitRoll string `toml:"init_roll,omitempty"`
	// Weapons and Armor are what it carries (gear.go).
	Weapons []rules.Weapon `toml:"weapons,omitempty"`
	Armor   []rules.Armor  `toml:"armor,omitempty"`
	// Multipliers are what it takes from weapons of some kinds
	// (multipliers.go).
	Multipliers map[string][]string `toml:"multipliers,omitempty"`
	// Carried, when set, is what it brings from an earlier fight (party.go):
	// its pools, conditions, wounds and missiles, as that fight left them.
	Carried *Lasting `toml:"carried,omitempty"`
}

// FromTemplate is a combatant made from a creature or character of the
// ruleset, named name: its side, hit points, stats, notes, weapons and
// armour.
func FromTemplate(t rules.Template, name string) NewCombatant {
	return NewCombatant{Name: name, Template: t.ID, Side: t.Side, HP: t.HP, MaxHP: t.MaxHP, Stats: t.Stats, Notes: t.Notes,
		Weapons: t.Weapons, Armor: t.Armor, Multipliers: t.Multipliers}
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
		hp, most, err := t.joiningHP(name, n)
		if err != nil {
			return err
		}
		c := Combatant{
			Identity: Identity{ID: t.enc.NextID, Name: name, Template: n.Template, Side: n.Side, Notes: n.Notes, Stats: map[string]int{}},
			Vitals:   Vitals{HP: hp, MaxHP: most},
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
		if err := joinGear(t.rs, &c, n); err != nil {
			return err
		}
		// hand_X: the weapon it joins with in hand, its field's default
		// read from the stats typed.
		hand := func(name string) (int, bool) {
			f, ok := strings.CutPrefix(name, rules.HandPrefix)
			if !ok {
				return 0, false
			}
			return weaponStat(t.rs, *inHand(&c), f, dice.StatMap(c.Stats))
		}
		if err := t.rs.DeriveStats(c.Stats, func(id string) bool { _, ok := n.Stats[id]; return ok }, hand); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := takesFrom(t.rs, &c, n); err != nil {
			return err
		}
		if n.Group {
			if lead == 0 {
				lead = c.ID
			}
			c.Group = lead
		}
		t.enc.NextID++
		t.joinHidden(&c)
		joined := c // c stays as it joined; the fight's own is changed below
		t.enc.Combatants = append(t.enc.Combatants, &joined)
		t.owns(&joined)
		joins := Joins{HP: c.HP}
		if c.MaxHP != c.HP {
			joins.Max = c.MaxHP
		}
		t.log(EvAdd, of(&c), nil, joins).HP = c.HP
		if n.Carried != nil {
			if err := t.carriedIn(t.enc.Combatant(c.ID), *n.Carried); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		if c.HP != c.MaxHP || n.Carried != nil {
			// What its wounds and conditions cause, as it joins: down,
			// unconscious, a band's penalty.
			t.vitals(t.enc.Combatant(c.ID))
		}
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
			// Off-Guard until its first turn (guard.idle, allotOffGuard).
			t.enc.Combatant(c.ID).Fresh = t.rs.Guard.Idle != ""
			if err := t.joinRunning(t.enc.Combatant(c.ID), n.Init); err != nil {
				return err
			}
		} else if n.Init != nil {
			cp := t.enc.Combatant(c.ID)
			cp.Init, cp.HasInit = *n.Init, true
		}
	}
	if l := t.mine(t.enc.Combatant(lead)); l != nil && len(Members(&t.enc, l)) == 1 {
		l.Group = 0 // a group of one is no group
	}
	return nil
}

// joiningHP is the hit points a newcomer joins with and its most: HP of
// MaxHP (from -MaxStat: one carried out of a fight below 0 comes back so),
// or HP alone as both (at least 1). A wound record keeps none.
func (t *tx) joiningHP(name string, n NewCombatant) (hp, most int, err error) {
	switch {
	case t.rs.Recorded():
		return 0, 0, nil // a wound record keeps no hit points
	case n.MaxHP == 0:
		if n.HP < 1 || n.HP > dice.MaxStat {
			return 0, 0, fmt.Errorf("%s: hit points must be between 1 and %d", name, dice.MaxStat)
		}
		return n.HP, n.HP, nil
	case n.MaxHP < 1 || n.MaxHP > dice.MaxStat:
		return 0, 0, fmt.Errorf("%s: the most hit points must be between 1 and %d", name, dice.MaxStat)
	case n.HP > n.MaxHP || n.HP < -dice.MaxStat:
		return 0, 0, fmt.Errorf("%s: %d of %d hit points: the hit points now are at most the most", name, n.HP, n.MaxHP)
	}
	return n.HP, n.MaxHP, nil
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
		if t.declaring() && (t.rs.Order.RollAfter != "" || t.rs.Order.Kind == rules.OrderSegments) {
			return nil // rolled with everyone's once the declarations are in
		}
		// Ranks read as the round begins (BRP's DEX) join at once, even
		// while declaring: the declarations only move them as the phase
		// ends (rerank).
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
	// Those in the order, found once: looking each up in the fight made
	// a thousand joining at once take seconds.
	byID := make(map[int]*Combatant, len(t.enc.Combatants))
	for _, x := range t.enc.Combatants {
		byID[x.ID] = x
	}
	for range 10 {
		var tied []*Combatant
		for _, id := range t.enc.Order {
			x := byID[id]
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
			x = t.mine(x)
			byID[x.ID] = x
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
	t.enc.Gone = append(slices.Clip(t.enc.Gone), Departed{ID: id, Name: name, Side: c.Side, Hidden: c.Hidden})
	t.enc.Combatants = slices.DeleteFunc(t.enc.Combatants, func(x *Combatant) bool { return x.ID == id })
	t.enc.Order = slices.DeleteFunc(t.enc.Order, func(x int) bool { return x == id })
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(x Entry) bool { return x.Who == id })
	t.log(EvRemove, Subject{ID: id, Name: name}, nil, Leaves{})
	t.weaponsFreed(Subject{ID: id, Name: name})
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
