package engine

import (
	"fmt"
	"fray/engine/rules"
	"slices"
)

func (t *tx) start() error {
	switch t.enc.Status {
	case StatusRunning:
		return fmt.Errorf("the fight is already running")
	case StatusEnded:
		return fmt.Errorf("the fight is over")
	}
	if len(t.enc.Combatants) == 0 {
		return fmt.Errorf("add combatants before starting the fight")
	}
	t.enc.Status = StatusRunning
	t.log(EvStart, 0, nil, "The fight begins (%s)", t.rs.Name)
	// Everyone starts with a full budget: it may be spent before one's own
	// first turn (an interrupt, say).
	for i := range t.enc.Combatants {
		t.fillPools(&t.enc.Combatants[i])
	}
	if t.rs.Order.Kind == rules.OrderFixed || (t.rs.Order.Kind == rules.OrderRank && !t.rs.Order.EachRound) {
		for i := range t.enc.Combatants {
			c := &t.enc.Combatants[i]
			if c.HasInit {
				continue
			}
			if err := t.rollInit(c, nil); err != nil {
				return err
			}
		}
	}
	if t.rs.Order.Kind == rules.OrderFixed {
		t.enc.Order = t.enc.Order[:0]
		for _, c := range t.enc.Combatants {
			t.enc.Order = append(t.enc.Order, c.ID)
		}
		// Roll-offs for the fight are rolled once, through the entries.
		t.enc.Entries = t.enc.Entries[:0]
		for _, c := range t.enc.Combatants {
			t.enc.Entries = append(t.enc.Entries, Entry{Who: c.ID, Value: c.Init})
		}
		t.sortEntries()
		t.sortFixedOrder()
	}
	return t.startRound()
}

// startRound begins the next round: initiative where the ruleset rolls it,
// the round's order, pools reset, then the first step.
func (t *tx) startRound() error {
	t.enc.Round++
	t.log(EvRound, 0, nil, "Round %d begins", t.enc.Round)
	for i := range t.enc.Combatants {
		t.resetPools(&t.enc.Combatants[i], rules.AtRoundStart)
		t.enc.Combatants[i].Parries = 0
	}
	o := t.rs.Order
	t.enc.Entries = t.enc.Entries[:0]
	switch o.Kind {
	case rules.OrderFixed:
		for _, id := range t.enc.Order {
			c := t.enc.Combatant(id)
			t.enc.Entries = append(t.enc.Entries, Entry{Who: id, Value: c.Init, Tie: c.Tie})
		}
	case rules.OrderRound:
		for i := range t.enc.Combatants {
			c := &t.enc.Combatants[i]
			if err := t.rollInit(c, nil); err != nil {
				return err
			}
			t.enc.Entries = append(t.enc.Entries, Entry{Who: c.ID, Value: c.Init})
		}
		t.sortEntries()
	case rules.OrderRank, rules.OrderSegments:
		for i := range t.enc.Combatants {
			c := &t.enc.Combatants[i]
			if o.Kind == rules.OrderRank && o.EachRound {
				if err := t.rollInit(c, nil); err != nil {
					return err
				}
			}
			es, err := t.actionEntries(c, nil)
			if err != nil {
				return err
			}
			t.enc.Entries = append(t.enc.Entries, es...)
		}
		t.sortEntries()
	}
	if o.Kind == rules.OrderNone {
		t.enc.Phase, t.enc.Cur = 0, Ref{}
		return nil
	}
	if o.Kind != rules.OrderFixed {
		t.logOrder()
	}
	t.enc.Phase, t.enc.Cur = 0, Ref{}
	t.enterPhaseOf(false, true)
	return nil
}

// wake ends an idle round (nobody could act) as soon as someone can: a
// combatant joins, is healed back into the fight, loses what kept it from
// acting. Whoever comes first in the round acts at once.
func (t *tx) wake() {
	if t.enc.Status != StatusRunning || t.enc.Cur != (Ref{}) || t.rs.Order.Kind == rules.OrderNone {
		return
	}
	phases := t.rs.RoundPhases()
	if t.enc.Phase < len(phases) && phases[t.enc.Phase].Order == rules.PhaseOnce {
		return
	}
	for p := range phases {
		for _, r := range Sequence(t.rs, &t.enc, p) {
			if r.Who != 0 && t.canAct(r) {
				t.enc.Phase = 0
				t.enterPhaseOf(false, true)
				return
			}
		}
	}
}

// canAct reports whether a ref gets a step now.
func (t *tx) canAct(r Ref) bool {
	if r.Who == 0 {
		return true
	}
	c := t.enc.Combatant(r.Who)
	if c == nil || c.Out || t.noTurn(c) {
		return false
	}
	if e := t.enc.Entry(r); e != nil && e.Lost {
		return false
	}
	return true
}

// beforeFirst stands for "before the first step" of a phase.
var beforeFirst = Ref{Who: -1}

// prevInPhase returns the step of the current phase just before the current
// one, skipping steps that match skip, or beforeFirst.
func (t *tx) prevInPhase(skip func(Ref) bool) Ref {
	seq := Sequence(t.rs, &t.enc, t.enc.Phase)
	i := slices.Index(seq, t.enc.Cur)
	for i--; i >= 0; i-- {
		if !skip(seq[i]) {
			return seq[i]
		}
	}
	return beforeFirst
}

// enterPhase sets Cur to the first step of the current phase at or after
// the start, moving through phases and rounds as needed. resume is true when
// Cur already names the position to continue after.
func (t *tx) enterPhase(resume bool) {
	t.enterPhaseOf(resume, false)
}

// enterPhaseOf is enterPhase; fresh is true at the start of a round, where
// finding nobody able to act leaves the round idle instead of ending it.
func (t *tx) enterPhaseOf(resume, fresh bool) {
	phases := t.rs.RoundPhases()
	for guard := 0; guard < 4*len(phases)+4; guard++ {
		if t.enc.Phase >= len(phases) {
			if fresh {
				t.enc.Phase, t.enc.Cur = 0, Ref{}
				t.log(EvRound, 0, nil, "Nobody can act in round %d", t.enc.Round)
				return
			}
			t.endRound()
			if err := t.startRound(); err != nil {
				t.log(EvRound, 0, nil, "error: %v", err)
			}
			return
		}
		seq := Sequence(t.rs, &t.enc, t.enc.Phase)
		i := 0
		if resume {
			i = slices.Index(seq, t.enc.Cur) + 1 // -1+1 = 0 when Cur is gone
		}
		for ; i < len(seq); i++ {
			if t.canAct(seq[i]) {
				t.beginStep(seq[i], !resume)
				return
			}
		}
		t.enc.Phase++
		resume = false
	}
}

// beginStep makes r the current step and logs it.
func (t *tx) beginStep(r Ref, newPhase bool) {
	phases := t.rs.RoundPhases()
	ph := phases[t.enc.Phase]
	if newPhase && (len(phases) > 1 || ph.Order == rules.PhaseOnce) {
		t.log(EvPhase, 0, nil, "%s phase", ph.Name)
	}
	t.enc.Cur = r
	if r.Who == 0 {
		return
	}
	c := t.enc.Combatant(r.Who)
	e := t.enc.Entry(r)
	where := ""
	if e != nil {
		where = " at " + t.countName(e.Value)
	}
	act := ""
	if r.Action > 0 {
		act = ", " + ordinal(r.Action+1) + " action"
	}
	t.log(EvTurn, c.ID, nil, "%s acts%s%s", c.Name, where, act)
	// A combatant's own turn starts once per round, on its first step.
	if e != nil && !e.Started {
		first := true
		for _, x := range t.enc.Entries {
			if x.Who == r.Who && x.Started {
				first = false
			}
		}
		e.Started = true
		if first {
			t.turnStart(c)
		}
	}
}

// noTurn reports whether a condition skips the combatant's turns.
func (t *tx) noTurn(c *Combatant) bool {
	for _, cond := range c.Conditions {
		if d, ok := t.rs.Condition(cond.ID); ok && d.NoTurn {
			return true
		}
	}
	return false
}

// turnStart runs what happens at the start of a combatant's own turn: the
// budget refills, wounds bleed, conditions check and expire, stun is
// marked off and rolled against.
func (t *tx) turnStart(c *Combatant) {
	t.resetPools(c, rules.AtOwnTurnStart)
	if c.Delaying != "" {
		t.log(EvHold, c.ID, nil, "%s's delayed attack (%s) lapses", c.Name, c.Delaying)
		c.Delaying = ""
	}
	t.ticks(c, rules.AtOwnTurnStart)
	t.conditionsAt(c, rules.AtOwnTurnStart)
	t.stunTurn(c)
	t.vitals(c)
	if lvl, ignored := StunNow(t.rs, c); lvl >= 0 {
		l := t.rs.Stun.Levels[lvl]
		t.log(EvStun, c.ID, nil, "%s is %s: %s", c.Name, l.Name, l.Summary)
	} else if ignored {
		t.log(EvStun, c.ID, nil, "%s acts normally this turn despite the stun", c.Name)
	}
}

// ticks runs the periodic effects due at a point for a combatant.
func (t *tx) ticks(c *Combatant, at rules.Point) {
	for _, tk := range t.rs.Ticks {
		if tk.When != at {
			continue
		}
		switch tk.Effect {
		case rules.EffectBleed:
			t.bleed(c)
		case rules.EffectClot:
			t.clot(c, max(tk.Every, 1))
		}
	}
}

// roundTicks runs the ticks that concern the whole round (notes).
func (t *tx) roundTicks(at rules.Point) {
	for _, tk := range t.rs.Ticks {
		if tk.When == at && tk.Effect == rules.EffectNote && (tk.Round == 0 || tk.Round == t.enc.Round) {
			t.log(EvRound, 0, nil, "%s: %s", tk.Name, tk.Summary)
		}
	}
}

// advance moves to the next step.
func (t *tx) advance() {
	if t.rs.Order.Kind == rules.OrderNone {
		t.endRound()
		if err := t.startRound(); err != nil {
			t.log(EvRound, 0, nil, "error: %v", err)
		}
		return
	}
	t.enterPhase(true)
}

func (t *tx) endRound() {
	for i := range t.enc.Combatants {
		c := &t.enc.Combatants[i]
		t.ticks(c, rules.AtRoundEnd)
		t.conditionsAt(c, rules.AtRoundEnd)
		t.vitals(c)
	}
	t.roundTicks(rules.AtRoundEnd)
	t.log(EvRoundUp, 0, nil, "Round %d ends", t.enc.Round)
}

// next ends the step under way and begins the next one.
func (t *tx) next() error {
	if err := t.running(); err != nil {
		return err
	}
	t.advance()
	return nil
}

// end ends the fight.
func (t *tx) end() error {
	if err := t.running(); err != nil {
		return err
	}
	t.enc.Status = StatusEnded
	t.log(EvEnd, 0, nil, "The fight ends after %d round%s", t.enc.Round, plural(t.enc.Round))
	return nil
}
