package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"fray/engine/dice"
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

// The patterns are compiled when first used, not as every command starts.
var (
	idPattern   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })
	dicePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[dD][0-9%]`) })
)

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
	// later are checks of references to sections checked after this one.
	later []func()
	conds map[string]bool
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
	case !idPattern().MatchString(id):
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
	c.locations()
	c.helpers()
	c.strikes()
	c.guard()
	c.checks()
	c.vitality()
	c.gear()
	c.multipliers()
	c.flurries()
	c.ticks()
	c.declarations()
	c.spells()
	c.concentrated()
	c.missiles()
	c.maneuvers()
	c.timedEvents()
	c.saveEnds()
	c.movement()
	c.playerView()
	c.atZero()
	c.blows()
	c.blowWounds()
	c.rollKinds()
	c.lostActions()
	c.rests()
	for _, f := range c.later {
		f()
	}
	return c.errs
}

func (c *checker) header() {
	rs := c.rs
	if rs.ID == "" {
		c.bad("id", "a ruleset needs an id")
	} else if !idPattern().MatchString(strings.ReplaceAll(rs.ID, "-", "_")) {
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
		if dicePattern().MatchString(s.ID) {
			c.bad(p+".id", "%q reads as dice in a formula; choose another id", s.ID)
		}
		if s.Default > dice.MaxStat || s.Default < -dice.MaxStat {
			c.bad(p+".default", "out of range")
		}
	}
	for i, s := range c.rs.Stats {
		if s.Derived.IsZero() {
			continue
		}
		p := fmt.Sprintf("stats[%d].derived", i)
		if s.Derived.HasDice() {
			c.bad(p, "a derived stat is a formula of stats, not dice: %q", s.Derived.String())
		}
		for _, name := range s.Derived.Stats() {
			if d, ok := c.rs.Stat(name); ok && !d.Derived.IsZero() {
				c.bad(p, "%q is derived itself: a derived stat reads stats that are typed", name)
			}
			f, hand := c.rs.WeaponField(strings.TrimPrefix(name, HandPrefix))
			switch {
			case c.stats[name] || slices.Contains(BuiltinStats, name):
			case strings.HasPrefix(name, HandPrefix) && hand:
				for _, st := range f.Default.Stats() {
					if d, ok := c.rs.Stat(st); ok && !d.Derived.IsZero() {
						c.bad(p, "%q reads %q, derived itself: a derived stat reads stats that are typed", name, st)
					}
				}
			default:
				c.bad(p, "unknown stat %q (the ruleset's stats: %s; the weapon in hand's fields are read as %sX)", name,
					strings.Join(c.rs.statIDs(), ", "), HandPrefix)
			}
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
		if f, hand := strings.CutPrefix(t, HandPrefix); hand {
			if _, ok := c.rs.WeaponField(f); !ok {
				c.bad(fmt.Sprintf("order.tiebreak[%d]", i), "%q names no weapon field (gear.weapon_fields)", t)
			}
		} else if t == TiebreakOther {
			if !slices.ContainsFunc(c.rs.Declarations, func(d Declaration) bool { return d.Rank != "" }) {
				c.bad(fmt.Sprintf("order.tiebreak[%d]", i), "%q compares the other characteristic: no declaration has a rank", t)
			}
		} else if t != TiebreakRoll && !c.stats[t] {
			c.bad(fmt.Sprintf("order.tiebreak[%d]", i), "%q is neither a stat, a weapon field in hand (hand_X) nor %q", t, TiebreakRoll)
		}
		if t == TiebreakRoll && o.TieRoll.IsZero() {
			c.bad(fmt.Sprintf("order.tiebreak[%d]", i), "a roll-off needs order.tie_roll")
		}
	}
	for i, h := range o.Hold {
		oneOf(c, fmt.Sprintf("order.hold[%d]", i), h, Holds)
	}
	switch {
	case o.Split == "" && o.SplitLeast != 0:
		c.bad("order.split_least", "the least share of a split: name the stat split (order.split)")
	case o.Split == "":
	case o.Actions.IsZero():
		c.bad("order.split", "a stat is split over the round's actions: give order.actions")
	case !slices.ContainsFunc(c.rs.Stats, func(st StatDef) bool { return st.ID == o.Split }):
		c.bad("order.split", "unknown stat %q", o.Split)
	case o.SplitLeast < 1:
		c.bad("order.split_least", "each share is at least 1")
	}
	if o.SplitFirst && (o.Split == "" || !o.AttacksOnRanks) {
		c.bad("order.split_first", "the attacks after a split's first are counted on ranks: needs order.split and order.attacks_on_ranks")
	}
	if o.HoldCarries && (o.Kind != OrderRank || !slices.Contains(o.Hold, HoldLater)) {
		c.bad("order.hold_carries", "only a rank order that offers hold carries later actions along")
	}
	if o.AttacksOnRanks && o.Kind == OrderNone {
		c.bad("order.attacks_on_ranks", "with no order there are no steps to attack on")
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
	if o.SameValueAny && o.SameValueStep == 0 {
		c.bad("order.same_value_any", "same_value_any moves a tied action by same_value_step, and there is none")
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
		for j, t := range ph.Tiebreak {
			if !c.stats[t] {
				c.bad(fmt.Sprintf("%s.tiebreak[%d]", p, j), "unknown stat %q", t)
			}
		}
		if ph.Order == PhaseOnce && len(ph.Tiebreak) > 0 {
			c.bad(p+".tiebreak", "a phase of one step has no ties to break")
		}
		c.expr(p+".roll", ph.Roll)
		if ph.Order != PhaseStat && !ph.Roll.IsZero() {
			c.bad(p+".roll", "only a phase in stat order rolls its rank")
		}
		if ph.Declared != "" {
			c.declaredPhase(p, i, ph)
		}
	}
	if c.rs.Order.Kind == OrderNone && len(c.rs.Phases) > 0 {
		c.bad("phases", "a ruleset with no order has no phases")
	}
}

// declaredPhase checks a phase's declared: a declaration of the ruleset,
// made in a phase before it, on a phase in stat order.
func (c *checker) declaredPhase(p string, i int, ph Phase) {
	if ph.Order != PhaseStat {
		c.bad(p+".declared", "only a phase in stat order steps through those who declared")
	}
	if !slices.ContainsFunc(c.rs.Declarations, func(d Declaration) bool { return d.ID == ph.Declared }) {
		c.bad(p+".declared", "unknown declaration %q", ph.Declared)
	}
	decl := slices.IndexFunc(c.rs.Phases, func(x Phase) bool { return x.ID == c.rs.Order.DeclarePhase })
	if decl < 0 || decl >= i {
		c.bad(p+".declared", "declarations are made in order.declare_phase, which must come before this phase")
	}
}

func (c *checker) conditions() {
	for i, d := range c.rs.Conditions {
		c.id(fmt.Sprintf("conditions[%d].id", i), d.ID, c.conds)
	}
	for i, a := range c.rs.Actions {
		c.ref(fmt.Sprintf("actions[%d].gives", i), "condition", a.Gives, c.conds)
		if a.AtFoe && a.Gives == "" && !a.Aim && a.FoeGets == "" && len(a.FoeHolds) == 0 && len(a.FoeLoses) == 0 {
			c.bad(fmt.Sprintf("actions[%d].at_foe", i), "it gives no condition and builds no aim: naming its foe would change nothing")
		}
		c.foeAction(i, a)
		for j, id := range a.Takes {
			c.ref(fmt.Sprintf("actions[%d].takes[%d]", i, j), "condition", id, c.conds)
		}
		for j, id := range a.Needs {
			c.ref(fmt.Sprintf("actions[%d].needs[%d]", i, j), "condition", id, c.conds)
		}
	}
	for i, d := range c.rs.Conditions {
		p := fmt.Sprintf("conditions[%d]", i)
		if d.Name == "" {
			c.bad(p+".name", "a condition needs a name")
		}
		c.conditionDuration(p, d)
		for j, id := range d.VoidsBonuses {
			q := fmt.Sprintf("%s.voids_bonuses[%d]", p, j)
			c.ref(q, "condition", id, c.conds)
			if other, ok := c.rs.Condition(id); id == d.ID || ok && other.MeleeBonus == 0 && other.RangedBonus == 0 {
				c.bad(q, "%q is not another condition with a melee_bonus or ranged_bonus to void", id)
			}
		}
		for j, id := range d.VoidsForFoe {
			q := fmt.Sprintf("%s.voids_for_foe[%d]", p, j)
			c.ref(q, "condition", id, c.conds)
			if other, ok := c.rs.Condition(id); ok && other.MeleeBonus == 0 && other.RangedBonus == 0 {
				c.bad(q, "%q has no melee_bonus or ranged_bonus to void", id)
			}
		}
		for j, id := range d.VoidsTargetBonuses {
			q := fmt.Sprintf("%s.voids_target_bonuses[%d]", p, j)
			c.ref(q, "condition", id, c.conds)
			if other, ok := c.rs.Condition(id); ok && other.MeleeBonus == 0 && other.RangedBonus == 0 {
				c.bad(q, "%q has no melee_bonus or ranged_bonus to void", id)
			}
		}
		for key, ids := range map[string][]string{"actions": d.Actions, "forbids": d.Forbids} {
			for j, a := range ids {
				if !c.actions[a] {
					c.bad(fmt.Sprintf("%s.%s[%d]", p, key, j), "unknown action %q", a)
				}
			}
		}
		c.conditionRolls(p, d)
		c.conditionStats(p, d)
		c.conditionChecks(p, d)
		c.poolMap(p+".pool_mods", d.PoolMods, -1000)
		c.poolMap(p+".pool_caps", d.PoolCaps, 0)
		for j, id := range d.NoSpend {
			c.ref(fmt.Sprintf("%s.no_spend[%d]", p, j), "pool", id, c.pools)
		}
		for j, id := range d.NoExchangeInto {
			q := fmt.Sprintf("%s.no_exchange_into[%d]", p, j)
			c.ref(q, "pool", id, c.pools)
			if c.pools[id] && !slices.ContainsFunc(c.rs.Exchanges, func(e Exchange) bool { return e.Gives[id] > 0 }) {
				c.bad(q, "no exchange gives %q: there is nothing to bar", id)
			}
		}
		c.conditionCaps(p, d)
		c.damageMod(p+".against_damage", d.AgainstDamage, "")
		for j, src := range d.DamageSources {
			q := fmt.Sprintf("%s.damage_sources[%d]", p, j)
			switch {
			case src.ID == "":
				c.bad(q+".id", "a damage source needs an id")
			case slices.ContainsFunc(d.DamageSources[:j], func(o DamageSource) bool { return o.ID == src.ID }):
				c.bad(q+".id", "%q twice", src.ID)
			}
			if src.Name == "" {
				c.bad(q+".name", "a damage source needs a name")
			}
			if !slices.Contains([]string{"none", "half", "whole", "double"}, src.Share) {
				c.bad(q+".share", "a share is none, half, whole or double, not %q", src.Share)
			}
		}
		if d.Penalty > 0 || d.Penalty < -1000 {
			c.bad(p+".penalty", "a penalty is -1000 to 0")
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

// conditionStats checks the stats a condition caps.
func (c *checker) conditionStats(p string, d ConditionDef) {
	for k, e := range d.Stats {
		if !c.stats[k] {
			c.bad(p+".stats."+k, "unknown stat %q", k)
		}
		c.expr(p+".stats."+k, e)
		c.formula(p+".stats."+k, e)
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
	c.stunLevels(st)
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

// stunLevels checks the ladder's levels, worst first, and its modifiers.
func (c *checker) stunLevels(st StunRules) {
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
}

// vitals checks hit points, their thresholds and wounds.
func (c *checker) vitals() {
	rs := c.rs
	c.expr("hp.dead_at", rs.HP.DeadAt)
	c.formula("hp.dead_at", rs.HP.DeadAt)
	c.ref("hp.out_condition", "condition", rs.HP.OutCondition, c.conds)
	c.ref("hp.dead_condition", "condition", rs.HP.DeadCondition, c.conds)
	c.ref("wounds.stable_condition", "condition", rs.Wounds.Stable, c.conds)
	// Alone, the condition is the death something else gives (a table's
	// row, the GM): the dead leave the round's order and their rows say so.
	if rs.HP.DeadCondition == "" && !(rs.HP.DeadAt.IsZero() && rs.HP.DiesWithin == 0) {
		c.bad("hp.dead_condition",
			"hp.dead_at (the formula it is given at) and hp.dies_within (the rounds to heal in) give hp.dead_condition: name it")
	}
	switch {
	case rs.HP.DiesWithin < 0:
		c.bad("hp.dies_within", "a number of rounds, 1 or more")
	case rs.HP.DiesWithin > 0 && rs.HP.KeepActing:
		c.bad("hp.dies_within", "hp.keep_acting takes no one out to die")
	}
	c.expr("hp.major_at", rs.HP.MajorAt)
	c.expr("hp.max_from", rs.HP.MaxFrom)
	c.formula("hp.max_from", rs.HP.MaxFrom)
	c.formula("hp.major_at", rs.HP.MajorAt)
	c.ref("hp.major_condition", "condition", rs.HP.MajorCondition, c.conds)
	if (rs.HP.MajorCondition == "") != rs.HP.MajorAt.IsZero() {
		c.bad("hp.major_condition", "hp.major_at and hp.major_condition go together: the least single hit, and the condition it gives")
	}
	if rs.HP.MajorAboveOut && rs.HP.MajorAt.IsZero() {
		c.bad("hp.major_above_out", "there is no major wound to hold back (hp.major_at)")
	}
	for i, t := range rs.Thresholds {
		p := fmt.Sprintf("thresholds[%d]", i)
		c.thresholdEdge(p, t)
		if t.Penalty == 0 && t.Condition == "" && t.Gives == "" && t.Summary == "" {
			c.bad(p, "a threshold with no penalty, condition or summary does nothing")
		}
		c.ref(p+".condition", "condition", t.Condition, c.conds)
		c.ref(p+".gives", "condition", t.Gives, c.conds)
		c.poolThreshold(p, t)
		c.conditionStats(p, ConditionDef{Stats: t.Stats})
		if len(t.Stats) > 0 && (t.Pool != "" || t.MinorWounds) {
			// Their bands read the stats (a pool's capacity, hp.major_at):
			// a cap by such a band would read itself.
			c.bad(p+".stats", "only a band of hit points caps stats (not a pool's, nor the minor wounds')")
		}
	}
	c.expr("wounds.first_aid_check", rs.Wounds.Check)
	if rs.Wounds.Penalized && !rs.Wounds.Given() {
		c.bad("wounds.first_aid_penalized", "penalties apply to a roll: there is no first_aid_check")
	}
	if rs.HP.PenaltyOut != 0 && rs.HP.OutCondition == "" {
		c.bad("hp.penalty_out", "penalties knock out into hp.out_condition: there is none")
	}
	if rs.HP.GMWakes && rs.HP.OutCondition == "" && rs.Stun.Condition == "" {
		c.bad("hp.gm_wakes", "nothing knocks out to rule awake: no hp.out_condition nor stun.condition")
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
	if w := rs.Wounds; !w.Given() {
		for _, k := range []struct {
			key string
			set bool
		}{{"first_aid_halts", w.Halt != 0}, {"first_aid_reduces", w.Reduce != 0}, {"first_aid_target", w.Target != 0},
			{"restriction", w.Restriction != ""}, {"first_aid_skill", w.Skill != ""}} {
			if k.set {
				c.bad("wounds."+k.key, "there is no first aid without wounds.first_aid_check or first_aid_roll")
			}
		}
	}
	if s := rs.HP.Armor; s != "" && !c.stats[s] {
		c.bad("hp.armor", "unknown stat %q", s)
	}
	if s := rs.Wounds.Skill; s != "" && !c.stats[s] {
		c.bad("wounds.first_aid_skill", "unknown stat %q", s)
	}
	c.firstAid()
}

// resistanceKinds checks what a Resistance Roll may be against: each read
// by what a success and a failure do, or by the tiers.
func (c *checker) resistanceKinds() {
	h := c.rs.Helpers
	if len(h.ResistanceKinds) > 0 && h.ResistanceRoll.IsZero() {
		c.bad("helpers.resistance_kinds", "kinds of Resistance Roll, but there is no helpers.resistance_roll")
	}
	ids := map[string]bool{}
	for i, k := range h.ResistanceKinds {
		p := fmt.Sprintf("helpers.resistance_kinds[%d]", i)
		c.id(p+".id", k.ID, ids)
		if k.Name == "" {
			c.bad(p+".name", "a kind of Resistance Roll needs a name")
		}
		switch {
		case k.Tiers && len(h.ResistanceTiers) == 0:
			c.bad(p+".tiers", "read on the tiers, but there are no helpers.resistance_tiers")
		case k.Tiers && (k.Success != "" || k.Failure != ""):
			c.bad(p+".tiers", "read on the tiers or by success and failure, not both")
		case !k.Tiers && (k.Success == "" || k.Failure == ""):
			c.bad(p+".success", "say what a success and a failure do (success, failure), or read it on the tiers (tiers = true)")
		}
		for j, id := range k.Ends {
			c.ref(fmt.Sprintf("%s.ends[%d]", p, j), "condition", id, c.conds)
		}
		if len(k.Ends) > 0 && k.Tiers {
			c.bad(p+".ends", "read on the tiers, the roll has no plain success to end them by")
		}
	}
}

func (c *checker) helpers() {
	defences := slices.ContainsFunc(c.rs.Checks, func(ch Check) bool { return ch.Defence })
	if c.rs.Helpers.DefenceStep != 0 && !defences {
		c.bad("helpers.defence_step", "no check is a defence (checks.defence)")
	}
	if c.rs.Helpers.DefenceStep == 0 && defences {
		c.bad("checks.defence", "a defence is counted for helpers.defence_step: set it")
	}
	h := c.rs.Helpers
	for i := 1; i < len(h.ResistanceTiers); i++ {
		if h.ResistanceTiers[i].From >= h.ResistanceTiers[i-1].From {
			c.bad(fmt.Sprintf("helpers.resistance_tiers[%d].from", i), "tiers go from the best margin down")
		}
	}
	if h.HurtResists && h.ResistanceRoll.IsZero() {
		c.bad("helpers.hurt_resists", "a Resistance Roll is made: there is no helpers.resistance_roll")
	}
	if h.KnockedDown != "" && !c.conds[h.KnockedDown] {
		c.bad("helpers.knocked_down", "unknown condition %q", h.KnockedDown)
	}
	if h.KnockedDown != "" && !h.HurtResists {
		c.bad("helpers.knocked_down", "a spell knocked down is at stake as a hurt one is: set helpers.hurt_resists")
	}
	if h.InitRoundsOnRoll && h.InitRoundBonus == 0 {
		c.bad("helpers.init_rounds_on_roll", "there is nothing to put on the roll: no helpers.init_round_bonus")
	}
	c.resistanceKinds()
	c.expr("helpers.resistance_roll", h.ResistanceRoll)
	if h.ResistanceRoll.IsZero() != (h.ResistanceBase == 0 && h.ResistanceStep == 0 && len(h.ResistanceTiers) == 0) {
		c.bad("helpers.resistance_roll",
			"a Resistance Roll needs its roll and its target (resistance_base, resistance_step, resistance_tiers)")
	}
}
