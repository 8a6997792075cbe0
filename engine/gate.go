package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/rules"
)

// One gate to an action. May answers "may this combatant do this now?",
// with the reason when it may not, from what the combatant is: down or
// not (its vitals: hit points at out_at, a wound that stops all action),
// the conditions it holds (no turn, passive, the actions they allow or
// forbid, the rolls they forbid or make wait on a check, no movement), the
// stun level that binds it, a delayed attack or a spell under way, and its
// budget (the pools an action costs, the actions left in its flurry).
// Every path that acts asks it: spending an action (m), a flurry's actions
// (F), a check rolled in g and the defence that answers it, movement, a
// spell (C), an initiative roll (i), and the blow.

// ActKind is what a combatant would do, as the gate is asked.
type ActKind string

// What the gate is asked about.
const (
	ActTurn       ActKind = "turn"       // act at all on its own turn
	ActAction     ActKind = "action"     // take the ruleset's action Act.Action
	ActRoll       ActKind = "roll"       // make a roll of the kind Act.Roll (an attack, a parry ...)
	ActMove       ActKind = "move"       // move
	ActCast       ActKind = "cast"       // begin, prepare or cast a spell
	ActFlurry     ActKind = "flurry"     // use Act.Actions actions (1 when 0) in its flurry
	ActInitiative ActKind = "initiative" // roll its initiative
)

// Act is what the gate is asked about: its kind, and the action or the
// kind of roll or the actions it concerns.
type Act struct {
	Kind    ActKind
	Action  string
	Roll    rules.RollKind
	Actions int
}

// Verdict is the gate's answer. Why is why the combatant may not ("": it
// may). Needs, where it may, is a check of the ruleset it must make first
// (BRP's Idea roll before a stunned fighter parries), and NeedsFor the
// condition that asks for it.
type Verdict struct {
	Why      string
	Needs    string
	NeedsFor string
}

// Allowed reports whether the gate lets the act through (perhaps after the
// check it Needs).
func (v Verdict) Allowed() bool { return v.Why == "" }

// Error makes a refusal an error the command returns.
func (v Verdict) Error() string { return v.Why }

// May answers whether c may do a now in the fight enc: see the top of this
// file. It changes nothing. The blow asks it for the attacker's attack
// roll (ActRoll with the attack's kind) and the defender's defence.
func May(rs *rules.Ruleset, enc *Encounter, c *Combatant, a Act) Verdict {
	t := &tx{rs: rs, enc: *enc}
	return t.may(c, a)
}

func refuse(format string, args ...any) Verdict { return Verdict{Why: fmt.Sprintf(format, args...)} }

// may is May within a transition.
func (t *tx) may(c *Combatant, a Act) Verdict {
	switch a.Kind {
	case ActTurn:
		return t.turnVerdict(c)
	case ActAction:
		return t.actionVerdict(c, a.Action)
	case ActRoll:
		return t.rollVerdict(c, a.Roll)
	case ActMove:
		return t.moveVerdict(c)
	case ActCast:
		return t.castVerdict(c)
	case ActFlurry:
		return t.flurryVerdict(c, max(a.Actions, 1))
	case ActInitiative:
		return t.initiativeVerdict(c)
	}
	return refuse("nothing asks the gate about %q", a.Kind)
}

// turnVerdict is whether c may act on its own turn at all: not down, no
// condition that skips its turns.
func (t *tx) turnVerdict(c *Combatant) Verdict {
	if c.Out {
		if t.rs.Recorded() {
			return refuse("%s is down: a wound stops all action", c.Name)
		}
		return refuse("%s is down", c.Name)
	}
	for _, x := range c.Conditions {
		if def, ok := t.rs.Condition(x.ID); ok && def.NoTurn && !turnSetAside(t.rs, c, x.ID) {
			return refuse("%s %s: no turn", c.Name, being(def, "is"))
		}
	}
	return Verdict{}
}

// actionVerdict is whether c may take the ruleset's action id now: what
// its conditions and stun allow, what it holds under way (a delayed
// attack, a spell), and whether its budget pays the cost.
func (t *tx) actionVerdict(c *Combatant, id string) Verdict {
	a, ok := t.rs.Action(id)
	if !ok {
		return refuse("%s has no action %q", t.rs.Name, id)
	}
	if v := t.stateVerdict(c, a); !v.Allowed() {
		return v
	}
	return t.budgetVerdict(c, a)
}

// stateVerdict is actionVerdict but for the budget: what c's vitals,
// conditions, stun and what it holds under way allow.
func (t *tx) stateVerdict(c *Combatant, a rules.ActionDef) Verdict {
	if v := t.turnVerdict(c); !v.Allowed() && !a.Passive {
		return refuse("%s: only passive actions (%s)", v.Why, passiveNames(t.rs))
	}
	if a.Attack && (c.Forgoes || statesDefence(t.rs, c)) {
		return refuse("%s fights defensively this round: no attacks (%s)", c.Name, a.Name)
	}
	if len(a.Needs) > 0 && !slices.ContainsFunc(a.Needs, c.Has) {
		return refuse("%s holds none of %s: %s needs it", c.Name, t.conditionNames(a.Needs), a.Name)
	}
	for _, x := range c.Conditions {
		def, ok := t.rs.Condition(x.ID)
		switch {
		case !ok:
		case def.Passive && !a.Passive:
			return refuse("%s is %s: only passive actions (%s)", c.Name, def.Name, passiveNames(t.rs))
		case len(def.Actions) > 0 && !slices.Contains(def.Actions, a.ID):
			return refuse("%s is %s: only %s", c.Name, def.Name, actionNames(t.rs, def.Actions))
		case slices.Contains(def.Forbids, a.ID):
			return refuse("%s is %s: no %s", c.Name, def.Name, a.Name)
		case a.Attack && forbids(def, rules.RollAttack):
			return refuse("%s is %s: no attacks (%s)", c.Name, def.Name, a.Name)
		case a.Moves && def.NoMovement:
			return refuse("%s is %s: cannot move (%s)", c.Name, def.Name, a.Name)
		case t.castingAction(a.ID) && forbids(def, rules.RollCasting):
			return refuse("%s is %s: no spells (%s)", c.Name, def.Name, a.Name)
		}
	}
	if lvl, _ := StunNow(t.rs, c); lvl >= 0 {
		l := t.rs.Stun.Levels[lvl]
		if !slices.Contains(l.Actions, a.ID) {
			return refuse("%s is %s: only %s", c.Name, l.Name, actionNames(t.rs, l.Actions))
		}
	}
	if why := t.stunKeeps(c, a); why != "" {
		return refuse("%s", why)
	}
	if err := t.delayAllows(c, a); err != nil {
		return Verdict{Why: err.Error()}
	}
	if err := t.unbrokenAllows(c, a); err != nil {
		return Verdict{Why: err.Error()}
	}
	if err := t.castAllows(c, a); err != nil {
		return Verdict{Why: err.Error()}
	}
	if err := t.strikesAllow(c, a); err != nil {
		return Verdict{Why: err.Error()}
	}
	if err := t.turnStartAllows(c, a); err != nil {
		return Verdict{Why: err.Error()}
	}
	if err := t.offTurnAllows(c, a); err != nil {
		return Verdict{Why: err.Error()}
	}
	return Verdict{}
}

// budgetVerdict is whether c's budget pays for the action now, as it
// stands once the caps of its conditions hold.
func (t *tx) budgetVerdict(c *Combatant, a rules.ActionDef) Verdict {
	probe := c.Clone()
	t.capPools(&probe)
	if _, _, _, err := t.price(&probe, a); err != nil {
		return Verdict{Why: err.Error()}
	}
	return Verdict{}
}

// castingAction reports whether an action casts or prepares a spell.
func (t *tx) castingAction(id string) bool {
	sp := t.rs.Spells
	return id != "" && (id == sp.Cast || id == sp.Instant || id == sp.Concentrate)
}

// forbids reports whether a condition forbids rolls of a kind: some kind
// it names touches it.
func forbids(def rules.ConditionDef, k rules.RollKind) bool {
	return slices.ContainsFunc(def.ForbidsRolls, func(f rules.RollKind) bool { return rules.Overlaps(f, k) })
}

// rollVerdict is whether c may make a roll of kind k: one who is down
// makes none but a resistance roll or a save; a condition may forbid it;
// attacks and spells are acts of one's own turn (no turn, only passive
// actions, a stun level that allows no attack or spell); a stun level may
// leave no parry; a condition may make it wait on a check (Needs).
func (t *tx) rollVerdict(c *Combatant, k rules.RollKind) Verdict {
	if k == "" {
		return Verdict{}
	}
	if rules.Overlaps(rules.RollAttack, k) && t.owesBlow(c) {
		return Verdict{} // felled at a rank it acts at once: its attack lands all the same (attack_ranks.go)
	}
	what := rollName(k)
	if c.Out && !rules.Reaches(rules.RollResistance, k) {
		if v := t.turnVerdict(c); !v.Allowed() {
			return refuse("%s: no %s", v.Why, what)
		}
	}
	turnAct := rules.Overlaps(rules.RollAttack, k) || rules.Overlaps(rules.RollCasting, k)
	if (c.Forgoes || statesDefence(t.rs, c)) && rules.Overlaps(rules.RollAttack, k) {
		return refuse("%s fights defensively this round: no %s", c.Name, what)
	}
	for _, x := range c.Conditions {
		def, ok := t.rs.Condition(x.ID)
		switch {
		case !ok:
		case forbids(def, k):
			return refuse("%s %s: no %s", c.Name, being(def, "is"), what)
		case turnAct && def.NoTurn && !turnSetAside(t.rs, c, x.ID):
			return refuse("%s %s: no turn, no %s", c.Name, being(def, "is"), what)
		case turnAct && def.Passive:
			return refuse("%s is %s: only passive actions, no %s", c.Name, def.Name, what)
		}
	}
	if lvl, _ := StunNow(t.rs, c); lvl >= 0 {
		l := t.rs.Stun.Levels[lvl]
		attacks := slices.ContainsFunc(l.Actions, func(id string) bool { a, _ := t.rs.Action(id); return a.Attack })
		casts := slices.ContainsFunc(l.Actions, t.castingAction)
		switch {
		case rules.Overlaps(rules.RollAttack, k) && !attacks:
			return refuse("%s is %s: no %s", c.Name, l.Name, what)
		case rules.Overlaps(rules.RollCasting, k) && !casts:
			return refuse("%s is %s: no %s", c.Name, l.Name, what)
		case rules.Overlaps(rules.RollParry, k) && l.Parry == rules.ParryNone:
			return refuse("%s is %s: no parry", c.Name, l.Name)
		}
	}
	for _, x := range c.Conditions {
		def, ok := t.rs.Condition(x.ID)
		if !ok {
			continue
		}
		for _, r := range sortedKinds(def.RollsNeed) {
			if rules.Overlaps(r, k) {
				return Verdict{Needs: def.RollsNeed[r], NeedsFor: def.ID}
			}
		}
	}
	return Verdict{}
}

// initiativeVerdict is whether c may roll its initiative: where the
// initiative key takes an action (a ruleset with no order), the action's
// verdict; otherwise one's place in the order stands whether or not one can
// act now (the order passes over one who cannot), and only a condition
// that forbids initiative rolls refuses it.
func (t *tx) initiativeVerdict(c *Combatant) Verdict {
	if a := t.rs.Order.InitiativeAction; a != "" && t.rs.Order.Kind == rules.OrderNone {
		return t.actionVerdict(c, a)
	}
	for _, x := range c.Conditions {
		if def, ok := t.rs.Condition(x.ID); ok && forbids(def, rules.RollInitiative) {
			return refuse("%s %s: no initiative rolls", c.Name, being(def, "is"))
		}
	}
	return Verdict{}
}

// rollName is a kind of roll for the gate's reasons.
func rollName(k rules.RollKind) string {
	switch k {
	case rules.RollAttack, rules.RollMelee, rules.RollRanged:
		return strings.TrimPrefix(string(k)+" attacks", "attack ")
	case rules.RollDefence:
		return "defences"
	case rules.RollCasting:
		return "spells"
	case rules.RollParry, rules.RollDodge:
		return string(k)
	}
	return string(k) + " rolls"
}

func sortedKinds[V any](m map[rules.RollKind]V) []rules.RollKind {
	out := make([]rules.RollKind, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// moveVerdict is whether c may move now: on its own turn, with no
// condition that stops movement, only passive actions or a stun level
// that allows no action that moves.
func (t *tx) moveVerdict(c *Combatant) Verdict {
	if v := t.turnVerdict(c); !v.Allowed() {
		return refuse("%s: cannot move", v.Why)
	}
	for _, x := range c.Conditions {
		def, ok := t.rs.Condition(x.ID)
		switch {
		case !ok:
		case def.NoMovement:
			return refuse("%s %s: cannot move", c.Name, being(def, "is"))
		case def.Passive:
			return refuse("%s is %s: only passive actions, no movement", c.Name, def.Name)
		}
	}
	if lvl, _ := StunNow(t.rs, c); lvl >= 0 && len(t.rs.Actions) > 0 {
		l := t.rs.Stun.Levels[lvl]
		if !slices.ContainsFunc(l.Actions, func(id string) bool { a, _ := t.rs.Action(id); return a.Moves }) {
			return refuse("%s is %s: no movement", c.Name, l.Name)
		}
	}
	return Verdict{}
}

// castVerdict is whether c may begin, prepare or cast a spell now.
func (t *tx) castVerdict(c *Combatant) Verdict {
	if v := t.turnVerdict(c); !v.Allowed() {
		return refuse("%s: no spells", v.Why)
	}
	return t.rollVerdict(c, rules.RollCasting)
}

// flurryVerdict is whether c may use n actions in its flurry now: it can
// act at all, it is engaged, the flurry has begun for it, and it has n left.
func (t *tx) flurryVerdict(c *Combatant, n int) Verdict {
	if v := t.turnVerdict(c); !v.Allowed() {
		return refuse("%s: no actions in the flurry", v.Why)
	}
	f := c.Flurry
	switch {
	case f == nil:
		return refuse("%s is engaged with nobody", c.Name)
	case !f.Rolled:
		return refuse("flurry %d has not begun for %s", f.ID, c.Name)
	case f.Left < n:
		return refuse("%s has %d action%s left in flurry %d", c.Name, f.Left, plural(f.Left), f.ID)
	}
	return Verdict{}
}

// stunKeeps says why an action that ends a condition may not be taken
// while a stun level's condition_until keeps it (Downed: no standing up
// until the stun eases to Must Parry, a recovery roll or not).
func (t *tx) stunKeeps(c *Combatant, a rules.ActionDef) string {
	if t.rs.Stun.LiftsUntil && c.StunEase == 2 {
		return "" // shrugged off this turn, the hold too (stun.success_lifts_until)
	}
	for _, l := range t.rs.Stun.Levels {
		x := c.condition(l.Condition)
		if l.ConditionUntil == "" || x == nil || !x.Cause.Has("stun") || !slices.Contains(a.Takes, l.Condition) {
			continue
		}
		name := l.ConditionUntil
		for _, u := range t.rs.Stun.Levels {
			if u.ID == l.ConditionUntil {
				name = u.Name
			}
		}
		return fmt.Sprintf("%s %s until the stun eases to %s", c.Name, t.being(l.Condition, "is"), name)
	}
	return ""
}

// conditionNames names the conditions of ids, joined with "or".
func (t *tx) conditionNames(ids []string) string {
	var names []string
	for _, id := range ids {
		if def, ok := t.rs.Condition(id); ok {
			names = append(names, def.Name)
		}
	}
	return strings.Join(names, " or ")
}
