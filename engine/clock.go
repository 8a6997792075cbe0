package engine

import (
	"fmt"
	"math"
	"slices"

	"fray/engine/rules"
)

// The clock. A round has named points (rules.Point): the fight's start, the
// round's start, each phase's start and end, each rank or segment the count
// reaches, each combatant's own turn start and end, the round's end. fire is
// the one place where a point fires, and listeners the one list of what
// listens, each with the points it listens at: every mechanic that acts at
// a point is a listener here, and no mechanic calls another's from its own
// code.

// moment is a point as it fires: for phase points the phase, for the rank
// point the rank or segment reached.
type moment struct {
	at    rules.Point
	phase string
	count int
}

// atReEnter is the engine's own point (no ruleset listens to it by name):
// a combatant who waited re-enters the order and takes its step.
const atReEnter rules.Point = "re_enter"

// atDeclaredStepDone is the engine's own point: the step a declaration
// gives in its phase (phases.declared), or a step of the action phase (one
// a declaration's rank placed), is left, not held (BRP's power used on its
// INT rank).
const atDeclaredStepDone rules.Point = "declared_step_done"

// A listener is a mechanic that acts at points of the clock: At, the
// points it acts at (none: any point, where the ruleset names one: a pool's
// reset, a tick, a condition's expiry), and Fire, what it does there.
type listener struct {
	At   []rules.Point
	Fire func(t *tx, c *Combatant, m moment)
}

// listeners is what fires at each point, for each combatant concerned, in
// this order: budgets refill before wounds bleed, conditions end before stun
// is marked off, and thresholds are judged last. Each listener is in its
// mechanic's file.
var listeners = []listener{
	// declare.go: the round's declarations cleared; what one declared is
	// paid for as its step is done.
	{At: on(rules.AtRoundStart), Fire: (*tx).declareAt},
	{At: on(atDeclaredStepDone), Fire: (*tx).declaredPaysAt},
	// declare.go: a weapon stuck in one who declared a move hurts it.
	{At: on(rules.AtRoundEnd), Fire: (*tx).movedStuckAt},
	// disengage.go: a disengage every defence of the round held.
	{At: on(rules.AtRoundEnd), Fire: (*tx).disengageAt},
	// spells.go: a spell with no concentration this turn is ruined; the
	// round's spells end.
	{At: on(rules.AtOwnTurnEnd, rules.AtRoundEnd), Fire: (*tx).spellsAt},
	// missiles.go: stuck missiles bleed.
	{At: on(rules.AtRoundEnd), Fire: (*tx).missilesAt},
	// movement.go: attack and move cleared.
	{At: on(rules.AtRoundStart), Fire: (*tx).movementAt},
	// budget.go: pools refill, at the point each pool resets at.
	{Fire: (*tx).poolsAt},
	// gm_helpers.go: parries and defences counted afresh.
	{At: on(rules.AtOwnTurnStart, rules.AtRoundStart), Fire: (*tx).helpersAt},
	// position.go: a critical's offensive bonus lapses after the next turn.
	{At: on(rules.AtOwnTurnStart, rules.AtOwnTurnEnd), Fire: (*tx).positionAt},
	// strikes.go: what is left of a full round's strikes lapses.
	{At: on(rules.AtOwnTurnEnd), Fire: (*tx).strikesAt},
	// gm_helpers.go: the aims' bonus of an attack that did not roll lapses,
	// and the aims of a turn with no Aim in it.
	{At: on(rules.AtOwnTurnEnd), Fire: (*tx).aimedAt},
	// guard.go: the defences back to the idle action; a waiter re-entering
	// is in the Wait state no more.
	{At: on(rules.AtOwnTurnStart), Fire: (*tx).guardAt},
	{At: on(atReEnter), Fire: (*tx).guardReEnter},
	// once.go: the once-a-turn modifiers against it free again.
	{At: on(rules.AtOwnTurnStart), Fire: (*tx).onceAt},
	// order.go: a stat phase's rolled ranks.
	{At: on(rules.AtPhaseStart), Fire: (*tx).ranksAt},
	// flurries.go: a new flurry for the engaged; the round's flurries over.
	{At: on(rules.AtPhaseStart, rules.AtPhaseEnd), Fire: (*tx).flurriesAt},
	// holds.go: a delayed attack lapses; a waiter gets back what it set
	// aside.
	{At: on(rules.AtOwnTurnStart, atReEnter), Fire: (*tx).holdsAt},
	// ticks.go: bleeding, clotting, checks and notes, at each tick's point.
	{Fire: (*tx).ticksAt},
	// waits.go: the conditions waiting for this round given.
	{At: on(rules.AtRoundStart), Fire: (*tx).waitingAt},
	// conditions.go, durations.go: checks, tables and expiry, at each
	// condition's point.
	{Fire: (*tx).conditionsAt},
	// stun.go: the ladder marked off and recovered from.
	{At: on(rules.AtOwnTurnStart), Fire: (*tx).stunAt},
	// concentrate.go: a stunned caster who failed the recovery roll loses
	// the spell under preparation.
	{At: on(rules.AtOwnTurnStart), Fire: (*tx).stunnedCasterAt},
	// vitals.go: thresholds, knock-out, death.
	{At: on(rules.AtOwnTurnStart, rules.AtOwnTurnEnd, rules.AtRoundEnd), Fire: (*tx).vitalsAt},
	// visibility.go: a foe hidden since it joined shows on its first turn.
	{At: on(rules.AtOwnTurnStart), Fire: (*tx).visibilityAt},
}

// fightListeners fire once at each point for the whole fight, before the
// combatants' listeners.
var fightListeners = []struct {
	At   []rules.Point
	Fire func(t *tx, m moment)
}{
	// ticks.go: notes for the whole fight, at each tick's point.
	{Fire: (*tx).notesAt},
	// timers.go: timed events and the GM's timers.
	{At: on(rules.AtRoundStart, rules.AtRoundEnd, rules.AtRank), Fire: (*tx).eventsAt},
}

// on is the points a listener acts at.
func on(points ...rules.Point) []rules.Point { return points }

// hears reports whether a listener acting at the points hears a moment.
func hears(at []rules.Point, m moment) bool {
	return len(at) == 0 || slices.Contains(at, m.at)
}

// fire fires a point: an own turn's for its combatant (and the rest of its
// group), any other for every combatant in the fight, in the order or out
// of it.
func (t *tx) fire(m moment, who *Combatant) {
	for _, l := range fightListeners {
		if hears(l.At, m) {
			l.Fire(t, m)
		}
	}
	if who != nil {
		for _, c := range t.turnOf(t.mine(who)) {
			c = t.mine(c)
			for _, l := range listeners {
				if hears(l.At, m) {
					l.Fire(t, c, m)
				}
			}
		}
		return
	}
	for i := range t.enc.Combatants {
		for _, l := range listeners {
			if hears(l.At, m) {
				l.Fire(t, t.at(i), m)
			}
		}
	}
}

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
	t.log(EvStart, Subject{}, nil, FightBegins{})
	// Everyone starts with a full budget: it may be spent before one's own
	// first turn (an interrupt, say).
	for _, c := range t.all() {
		t.fillPools(c)
	}
	if t.rs.Order.Kind == rules.OrderFixed || (t.rs.Order.Kind == rules.OrderRank && !t.rs.Order.EachRound) {
		for i, c := range t.enc.Combatants {
			if c.HasInit || !t.ordered(c) {
				continue
			}
			if err := t.rollInit(t.at(i), nil); err != nil {
				return err
			}
		}
	}
	if t.rs.Order.Kind == rules.OrderFixed {
		t.enc.Order = t.enc.Order[:0]
		for _, c := range t.enc.Combatants {
			if t.ordered(c) {
				t.enc.Order = append(t.enc.Order, c.ID)
			}
		}
		// Roll-offs for the fight are rolled once, through the entries.
		t.enc.Entries = t.enc.Entries[:0]
		for _, c := range t.enc.Combatants {
			if t.ordered(c) {
				t.enc.Entries = append(t.enc.Entries, Entry{Who: c.ID, Value: c.Init})
			}
		}
		t.sortEntries()
		t.sortFixedOrder()
	}
	t.fire(moment{at: rules.AtFightStart}, nil)
	return t.startRound()
}

// startRound begins the next round: initiative where the ruleset rolls it,
// the round's order, pools reset, then the first step.
func (t *tx) startRound() error {
	t.enc.Round++
	t.enc.Count = Count{}
	t.enc.PhaseHolds = nil
	elapsed := 0
	if s := t.rs.RoundSeconds; s > 0 && t.enc.Round > 1 {
		elapsed = s * (t.enc.Round - 1)
	}
	t.log(EvRound, Subject{}, nil, RoundBegins{Elapsed: elapsed})
	t.fire(moment{at: rules.AtRoundStart}, nil)
	o := t.rs.Order
	t.enc.Entries = t.enc.Entries[:0]
	switch o.Kind {
	case rules.OrderFixed:
		for _, id := range t.enc.Order {
			c := t.enc.Combatant(id)
			t.enc.Entries = append(t.enc.Entries, Entry{Who: id, Value: c.Init, Tie: c.Tie})
		}
	case rules.OrderRound:
		if o.RollAfter != "" {
			break // rolled once that phase is over (rollAfter)
		}
		for i := range t.enc.Combatants {
			if !t.ordered(t.enc.Combatants[i]) {
				continue
			}
			c := t.at(i)
			if err := t.rollInit(c, nil); err != nil {
				return err
			}
			t.enc.Entries = append(t.enc.Entries, Entry{Who: c.ID, Value: c.Init})
		}
		t.sortEntries()
	case rules.OrderRank, rules.OrderSegments:
		if o.RollAfter != "" {
			// Rolled once the declarations are in (rollAfter).
			break
		}
		for i := range t.enc.Combatants {
			if !t.ordered(t.enc.Combatants[i]) {
				continue
			}
			c := t.at(i)
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
	if o.Kind != rules.OrderFixed && o.RollAfter == "" {
		t.logOrder()
	}
	t.enc.Phase, t.enc.Cur = 0, Ref{}
	t.enterPhaseOf(false, true)
	return nil
}

// rollAfter rolls the round's order once the phase it follows is over:
// the segments after the declarations (what was declared reaches every
// initiative), a round's initiative after the shock checks.
func (t *tx) rollAfter() {
	t.enc.Entries = t.enc.Entries[:0]
	for i := range t.enc.Combatants {
		if !t.ordered(t.enc.Combatants[i]) {
			continue // a group's place is its leader's
		}
		c := t.at(i)
		if t.rs.Order.Kind == rules.OrderRound {
			if err := t.rollInit(c, nil); err != nil {
				t.log(EvRound, Subject{}, nil, Problem{Err: Text(err.Error())})
				continue
			}
			t.enc.Entries = append(t.enc.Entries, Entry{Who: c.ID, Value: c.Init})
			continue
		}
		es, err := t.actionEntries(c, nil)
		if err != nil {
			t.log(EvRound, Subject{}, nil, Problem{Err: Text(err.Error())})
			continue
		}
		t.enc.Entries = append(t.enc.Entries, es...)
	}
	t.sortEntries()
	t.logOrder()
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
	if c != nil && t.owesBlowAt(c, r) {
		return true // felled at a rank it acts at once: its blow is still struck
	}
	if c == nil || !slices.ContainsFunc(t.turnOf(c), func(x *Combatant) bool { return !x.Out && !t.noTurn(x) }) {
		return false
	}
	if e := t.enc.Entry(r); e != nil && e.Lost && !(e.GivenUp && t.statPhase()) {
		return false
	}
	return true
}

// statPhase reports whether the current phase goes in stat order (BRP's
// powers by INT): a DEX rank given up does not take its step away.
func (t *tx) statPhase() bool {
	phases := t.rs.RoundPhases()
	return t.enc.Phase >= 0 && t.enc.Phase < len(phases) && phases[t.enc.Phase].Order == rules.PhaseStat
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
			t.reach(minCount)
			if fresh {
				t.enc.Phase, t.enc.Cur = 0, Ref{}
				t.log(EvRound, Subject{}, nil, NobodyCanAct{})
				return
			}
			t.endRound()
			if err := t.startRound(); err != nil {
				t.log(EvRound, Subject{}, nil, Problem{Err: Text(err.Error())})
			}
			return
		}
		ph := phases[t.enc.Phase]
		if !resume {
			t.fire(moment{at: rules.AtPhaseStart, phase: ph.ID}, nil)
			if ph.Declared != "" {
				t.enc.Cur = Ref{} // the last phase's step is not this one's (Sequence keeps the one whose step it is)
			}
		}
		var buf [16]Ref // the sequence, on the stack where it fits
		seq := sequence(t.rs, &t.enc, t.enc.Phase, buf[:0])
		i := 0
		if resume {
			i = slices.Index(seq, t.enc.Cur) + 1 // -1+1 = 0 when Cur is gone
		}
		for ; i < len(seq); i++ {
			if t.counts(ph) {
				if e := t.enc.Entry(seq[i]); e != nil {
					t.reach(e.Value)
				}
			}
			if !t.canAct(seq[i]) {
				t.passOver(seq[i])
			}
			if t.canAct(seq[i]) {
				t.beginStep(seq[i], !resume)
				return
			}
			t.turnPasses(seq[i])
			t.spellPasses(seq[i])
		}
		if t.counts(ph) {
			t.reach(minCount)
		}
		t.fire(moment{at: rules.AtPhaseEnd, phase: ph.ID}, nil)
		if ph.ID == t.rs.Order.RollAfter {
			t.rollAfter()
		}
		if ph.ID == t.rs.Order.DeclarePhase {
			t.rerank()
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
		t.log(EvPhase, Subject{}, nil, PhaseBegins{Phase: ph.ID})
	}
	t.enc.Cur = r
	if newPhase || !slices.Contains(t.enc.AtOnce, r) {
		t.enc.AtOnce = t.atOnce(r)
	}
	if r.Who == 0 {
		return
	}
	c := t.enc.Combatant(r.Who)
	e := t.enc.Entry(r)
	acts := Acts{Action: r.Action}
	if ph.Order == rules.PhaseStat {
		acts.Value, _ = StatRank(t.rs, &t.enc, t.enc.Phase, r.Who)
		acts.Stat = ph.Stat
	} else if e != nil {
		acts.Value, acts.Placed, acts.Taken = e.Value, true, e.Taken || c.InitTaken
	}
	var buf [16]Ref // the sequence, on the stack where it fits
	seq := sequence(t.rs, &t.enc, t.enc.Phase, buf[:0])
	if i := slices.Index(seq, r); i > 0 && Together(t.rs, &t.enc, t.enc.Phase, seq[i-1], r) {
		acts.With = of(t.enc.Combatant(seq[i-1].Who))
	}
	t.log(EvTurn, of(c), nil, acts)
	if t.owesBlowAt(c, r) {
		t.log(EvTurn, of(c), nil, StrikesAsItFalls{})
	}
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
			t.fire(moment{at: rules.AtOwnTurnStart}, c)
		}
	} else if e != nil && e.Waiting {
		t.fire(moment{at: atReEnter}, c)
	}
}

// noTurn reports whether a condition skips the combatant's turns.
func (t *tx) noTurn(c *Combatant) bool { return noTurnOf(t.rs, c) }

// noTurnOf reports whether a condition c holds takes its turns.
func noTurnOf(rs *rules.Ruleset, c *Combatant) bool {
	for _, cond := range c.Conditions {
		if d, ok := rs.Condition(cond.ID); ok && d.NoTurn && !turnSetAside(rs, c, cond.ID) {
			return true
		}
	}
	return false
}

// advance moves to the next step.
func (t *tx) advance() {
	if t.rs.Order.Kind == rules.OrderNone {
		t.endRound()
		if err := t.startRound(); err != nil {
			t.log(EvRound, Subject{}, nil, Problem{Err: Text(err.Error())})
		}
		return
	}
	if c := t.enc.Actor(); c != nil {
		if ph := t.rs.RoundPhases()[t.enc.Phase]; ph.Declared != "" || ph.Actions {
			t.fire(moment{at: atDeclaredStepDone, phase: ph.ID}, c)
		}
		if t.lastStep(c.ID) {
			t.fire(moment{at: rules.AtOwnTurnEnd}, c)
		}
	}
	t.enterPhase(true)
}

// lastStep reports whether the current step is the last the combatant
// has this round: its own turn ends with it.
func (t *tx) lastStep(who int) bool {
	phases := t.rs.RoundPhases()
	for p := t.enc.Phase; p < len(phases); p++ {
		var buf [16]Ref // the sequence, on the stack where it fits
		seq := sequence(t.rs, &t.enc, p, buf[:0])
		i := 0
		if p == t.enc.Phase {
			i = slices.Index(seq, t.enc.Cur) + 1
		}
		for _, r := range seq[i:] {
			if r.Who == who && t.canAct(r) {
				return false
			}
		}
	}
	return true
}

// passOver is a step the order passes without its combatant acting (down,
// or a condition skips its turns). Where the ruleset says so, its own turn
// still has its points: its wounds bleed, its stun is marked off, its
// conditions run, and it may come to and act.
func (t *tx) passOver(r Ref) {
	e := t.enc.Entry(r)
	c := t.enc.Combatant(r.Who)
	if !t.rs.Order.OutTurns || e == nil || c == nil || e.Started || e.Lost {
		return
	}
	if dead := t.rs.HP.DeadCondition; dead != "" && c.Has(dead) {
		return // the dead have no turns, even out of the order
	}
	for _, x := range t.enc.Entries {
		if x.Who == r.Who && x.Started {
			return
		}
	}
	e.Started = true
	t.fire(moment{at: rules.AtOwnTurnStart}, c)
	if !t.canAct(r) {
		t.fire(moment{at: rules.AtOwnTurnEnd}, c)
		return
	}
	// It came to: its turn goes on in this step, already begun.
	return
}

// endRound fires the round's end.
func (t *tx) endRound() {
	t.fire(moment{at: rules.AtRoundEnd}, nil)
	t.log(EvRoundUp, Subject{}, nil, RoundEnds{})
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
	t.log(EvEnd, Subject{}, nil, FightEnds{})
	return nil
}

// Count is how far the count of a rank or segments order has come this
// round: each rank a tick listens to fires once, as the count reaches it.
type Count struct {
	Reached int  `toml:"reached,omitzero"`
	Started bool `toml:"started,omitempty"`
}

// minCount is below any rank or segment: the count runs out.
const minCount = math.MinInt32

// counts reports whether a phase counts the order down (ranks or segments,
// or initiative values where a timed event waits at one): the phase that steps through every action
// entry in the round's order (BRP's action phase, not its statements in
// the same order).
func (t *tx) counts(ph rules.Phase) bool {
	if ph.Order != rules.PhaseInitiative || !ph.Actions {
		return false
	}
	switch t.rs.Order.Kind {
	case rules.OrderRank, rules.OrderSegments:
		return true
	case rules.OrderNone:
		return false
	}
	// Initiative values are counted where an event or a timer waits at one.
	return len(t.eventCounts()) > 0
}

// reach moves the count down to v, firing on the way the rank point of
// every rank a tick listens to, highest first.
func (t *tx) reach(v int) {
	from := math.MaxInt32
	if t.enc.Count.Started {
		from = t.enc.Count.Reached
	}
	if v >= from {
		return
	}
	var ranks []int
	at := t.eventCounts()
	for _, tk := range t.rs.Ticks {
		if tk.When == rules.AtRank {
			at = append(at, tk.Rank)
		}
	}
	for _, r := range at {
		if r >= v && r < from && !slices.Contains(ranks, r) {
			ranks = append(ranks, r)
		}
	}
	slices.Sort(ranks)
	t.enc.Count = Count{Reached: v, Started: true}
	t.castingBegins(v)
	for _, r := range slices.Backward(ranks) {
		t.fire(moment{at: rules.AtRank, count: r}, nil)
	}
}

// turnPasses logs a step passed over for a condition that takes the
// combatant's turns (the stunned, one who lost the round); the down and
// one whose turn was lost or given up pass as they always did.
func (t *tx) turnPasses(r Ref) {
	c := t.enc.Combatant(r.Who)
	if r.Who == 0 || c == nil || c.Out {
		return
	}
	if e := t.enc.Entry(r); e != nil && e.Lost {
		return
	}
	for _, cond := range c.Conditions {
		if d, ok := t.rs.Condition(cond.ID); ok && d.NoTurn && !turnSetAside(t.rs, c, cond.ID) {
			t.log(EvCondition, of(c), nil, TurnPasses{Condition: cond.ID})
			return
		}
	}
}
