package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/rules"
)

// Budget is what a combatant has to spend: what is left of each pool, and
// the extended action under way.
type Budget struct {
	Pools map[string]int `toml:"pools,omitempty"`
	Ext   *Extended      `toml:"ext,omitempty"`
	// Owed are actions lost this round from a pool while it was not this
	// phase's (a fighter out of any flurry in the flurry phase): taken as
	// it refills in a phase later this round (lost_actions).
	Owed map[string]int `toml:"owed,omitempty"`
	// Cut is what a fall of each pool's capacity took off it since it was
	// last refilled (a leg impaired: half the movement points), given
	// back as the condition that took it goes (the wound struck off).
	Cut map[string]int `toml:"cut,omitempty"`
	// Paid is what actions paid of each pool since it was last refilled,
	// exchanges not counted (pools.unlimited_after reads it).
	Paid map[string]int `toml:"paid,omitempty"`
}

// Clone returns a deep copy.
func (p Budget) Clone() Budget {
	p.Pools = maps.Clone(p.Pools)
	p.Cut = maps.Clone(p.Cut)
	p.Owed = maps.Clone(p.Owed)
	p.Paid = maps.Clone(p.Paid)
	if p.Ext != nil {
		x := *p.Ext
		p.Ext = &x
	}
	return p
}

// Extended is an extended action under way.
type Extended struct {
	Action string `toml:"action"`
	Paid   int    `toml:"paid"`
	Total  int    `toml:"total"`
	// Worked is set when work was done on it since the last own turn ended.
	Worked bool `toml:"worked,omitempty"`
	// Patient, Treat and Index say what First Aid under way is for: the
	// patient's wound or injury Index (from 0), or its hits.
	Patient int   `toml:"patient,omitzero"`
	Treat   Treat `toml:"treat,omitempty"`
	Index   int   `toml:"index,omitzero"`
}

func passiveNames(rs *rules.Ruleset) string {
	var ids []string
	for _, a := range rs.Actions {
		if a.Passive {
			ids = append(ids, a.ID)
		}
	}
	return actionNames(rs, ids)
}

func actionNames(rs *rules.Ruleset, ids []string) string {
	var n []string
	for _, id := range ids {
		if a, ok := rs.Action(id); ok {
			n = append(n, a.Name)
		}
	}
	if len(n) == 0 {
		return "nothing"
	}
	return strings.Join(n, ", ")
}

// pay works out how to pay cost from pools, exchanging spare pools where
// the budget can only pay that way. Of the ways with the fewest exchanges
// it takes the one that gives up the least versatile pools (a Move before
// an Attack, which could have become a Move too). It returns the pools
// after paying and the exchanges made, or ok false.
func pay(rs *rules.Ruleset, pools, cost map[string]int, no map[string]string,
	unl map[string]bool) (map[string]int, []rules.Exchange, bool) {
	versatility := map[string]int{}
	for _, e := range rs.Exchanges {
		versatility[e.From]++
	}
	var best map[string]int
	var bestEx []rules.Exchange
	bestScore := -1
	var try func(p map[string]int, ex []rules.Exchange, left int)
	try = func(p map[string]int, ex []rules.Exchange, left int) {
		short := ""
		for _, pl := range rs.Pools {
			if p[pl.ID] < cost[pl.ID] {
				short = pl.ID
				break
			}
		}
		if short == "" {
			score := 0
			for _, e := range ex {
				score += versatility[e.From]
			}
			if bestScore < 0 || score < bestScore {
				best, bestEx, bestScore = p, ex, score
			}
			return
		}
		if left == 0 {
			return
		}
		for _, e := range rs.Exchanges {
			spent := p[e.From]-cost[e.From] < 1
			if e.Gives[short] == 0 || spent && !unl[e.WhileUnlimited] || !exchangeOpen(e, p, cost, no) {
				continue
			}
			q := maps.Clone(p)
			if !spent {
				q[e.From]--
			}
			for k, n := range e.Also {
				q[k] -= n
			}
			for k, n := range e.Gives {
				q[k] += n
			}
			try(q, append(slices.Clone(ex), e), left-1)
		}
	}
	start := maps.Clone(pools)
	if start == nil {
		start = map[string]int{}
	}
	// The fewest exchanges first: depth by depth.
	for depth := 0; depth <= 8 && best == nil; depth++ {
		try(start, nil, depth)
	}
	if best == nil {
		return nil, nil, false
	}
	for k, n := range cost {
		best[k] -= n
	}
	return best, bestEx, true
}

// exchangeOpen reports whether an exchange may be made: none of the pools
// it spends is blocked, and those it spends besides its own pool still
// have enough once the cost is paid.
func exchangeOpen(e rules.Exchange, p, cost map[string]int, no map[string]string) bool {
	if _, ok := no[e.From]; ok {
		return false
	}
	for k := range e.Gives {
		if _, ok := no[intoBar+k]; ok {
			return false
		}
	}
	for k, n := range e.Also {
		if _, ok := no[k]; ok || p[k]-cost[k] < n {
			return false
		}
	}
	return true
}

// costText says a cost for the engine's errors ("1 Move + 1 Attack").
func costText(rs *rules.Ruleset, cost map[string]int) string {
	var parts []string
	for _, p := range rs.Pools {
		if n := cost[p.ID]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, p.Name))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " + ")
}

func (t *tx) spend(cmd Spend) error {
	if err := t.running(); err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	a, ok := t.rs.Action(cmd.Action)
	if !ok {
		return fmt.Errorf("%s has no action %q", t.rs.Name, cmd.Action)
	}
	if err := t.atFoe(c, a, cmd.At); err != nil {
		return err
	}
	if err := t.foeHolds(a, cmd.At); err != nil {
		return err
	}
	if a.ID == t.rs.Spells.Instant {
		if err := t.spoiled(c); err != nil {
			return err
		}
	}
	if err := t.castingInterrupted(c, a); err != nil {
		return err
	}
	if err := t.spendAs(c, a, cmd); err != nil {
		return err
	}
	if cmd.At == 0 && a.AtFoe && againstFoes(t.rs, a.Gives) {
		// Named at no one, it would help against everyone; refused once
		// the gate and the budget have said what they would refuse.
		return fmt.Errorf("%s is taken at a foe, whose rolls alone it changes: name which", a.Name)
	}
	return t.foeGets(a, cmd.At)
}

// atFoe checks the foe an action is taken at (actions.at_foe): another
// combatant in the fight, and only for an action taken at one.
func (t *tx) atFoe(c *Combatant, a rules.ActionDef, at int) error {
	switch {
	case at == 0:
		return nil
	case !a.AtFoe:
		return fmt.Errorf("%s is not taken at a foe", a.Name)
	case at == c.ID || t.enc.Combatant(at) == nil:
		return fmt.Errorf("%s is taken at another combatant in the fight", a.Name)
	}
	return nil
}

// againstFoes reports whether the condition changes the rolls made
// against its holder (against_mods, against_edge, a melee or ranged
// bonus): given at a foe, those of that foe alone.
func againstFoes(rs *rules.Ruleset, id string) bool {
	def, ok := rs.Condition(id)
	return ok && (len(def.AgainstMods) > 0 || len(def.AgainstEdge) > 0 || def.MeleeBonus != 0 || def.RangedBonus != 0)
}

// spendAs spends an action as cmd says, at the cost a says (a blow's
// action may cost more with some weapons: costs_more).
func (t *tx) spendAs(c *Combatant, a rules.ActionDef, cmd Spend) error {
	var err error
	if cmd.Part != 0 {
		if a, err = endedEarly(t.rs, a, cmd.Part); err != nil {
			return err
		}
	}
	// The gate: what it holds, its stun, its vitals (the budget once the
	// First Aid's patient is known: price, as the gate prices it).
	if v := t.stateVerdict(c, a); !v.Allowed() {
		return v
	}
	t.useWait(c, a)
	if v := t.stateVerdict(c, a); !v.Allowed() {
		return v
	}
	t.capPools(c)
	if a.ID == t.rs.Wounds.Action && a.ID != "" {
		// On an error the whole transition is dropped: setting the aim
		// before the budget pays is safe.
		if err := t.beginAid(c, a, cmd); err != nil {
			return err
		}
	}
	cost, after, ex, err := t.price(c, a)
	if err != nil && a.AgainFails && cmd.Part == 0 && unpaid(t.rs, c, a) {
		// Tried again once it cannot be paid: it fails, and says so.
		t.log(EvSpend, of(c), nil, FailsAgain{Action: a.ID})
		return nil
	}
	if err != nil {
		return err
	}
	before := c.Pools
	if c.Ext != nil && c.Ext.Action != a.ID && t.breaksOff(c.Ext, a) {
		t.log(EvSpend, of(c), nil, BreaksOff{Action: c.Ext.Action})
		c.Ext = nil
	}
	c.Pools = after
	t.paid(c, a, cost)
	t.aimAndInitiative(c, a, cmd.At)
	t.guardSpent(c, a)
	if t.rs.TurnStarts() {
		c.Acted = c.Acted || t.ownTurn(c)
	}
	c.AttackActed = c.AttackActed || a.Attack && t.ownTurn(c)
	t.attackRollsPaid(c, a)
	if err := t.spent(c, a, cost, ex, before, cmd.Part != 0, cmd.At); err != nil {
		return err
	}
	t.earn(c, a, cost)
	if t.overRestricted(c, ex) {
		t.reopen(c)
		t.vitals(c)
	}
	return t.afterSpend(c, a, before, cmd.At)
}

// unpaid reports whether a pool an action costs holds less than it costs:
// what again_fails reads (a refusal for anything else stays one).
func unpaid(rs *rules.Ruleset, c *Combatant, a rules.ActionDef) bool {
	for p, n := range a.Cost {
		if slices.ContainsFunc(rs.Pools, func(x rules.Pool) bool { return x.ID == p }) && c.Pools[p] < n {
			return true
		}
	}
	return false
}

// endedEarly is an action ended early (actions.ends_early): its cost of
// that pool cut to the part used, at least 1 and less than the whole,
// nothing given back, and no condition given (a Run ended early has not
// gone its whole Speed).
func endedEarly(rs *rules.Ruleset, a rules.ActionDef, part int) (rules.ActionDef, error) {
	full := a.Cost[a.EndsEarly]
	switch {
	case a.EndsEarly == "":
		return a, fmt.Errorf("%s cannot be ended early: it is done or not at all", a.Name)
	case part < 1 || part >= full:
		return a, fmt.Errorf("%s ended early pays 1 to %d %s of its %d", a.Name, full-1, poolNameOf(rs, a.EndsEarly), full)
	}
	a.Cost = maps.Clone(a.Cost)
	a.Cost[a.EndsEarly] = part
	a.Gains, a.Refills, a.OrAll, a.Gives = nil, nil, false, ""
	return a, nil
}

func poolNameOf(rs *rules.Ruleset, id string) string {
	for _, p := range rs.Pools {
		if p.ID == id {
			return p.Name
		}
	}
	return id
}

// earn gives the pools earned by spending a pool (pools.earned_by) what an
// action that does not move spent of it.
func (t *tx) earn(c *Combatant, a rules.ActionDef, cost map[string]int) {
	if a.Moves {
		return
	}
	for _, p := range t.rs.Pools {
		if n := cost[p.EarnedBy]; p.EarnedBy != "" && n > 0 {
			t.setPool(c, p.ID, min(c.Pools[p.ID]+n, t.capacity(c, p.ID)), poolWhy{action: a.ID})
		}
	}
}

// price works out what taking an action costs c now and how its budget
// pays it: the cost (an extended action's share this turn, or all that is
// left of an or_all cost), the pools after paying, and the exchanges made;
// or why it cannot be paid. It changes nothing.
func (t *tx) price(c *Combatant, a rules.ActionDef) (cost, after map[string]int, ex []rules.Exchange, err error) {
	cost = a.Cost
	if a.Extended {
		cost = t.extendedShare(c, a)
		if cost == nil {
			return nil, nil, nil, fmt.Errorf("%s: the budget left pays nothing toward it this turn (%s)", a.Name, t.poolsText(c))
		}
	}
	cost = t.uncounted(c, cost)
	for _, id := range a.Empties {
		if hi := t.capacity(c, id); c.Pools[id] < hi {
			return nil, nil, nil, fmt.Errorf("%s takes all of %s, and %s has spent some already (%d of %d left)",
				a.Name, t.poolName(id), c.Name, c.Pools[id], hi)
		}
	}
	if why := t.blockedReason(c, cost); why != "" {
		return nil, nil, nil, fmt.Errorf("%s costs %s; %s", a.Name, costText(t.rs, cost), why)
	}
	no := blockedFor(t.rs, c, a)
	after, ex, ok := pay(t.rs, c.Pools, cost, no, t.unlimitedNow(c))
	if a.OrAll && (!ok || len(ex) > 0) {
		// All that is left, before any exchange: catching one's breath
		// does not spend Stamina to pay for itself.
		if part := orAll(c, cost); part != nil {
			cost = part
			after, ex, ok = pay(t.rs, c.Pools, cost, no, t.unlimitedNow(c))
		}
	}
	if !ok {
		if why := t.barredInto(c, a, cost); why != "" {
			return nil, nil, nil, fmt.Errorf("%s costs %s; %s", a.Name, costText(t.rs, cost), why)
		}
		return nil, nil, nil, fmt.Errorf("%s costs %s; %s has %s", a.Name, costText(t.rs, cost), c.Name, t.poolsText(c))
	}
	for _, id := range a.Empties {
		after[id] = 0
	}
	for _, id := range a.UsesUp {
		after[id] = 0
	}
	if a.Moves {
		// What a condition held leaves of a move: one step, and no more.
		for _, x := range c.Conditions {
			def, _ := t.rs.Condition(x.ID)
			for _, id := range def.MovingUsesUp {
				if _, ok := after[id]; ok {
					after[id] = 0
				}
			}
		}
	}
	return cost, after, ex, nil
}

// spent logs an action paid for (with the exchanges it took; early: ended
// early) and carries an extended action on, completing it when all of it is paid.
func (t *tx) spent(c *Combatant, a rules.ActionDef, cost map[string]int, ex []rules.Exchange, before map[string]int, early bool,
	at int) error {
	var how []Exchanged
	for _, e := range ex {
		how = append(how, Exchanged{From: e.From, Gives: e.Gives})
	}
	if a.Extended {
		if c.Ext == nil || c.Ext.Action != a.ID {
			c.Ext = &Extended{Action: a.ID, Total: sum(a.Cost)}
		}
		c.Ext.Paid += sum(cost)
		c.Ext.Worked = true
		aim := t.aidAim(c.Ext)
		if c.Ext.Paid >= c.Ext.Total {
			t.log(EvSpend, of(c), nil, Completes{Action: a.ID, Aim: aim, Exchanged: how})
			done := *c.Ext
			c.Ext = nil
			if done.Treat != "" {
				if err := t.aidDone(c, done); err != nil {
					return err
				}
			}
		} else {
			t.log(EvSpend, of(c), nil, WorksOn{Action: a.ID, Aim: aim, Paid: c.Ext.Paid, Total: c.Ext.Total, Exchanged: how})
		}
	} else {
		f := Spends{Action: a.ID, Exchanged: how, OrAll: a.OrAll && len(ex) == 0, Early: early, At: of(t.enc.Combatant(at)),
			Provokes: a.Provokes}
		if f.OrAll || f.Early {
			f.Changes = t.poolChanges(before, c.Pools)
		}
		t.log(EvSpend, of(c), nil, f)
	}
	return nil
}

// afterSpend is what an action does once paid: pools emptied, conditions
// taken and given, its roll, a spell prepared, a delay fired, a closed
// wound reopened. At is the foe it was taken at (actions.at_foe; 0: none):
// the condition it gives reaches rolls against that one alone.
func (t *tx) afterSpend(c *Combatant, a rules.ActionDef, before map[string]int, at int) error {
	for _, p := range t.rs.Pools {
		t.poolEmptied(c, p.ID, before[p.ID])
	}
	t.actionTakes(c, a)
	if !a.Extended || c.Ext == nil {
		// An extended action gives back and refills once it is whole
		// (a crossbow loaded).
		t.actionPools(c, a)
	}
	if !a.Roll.IsZero() {
		if _, _, err := t.rollWith(c, a.Roll, Rolling{Kind: a.RollKind}, ActionRoll{Action: a.ID}); err != nil {
			return err
		}
	}
	if a.Gives != "" {
		if def, ok := t.rs.Condition(a.Gives); ok {
			if g, err := t.ownGrant(c, def, "", 0); err != nil {
				t.log(EvCondition, of(c), nil, GiveFailed{Condition: def.ID, Err: Text(err.Error())})
			} else if err := t.give(c, a.Gives, g); err != nil {
				t.log(EvCondition, of(c), nil, Failed{Err: Text(err.Error())})
			} else if x := c.condition(a.Gives); x != nil {
				x.On = at
			}
		}
	}
	t.concentrate(c, a)
	if err := t.countStrikes(c, a); err != nil {
		return err
	}
	if a.FiresDelay {
		t.log(EvHold, of(c), nil, FiresDelay{Trigger: Text(c.Delaying)})
		c.Delaying = ""
	}
	if (a.Attack || a.Reopens) && c.Restricted() {
		t.reopen(c)
		t.vitals(c)
	}
	return nil
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// extendedShare is the part of an extended action's cost the budget can
// pay this turn: as much as it can of what is left.
func (t *tx) extendedShare(c *Combatant, a rules.ActionDef) map[string]int {
	left := sum(a.Cost)
	if c.Ext != nil && c.Ext.Action == a.ID {
		left = c.Ext.Total - c.Ext.Paid
	}
	// Extended costs are in one pool (Moves); pay the most units we can.
	var pool string
	for k := range a.Cost {
		pool = k
	}
	for n := left; n >= 1; n-- {
		share := map[string]int{pool: n}
		if _, _, ok := pay(t.rs, c.Pools, share, blocked(t.rs, c), t.unlimitedNow(c)); ok {
			return share
		}
	}
	return nil
}

func (t *tx) poolName(id string) string {
	for _, p := range t.rs.Pools {
		if p.ID == id {
			return p.Name
		}
	}
	return id
}

func (t *tx) actionName(id string) string {
	if a, ok := t.rs.Action(id); ok {
		return a.Name
	}
	return id
}

func (t *tx) poolsText(c *Combatant) string {
	var parts []string
	for _, p := range t.rs.Pools {
		parts = append(parts, fmt.Sprintf("%s %d", p.Name, c.Pools[p.ID]))
	}
	if len(parts) == 0 {
		return "no budget"
	}
	return strings.Join(parts, ", ")
}

// payFor pays the cost of the ruleset's action with the id, if it has one
// (Pathmaster's Wait and Delay are in its action table).
// It returns the cost paid.
func (t *tx) payFor(c *Combatant, id string) (map[string]int, error) {
	a, ok := t.rs.Action(id)
	if !ok {
		return nil, nil
	}
	if err := t.unbrokenAllows(c, a); err != nil {
		return nil, err
	}
	after, _, ok := pay(t.rs, c.Pools, a.Cost, blocked(t.rs, c), t.unlimitedNow(c))
	if !ok {
		return nil, fmt.Errorf("%s costs %s; %s has %s", a.Name, costText(t.rs, a.Cost), c.Name, t.poolsText(c))
	}
	c.Pools = after
	t.paid(c, a, a.Cost)
	t.guardSpent(c, a)
	return maps.Clone(a.Cost), nil
}

// fillPools fills every pool of a combatant joining the fight.
func (t *tx) fillPools(c *Combatant) {
	t.resetPools(c, "", "")
	t.startsEmpty(c)
}

// resetPools refills the pools that reset at the point ("" for all, as a
// combatant's fight begins: a pool no fight refills keeps what it brought
// from the last, party.go); at a phase's start, those that name the phase.
func (t *tx) resetPools(c *Combatant, at rules.Point, phase string) {
	for _, p := range t.rs.Pools {
		if at != "" && (p.Reset != at || at == rules.AtPhaseStart && !slices.Contains(p.Phases, phase)) {
			continue
		}
		if _, brought := c.Pools[p.ID]; at == "" && brought && p.Reset == rules.AtNever {
			continue
		}
		full, err := t.roller.Total(p.Capacity, t.statsOf(c))
		if err != nil {
			t.log(EvPool, of(c), nil, PoolFailed{Pool: p.ID, Err: Text(err.Error())})
			continue
		}
		if c.Pools == nil {
			c.Pools = map[string]int{}
		}
		v := full
		if p.EarnedBy != "" {
			v = 0 // earned afresh (earn)
		}
		if mod, limit, why := refillMods(t.rs, c, p.ID); len(why) > 0 {
			v += mod
			if limit >= 0 {
				v = min(v, limit)
			}
			v = min(max(v, 0), t.capacity(c, p.ID))
			t.log(EvPool, of(c), nil, PoolRefilled{Pool: p.ID, Value: v, Mods: why})
		}
		c.Pools[p.ID] = max(v, 0)
		delete(c.Paid, p.ID)
		if len(c.Paid) == 0 {
			c.Paid = nil
		}
		delete(c.Cut, p.ID)
		if len(c.Cut) == 0 {
			c.Cut = nil
		}
		if n := c.Owed[p.ID]; n > 0 && at == rules.AtPhaseStart {
			t.takeOwed(c, p.ID, n)
		}
	}
	if at == rules.AtRoundStart || at == rules.AtRoundEnd {
		c.Owed = nil // lost this round: the round is over
	}
}

// abandon drops the extended action under way.
func (t *tx) abandon(cmd Abandon) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if c.Ext == nil {
		return fmt.Errorf("%s has nothing under way", c.Name)
	}
	t.log(EvSpend, of(c), nil, GivesUp{Action: c.Ext.Action})
	c.Ext = nil
	return nil
}

// delayAllows says whether an action may be taken with or without a
// delayed attack held: firing it needs one; after a Delay only what the
// pools of order.after_delay pay (the Interrupt) may follow, until the
// next own turn (l.679: other actions before the Delay, not after).
func (t *tx) delayAllows(c *Combatant, a rules.ActionDef) error {
	if a.FiresDelay {
		if c.Delaying == "" {
			return fmt.Errorf("%s holds no delayed attack", c.Name)
		}
		return nil
	}
	after := t.rs.Order.AfterDelay
	if c.Delaying == "" || len(after) == 0 || a.Passive || a.AnyTime {
		return nil // what may be taken at any time may after a Delay (talk)
	}
	for k, n := range a.Cost {
		if n > 0 && !slices.Contains(after, k) {
			return fmt.Errorf("%s has delayed the attack: after a Delay only what %s pays (%s costs %s)", c.Name, t.poolList(after),
				a.Name, costText(t.rs, a.Cost))
		}
	}
	return nil
}

func (t *tx) poolList(ids []string) string {
	var n []string
	for _, id := range ids {
		n = append(n, t.poolName(id))
	}
	return strings.Join(n, " or ")
}

// breaksOff reports whether taking a breaks off the extended action under
// way: another extended action always does; a passive action or one that
// keeps it (talking) never does; a resumable one (loading a crossbow) may
// be broken up by anything else.
func (t *tx) breaksOff(ext *Extended, a rules.ActionDef) bool {
	if a.Extended {
		return true
	}
	if a.Passive || a.KeepsExtended {
		return false
	}
	under, _ := t.rs.Action(ext.Action)
	return !resumableNow(under, ext)
}

// unbrokenAllows refuses an action that would break off an extended action
// under way before it may be broken up (actions.resumable_from): that part
// is done without interruption (Pathmaster's heavy crossbow, cocked with
// two Moves "performed without interruption", l.632-633), so only the
// action itself, a passive one or one that keeps it (talking) comes
// between. Giving it up (the GM's helper) is left; an own turn with no
// work on it still breaks it off (poolsAt).
func (t *tx) unbrokenAllows(c *Combatant, a rules.ActionDef) error {
	ext := c.Ext
	if ext == nil || ext.Action == a.ID {
		return nil
	}
	under, ok := t.rs.Action(ext.Action)
	if !ok || under.ResumableFrom == 0 || resumableNow(under, ext) || !t.breaksOff(ext, a) {
		return nil
	}
	unit := "of its cost"
	for k := range under.Cost {
		unit = t.poolName(k)
	}
	return fmt.Errorf("%s has %s under way, whose first %d %s are done without interruption (%d done): no %s between them "+
		"(give it up first in the GM helpers)", c.Name, under.Name, under.ResumableFrom, unit, ext.Paid, a.Name)
}

// resumableNow reports whether an extended action under way may be broken
// up now: resumable, and paid as far as resumable_from asks (the heavy
// crossbow's cocking first).
func resumableNow(a rules.ActionDef, ext *Extended) bool {
	return a.Resumable && ext.Paid >= a.ResumableFrom
}

// poolsAt refills the pools that reset at a point, and at an own turn's end
// breaks off an extended action that had no work this turn: its turns must
// be consecutive, and a turn spent down or stunned is not one of them.
func (t *tx) poolsAt(c *Combatant, m moment) {
	if m.at != rules.AtFightStart {
		t.resetPools(c, m.at, m.phase)
		t.capPools(c)
	}
	if m.at == rules.AtOwnTurnEnd && c.Ext != nil {
		if a, _ := t.rs.Action(c.Ext.Action); !c.Ext.Worked && !resumableNow(a, c.Ext) {
			t.log(EvSpend, of(c), nil, BreaksOffIdle{Action: a.ID})
			c.Ext = nil
			return
		}
		c.Ext.Worked = false
	}
}

// capPools holds each pool at most at the caps of the conditions held
// (Nauseated leaves a single Move).
func (t *tx) capPools(c *Combatant) {
	for _, x := range c.Conditions {
		def, _ := t.rs.Condition(x.ID)
		for k, n := range def.Caps {
			if v, ok := c.Pools[k]; ok && v > n {
				c.Pools[k] = n
			}
		}
	}
}
