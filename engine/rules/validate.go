package rules

import (
	"fmt"
	"fray/engine/dice"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// FieldError is a problem at a path in a ruleset, such as
// "conditions[2].implies[0]"; Col, when set, is a column inside the value.
type FieldError struct {
	Path string
	Col  int
	Key  bool // the key itself is wrong, not its value
	Msg  string
}

func (e FieldError) Error() string { return e.Path + ": " + e.Msg }

var idPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

var dicePattern = regexp.MustCompile(`^[dD][0-9%]`)

func (rs *Ruleset) statIDs() []string {
	out := make([]string, len(rs.Stats))
	for i, s := range rs.Stats {
		out[i] = s.ID
	}
	return out
}

// impliesCycle returns a description of a cycle in the implies graph, or "".
func (rs *Ruleset) impliesCycle() string {
	const (
		white = iota
		grey
		black
	)
	color := map[string]int{}
	var path []string
	var visit func(id string) string
	visit = func(id string) string {
		color[id] = grey
		path = append(path, id)
		c, _ := rs.Condition(id)
		for _, n := range c.Implies {
			switch color[n] {
			case grey:
				return strings.Join(append(path, n), " -> ")
			case white:
				if s := visit(n); s != "" {
					return s
				}
			}
		}
		path = path[:len(path)-1]
		color[id] = black
		return ""
	}
	for _, c := range rs.Conditions {
		if color[c.ID] == white {
			if s := visit(c.ID); s != "" {
				return s
			}
		}
	}
	return ""
}

// checker gathers the problems of one ruleset, with the ids each section
// defines for the sections after it to refer to.
type checker struct {
	rs      *Ruleset
	errs    []FieldError
	stats   map[string]bool
	pools   map[string]bool
	actions map[string]bool
	conds   map[string]bool
}

func (c *checker) bad(path, format string, args ...any) {
	c.errs = append(c.errs, FieldError{Path: path, Msg: fmt.Sprintf(format, args...)})
}

// oneOf refuses a kind's value that is not among its values.
func oneOf[K ~string](c *checker, path string, v K, allowed []K) {
	if slices.Contains(allowed, v) {
		return
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	c.bad(path, "%q is not one of %s", v, strings.Join(names, ", "))
}

// id checks an id a section defines and records it in seen.
func (c *checker) id(path, id string, seen map[string]bool) {
	switch {
	case id == "":
		c.bad(path, "an id is required")
	case !idPattern.MatchString(id):
		c.bad(path, "%q is not a valid id (letters, digits and _, not starting with a digit)", id)
	case seen[id]:
		c.bad(path, "%q is defined twice", id)
	}
	seen[id] = true
}

// expr checks that a formula reads only the ruleset's stats.
func (c *checker) expr(path string, e dice.Expr) {
	for _, name := range e.Stats() {
		if !c.stats[name] && !slices.Contains(BuiltinStats, name) {
			c.bad(path, "unknown stat %q (the ruleset's stats: %s)", name, strings.Join(c.rs.statIDs(), ", "))
		}
	}
}

// formula refuses dice where a value is read again at every check (a
// threshold): it must come out the same each time.
func (c *checker) formula(path string, e dice.Expr) {
	if e.HasDice() {
		c.bad(path, "a threshold is a formula of stats, not dice: %q would be rolled again at every check", e.String())
	}
}

// ref checks a reference to an id of another section; "" refers to nothing.
func (c *checker) ref(path, what, id string, ids map[string]bool) {
	if id != "" && !ids[id] {
		c.bad(path, "unknown %s %q", what, id)
	}
}

// Validate checks every value and reference, one section at a time in the
// order sections refer to each other. It returns every problem found.
func (rs *Ruleset) Validate() []FieldError {
	c := &checker{rs: rs, stats: map[string]bool{}, pools: map[string]bool{}, actions: map[string]bool{}, conds: map[string]bool{}}
	c.header()
	c.statDefs()
	c.order()
	c.phases()
	c.budget()
	c.conditions()
	c.stun()
	c.vitals()
	c.helpers()
	c.checks()
	c.ticks()
	c.declarations()
	c.spells()
	c.missiles()
	return c.errs
}

func (c *checker) header() {
	rs := c.rs
	if rs.ID == "" {
		c.bad("id", "a ruleset needs an id")
	} else if !idPattern.MatchString(strings.ReplaceAll(rs.ID, "-", "_")) {
		c.bad("id", "%q is not a valid ruleset id", rs.ID)
	}
	if rs.Name == "" {
		c.bad("name", "a ruleset needs a name")
	}
	if rs.RoundSeconds < 0 {
		c.bad("round_seconds", "must not be negative")
	}
	if d := rs.Dice; d.OEHigh != 0 || d.OELow != 0 {
		oe := rs.OE()
		if oe.High < 2 || oe.High > 100 {
			c.bad("dice.oe_high", "must be between 2 and 100")
		}
		if oe.Low < 0 || oe.Low >= oe.High {
			c.bad("dice.oe_low", "must be between 0 and oe_high - 1")
		}
	}
}

func (c *checker) statDefs() {
	for i, s := range c.rs.Stats {
		p := fmt.Sprintf("stats[%d]", i)
		c.id(p+".id", s.ID, c.stats)
		if dicePattern.MatchString(s.ID) {
			c.bad(p+".id", "%q reads as dice in a formula; choose another id", s.ID)
		}
		if s.Default > dice.MaxStat || s.Default < -dice.MaxStat {
			c.bad(p+".default", "out of range")
		}
	}
}

func (c *checker) order() {
	o := c.rs.Order
	oneOf(c, "order.kind", o.Kind, OrderKinds)
	c.expr("order.initiative", o.Initiative)
	c.expr("order.actions", o.Actions)
	c.expr("order.tie_roll", o.TieRoll)
	switch o.Kind {
	case OrderFixed, OrderRound, OrderRank:
		if o.Initiative.IsZero() {
			c.bad("order.initiative", "the %s order needs an initiative formula", o.Kind)
		}
	case OrderSegments:
		if len(o.ActionInitiative) == 0 {
			c.bad("order.action_initiative", "the segments order needs a formula for each action")
		}
	}
	for i, e := range o.ActionInitiative {
		c.expr(fmt.Sprintf("order.action_initiative[%d]", i), e)
	}
	for i, t := range o.Tiebreak {
		if t != TiebreakRoll && !c.stats[t] {
			c.bad(fmt.Sprintf("order.tiebreak[%d]", i), "%q is neither a stat nor %q", t, TiebreakRoll)
		}
		if t == TiebreakRoll && o.TieRoll.IsZero() {
			c.bad(fmt.Sprintf("order.tiebreak[%d]", i), "a roll-off needs order.tie_roll")
		}
	}
	for i, h := range o.Hold {
		oneOf(c, fmt.Sprintf("order.hold[%d]", i), h, Holds)
	}
	if !o.TieRoll.IsZero() && !slices.Contains(o.Tiebreak, TiebreakRoll) {
		c.bad("order.tie_roll", "a roll-off is rolled only where order.tiebreak has %q", TiebreakRoll)
	}
	for _, k := range []struct {
		key   string
		set   bool
		kinds []OrderKind
	}{
		{"each_round", o.EachRound, []OrderKind{OrderRank}},
		{"actions", !o.Actions.IsZero(), []OrderKind{OrderRank, OrderSegments}},
		{"action_step", o.ActionStep != 0, []OrderKind{OrderRank}},
		{"action_initiative", len(o.ActionInitiative) > 0, []OrderKind{OrderSegments}},
		{"same_value_step", o.SameValueStep != 0, []OrderKind{OrderSegments}},
		{"lowest", o.Lowest != 0, []OrderKind{OrderRank, OrderSegments}},
		{"bands", len(o.Bands) > 0, []OrderKind{OrderRank, OrderSegments}},
	} {
		if k.set && !slices.Contains(k.kinds, o.Kind) {
			c.bad("order."+k.key, "only a %s order has %s", k.kinds[0], k.key)
		}
	}
	for i, b := range o.Bands {
		if b.Name == "" || b.From < b.To {
			c.bad(fmt.Sprintf("order.bands[%d]", i), "a band needs a name and from >= to")
		}
	}
}

func (c *checker) phases() {
	seen := map[string]bool{}
	for i, ph := range c.rs.Phases {
		p := fmt.Sprintf("phases[%d]", i)
		c.id(p+".id", ph.ID, seen)
		oneOf(c, p+".order", ph.Order, PhaseOrders)
		if ph.Order == PhaseStat && !c.stats[ph.Stat] {
			c.bad(p+".stat", "unknown stat %q", ph.Stat)
		}
		if ph.Order != PhaseStat && ph.Stat != "" {
			c.bad(p+".stat", "only a phase in stat order reads a stat")
		}
	}
	if c.rs.Order.Kind == OrderNone && len(c.rs.Phases) > 0 {
		c.bad("phases", "a ruleset with no order has no phases")
	}
}

// budget checks the pools, the exchanges between them and the actions that
// spend them, and the actions a wait and a delay pay.
func (c *checker) budget() {
	rs := c.rs
	for i, pl := range rs.Pools {
		p := fmt.Sprintf("pools[%d]", i)
		c.id(p+".id", pl.ID, c.pools)
		c.expr(p+".capacity", pl.Capacity)
		if pl.Capacity.IsZero() {
			c.bad(p+".capacity", "a pool needs a capacity")
		}
		oneOf(c, p+".reset", pl.Reset, []Point{AtOwnTurnStart, AtOwnTurnEnd, AtRoundStart, AtRoundEnd, AtNever})
		c.turnPoint(p+".reset", pl.Reset)
	}
	for i, ex := range rs.Exchanges {
		p := fmt.Sprintf("exchanges[%d]", i)
		c.ref(p+".from", "pool", ex.From, c.pools)
		if ex.From == "" {
			c.bad(p+".from", "an exchange needs the pool it spends")
		}
		for k, n := range ex.Gives {
			if !c.pools[k] {
				c.bad(p+".gives."+k, "unknown pool %q", k)
			} else if n < 1 {
				c.bad(p+".gives."+k, "must give at least 1")
			}
		}
	}
	for i, a := range rs.Actions {
		p := fmt.Sprintf("actions[%d]", i)
		c.id(p+".id", a.ID, c.actions)
		for k, n := range a.Cost {
			if !c.pools[k] {
				c.bad(p+".cost."+k, "unknown pool %q", k)
			} else if n < 0 {
				c.bad(p+".cost."+k, "a cost cannot be negative")
			}
		}
	}
	c.ref("order.wait_action", "action", rs.Order.WaitAction, c.actions)
	c.ref("order.delay_action", "action", rs.Order.DelayAction, c.actions)
	if rs.Order.WaitAction != "" && !rs.OffersHold(HoldWait) {
		c.bad("order.wait_action", "the ruleset offers no wait (order.hold)")
	}
	if rs.Order.DelayAction != "" && !rs.OffersHold(HoldDelay) {
		c.bad("order.delay_action", "the ruleset offers no delay (order.hold)")
	}
	for i, id := range rs.Order.AfterDelay {
		if !c.pools[id] {
			c.bad(fmt.Sprintf("order.after_delay[%d]", i), "unknown pool %q", id)
		}
	}
	if len(rs.Order.AfterDelay) > 0 && !rs.OffersHold(HoldDelay) {
		c.bad("order.after_delay", "the ruleset offers no delay (order.hold)")
	}
	for i, a := range rs.Actions {
		if a.FiresDelay && !rs.OffersHold(HoldDelay) {
			c.bad(fmt.Sprintf("actions[%d].fires_delay", i), "the ruleset offers no delay (order.hold)")
		}
	}
}

func (c *checker) conditions() {
	for i, d := range c.rs.Conditions {
		c.id(fmt.Sprintf("conditions[%d].id", i), d.ID, c.conds)
	}
	for i, a := range c.rs.Actions {
		c.ref(fmt.Sprintf("actions[%d].gives", i), "condition", a.Gives, c.conds)
	}
	for i, d := range c.rs.Conditions {
		p := fmt.Sprintf("conditions[%d]", i)
		if d.Name == "" {
			c.bad(p+".name", "a condition needs a name")
		}
		if d.Duration != "" {
			oneOf(c, p+".duration", d.Duration, Durations)
		}
		c.expr(p+".rounds", d.Rounds)
		switch {
		case d.Duration == ForRounds && d.Rounds.IsZero():
			c.bad(p+".rounds", "a duration in rounds needs its rounds")
		case d.Duration != ForRounds && !d.Rounds.IsZero():
			c.bad(p+".rounds", "only a duration in rounds has rounds")
		case !d.Rounds.HasDice() && len(d.Rounds.Stats()) == 0:
			if lo, _, err := d.Rounds.Bounds(nil); err == nil && lo < 1 && d.Duration == ForRounds {
				c.bad(p+".rounds", "a duration in rounds needs rounds >= 1")
			}
		}
		for j, th := range d.Then {
			c.ref(fmt.Sprintf("%s.then[%d]", p, j), "condition", th, c.conds)
		}
		for key, ids := range map[string][]string{"actions": d.Actions, "forbids": d.Forbids} {
			for j, a := range ids {
				if !c.actions[a] {
					c.bad(fmt.Sprintf("%s.%s[%d]", p, key, j), "unknown action %q", a)
				}
			}
		}
		if d.Initiative != 0 && c.rs.Order.Initiative.IsZero() {
			c.bad(p+".initiative", "the ruleset rolls no initiative")
		}
		if len(d.Then) > 0 && (d.Duration == UntilRemoved || d.Duration == "") {
			c.bad(p+".then", "a condition that lasts until removed never runs out")
		}
		if d.Expires != "" {
			oneOf(c, p+".expires", d.Expires, []Point{AtOwnTurnStart, AtOwnTurnEnd, AtRoundStart, AtRoundEnd})
			c.turnPoint(p+".expires", d.Expires)
			if d.Duration != ForRounds {
				c.bad(p+".expires", "only a duration in rounds counts its rounds down at a point")
			}
		}
		c.expr(p+".check", d.Check)
		if d.CheckPenalized && d.Check.IsZero() {
			c.bad(p+".check_penalized", "penalties apply to a check: this condition has none")
		}
		if d.CheckTarget != 0 && d.Check.IsZero() {
			c.bad(p+".check_target", "a target for a check: this condition has none")
		}
		if c.rs.Order.Kind == OrderNone {
			for _, k := range []struct {
				key string
				set bool
			}{{"check", !d.Check.IsZero()}, {"turns", d.Turns != 0}, {"table_roll", !d.TableRoll.IsZero()}} {
				if k.set {
					c.bad(p+"."+k.key, "rolled or counted at the start of an own turn: a ruleset with no order has no turns")
				}
			}
		}
		c.expr(p+".table_roll", d.TableRoll)
		if len(d.Table) > 0 && d.TableRoll.IsZero() {
			c.bad(p+".table_roll", "a table needs a roll")
		}
		for j, imp := range d.Implies {
			if !c.conds[imp] {
				c.bad(fmt.Sprintf("%s.implies[%d]", p, j), "unknown condition %q", imp)
			} else if imp == d.ID {
				c.bad(fmt.Sprintf("%s.implies[%d]", p, j), "a condition cannot imply itself")
			}
		}
	}
	if cyc := c.rs.impliesCycle(); cyc != "" {
		c.bad("conditions", "conditions imply each other in a circle: %s", cyc)
	}
}

func (c *checker) stun() {
	st := c.rs.Stun
	if st.Kind != "" {
		oneOf(c, "stun.kind", st.Kind, StunKinds)
	}
	if st.Kind == StunLadder && len(st.Levels) == 0 {
		c.bad("stun.levels", "a stun ladder needs its levels, worst first")
	}
	if st.Kind == StunLadder && (st.Recovery.IsZero() || st.Target == 0) {
		c.bad("stun.recovery", "a stun ladder needs its recovery roll and target")
	}
	if st.Kind == StunLadder && c.rs.Order.Kind == OrderNone {
		c.bad("stun.kind", "a stun ladder is marked off on own turns: a ruleset with no order has none")
	}
	if !st.UnconsciousAt.IsZero() && st.Condition == "" {
		c.bad("stun.unconscious_at", "a knock-out by stun needs stun.condition, the condition it gives")
	}
	if st.Stunned != "" && (st.Kind == StunNoAction || st.Kind == StunRestOfTurn) {
		if d, ok := c.rs.Condition(st.Stunned); ok && !d.NoTurn && !d.Passive {
			c.bad("stun.stunned_condition", "%q must take action away: make it no_turn or passive", st.Stunned)
		}
	}
	c.formula("stun.unconscious_at", st.UnconsciousAt)
	c.expr("stun.recovery", st.Recovery)
	c.expr("stun.unconscious_at", st.UnconsciousAt)
	levels := map[string]bool{}
	for i, l := range st.Levels {
		p := fmt.Sprintf("stun.levels[%d]", i)
		c.id(p+".id", l.ID, levels)
		c.ref(p+".condition", "condition", l.Condition, c.conds)
		if l.ConditionUntil != "" {
			until := slices.IndexFunc(st.Levels, func(u StunLevel) bool { return u.ID == l.ConditionUntil })
			switch {
			case l.Condition == "":
				c.bad(p+".condition_until", "needs a condition to keep")
			case until <= i:
				c.bad(p+".condition_until", "%q is not a lighter level of the ladder", l.ConditionUntil)
			}
		}
		for j, a := range l.Actions {
			if !c.actions[a] {
				c.bad(fmt.Sprintf("%s.actions[%d]", p, j), "unknown action %q", a)
			}
		}
	}
	for i := 1; i < len(st.Modifiers); i++ {
		if st.Modifiers[i].From <= st.Modifiers[i-1].From {
			c.bad(fmt.Sprintf("stun.modifiers[%d].from", i), "modifiers go from the smallest total up")
		}
	}
	c.ref("stun.condition", "condition", st.Condition, c.conds)
	c.ref("stun.stunned_condition", "condition", st.Stunned, c.conds)
	ladder := st.Kind == StunLadder
	switch {
	case (st.Kind == StunNoAction || st.Kind == StunRestOfTurn) && st.Stunned == "":
		c.bad("stun.stunned_condition", "the %s stun needs the condition that stands for it", st.Kind)
	case st.Stunned != "" && (ladder || st.Kind == "" || st.Kind == StunNone):
		c.bad("stun.stunned_condition", "only a no_action or rest_of_round stun gives a condition for it")
	}
	if !ladder {
		for _, k := range []struct {
			key string
			set bool
		}{
			{"levels", len(st.Levels) > 0}, {"recovery", !st.Recovery.IsZero()}, {"target", st.Target != 0},
			{"partial", st.Partial != 0}, {"modifiers", len(st.Modifiers) > 0}, {"unconscious_at", !st.UnconsciousAt.IsZero()},
			{"recovery_penalized", st.Penalized},
		} {
			if k.set {
				c.bad("stun."+k.key, "only a stun ladder has %s", k.key)
			}
		}
	}
	if st.Condition != "" && st.UnconsciousAt.IsZero() {
		c.bad("stun.condition", "a knock-out condition needs stun.unconscious_at")
	}
	c.expr("stun.hit_over", st.HitOver)
	c.formula("stun.hit_over", st.HitOver)
	if !st.HitOver.IsZero() && st.Kind != StunRestOfTurn {
		c.bad("stun.hit_over", "a hit over it stuns for the rest of the round: only a rest_of_round stun has it")
	}
}

// vitals checks hit points, their thresholds and wounds.
func (c *checker) vitals() {
	rs := c.rs
	c.expr("hp.dead_at", rs.HP.DeadAt)
	c.formula("hp.dead_at", rs.HP.DeadAt)
	c.ref("hp.out_condition", "condition", rs.HP.OutCondition, c.conds)
	c.ref("hp.dead_condition", "condition", rs.HP.DeadCondition, c.conds)
	c.ref("wounds.stable_condition", "condition", rs.Wounds.Stable, c.conds)
	if (rs.HP.DeadCondition == "") != rs.HP.DeadAt.IsZero() {
		c.bad("hp.dead_condition", "hp.dead_at and hp.dead_condition go together: the formula, and the condition given at it")
	}
	for i, t := range rs.Thresholds {
		p := fmt.Sprintf("thresholds[%d]", i)
		switch {
		case (t.Below != 0) == (t.AtMost != 0):
			c.bad(p+".below", "a threshold is either below a percentage or at most some hit points (hp_at_most), not both or neither")
		case t.Below != 0 && (t.Below < 1 || t.Below > 100):
			c.bad(p+".below", "a percentage between 1 and 100")
		case t.ExemptStart && t.AtMost == 0:
			c.bad(p+".exempt_start", "only a threshold in hit points (hp_at_most) exempts a start within it")
		}
		if t.Penalty == 0 && t.Condition == "" && t.Summary == "" {
			c.bad(p, "a threshold with no penalty, condition or summary does nothing")
		}
		c.ref(p+".condition", "condition", t.Condition, c.conds)
	}
	c.expr("wounds.first_aid_check", rs.Wounds.Check)
	if rs.Wounds.Penalized && rs.Wounds.Check.IsZero() {
		c.bad("wounds.first_aid_penalized", "penalties apply to a roll: there is no first_aid_check")
	}
	if rs.HP.PenaltyOut != 0 && rs.HP.OutCondition == "" {
		c.bad("hp.penalty_out", "penalties knock out into hp.out_condition: there is none")
	}
	if rs.HP.PenaltyOut > 0 {
		c.bad("hp.penalty_out", "penalties that knock out are below 0 (-100)")
	}
	if rs.HP.KeepActing && rs.HP.OutAt != 0 {
		c.bad("hp.out_at", "with keep_acting hit points take no one out of the order")
	}
	if rs.HP.KeepActing && rs.HP.OutCondition != "" && rs.HP.PenaltyOut == 0 {
		c.bad("hp.out_condition", "with keep_acting hit points knock no one out (only penalty_out could)")
	}
	if w := rs.Wounds; w.Check.IsZero() {
		for _, k := range []struct {
			key string
			set bool
		}{{"first_aid_halts", w.Halt != 0}, {"first_aid_reduces", w.Reduce != 0}, {"first_aid_target", w.Target != 0},
			{"restriction", w.Restriction != ""}, {"first_aid_skill", w.Skill != ""}} {
			if k.set {
				c.bad("wounds."+k.key, "there is no first aid without wounds.first_aid_check")
			}
		}
	}
	if s := rs.HP.Armor; s != "" && !c.stats[s] {
		c.bad("hp.armor", "unknown stat %q", s)
	}
	if s := rs.Wounds.Skill; s != "" && !c.stats[s] {
		c.bad("wounds.first_aid_skill", "unknown stat %q", s)
	}
}

// turnPoint refuses an own turn's point where there are no turns.
func (c *checker) turnPoint(path string, at Point) {
	if (at == AtOwnTurnStart || at == AtOwnTurnEnd) && c.rs.Order.Kind == OrderNone {
		c.bad(path, "%q: a ruleset with no order has no turns", at)
	}
}

func (c *checker) ticks() {
	seen := map[string]bool{}
	phases := map[string]bool{}
	for _, ph := range c.rs.Phases {
		phases[ph.ID] = true
	}
	k := c.rs.Order.Kind
	for i, t := range c.rs.Ticks {
		p := fmt.Sprintf("ticks[%d]", i)
		c.id(p+".id", t.ID, seen)
		oneOf(c, p+".when", t.When, Points)
		c.turnPoint(p+".when", t.When)
		if (t.When == AtPhaseStart || t.When == AtPhaseEnd) && k == OrderNone {
			c.bad(p+".when", "a ruleset with no order has no phases")
		}
		if t.When == AtRank && k != OrderRank && k != OrderSegments {
			c.bad(p+".when", "only a rank or segments order counts ranks")
		}
		if t.Rank != 0 && t.When != AtRank {
			c.bad(p+".rank", "only a tick at a rank has one")
		}
		if t.Phase != "" && t.When != AtPhaseStart && t.When != AtPhaseEnd {
			c.bad(p+".phase", "only a tick at a phase's start or end names a phase")
		} else if t.Phase != "" && !phases[t.Phase] {
			c.bad(p+".phase", "unknown phase %q", t.Phase)
		}
		if t.Effect != "" {
			oneOf(c, p+".effect", t.Effect, Effects)
		}
		if t.Every < 0 {
			c.bad(p+".every", "must not be negative")
		}
		if t.Round < 0 {
			c.bad(p+".round", "must not be negative")
		}
		c.ref(p+".condition", "condition", t.Condition, c.conds)
		if t.SkipNew && t.Effect != EffectBleed {
			c.bad(p+".skip_new", "only bleeding skips new wounds")
		}
		switch ch, ok := c.rs.Check(t.Check); {
		case t.Effect == EffectCheck && t.Check == "":
			c.bad(p+".check", "a tick of effect check names the check it rolls")
		case t.Effect != EffectCheck && t.Check != "":
			c.bad(p+".check", "only a tick of effect check rolls one")
		case t.Check != "" && !ok:
			c.bad(p+".check", "unknown check %q", t.Check)
		case t.Check != "" && ch.NeedsTarget():
			c.bad(p+".check", "%q is rolled against someone; a tick rolls with no target", t.Check)
		}
		if t.Effect == EffectClot && t.When == AtFightStart {
			c.bad(p+".when", "wounds cannot clot before the fight")
		}
	}
	if c.rs.Order.OutTurns && k == OrderNone {
		c.bad("order.out_turns", "a ruleset with no order has no turns")
	}
}

func (c *checker) helpers() {
	h := c.rs.Helpers
	for i := 1; i < len(h.ResistanceTiers); i++ {
		if h.ResistanceTiers[i].From >= h.ResistanceTiers[i-1].From {
			c.bad(fmt.Sprintf("helpers.resistance_tiers[%d].from", i), "tiers go from the best margin down")
		}
	}
	c.expr("helpers.resistance_roll", h.ResistanceRoll)
	if h.ResistanceRoll.IsZero() != (h.ResistanceBase == 0 && h.ResistanceStep == 0 && len(h.ResistanceTiers) == 0) {
		c.bad("helpers.resistance_roll", "a Resistance Roll needs its roll and its target (resistance_base, resistance_step, resistance_tiers)")
	}
}

// checks checks the checks: their formulas read the actor's stats, the
// target's (target_X) and, in an outcome's bounds, the target number; every
// outcome can come up and every roll has one; every effect does one thing
// the engine does.
func (c *checker) checks() {
	rs := c.rs
	if len(rs.Checks) > 0 {
		for i, s := range rs.Stats {
			if s.ID == TargetNumber || strings.HasPrefix(s.ID, TargetPrefix) {
				c.bad(fmt.Sprintf("stats[%d].id", i), "%q clashes with the names checks read (%s, %sX): choose another id", s.ID, TargetNumber, TargetPrefix)
			}
		}
	}
	seen := map[string]bool{}
	for i, ch := range rs.Checks {
		p := fmt.Sprintf("checks[%d]", i)
		c.id(p+".id", ch.ID, seen)
		if ch.Name == "" {
			c.bad(p+".name", "a check needs a name")
		}
		c.checkFormula(p+".roll", ch.Roll, false, true)
		if !ch.Roll.HasDice() {
			c.bad(p+".roll", "a check rolls dice (\"d100\", \"3d6 + dex_mod\")")
		}
		c.checkFormula(p+".target", ch.Target, false, false)
		if ch.Target.IsZero() {
			c.bad(p+".target", "a check needs the number it is compared with (\"skill\", \"SC - target_DEF\", \"101\")")
		}
		if ch.Succeeds == "" {
			c.bad(p+".succeeds", "say how the roll succeeds: %s", strings.Join(kindNames(Compares), ", "))
		} else {
			oneOf(c, p+".succeeds", ch.Succeeds, Compares)
		}
		c.outcomes(p, ch)
		mods := map[string]bool{}
		for j, m := range ch.Modifiers {
			mp := fmt.Sprintf("%s.modifiers[%d]", p, j)
			c.id(mp+".id", m.ID, mods)
			if m.Name == "" {
				c.bad(mp+".name", "a modifier needs a name")
			}
			if m.Mod.IsZero() {
				c.bad(mp+".mod", "a modifier needs its formula (\"10\", \"target_DEF / 2\")")
			}
			c.checkFormula(mp+".mod", m.Mod, false, false)
		}
	}
}

// checkFormula checks a formula of a check: the names it reads, and that it
// rolls no dice unless it may.
func (c *checker) checkFormula(path string, e dice.Expr, targetNumber, rolls bool) {
	for _, name := range e.Stats() {
		switch {
		case name == TargetNumber && targetNumber:
		case name == TargetNumber:
			c.bad(path, "%q, the target number, is read only by an outcome's at_most and at_least", name)
		case slices.Contains(BuiltinStats, strings.TrimPrefix(name, TargetPrefix)):
		case strings.HasPrefix(name, TargetPrefix):
			if !c.stats[strings.TrimPrefix(name, TargetPrefix)] {
				c.bad(path, "%q: the target has no stat %q (the ruleset's stats: %s)", name, strings.TrimPrefix(name, TargetPrefix), strings.Join(c.rs.statIDs(), ", "))
			}
		case !c.stats[name]:
			c.bad(path, "unknown stat %q (the ruleset's stats: %s; the target's are read as %sX)", name, strings.Join(c.rs.statIDs(), ", "), TargetPrefix)
		}
	}
	if !rolls && e.HasDice() {
		c.bad(path, "is worked out, not rolled: dice belong in the check's roll")
	}
}

// outcomes checks a check's outcomes in order: each can still come up when
// its turn comes, and together they leave no roll without an outcome.
func (c *checker) outcomes(p string, ch Check) {
	ids := map[string]bool{}
	success, failure := false, false // every success (failure) is taken
	faceLo, faceHi := ch.Roll.NaturalBounds()
	for j, o := range ch.Outcomes {
		q := fmt.Sprintf("%s.outcomes[%d]", p, j)
		c.id(q+".id", o.ID, ids)
		if o.Name == "" {
			c.bad(q+".name", "an outcome needs a name")
		}
		if o.Result != "" {
			oneOf(c, q+".result", o.Result, Results)
		}
		if (success && failure) || (o.Result == Success && success) || (o.Result == Failure && failure) {
			c.bad(q, "never comes up: the outcomes before it take every roll it could match")
		}
		banded := !o.Faces.IsZero() || !o.AtMost.IsZero() || !o.AtLeast.IsZero() || o.Table != nil
		if !banded {
			success = success || o.Result != Failure
			failure = failure || o.Result != Success
		}
		if !o.Faces.IsZero() {
			if n := ch.Roll.DiceTerms(); n != 1 {
				c.bad(q+".faces", "faces are read from a roll of one dice term; %q has %d", ch.Roll, n)
			} else if !o.Faces.Meets(faceLo, faceHi) {
				c.bad(q+".faces", "%q never shows %s (its faces come to %d..%d)", ch.Roll, o.Faces, faceLo, faceHi)
			}
		}
		c.checkFormula(q+".at_most", o.AtMost, true, false)
		c.checkFormula(q+".at_least", o.AtLeast, true, false)
		if o.Table != nil && len(o.Table) == 0 {
			c.bad(q+".table", "an empty table matches nothing: give its rows or leave it out")
		}
		for k, row := range o.Table {
			if k > 0 && row.From <= o.Table[k-1].From {
				c.bad(fmt.Sprintf("%s.table[%d].from", q, k), "rows go from the lowest target up")
			}
			if row.UpTo < 0 {
				c.bad(fmt.Sprintf("%s.table[%d].upto", q, k), "must not be negative")
			}
		}
		for k, e := range o.Effects {
			c.checkEffect(fmt.Sprintf("%s.effects[%d]", q, k), e)
		}
	}
	if !success || !failure {
		var missing []string
		if !success {
			missing = append(missing, `result = "success"`)
		}
		if !failure {
			missing = append(missing, `result = "failure"`)
		}
		c.bad(p+".outcomes", "some rolls would have no outcome: end with an outcome that has no bands, or with one for each of %s", strings.Join(missing, " and "))
	}
}

// checkEffect checks that an effect does exactly one thing, to a side, with
// only the keys that thing reads.
func (c *checker) checkEffect(p string, e CheckEffect) {
	rs := c.rs
	if e.To == "" {
		c.bad(p+".to", "say who it falls on: %s", strings.Join(kindNames(Sides), " or "))
	} else {
		oneOf(c, p+".to", e.To, Sides)
	}
	does := 0
	for _, set := range []bool{e.Give != "", e.Take != "", e.Stun != "", e.Wound != 0, !e.Damage.IsZero(), e.Armor != 0} {
		if set {
			does++
		}
	}
	if does != 1 {
		c.bad(p, "an effect does one thing: give, take, stun, wound, damage or armor (this one does %d)", does)
	}
	if e.Armor != 0 && rs.HP.Armor == "" {
		c.bad(p+".armor", "armour is lowered where hp.armor names it: there is none")
	}
	c.ref(p+".give", "condition", e.Give, c.conds)
	c.ref(p+".take", "condition", e.Take, c.conds)
	if e.Duration != "" && e.Give == "" {
		c.bad(p+".duration", "only a condition given has a duration")
	}
	if e.Rounds != 0 && e.Give == "" && e.Stun == "" {
		c.bad(p+".rounds", "only a condition given or stun lasts rounds")
	}
	if e.Rounds < 0 || e.Rounds > 10000 {
		c.bad(p+".rounds", "between 1 and 10000")
	}
	if e.Give != "" {
		c.giveDuration(p, e)
	}
	if e.Stun != "" {
		switch {
		case rs.Stun.Kind != StunLadder:
			c.bad(p+".stun", "the ruleset keeps no stun ladder: give its stunned condition instead")
		case !slices.ContainsFunc(rs.Stun.Levels, func(l StunLevel) bool { return l.ID == e.Stun }):
			c.bad(p+".stun", "unknown stun level %q", e.Stun)
		}
		if e.Rounds < 1 || e.Rounds > 1000 {
			c.bad(p+".rounds", "stun lasts 1 to 1000 rounds")
		}
	}
	if e.Wound < 0 || e.Wound > 1000 {
		c.bad(p+".wound", "a wound bleeds 1 to 1000 hits a round")
	}
	c.checkFormula(p+".damage", e.Damage, false, true)
}

// giveDuration checks how long a condition an outcome gives lasts: its own
// duration, rounds, to the end of this round or the next, or until removed.
func (c *checker) giveDuration(p string, e CheckEffect) {
	def, ok := c.rs.Condition(e.Give)
	if !ok {
		return
	}
	switch {
	case e.Duration != "" && !slices.Contains(Durations, e.Duration):
		c.bad(p+".duration", "%q is not one of the durations", e.Duration)
	case e.Rounds != 0 && e.Duration != "" && e.Duration != ForRounds:
		c.bad(p+".rounds", "only a duration in rounds has rounds")
	case e.Duration == ForRounds && e.Rounds == 0 && def.Rounds.IsZero():
		c.bad(p+".rounds", "%s has no rounds of its own: say how many", def.Name)
	}
}

func durationName(d Duration) string {
	if d == "" {
		return string(UntilRemoved)
	}
	return string(d)
}

func kindNames[K ~string](ks []K) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

func (c *checker) declarations() {
	rs := c.rs
	o := rs.Order
	if o.RollAfter != "" {
		if o.Kind != OrderSegments {
			c.bad("order.roll_after", "only a segments order is rolled after a phase")
		}
		if !slices.ContainsFunc(rs.Phases, func(p Phase) bool { return p.ID == o.RollAfter && p.Order == PhaseOnce }) {
			c.bad("order.roll_after", "%q is no phase in once order", o.RollAfter)
		}
	}
	if len(rs.Declarations) > 0 && o.RollAfter == "" {
		c.bad("declarations[0].id", "declarations are made before initiative: set order.roll_after")
	}
	if o.DeclaredPenaltiesLose < 0 || (o.DeclaredPenaltiesLose > 0 && len(rs.Declarations) == 0) {
		c.bad("order.declared_penalties_lose", "a number of declarations with an initiative penalty, and there are none")
	}
	seen := map[string]bool{}
	for i, d := range rs.Declarations {
		p := fmt.Sprintf("declarations[%d]", i)
		c.id(p+".id", d.ID, seen)
		if d.Name == "" {
			c.bad(p+".name", "a declaration needs a name")
		}
		if d.Lose != "" {
			oneOf(c, p+".lose", d.Lose, Losses)
		}
		c.expr(p+".amount", d.Amount)
		c.formula(p+".amount", d.Amount)
		for _, k := range slices.Sorted(maps.Keys(d.Stats)) {
			e := d.Stats[k]
			if !c.stats[k] {
				c.bad(p+".stats", "unknown stat %q", k)
			}
			c.formula(p+".stats."+k, e)
			for _, n := range e.Stats() {
				if !c.stats[n] && !slices.Contains(BuiltinStats, n) && (n != DeclaredAmount || d.Amount.IsZero()) {
					c.bad(p+".stats."+k, "unknown stat %q", n)
				}
			}
		}
		if d.Initiative == 0 && d.Lose == "" && len(d.Stats) == 0 && d.Summary == "" {
			c.bad(p, "a declaration with no initiative, loss, stats or summary does nothing")
		}
	}
}

func (c *checker) spells() {
	sp := c.rs.Spells
	if (sp.CarryTo != 0 || len(sp.Kinds) > 0) && c.rs.Order.Kind != OrderSegments {
		c.bad("spells.carry_to", "spells are cast in a segments order")
	}
	if sp.CarryTo != 0 && sp.CarryTo < c.rs.Order.Lowest {
		c.bad("spells.carry_to", "a spell carried over begins at a segment at or above order.lowest")
	}
	seen := map[string]bool{}
	for i, k := range sp.Kinds {
		p := fmt.Sprintf("spells.kinds[%d]", i)
		c.id(p+".id", k.ID, seen)
		if k.Name == "" {
			c.bad(p+".name", "a kind of spell needs a name")
		}
		if len(k.Times) == 0 {
			c.bad(p+".times", "casting times by rank: [{ from = 1, segments = 6 }, ...]")
		}
		for j, r := range k.Times {
			if j > 0 && r.From <= k.Times[j-1].From {
				c.bad(fmt.Sprintf("%s.times[%d].from", p, j), "rows go from the lowest rank up")
			}
			if r.Segments < 0 {
				c.bad(fmt.Sprintf("%s.times[%d].segments", p, j), "a casting time is 0 segments or more")
			}
		}
	}
}

func (c *checker) missiles() {
	seen := map[string]bool{}
	for i, m := range c.rs.Missiles {
		p := fmt.Sprintf("missiles[%d]", i)
		c.id(p+".id", m.ID, seen)
		if m.Name == "" {
			c.bad(p+".name", "a missile needs a name")
		}
		if m.Bleed < 0 {
			c.bad(p+".bleed", "hit points lost a round: 0 or more")
		}
		if m.Stat != "" && !c.stats[m.Stat] {
			c.bad(p+".stat", "unknown stat %q", m.Stat)
		}
		if m.Stat == "" && (m.Penalty != 0 || m.Grievous != 0) {
			c.bad(p+".penalty", "a penalty lowers a stat: set stat")
		}
		if m.Bleed == 0 && m.Penalty == 0 && m.Grievous == 0 {
			c.bad(p, "a missile that neither bleeds nor lowers a stat does nothing")
		}
	}
}
