package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// The defensive bonus kept as its parts ([guard], Pathmaster l.37-56,
// 1062-1124): the dodge and shield stats and a parry allotted from the
// attack stat. The last action of one's turn that is not a Free or
// passive one (or an interrupt that changes a part) sets what each part
// is worth until the next; before one acts, and from the start of each own
// turn, the idle action does. The stun level and the conditions held
// limit the parry and the shield on top. A combatant's formulas read the
// parts as the stats say (statsOf): the dodge with the action's change and
// the bands' penalty, the shield or 0, the attack stat less the parry
// allotted while a parry is possible, and the parry's name as what its
// next parry is worth.

// Guarding is what a combatant keeps of its defence parts: the parry
// allotted (typed once, kept until changed on its own turn) and the
// action its defences follow ("" the idle one).
type Guarding struct {
	Allotted int    `toml:"parry_allotted,omitzero"`
	Stance   string `toml:"guard_action,omitempty"`
	// Earlier are the actions of its own turn before the last that limit
	// a part and hold it (actions.holds_defences): a later action of the
	// turn never lifts what they lowered (Pathmaster's All-Out Attack,
	// then a Move, l.500-504).
	Earlier []string `toml:"guard_earlier,omitempty"`
	// Acted: it has taken an action in its own turn (actions.turn_start).
	Acted bool `toml:"acted,omitempty"`
	// AttackActed: it has spent an action that attacks in its own turn.
	AttackActed bool `toml:"attack_acted,omitempty"`
	// AttackRolls: attack rolls (checks.spends) the attacking actions it
	// has spent since its own turn began still pay for, one each; RollsOpen:
	// one of them (actions.many_rolls) pays for as many as it reaches.
	AttackRolls int  `toml:"attack_rolls,omitzero"`
	RollsOpen   bool `toml:"rolls_open,omitempty"`
	// PaidBy is the attacking action spent last that pays for them, and
	// PaidRolls the rolls it has paid for: a modifier that is an action's
	// bonus reaches that action's first roll alone (check_spends.go).
	PaidBy    string `toml:"paid_by,omitempty"`
	PaidRolls int    `toml:"paid_rolls,omitzero"`
	// Maneuver is an action that does not attack spent in its own turn
	// whose check's one roll (checks.spends) is not made yet: the Feint's.
	Maneuver string `toml:"maneuver_paid,omitempty"`
	// ParryFixed: it has rolled an attack in its own turn, and its parry
	// allotted stays as it is to its next turn (parry_fixed.go).
	ParryFixed bool `toml:"parry_fixed,omitempty"`
	// Fresh: it joined a fight under way (where the ruleset has an idle
	// action) and has not had a turn yet (notTurnedYet).
	Fresh bool `toml:"fresh,omitempty"`
}

// guardAt puts a combatant back to the idle action as its own turn starts:
// its defences are chosen afresh by what it does, and it has not acted.
func (t *tx) guardAt(c *Combatant, _ moment) {
	c.Stance, c.Earlier, c.Acted, c.AttackActed, c.Fresh = "", nil, false, false, false
	c.AttackRolls, c.RollsOpen, c.ParryFixed = 0, false, false
	c.PaidBy, c.PaidRolls, c.Maneuver = "", 0, ""
}

// guardReEnter ends the Wait's hold on the defences as the waiter re-enters
// the order: the parts it limited were the Wait state's (Pathmaster: "you
// may not Parry while in a Wait state", l.701-702), and the waiter's own
// actions from here set them, as a turn's first would.
func (t *tx) guardReEnter(c *Combatant, _ moment) {
	w := t.rs.Order.WaitAction
	if w == "" {
		return
	}
	if c.Stance == w {
		c.Stance = ""
	}
	c.Earlier = slices.DeleteFunc(slices.Clone(c.Earlier), func(id string) bool { return id == w })
	if len(c.Earlier) == 0 {
		c.Earlier = nil
	}
}

// notTurnedYet reports whether c has not had a turn in the fight yet: in
// the first round, its place not reached; later, only one that joined
// the fight under way and whose turn has not come.
func (t *tx) notTurnedYet(c *Combatant) bool {
	if c.Fresh {
		return true
	}
	if t.enc.Round > 1 {
		return false
	}
	who := c.ID
	if c.Group != 0 {
		who = c.Group
	}
	return !slices.ContainsFunc(t.enc.Entries, func(e Entry) bool { return e.Who == who && e.Started })
}

// allotOffGuard lets one that has not yet had a turn in the fight set its
// parry out of turn: it counts as taking the idle action (Pathmaster's
// Off-Guard, l.222-229), its parry at most that action's cap.
func (t *tx) allotOffGuard(c *Combatant, parry int) error {
	if t.rs.Guard.Idle == "" || !t.notTurnedYet(c) {
		return fmt.Errorf("%s sets its parry on its own turn: once the next has begun its defences stay as they are", c.Name)
	}
	a, _ := t.rs.Action(t.rs.Guard.Idle)
	if a.ParryCap.IsZero() {
		return nil
	}
	if most, err := formula(a.ParryCap, dice.StatMap(c.Stats)); err == nil && parry > max(most, 0) {
		return fmt.Errorf("%s has not had a turn yet (%s): its parry is at most %s, %d", c.Name, a.Name, a.ParryCap, max(most, 0))
	}
	return nil
}

// ownTurn reports whether it is c's own turn (or its group leader's).
func (t *tx) ownTurn(c *Combatant) bool {
	actor := t.enc.Actor()
	return actor != nil && (actor.ID == c.ID || c.Group == actor.ID)
}

// offTurnAllows refuses, out of c's own turn (or while it waits to act
// again), an action that spends none of the pools the ruleset lets one
// spend then (order.off_turn_pools), unless it costs nothing or is
// any_time.
func (t *tx) offTurnAllows(c *Combatant, a rules.ActionDef) error {
	pools := t.rs.Order.OffTurnPools
	if len(pools) == 0 || a.AnyTime || t.enc.Status != StatusRunning || t.ownTurn(c) {
		return nil
	}
	costs := false
	for p, n := range a.Cost {
		if n > 0 && slices.Contains(pools, p) {
			return nil
		}
		costs = costs || n > 0
	}
	if !costs {
		return nil
	}
	names := make([]string, len(pools))
	for i, id := range pools {
		names[i] = poolNameOf(t.rs, id)
	}
	return fmt.Errorf("it is not %s's turn: out of it, only what spends %s, or costs nothing", c.Name, strings.Join(names, " or "))
}

// turnStartAllows refuses an action taken only at the start of one's own
// turn (actions.turn_start) anywhere else.
func (t *tx) turnStartAllows(c *Combatant, a rules.ActionDef) error {
	if a.TurnStart && (!t.ownTurn(c) || c.Acted) {
		return fmt.Errorf("%s may %s only at the start of its own turn, before any other action", c.Name, a.Name)
	}
	return nil
}

// guardSpent keeps the action one's defences follow: any action of one's
// own turn but a Free or passive one, and an interrupt taken on another's
// turn where it changes a part (Dodge and Drop, a delayed attack fired).
func (t *tx) guardSpent(c *Combatant, a rules.ActionDef) {
	if !t.rs.Guard.Set() || a.Passive || a.KeepsExtended {
		return
	}
	actor := t.enc.Actor()
	own := actor != nil && (actor.ID == c.ID || c.Group == actor.ID)
	if own && c.Stance != "" && c.Stance != a.ID && holdsDefences(t.rs, c.Stance) && !slices.Contains(c.Earlier, c.Stance) {
		c.Earlier = append(slices.Clip(c.Earlier), c.Stance)
	}
	if own || a.Guards() {
		c.Stance = a.ID
	}
}

// holdsDefences reports whether what the action lowers holds through the turn's
// later actions (actions.holds_defences).
func holdsDefences(rs *rules.Ruleset, id string) bool {
	a, ok := rs.Action(id)
	return ok && a.HoldsDefences && lowers(rs, id)
}

// lowers reports whether the action lowers a defence part: a dodge
// change below 0, no shield, or a parry limited or capped.
func lowers(rs *rules.Ruleset, id string) bool {
	a, ok := rs.Action(id)
	return ok && (a.Dodge < 0 || a.Shield == rules.GuardNone || a.Parry == rules.GuardNone || a.Parry == rules.GuardHalf ||
		!a.ParryCap.IsZero())
}

// earlier are the actions of c's turn before the last whose lowered parts
// still hold.
func earlier(rs *rules.Ruleset, c *Combatant) []rules.ActionDef {
	var out []rules.ActionDef
	for _, id := range c.Earlier {
		if a, ok := rs.Action(id); ok {
			out = append(out, a)
		}
	}
	return out
}

// stanceOf is the action a combatant's defences follow now (ok false:
// none that changes a part).
func stanceOf(rs *rules.Ruleset, c *Combatant) (rules.ActionDef, bool) {
	id := c.Stance
	if id == "" {
		id = rs.Guard.Idle
	}
	a, ok := rs.Action(id)
	return a, ok && a.Guards()
}

// ParryLimit is what is left of a combatant's parry (rules.GuardNone,
// GuardHalf or GuardFull) and what limits it ("" nothing): its stun
// level, a condition, or the action its defences follow.
func ParryLimit(rs *rules.Ruleset, c *Combatant) (string, string) {
	limit, by := rules.GuardFull, ""
	worse := func(l, who string) {
		if l != "" && slices.Index(rules.GuardLimits, l) < slices.Index(rules.GuardLimits, limit) {
			limit, by = l, who
		}
	}
	if lvl, _ := StunNow(rs, c); lvl >= 0 {
		l := rs.Stun.Levels[lvl]
		worse(l.Parry, l.Name)
	}
	for _, x := range c.Conditions {
		if def, ok := rs.Condition(x.ID); ok {
			worse(def.Parry, def.Name)
		}
	}
	a, ok := stanceOf(rs, c)
	if ok {
		worse(a.Parry, a.Name)
	}
	if !ok || a.Parry != rules.GuardFull {
		// An action whose parry is full says so: it gives the parry back
		// (Pathmaster's delayed attack fired, l.692-693).
		for _, e := range earlier(rs, c) {
			worse(e.Parry, e.Name)
		}
	}
	return limit, by
}

// ShieldLost names what leaves a combatant no shield ("" none does).
func ShieldLost(rs *rules.Ruleset, c *Combatant) string {
	for _, x := range c.Conditions {
		if def, ok := rs.Condition(x.ID); ok && def.Shield == rules.GuardNone {
			return def.Name
		}
	}
	if a, ok := stanceOf(rs, c); ok && a.Shield == rules.GuardNone {
		return a.Name
	}
	for _, a := range earlier(rs, c) {
		if a.Shield == rules.GuardNone {
			return a.Name
		}
	}
	return ""
}

// ParryNow is what a combatant's parry is worth as it stands: the
// allotment as its limits leave it (half, none, the idle action's cap),
// before the share of the parries since its turn.
func ParryNow(rs *rules.Ruleset, c *Combatant) int {
	v := c.Allotted
	switch l, _ := ParryLimit(rs, c); l {
	case rules.GuardNone:
		return 0
	case rules.GuardHalf:
		v /= 2
	}
	caps := earlier(rs, c)
	if a, ok := stanceOf(rs, c); ok {
		caps = append(caps, a)
	}
	for _, a := range caps {
		if a.ParryCap.IsZero() {
			continue
		}
		if cp, err := formula(a.ParryCap, dice.StatMap(c.Stats)); err == nil {
			v = min(v, max(cp, 0))
		}
	}
	return v
}

// NextParry is what the combatant's next parry is worth against a foe it
// has not parried yet: ParryAgainst with no attacker named.
func NextParry(rs *rules.Ruleset, c *Combatant) int {
	return ParryAgainst(rs, c, 0)
}

// guardStat is what the defence parts make of a stat (ok false: the stat
// is none of theirs): the parry's name reads the next parry; the others
// are changed by delta from what v was.
func guardStat(rs *rules.Ruleset, c *Combatant, name string) (int, bool) {
	g := rs.Guard
	if name == g.Parry && g.Parry != "" {
		return NextParry(rs, c), true
	}
	return 0, false
}

// guardDelta is what the parts change a stat of theirs by, named: the
// dodge by the action's change and the bands' penalty, the shield to 0,
// the attack stat by the parry allotted.
func guardDelta(rs *rules.Ruleset, c *Combatant, name string, v int) []CheckMod {
	g := rs.Guard
	var out []CheckMod
	if name == g.Dodge {
		// The action's change, or an earlier action's of the turn where
		// that lowered the dodge more.
		d := CheckMod{Stat: name}
		if a, ok := stanceOf(rs, c); ok {
			d.Guard, d.Value = a.ID, a.Dodge
		}
		for _, a := range earlier(rs, c) {
			if a.Dodge < min(d.Value, 0) {
				d.Guard, d.Value = a.ID, a.Dodge
			}
		}
		if d.Value != 0 {
			out = append(out, d)
		}
		if a, ok := stanceOf(rs, c); ok && !a.DodgeMore.IsZero() {
			if more, err := formula(a.DodgeMore, dice.StatMap(c.Stats)); err == nil && more != 0 {
				out = append(out, CheckMod{Guard: a.ID, Stat: name, Value: more})
			}
		}
		if g.DodgeBands {
			p := 0
			for _, th := range bands(rs, c) {
				p += th.Penalty
			}
			if p != 0 {
				out = append(out, CheckMod{Guard: GuardBands, Stat: name, Value: p})
			}
		}
	}
	if (name == g.Shield || name == g.ShieldRanged && name != "") && v != 0 && ShieldLost(rs, c) != "" {
		out = append(out, CheckMod{Guard: GuardShield, Stat: name, Value: -v})
	}
	if name == g.ParryFrom && c.Allotted != 0 {
		if l, _ := ParryLimit(rs, c); l != rules.GuardNone {
			out = append(out, CheckMod{Guard: GuardParry, Stat: name, Value: -c.Allotted})
		}
	}
	return out
}

// What a guard part of a stat is named by when it is no action.
const (
	GuardBands  = "(bands)"  // the bands' penalty on the dodge
	GuardShield = "(shield)" // no shield now
	GuardParry  = "(parry)"  // the parry allotted, off the attack stat
)

// guardSum is guardDelta's total.
func guardSum(rs *rules.Ruleset, c *Combatant, name string, v int) int {
	if !rs.Guard.Set() {
		return 0
	}
	n := 0
	for _, x := range guardDelta(rs, c, name, v) {
		n += x.Value
	}
	return n
}

// allot is the GM setting a combatant's parry: on its own turn (or before
// the fight), at most the attack stat as typed (l.1098-1101, 1123-1124).
func (t *tx) allot(cmd Allot) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	g := t.rs.Guard
	if g.ParryFrom == "" {
		return fmt.Errorf("%s allots no parry", t.rs.Name)
	}
	most := c.Stats[g.ParryFrom]
	if cmd.Parry < 0 || cmd.Parry > max(most, 0) {
		return fmt.Errorf("%s's parry is 0 to its %s, %d", c.Name, g.ParryFrom, most)
	}
	if t.enc.Status == StatusRunning && !t.ownTurn(c) {
		if err := t.allotOffGuard(c, cmd.Parry); err != nil {
			return err
		}
	}
	if cmd.Parry == c.Allotted {
		return fmt.Errorf("%s's parry is %d already", c.Name, c.Allotted)
	}
	if err := t.parryFixedRefuse(c); err != nil {
		return err
	}
	was := c.Allotted
	c.Allotted = cmd.Parry
	t.log(EvSpend, of(c), nil, ParryAllotted{Parry: cmd.Parry, Was: was})
	return nil
}

// parriesWith counts a parry on the target where a modifier chosen is one
// (checks.modifiers.parry), and refuses a parry or shield against an
// attacker whose attacks ignore them.
func (t *tx) parriesWith(ch rules.Check, c, foe *Combatant, chosen []string) error {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok {
			continue
		}
		if ignores := ignoresDefences(t.rs, c); ignores != "" && (m.Parry || m.Once) {
			return fmt.Errorf("%s is %s: %s does not count against it", c.Name, ignores, m.Name)
		}
		if m.Once && foe != nil && readsShield(t.rs, m.Mod) {
			if by := ShieldLost(t.rs, foe); by != "" {
				return fmt.Errorf("%s has no shield now (%s)", foe.Name, by)
			}
		}
		if !m.Parry {
			continue
		}
		if foe == nil {
			return fmt.Errorf("%s: %s is taken against someone: choose a target", ch.Name, m.Name)
		}
		if l, by := ParryLimit(t.rs, foe); l == rules.GuardNone {
			return fmt.Errorf("%s cannot parry now (%s)", foe.Name, by)
		}
		if foe.Allotted == 0 {
			return fmt.Errorf("%s has allotted no parry", foe.Name)
		}
	}
	return nil
}

// ignoresDefences names the condition of c's that makes its attacks take
// none of the foe's defences ("" none).
func ignoresDefences(rs *rules.Ruleset, c *Combatant) string {
	for _, x := range c.Conditions {
		if def, ok := rs.Condition(x.ID); ok && def.IgnoresDefences {
			return def.Name
		}
	}
	return ""
}

// ignoredDodge is what an attacker whose attacks ignore the foe's
// defences gains: the foe's dodge back, named as the condition.
func ignoredDodge(rs *rules.Ruleset, c, foe *Combatant, kind rules.RollKind) (CheckMod, bool) {
	name := ignoresDefences(rs, c)
	attack := rules.Reaches(rules.RollAttack, kind) || rules.Reaches(rules.RollMelee, kind) || rules.Reaches(rules.RollRanged, kind)
	if name == "" || foe == nil || !attack || rs.Guard.Dodge == "" {
		return CheckMod{}, false
	}
	v, _ := statsOf(rs, foe)(rs.Guard.Dodge)
	for _, x := range c.Conditions {
		if def, ok := rs.Condition(x.ID); ok && def.IgnoresDefences {
			return CheckMod{Condition: def.ID, Value: max(v, 0)}, true
		}
	}
	return CheckMod{}, false
}

// unawareDodge is the target's dodge put back where a modifier chosen says
// it does not dodge this roll (checks.modifiers.no_dodge: unaware of the
// attack, Pathmaster l.1067), named as the modifier.
func unawareDodge(rs *rules.Ruleset, foe *Combatant, r Rolling) (CheckMod, bool) {
	if r.Check == nil || foe == nil || rs.Guard.Dodge == "" {
		return CheckMod{}, false
	}
	for _, id := range r.Chosen {
		if m, ok := r.Check.Modifier(id); ok && m.NoDodge {
			v, _ := statsOf(rs, foe)(rs.Guard.Dodge)
			return CheckMod{Modifier: m.ID, Value: max(v, 0)}, true
		}
	}
	return CheckMod{}, false
}

// readsShield reports whether a formula reads the target's shield stats.
func readsShield(rs *rules.Ruleset, e dice.Expr) bool {
	g := rs.Guard
	for _, n := range e.Stats() {
		if g.Shield != "" && n == rules.TargetPrefix+g.Shield || g.ShieldRanged != "" && n == rules.TargetPrefix+g.ShieldRanged {
			return true
		}
	}
	return false
}
