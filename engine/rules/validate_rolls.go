package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
)

// The kinds of roll and what reaches them: each roll the ruleset makes
// says its kind, and a modifier or a restriction that reaches a kind no
// roll of the ruleset is refused (it would be accepted and do nothing).

// RollsMade are the kinds of the rolls the ruleset makes for a combatant:
// its checks', the recovery, First Aid, conditions' checks and actions'
// rolls that say their kind, initiative where it is rolled, resistance
// where the Resistance Roll helper is.
func (rs *Ruleset) RollsMade() []RollKind {
	var out []RollKind
	add := func(k RollKind) {
		if k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	for _, ch := range rs.Checks {
		add(ch.Kind)
	}
	add(rs.Stun.RecoveryKind)
	add(rs.Wounds.Kind)
	for _, d := range rs.Conditions {
		add(d.CheckKind)
	}
	for _, a := range rs.Actions {
		add(a.RollKind)
	}
	rolled := rs.Order.Initiative.HasDice() || len(rs.Order.ActionInitiative) > 0 || rs.HasFlurries()
	for _, ph := range rs.Phases {
		rolled = rolled || !ph.Roll.IsZero()
	}
	if rolled {
		add(RollInitiative)
	}
	if !rs.Helpers.ResistanceRoll.IsZero() {
		add(RollResistance)
	}
	return out
}

// read reports whether some roll the ruleset makes is of a kind that
// reach reaches (modifiers) or touches (restrictions).
func (c *checker) read(reach RollKind, touch bool) bool {
	for _, k := range c.rs.RollsMade() {
		if touch && Overlaps(reach, k) || !touch && Reaches(reach, k) {
			return true
		}
	}
	return false
}

// rollKind checks the kind a roll says it is.
func (c *checker) rollKind(path string, k RollKind) {
	if k != "" {
		oneOf(c, path, k, RollKinds)
	}
}

// reach checks a kind a modifier or a restriction reaches: one of the
// kinds or all, and made by some roll of the ruleset.
func (c *checker) reach(path string, k RollKind, touch bool) {
	if !slices.Contains(RollReaches, k) {
		oneOf(c, path, k, RollReaches)
		return
	}
	if !c.read(k, touch) {
		made := kindNames(c.rs.RollsMade())
		if len(made) == 0 {
			made = []string{"none"}
		}
		c.bad(path, "no roll of the ruleset is of the kind %q, so nothing would read it (the kinds rolled: %s; a roll says its kind "+
			"with checks.kind, stun.recovery_kind, wounds.first_aid_kind, conditions.check_kind or actions.roll_kind)",
			k, strings.Join(made, ", "))
	}
}

// rollMods checks a condition's modifiers by kind: formulas of the
// roller's stats, the holder's (target_X, where against) and the roll's
// target number, rolling no dice.
func (c *checker) rollMods(path string, m map[RollKind]dice.Expr, against bool) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		p := path + "." + string(k)
		c.reach(p, k, false)
		e := m[k]
		if e.IsZero() {
			c.bad(p, "a modifier needs its formula (\"-10\")")
			continue
		}
		if e.HasDice() {
			c.bad(p, "a modifier is worked out, not rolled: no dice")
		}
		for _, name := range e.Stats() {
			stat, theirs := strings.CutPrefix(name, TargetPrefix)
			switch {
			case name == TargetNumber:
			case theirs && !against:
				c.bad(p, "%q: a modifier of one's own rolls reads one's own stats (and target, the roll's target number)", name)
			case !c.stats[stat] && !slices.Contains(BuiltinStats, stat):
				c.bad(p, "unknown stat %q (the ruleset's stats: %s)", stat, strings.Join(c.rs.statIDs(), ", "))
			}
		}
	}
}

// rollEdges checks a condition's Advantage and Disadvantage by kind: each
// kind one a roll of the ruleset is, each edge one there is.
func (c *checker) rollEdges(path string, m map[RollKind]EdgeKind) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		p := path + "." + string(k)
		c.reach(p, k, false)
		oneOf(c, p, m[k], EdgeKinds)
	}
}

// conditionRollRules checks what a condition does to rolls and to
// movement: its modifiers, what it forbids and what needs a check first.
func (c *checker) conditionRollRules(p string, d ConditionDef) {
	c.rollKind(p+".check_kind", d.CheckKind)
	if d.CheckKind != "" && d.Check.IsZero() {
		c.bad(p+".check_kind", "the kind of a check: this condition has none")
	}
	c.rollMods(p+".roll_mods", d.RollMods, false)
	c.rollMods(p+".against_mods", d.AgainstMods, true)
	if d.AgainstOnce && len(d.AgainstMods) == 0 {
		c.bad(p+".against_once", "no against_mods to count once")
	}
	c.rollEdges(p+".roll_edge", d.RollEdge)
	c.rollEdges(p+".against_edge", d.AgainstEdge)
	for j, k := range d.ForbidsRolls {
		c.reach(fmt.Sprintf("%s.forbids_rolls[%d]", p, j), k, true)
	}
	for j, k := range d.EndedByRolls {
		c.reach(fmt.Sprintf("%s.ended_by_rolls[%d]", p, j), k, true)
	}
	for _, k := range slices.Sorted(maps.Keys(d.RollsNeed)) {
		q := p + ".rolls_need." + string(k)
		c.reach(q, k, true)
		if _, ok := c.rs.Check(d.RollsNeed[k]); !ok {
			c.bad(q, "unknown check %q", d.RollsNeed[k])
		}
	}
	if d.NoMovement && !slices.ContainsFunc(c.rs.Actions, func(a ActionDef) bool { return a.Moves }) && c.rs.Movement.Segments() <= 0 &&
		!slices.ContainsFunc(c.rs.Declarations, func(x Declaration) bool { return x.Moves }) {
		c.bad(p+".no_movement",
			"nothing moves in this ruleset: no action or declaration is marked moves, and there is no movement in the count")
	}
	if d.AttackedWith != "" || len(d.AttackedUnless) > 0 {
		var of *Check
		for _, b := range c.rs.Blows {
			if ch, ok := c.rs.Check(b.Check); ok {
				if _, ok := ch.Modifier(d.AttackedWith); ok {
					of = &ch
					break
				}
			}
		}
		switch {
		case of == nil:
			c.bad(p+".attacked_with", "no blow's attack check has a modifier %q", d.AttackedWith)
		default:
			for j, id := range d.AttackedUnless {
				if _, ok := of.Modifier(id); !ok {
					c.bad(fmt.Sprintf("%s.attacked_unless[%d]", p, j), "%s has no modifier %q", of.Name, id)
				}
			}
		}
	}
	for j, id := range d.Clears {
		q := fmt.Sprintf("%s.clears[%d]", p, j)
		c.ref(q, "condition", id, c.conds)
		if id == d.ID || slices.Contains(d.Implies, id) {
			c.bad(q, "a condition clears neither itself nor one it implies")
		}
	}
	for j, id := range d.MovingTakes {
		c.ref(fmt.Sprintf("%s.moving_takes[%d]", p, j), "condition", id, c.conds)
	}
	if len(d.MovingTakes) > 0 && !slices.ContainsFunc(c.rs.Actions, func(a ActionDef) bool { return a.Moves }) {
		c.bad(p+".moving_takes", "no action moves (actions.moves): nothing would take them")
	}
	if d.MovingStuckDivide < 0 {
		c.bad(p+".moving_stuck_divide", "a divisor of 1 or more (0: none)")
	}
	if d.MovingStuckDivide > 0 && !slices.ContainsFunc(c.rs.Declarations, func(x Declaration) bool { return x.Moves }) {
		c.bad(p+".moving_stuck_divide", "no declaration moves (declarations.moves): nothing would hurt")
	}
	if len(d.MovingUsesUp) > 0 && !slices.ContainsFunc(c.rs.Actions, func(a ActionDef) bool { return a.Moves }) {
		c.bad(p+".moving_uses_up", "no action moves (actions.moves): nothing would use them up")
	}
}

// rollKinds checks the kinds the ruleset's rolls say they are, once the
// conditions and checks are known.
func (c *checker) rollKinds() {
	rs := c.rs
	for i, ch := range rs.Checks {
		c.rollKind(fmt.Sprintf("checks[%d].kind", i), ch.Kind)
	}
	c.rollKind("stun.recovery_kind", rs.Stun.RecoveryKind)
	if rs.Stun.RecoveryKind != "" && rs.Stun.Recovery.IsZero() {
		c.bad("stun.recovery_kind", "the kind of the recovery roll: there is no stun.recovery")
	}
	c.rollKind("wounds.first_aid_kind", rs.Wounds.Kind)
	if rs.Wounds.Kind != "" && !rs.Wounds.Given() {
		c.bad("wounds.first_aid_kind", "the kind of the First Aid roll: there is no wounds.first_aid_check")
	}
	for i, a := range rs.Actions {
		p := fmt.Sprintf("actions[%d].roll_kind", i)
		c.rollKind(p, a.RollKind)
		if a.RollKind != "" && a.Roll.IsZero() {
			c.bad(p, "the kind of the action's roll: it rolls nothing (actions.roll)")
		}
	}
	for i, d := range rs.Conditions {
		c.conditionRollRules(fmt.Sprintf("conditions[%d]", i), d)
	}
}

// thresholdEdge checks a band's edge: one of the four, a percentage
// within 0 and 100, exempt_start only with hit points.
func (c *checker) thresholdEdge(p string, t Threshold) {
	n := 0
	for _, e := range []*int{t.Below, t.AtMostPct, t.HPBelow, t.AtMost} {
		if e != nil {
			n++
		}
	}
	switch {
	case t.MinorWounds && (n != 0 || t.Pool != "" || t.ExemptStart):
		c.bad(p+".minor_wounds", "minor wounds adding up are the band's edge: no other edge, pool or exempt_start with it")
	case t.MinorWounds:
	case n != 1:
		c.bad(p+".below", "a threshold has one edge, and says whether the edge is in the band: "+
			"below or at_most a percentage, hp_below or hp_at_most some hit points")
	case t.Below != nil && (*t.Below < 1 || *t.Below > 100):
		c.bad(p+".below", "a percentage between 1 and 100")
	case t.AtMostPct != nil && (*t.AtMostPct < 0 || *t.AtMostPct > 99):
		c.bad(p+".at_most", "a percentage between 0 and 99 (at 100%% every one is in the band)")
	case t.ExemptStart && t.AtMost == nil && t.HPBelow == nil:
		c.bad(p+".exempt_start", "only a threshold in hit points (hp_at_most, hp_below) exempts a start within it")
	case t.Pool != "" && (t.AtMost != nil || t.HPBelow != nil):
		c.bad(p+".pool", "a band of a pool is a percentage of its capacity (below or at_most)")
	case t.HPAbove != nil && t.AtMost == nil && t.HPBelow == nil:
		c.bad(p+".hp_above", "hp_above is the floor of a band in hit points (hp_at_most, hp_below)")
	case t.HPAbove != nil && t.AtMost != nil && *t.HPAbove >= *t.AtMost,
		t.HPAbove != nil && t.HPBelow != nil && *t.HPAbove >= *t.HPBelow-1:
		c.bad(p+".hp_above", "the floor leaves no hit points in the band: it must be under its edge")
	}
}

// lose checks a number of actions lost: 0 or more, and somewhere to take
// them from.
func (c *checker) lose(path string, n int) {
	switch {
	case n < 0:
		c.bad(path, "actions lost are 0 or more")
	case n > 0 && len(c.rs.LostActions.From) == 0:
		c.bad(path, "say where lost actions are taken from: lost_actions.from")
	}
}

// lostActions checks where lost actions come from: the flurry (with
// flurries), the order (rank or segments), or a pool; and that something
// loses them.
func (c *checker) lostActions() {
	rs := c.rs
	for i, f := range rs.LostActions.From {
		p := fmt.Sprintf("lost_actions.from[%d]", i)
		switch f {
		case LostFromFlurry:
			if !rs.HasFlurries() {
				c.bad(p, "the ruleset has no flurries")
			}
		case LostFromOrder:
			if rs.Order.Kind != OrderRank && rs.Order.Kind != OrderSegments {
				c.bad(p, "only a rank or segments order gives a combatant actions in it to lose")
			}
		default:
			if !c.pools[f] {
				c.bad(p, "%q is not %q, %q or a pool", f, LostFromFlurry, LostFromOrder)
			}
		}
		if slices.Contains(rs.LostActions.From[:i], f) {
			c.bad(p, "%q twice", f)
		}
	}
	if rs.LostActions.NextRound && !slices.Contains(rs.LostActions.From, LostFromOrder) {
		c.bad("lost_actions.next_round", "only actions taken from the order (%q in from) carry to the next round", LostFromOrder)
	}
	loses := false
	for _, ch := range rs.Checks {
		for _, o := range ch.Outcomes {
			for _, e := range o.Effects {
				loses = loses || e.Lose > 0
			}
		}
	}
	for _, d := range rs.Conditions {
		for _, r := range d.Table {
			loses = loses || r.Lose > 0
		}
	}
	for _, e := range rs.Vitality.Effects {
		loses = loses || e.Lose > 0
	}
	if len(rs.LostActions.From) > 0 && !loses {
		c.bad("lost_actions.from", "nothing loses actions (checks' effects, tables' rows and wound effects lose none)")
	}
}
