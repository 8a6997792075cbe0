package engine

import (
	"cmp"
	"fmt"
	"slices"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Engagement is the flurry a combatant is engaged in (nil: none), with
// its initiative and actions left in it.
type Engagement struct {
	Flurry *Engaged `toml:"flurry,omitempty"`
}

// Clone returns a deep copy.
func (p Engagement) Clone() Engagement {
	if p.Flurry != nil {
		x := *p.Flurry
		p.Flurry = &x
	}
	return p
}

// Flurries: fighters engaged with each other fight in flurries ([flurries]).
// At the start of each flurry every fighter in it rolls an initiative of
// its own and has a count of actions, used one by one; one out of actions
// must disengage, and a foe with enough left may strike him undefended. A
// flurry begins for every engaged fighter at the start of the flurry phase
// (flurries.phase), when fighters engage during it, and when the GM starts
// the next flurry between the same fighters.

// Engaged is a fighter's place in a flurry.
type Engaged struct {
	ID int `toml:"id"` // the flurry's number
	// Init and Left are this flurry's initiative and actions left; Rolled
	// is false until the flurry has begun for the fighter.
	Init   int  `toml:"init"`
	Left   int  `toml:"left"`
	Rolled bool `toml:"rolled,omitempty"`
	// Cornered: forced against an obstacle in this flurry (it holds
	// flurries.obstacle_condition until the flurry ends).
	Cornered bool `toml:"cornered,omitempty"`
}

// FlurryFighters returns the fighters in a flurry, highest flurry initiative first.
func FlurryFighters(enc *Encounter, id int) []*Combatant {
	var out []*Combatant
	for _, c := range enc.Combatants {
		if f := c.Flurry; f != nil && f.ID == id {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b *Combatant) int { return cmp.Compare(b.Flurry.Init, a.Flurry.Init) })
	return out
}

func (t *tx) flurryRules() error {
	if !t.rs.HasFlurries() {
		return fmt.Errorf("%s has no flurries", t.rs.Name)
	}
	return t.running()
}

// disengage takes a fighter out of its flurry.
func (t *tx) disengage(cmd Disengage) error {
	if err := t.flurryRules(); err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if c.Flurry == nil {
		return fmt.Errorf("%s is engaged with nobody", c.Name)
	}
	t.log(EvHold, of(c), nil, Disengages{Flurry: c.Flurry.ID})
	t.leaveFlurry(c)
	return nil
}

// engage engages Who with Foe: they join one flurry (a new one, the one
// either is in, or both flurries become one).
func (t *tx) engage(cmd Engage) error {
	if err := t.flurryRules(); err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	o, err := t.who(cmd.Foe)
	if err != nil {
		return err
	}
	if o == c {
		return fmt.Errorf("%s cannot engage themselves", c.Name)
	}
	if c.Flurry != nil && o.Flurry != nil && c.Flurry.ID == o.Flurry.ID {
		return fmt.Errorf("%s and %s are in flurry %d already", c.Name, o.Name, c.Flurry.ID)
	}
	id := 0
	switch {
	case o.Flurry != nil:
		id = o.Flurry.ID
	case c.Flurry != nil:
		id = c.Flurry.ID
	default:
		for _, x := range t.enc.Combatants {
			if x.Flurry != nil {
				id = max(id, x.Flurry.ID)
			}
		}
		id++
	}
	// Both flurries become one: those of the other join this one.
	for _, old := range []*Engaged{c.Flurry, o.Flurry} {
		if old != nil && old.ID != id {
			for _, x := range FlurryFighters(&t.enc, old.ID) {
				t.mine(x).Flurry.ID = id
			}
		}
	}
	for _, x := range []*Combatant{c, o} {
		if x.Flurry == nil {
			x.Flurry = &Engaged{ID: id}
		}
		t.engagedHolds(x)
	}
	t.log(EvHold, of(c), nil, Engages{Foe: of(o), Flurry: id})
	if t.inFlurryPhase() {
		rolled := false
		for _, x := range FlurryFighters(&t.enc, id) {
			if !x.Flurry.Rolled {
				if err := t.beginFlurry(t.mine(x)); err != nil {
					return err
				}
				rolled = true
			}
		}
		if rolled {
			t.logFlurry(id)
		}
	}
	return nil
}

// leaveFlurry takes a fighter out of its flurry (disengaged, or out of the
// fight); a flurry left with one fighter is over.
func (t *tx) leaveFlurry(c *Combatant) {
	if c.Flurry == nil {
		return
	}
	id := c.Flurry.ID
	c.Flurry = nil
	t.engagedHolds(c)
	t.cornerHolds(c)
	t.flurryEnds(c)
	if rest := FlurryFighters(&t.enc, id); len(rest) == 1 {
		last := t.mine(rest[0])
		last.Flurry = nil
		t.log(EvHold, of(last), nil, FlurryOver{Flurry: id})
		t.engagedHolds(last)
		t.flurryEnds(last)
	}
}

// flurryEnds ends, in the flurry phase, c's own grants that last to that
// phase's end (conditions.until_phase): its flurry is over, and they were
// for it (the turn to face's -1 Defense "for the entire flurry", l.93).
func (t *tx) flurryEnds(c *Combatant) {
	ph := t.rs.Flurries.Phase
	if ph == "" || !t.inFlurryPhase() {
		return
	}
	for _, id := range c.conditionIDs() {
		def, _ := t.rs.Condition(id)
		if cur := c.condition(id); cur != nil && def.UntilPhase == ph && cur.Own && cur.Until > 0 && cur.Until <= t.enc.Round {
			cur.Until = 0
			t.clockRanOut(c, def, cur)
		}
	}
}

// engagedHolds keeps the flurries' condition (flurries.condition) held
// exactly while c is in a flurry.
func (t *tx) engagedHolds(c *Combatant) {
	if id := t.rs.Flurries.Condition; id != "" {
		t.causeHolds(c, id, "flurry", c.Flurry != nil, NoLonger{Condition: id})
	}
}

// flurryNow refuses a flurry's actions and obstacle out of the flurry
// phase: the last flurry is over, and the next is not begun (War & Combat:
// the obstacle's action and -1 Defense are for that flurry only, l.273).
func (t *tx) flurryNow() error {
	if t.inFlurryPhase() {
		return nil
	}
	for _, p := range t.rs.RoundPhases() {
		if p.ID == t.rs.Flurries.Phase {
			return fmt.Errorf("flurries are fought in the %s phase", p.Name)
		}
	}
	return fmt.Errorf("flurries are fought in the %s phase", t.rs.Flurries.Phase)
}

// inFlurryPhase reports whether flurries are fought now: in the flurry
// phase, or always where the ruleset names none.
func (t *tx) inFlurryPhase() bool {
	ph := t.rs.Flurries.Phase
	return ph == "" || t.inPhase(ph)
}

// inPhase reports whether the round stands in the phase id now.
func (t *tx) inPhase(id string) bool {
	phases := t.rs.RoundPhases()
	return t.enc.Phase < len(phases) && phases[t.enc.Phase].ID == id
}

// beginFlurry rolls a fighter's flurry initiative and actions.
func (t *tx) beginFlurry(c *Combatant) error {
	f := t.rs.Flurries
	c.Flurry.Cornered = false // a new flurry: the obstacle was the last one's
	t.cornerHolds(c)
	if c.Out || t.noTurn(c) {
		// Down, stunned, knocked out: no action, so nothing to roll.
		c.Flurry.Init, c.Flurry.Left, c.Flurry.Rolled = 0, 0, true
		t.log(EvPool, of(c), nil, FlurryNoActions{Flurry: c.Flurry.ID})
		return nil
	}
	m, err := t.rollMods(c, Rolling{Kind: rules.RollInitiative, Reads: []dice.Expr{f.Initiative}})
	if err != nil {
		return err
	}
	r, err := t.rollEdged(c, f.Initiative, FlurryRoll{Flurry: c.Flurry.ID, Mods: namedMods(m)}, m.Edge)
	if err != nil {
		return err
	}
	a, err := t.roller.Roll(f.Actions, t.statsOf(c))
	if err != nil {
		return err
	}
	c.Flurry.Init, c.Flurry.Left, c.Flurry.Rolled = r.Total+m.Total, max(a.Total, 0), true
	t.log(EvPool, of(c), &a, FlurryActions{Flurry: c.Flurry.ID, Actions: c.Flurry.Left})
	return nil
}

// flurry acts in Who's flurry: uses actions, gains the obstacle's action,
// or begins the next flurry between the same fighters.
func (t *tx) flurry(cmd Flurry) error {
	if err := t.flurryRules(); err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Step == FlurryStroke {
		return t.killingStroke(c, cmd.Foe)
	}
	if c.Flurry == nil {
		return fmt.Errorf("%s is engaged with nobody", c.Name)
	}
	f := c.Flurry
	switch cmd.Step {
	case FlurryAgain:
		t.log(EvPhase, Subject{}, nil, NextFlurry{Flurry: f.ID})
		for _, x := range FlurryFighters(&t.enc, f.ID) {
			t.flurryEnds(t.mine(x))
			if err := t.beginFlurry(t.mine(x)); err != nil {
				return err
			}
		}
		t.logFlurry(f.ID)
		return nil
	case FlurryObstacle:
		n := t.rs.Flurries.Obstacle
		if n == 0 {
			return fmt.Errorf("%s gives nothing for an obstacle", t.rs.Name)
		}
		if err := t.flurryNow(); err != nil {
			return err
		}
		if !f.Rolled {
			return fmt.Errorf("flurry %d has not begun for %s", f.ID, c.Name)
		}
		foe, err := t.obstacleFoe(c, cmd.Foe)
		if err != nil {
			return err
		}
		f.Left += n
		said := Obstacle{Gain: n, Left: f.Left, Flurry: f.ID}
		if foe != nil {
			said.Foe = of(foe)
		}
		t.log(EvPool, of(c), nil, said)
		t.corner(foe)
		return nil
	case FlurryAction, "":
	default:
		return fmt.Errorf("a flurry has no %q", cmd.Step)
	}
	if cmd.Foe != 0 {
		return fmt.Errorf("only a foe forced against an obstacle is named")
	}
	n := max(cmd.Actions, 1)
	if err := t.flurryNow(); err != nil {
		return err
	}
	if v := t.may(c, Act{Kind: ActFlurry, Actions: n}); !v.Allowed() {
		return v
	}
	f.Left -= n
	t.log(EvSpend, of(c), nil, FlurryActionsUsed{Used: n, Flurry: f.ID, Left: f.Left})
	if f.Left > 0 {
		return nil
	}
	t.log(EvSpend, of(c), nil, OutOfActions{})
	for _, x := range FlurryFighters(&t.enc, f.ID) {
		if x != c && x.Flurry.Left >= max(t.rs.Flurries.Indefensible, 1) && t.rs.Flurries.Indefensible > 0 {
			t.log(EvSpend, of(x), nil, Indefensible{Left: x.Flurry.Left, Foe: of(c)})
		}
	}
	return nil
}

// logFlurry logs a flurry's order and actions.
func (t *tx) logFlurry(id int) {
	o := FlurryOrder{Flurry: id}
	for _, x := range FlurryFighters(&t.enc, id) {
		o.Fighters = append(o.Fighters, FlurryPlace{Who: of(x), Init: x.Flurry.Init, Actions: x.Flurry.Left})
	}
	t.log(EvOrder, Subject{}, nil, o)
}

// flurriesAt begins a new flurry for each engaged fighter at the start of
// the flurry phase; the last of a flurry logs its order. At the phase's end
// the round's flurries are over: one forced against an obstacle in them is
// no longer (for that flurry only).
func (t *tx) flurriesAt(c *Combatant, m moment) {
	if c.Flurry == nil || m.phase != t.rs.Flurries.Phase || t.rs.Flurries.Phase == "" {
		return
	}
	if m.at == rules.AtPhaseEnd {
		c.Flurry.Cornered = false
		t.cornerHolds(c)
		return
	}
	if err := t.beginFlurry(c); err != nil {
		t.log(EvRoll, of(c), nil, Failed{Err: Text(err.Error())})
		return
	}
	// Fired for everyone in the order they joined: the last of the
	// flurry logs its order once all have rolled.
	last := 0
	for _, x := range t.enc.Combatants {
		if x.Flurry != nil && x.Flurry.ID == c.Flurry.ID {
			last = x.ID
		}
	}
	if last == c.ID {
		t.logFlurry(c.Flurry.ID)
	}
}
