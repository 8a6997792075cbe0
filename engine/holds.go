package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/rules"
)

// Holding is what a combatant holds back: the trigger of a delayed
// attack, and what a Wait set aside (Pathmaster's Attack and Move), given
// back when it re-enters the order.
type Holding struct {
	Delaying string         `toml:"delaying,omitempty"`
	Held     map[string]int `toml:"held,omitempty"`
	// WaitOn: a Wait lasting into later rounds (order.wait_lasts), until
	// the waiter acts.
	WaitOn bool `toml:"wait_on,omitempty"`
}

// Clone returns a deep copy.
func (p Holding) Clone() Holding {
	p.Held = maps.Clone(p.Held)
	return p
}

// holder checks that a hold maneuver may be taken: the fight runs, the
// ruleset offers it, and, for those that move a place in the order, the
// combatant is the one acting now.
func (t *tx) holder(who int, hold rules.Hold, actorOnly bool) (*Combatant, error) {
	if err := t.running(); err != nil {
		return nil, err
	}
	if !t.rs.OffersHold(hold) {
		return nil, fmt.Errorf("%s has no %s", t.rs.Name, hold)
	}
	c, err := t.who(who)
	if err != nil {
		return nil, err
	}
	if actorOnly && t.enc.Cur.Who != c.ID {
		return nil, fmt.Errorf("only the combatant acting now can %s", hold)
	}
	return c, nil
}

// wait moves the current actor later this round: right after another
// combatant, or to the end of the round.
func (t *tx) wait(cmd Wait) error {
	c, err := t.holder(cmd.Who, rules.HoldWait, true)
	if err != nil {
		return err
	}
	if cmd.After == c.ID {
		return fmt.Errorf("%s cannot wait for themselves", c.Name)
	}
	i := slices.IndexFunc(t.enc.Entries, func(e Entry) bool { return e.Ref() == t.enc.Cur })
	if i < 0 {
		return fmt.Errorf("%s has no place in this round's order", c.Name)
	}
	prev := t.prevInPhase(func(Ref) bool { return false })
	e := t.enc.Entries[i]
	rest := slices.Delete(slices.Clone(t.enc.Entries), i, i+1)
	j, err := t.waitPlace(rest, i, cmd.After)
	if err != nil {
		return err
	}
	// A Wait lasting on is paid already: what it set aside stays so.
	if !c.WaitOn {
		paid, err := t.payFor(c, t.rs.Order.WaitAction)
		if err != nil {
			return err
		}
		// What the Wait takes is only set aside: only the interrupt is
		// left until the combatant re-enters, and then it acts with it
		// (l.699-701).
		if len(paid) > 0 {
			c.Held = paid
		}
	}
	if j == i && cmd.After == 0 && !t.reversePhase() && t.rs.Order.WaitLasts {
		// Nobody is left to wait for: the Wait lasts into the next round.
		c.WaitOn = true
		t.log(EvHold, of(c), nil, WaitsOn{Held: maps.Clone(c.Held)})
		t.advance()
		return nil
	}
	c.WaitOn = false
	e.Waiting = true
	// Take the value of the one it follows so the order stays sorted.
	switch {
	case t.reversePhase() && j < len(rest):
		e.Value, e.Taken = rest[j].Value, true
	case !t.reversePhase() && j > 0:
		e.Value, e.Taken = rest[j-1].Value, true
	}
	t.enc.Entries = slices.Insert(rest, j, e)
	t.log(EvHold, of(c), nil, Waits{After: of(t.enc.Combatant(cmd.After))})
	// The one after takes the turn now: step on from just before the waiter's old place.
	t.enc.Cur = prev
	t.enterPhase(true)
	return nil
}

// reversePhase reports whether the phase under way runs the order backwards.
func (t *tx) reversePhase() bool {
	phases := t.rs.RoundPhases()
	return t.enc.Phase < len(phases) && phases[t.enc.Phase].Order == rules.PhaseReverse
}

// waitPlace is where in the order (without the waiter, who stood at i) a
// wait puts it: right after the one waited for, or at the end of the round.
// In a phase run backwards (the adjustment phase), "after" is earlier in
// the order, and the end of the round is its first place.
func (t *tx) waitPlace(rest []Entry, i, after int) (int, error) {
	rev := t.reversePhase()
	if after == 0 {
		if rev {
			return 0, nil
		}
		return len(rest), nil
	}
	k := slices.IndexFunc(rest, func(x Entry) bool { return x.Who == after })
	if k < 0 {
		return 0, fmt.Errorf("there is no combatant #%d in this round", after)
	}
	acted := k < i
	if rev {
		acted = k >= i
	}
	if acted {
		return 0, fmt.Errorf("%s has already acted this round", t.enc.Combatant(after).Name)
	}
	if rev {
		return k, nil
	}
	return k + 1, nil
}

// delay holds the combatant's attack as an interrupt; its place is unchanged.
func (t *tx) delay(cmd Delay) error {
	c, err := t.holder(cmd.Who, rules.HoldDelay, false)
	if err != nil {
		return err
	}
	trigger := strings.TrimSpace(cmd.Trigger)
	if trigger == "" {
		trigger = "any trigger"
	}
	if _, err := t.payFor(c, t.rs.Order.DelayAction); err != nil {
		return err
	}
	c.Delaying = trigger
	t.log(EvHold, of(c), nil, Delays{Trigger: Text(trigger)})
	t.delaysCasting(c)
	return nil
}

// hold moves the current entry to a lower rank or segment this round.
func (t *tx) hold(cmd HoldTo) error {
	c, err := t.holder(cmd.Who, rules.HoldLater, true)
	if err != nil {
		return err
	}
	e := t.enc.Entry(t.enc.Cur)
	if e == nil {
		return fmt.Errorf("%s has no place in this round's order", c.Name)
	}
	if ph := t.rs.RoundPhases()[t.enc.Phase]; ph.Order == rules.PhaseStat {
		return t.holdInPhase(c, ph, cmd.To)
	}
	if cmd.To >= e.Value {
		return fmt.Errorf("hold to a later point than %s", t.countName(e.Value))
	}
	prev := t.prevInPhase(func(Ref) bool { return false })
	e.Value, e.Waiting = cmd.To, true
	if cmd.To < t.rs.Order.Lowest {
		e.Lost = true
		t.log(EvLost, of(c), nil, HoldsPast{Lowest: t.rs.Order.Lowest})
	} else {
		t.log(EvHold, of(c), nil, Holds{To: cmd.To})
	}
	held := *e
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(x Entry) bool { return x.Ref() == held.Ref() })
	t.insertEntry(held)
	t.carryLater(c, held)
	t.enc.Cur = prev
	t.enterPhase(true)
	return nil
}

// carryLater moves the combatant's later actions of the round after a held
// one (order.hold_carries), each still action_step after the one before;
// those that fall below the lowest rank are lost.
func (t *tx) carryLater(c *Combatant, held Entry) {
	o := t.rs.Order
	if !o.HoldCarries || held.Lost {
		return
	}
	var later []Entry
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(x Entry) bool {
		if x.Who == c.ID && x.Action > held.Action && !x.Started && !x.Lost {
			later = append(later, x)
			return true
		}
		return false
	})
	for _, x := range later {
		x.Value, x.Taken = held.Value+(x.Action-held.Action)*o.ActionStep, held.Taken
		if x.Value < o.Lowest {
			x.Lost = true
			t.log(EvLost, of(c), nil, CarriedLost{Action: x.Action, To: x.Value})
		} else {
			t.log(EvHold, of(c), nil, Carried{Action: x.Action, To: x.Value})
		}
		t.insertEntry(x)
	}
}

// holdInPhase holds the current actor to a lower value of a stat phase's
// stat (a power held to a later INT rank): its rank in the round stays.
func (t *tx) holdInPhase(c *Combatant, ph rules.Phase, to int) error {
	now, _ := StatRank(t.rs, &t.enc, t.enc.Phase, c.ID)
	if to >= now {
		return fmt.Errorf("hold to a later %s than %d", ph.Stat, now)
	}
	prev := t.prevInPhase(func(Ref) bool { return false })
	t.enc.PhaseHolds = slices.DeleteFunc(slices.Clone(t.enc.PhaseHolds),
		func(h PhaseHold) bool { return h.Who == c.ID && h.Phase == t.enc.Phase })
	t.enc.PhaseHolds = append(t.enc.PhaseHolds, PhaseHold{Who: c.ID, Phase: t.enc.Phase, Value: to})
	if to < t.rs.Order.Lowest {
		t.log(EvLost, of(c), nil, HoldsPastInPhase{Phase: ph.ID, Lowest: t.rs.Order.Lowest})
	} else {
		t.log(EvHold, of(c), nil, HoldsInPhase{Phase: ph.ID, To: to})
	}
	t.enc.Cur = prev
	t.enterPhase(true)
	return nil
}

// holdsAt lets a delayed attack lapse at the start of the next own turn,
// and gives a waiter back what its Wait set aside when it re-enters.
func (t *tx) holdsAt(c *Combatant, m moment) {
	switch m.at {
	case rules.AtOwnTurnStart:
		if c.Delaying != "" {
			t.log(EvHold, of(c), nil, DelayLapses{Trigger: Text(c.Delaying)})
			c.Delaying = ""
		}
		c.Held = nil
		if c.WaitOn {
			t.waitsOn(c)
		}
	case atReEnter:
		if len(c.Held) > 0 {
			for k, n := range c.Held {
				c.Pools[k] += n
			}
			t.log(EvHold, of(c), nil, ReEnters{Held: c.Held})
			c.Held = nil
		}
		c.WaitOn = false
	}
}

// waitsOn sets aside afresh, at a waiter's own turn, what its lasting Wait
// costs: the pools have just refilled, and only the rest (the Interrupt)
// is renewed until it acts (l.699-700).
func (t *tx) waitsOn(c *Combatant) {
	a, _ := t.rs.Action(t.rs.Order.WaitAction)
	held := map[string]int{}
	for k, n := range a.Cost {
		if got := min(n, c.Pools[k]); got > 0 {
			held[k] = got
			c.Pools[k] -= got
		}
	}
	c.Held = nil
	if len(held) > 0 {
		c.Held = held
	}
	t.log(EvHold, of(c), nil, WaitsOn{Held: maps.Clone(c.Held), Renewed: true})
}

// useWait gives a waiter, acting at its own place with its Wait lasting
// on, back what the Wait set aside when it takes an action what is left
// cannot pay: the Wait is used (l.700-701).
func (t *tx) useWait(c *Combatant, a rules.ActionDef) {
	if !c.WaitOn || t.enc.Cur.Who != c.ID {
		return
	}
	if _, _, ok := pay(t.rs, c.Pools, a.Cost, blockedFor(t.rs, c, a), t.unlimitedNow(c)); ok {
		return
	}
	t.fire(moment{at: atReEnter}, c)
}
