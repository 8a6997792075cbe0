package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Defending is the defences a combatant rolled this round: how many,
// which and where in the count, and whether it fights defensively this
// round (a free modifier chosen on one).
type Defending struct {
	Defences  int        `toml:"defences,omitzero"`
	Defended  []Defended `toml:"defended,omitempty"`
	Defensive bool       `toml:"defensive,omitempty"`
	// Spent are the once-a-turn modifiers taken against it since its own
	// turn (once.go).
	Spent []string `toml:"spent,omitempty"`
	// Taken are the once-a-round modifiers it took this round (once.go).
	Taken []string `toml:"taken,omitempty"`
	// Free is the free defences taken this round; Forgoes: one of them
	// gave up the round's attacks; Attacked: an attack was rolled this
	// round.
	Free     int  `toml:"free,omitzero"`
	Forgoes  bool `toml:"forgoes,omitempty"`
	Attacked bool `toml:"attacked,omitempty"`
	// Struck are the actions of the order (Ref.Action) it attacked on
	// this round (order.attacks_on_ranks).
	Struck []int `toml:"struck,omitempty"`
	// Shares are this round's split of order.split over its actions, the
	// first action's first (split.go); like the rest, kept for the round.
	Shares []int `toml:"shares,omitempty"`
	// SplitWith is the weapon in hand whose skill the shares divide, by
	// name ("": none in hand): the split's attacks are with it (l.431).
	SplitWith string `toml:"split_with,omitempty"`
}

// Clone returns a deep copy.
func (p Defending) Clone() Defending {
	p.Shares = slices.Clone(p.Shares)
	p.Defended = slices.Clone(p.Defended)
	p.Spent = slices.Clone(p.Spent)
	p.Taken = slices.Clone(p.Taken)
	p.Struck = slices.Clone(p.Struck)
	return p
}

// CheckRoll is a check as rolled: the dice, the target number and the
// outcome they came to.
type CheckRoll struct {
	Check string // the check's name
	// Roll is the check's dice; Mod the modifier rolled with it, if any.
	Roll dice.Result
	Mod  *dice.Result
	// Total is what is compared: the roll, plus the modifier when the check
	// rolls at or over. Target is the target number, plus the modifier when
	// the check rolls under (a bonus widens the chance); Base is the target
	// before it.
	Total, Target, Base int
	Succeeds            rules.Compare
	Success             bool
	Outcome             rules.Outcome
}

// RunCheck rolls a check for an actor against a target, with an optional
// modifier, and finds its outcome. actor and target look up each side's
// stats (target may be nil when the check reads none of the target's); rnd
// gives the faces, scripted or typed ones included. It changes nothing.
func RunCheck(rs *rules.Ruleset, ch rules.Check, actor, target dice.StatFunc, mod dice.Expr, rnd dice.Rand) (CheckRoll, error) {
	return RunCheckEdged(rs, ch, actor, target, mod, rnd, dice.NoEdge)
}

// RunCheckEdged is RunCheck with the check's dice rolled with Advantage or
// Disadvantage (the modifier's dice are not).
func RunCheckEdged(rs *rules.Ruleset, ch rules.Check, actor, target dice.StatFunc, mod dice.Expr, rnd dice.Rand,
	edge dice.Edge) (CheckRoll, error) {
	return runCheck(rs, ch, actor, target, mod, rnd, edge, nil)
}

// RunCheckPicked is RunCheck with the check's own modifiers the GM picked
// (ids of ch.Modifiers) besides the one typed (an expression, "" none),
// for a roll made outside a fight: they are gathered as a combatant's roll
// gathers them (one after the other where the ruleset compounds them), and
// an outcome's unless reads them. The modifiers come back with the roll.
func RunCheckPicked(rs *rules.Ruleset, ch rules.Check, actor, target dice.StatFunc, typed string, picked []string,
	rnd dice.Rand) (CheckRoll, Modifiers, error) {
	m, err := RollMods(rs, &Combatant{}, Rolling{Kind: ch.Kind, Check: &ch, Chosen: picked, Expr: typed, Own: actor, Theirs: target})
	if err != nil {
		return CheckRoll{}, m, err
	}
	if m.TargetMod != 0 {
		if ch.Target, err = raisedTarget(ch.Target, m.TargetMod); err != nil {
			return CheckRoll{}, m, fmt.Errorf("%s: %w", ch.Name, err)
		}
	}
	mod, err := m.Modifier()
	if err != nil {
		return CheckRoll{}, m, err
	}
	res, err := runCheck(rs, ch, actor, target, mod, rnd, m.Edge, picked)
	return res, m, err
}

// runCheck is RunCheckEdged with the check's modifiers the GM chose
// (chosen), which an outcome's unless reads.
func runCheck(rs *rules.Ruleset, ch rules.Check, actor, target dice.StatFunc, mod dice.Expr, rnd dice.Rand,
	edge dice.Edge, chosen []string) (CheckRoll, error) {
	stats := weaponDefaults(rs, checkStats(actor, target))
	roller := dice.Roller{Rand: rnd, OE: rs.OE(), Edge: edge}
	res := CheckRoll{Check: ch.Name, Succeeds: ch.Succeeds}
	var err error
	if res.Roll, err = roller.Roll(ch.Roll, stats); err != nil {
		return res, err
	}
	m := 0
	roller.Edge = dice.NoEdge
	if !mod.IsZero() {
		r, err := roller.Roll(mod, stats)
		if err != nil {
			return res, fmt.Errorf("modifier %w", err)
		}
		res.Mod, m = &r, r.Total
	}
	if res.Base, err = formula(ch.Target, stats); err != nil {
		return res, err
	}
	res.Total, res.Target = res.Roll.Total, res.Base
	switch ch.Succeeds {
	case rules.AtMost:
		res.Target += m
		res.Success = res.Total <= res.Target
	case rules.AtLeast:
		res.Total += m
		res.Success = res.Total >= res.Target
	case rules.Above:
		res.Total += m
		res.Success = res.Total > res.Target
	default:
		return res, fmt.Errorf("%s: no comparison %q", ch.Name, ch.Succeeds)
	}
	bands := func(name string) (int, bool) {
		if name == rules.TargetNumber {
			return res.Target, true
		}
		return stats(name)
	}
	// A check whose modifier moves its bounds (modified_bands) holds the
	// roll to each bound moved as the target is.
	shift := 0
	if ch.ModifiedBands && ch.Succeeds == rules.AtMost {
		shift = m
	}
	need := neededOutcome(ch, chosen)
	for i := 0; i < len(ch.Outcomes); i++ {
		o := ch.Outcomes[i]
		if slices.ContainsFunc(o.Unless, func(id string) bool { return slices.Contains(chosen, id) }) {
			continue
		}
		ok, err := res.matches(o, bands, shift)
		if err != nil {
			return res, fmt.Errorf("%s, %s: %w", ch.Name, o.Name, err)
		}
		if ok && res.Success && need >= 0 && i > need {
			// A success short of the one needed is a failure: look again.
			res.Success, i = false, -1
			continue
		}
		if ok {
			res.Outcome = o
			res.Success = res.Success && !o.Fails
			return res, nil
		}
	}
	return res, fmt.Errorf("%s: no outcome for a roll of %d against %d", ch.Name, res.Total, res.Target)
}

// neededOutcome is the place in the check's outcomes of the least success
// a chosen modifier needs (checks.modifiers.needs), or -1.
func neededOutcome(ch rules.Check, chosen []string) int {
	need := -1
	for _, id := range chosen {
		if m, ok := ch.Modifier(id); ok && m.Needs != "" {
			if i := slices.IndexFunc(ch.Outcomes, func(o rules.Outcome) bool { return o.ID == m.Needs }); i >= 0 && (need < 0 || i < need) {
				need = i
			}
		}
	}
	return need
}

// checkStats reads the actor's stats by name and the target's as target_X.
func checkStats(actor, target dice.StatFunc) dice.StatFunc {
	return func(name string) (int, bool) {
		if s, ok := strings.CutPrefix(name, rules.TargetPrefix); ok {
			if target == nil {
				return 0, false
			}
			return target(s)
		}
		if actor == nil {
			return 0, false
		}
		return actor(name)
	}
}

// formula works out a formula that rolls no dice.
func formula(e dice.Expr, stats dice.StatFunc) (int, error) {
	return dice.Roller{Rand: noDice{}}.Total(e, stats)
}

// noDice is the source of a formula that rolls none; validation makes sure.
type noDice struct{}

func (noDice) IntN(int) int { return 0 }

// matches reports whether every band the outcome sets holds for the roll;
// shift moves its at_most and at_least bounds.
func (res CheckRoll) matches(o rules.Outcome, stats dice.StatFunc, shift int) (bool, error) {
	switch {
	case o.Result == rules.Success && !res.Success, o.Result == rules.Failure && res.Success:
		return false, nil
	case !o.Faces.IsZero() && !o.Faces.Holds(res.Roll.Natural()):
		return false, nil
	}
	if !o.AtMost.IsZero() {
		v, err := formula(o.AtMost, stats)
		if err != nil || res.Total > v+shift {
			return false, err
		}
	}
	if !o.AtLeast.IsZero() {
		v, err := formula(o.AtLeast, stats)
		if err != nil || res.Total < v+shift {
			return false, err
		}
	}
	if o.Table != nil {
		row := -1
		for i, r := range o.Table {
			if r.From <= res.Target {
				row = i
			}
		}
		if row < 0 || res.Total > o.Table[row].UpTo {
			return false, nil
		}
	}
	return true, nil
}

// check is a combatant rolling a check of the ruleset, against a target or
// nobody, as a rule of the ruleset makes it (a tick, a wound's effect, a
// Death roll): the outcome's effects fall on the side each names. Where the
// check succeeds and the target answers it (cmd.Answer: a parry, a dodge),
// the target rolls that too, if the gate lets it, and the matrix names the
// result.
func (t *tx) check(cmd RollCheck) error {
	_, err := t.checkOutcome(cmd)
	return err
}

// rollCheckCmd is the GM rolling a check for a combatant (g): the gate
// first, for a roll of the check's kind (one who is down parries nothing;
// a stunned fighter may need an Idea roll to parry: it is rolled first,
// and failed, the check is not).
func (t *tx) rollCheckCmd(cmd RollCheck) error {
	ch, ok := t.rs.Check(cmd.Check)
	if !ok {
		return fmt.Errorf("%s has no check %q", t.rs.Name, cmd.Check)
	}
	if ch.ID == t.rs.Wounds.Roll {
		// Rolled on its own it would treat nothing (wounds.first_aid_roll).
		return fmt.Errorf("%s is rolled as First Aid, on a patient and what it treats (b)", ch.Name)
	}
	for _, id := range cmd.Modifiers {
		if md, ok := ch.Modifier(id); ok && t.rs.BlowOnly(ch.ID, md) {
			return fmt.Errorf("%s: %s is the blow's choice (A), and changes nothing on the roll by itself", ch.Name, md.Name)
		}
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if ch.ByTick {
		// Rolled by its tick alone, once as its moment comes (checks.by_tick).
		if v := t.forbidsCheck(c, ch); !v.Allowed() {
			return v
		}
		return byTickRefusal(t.rs, ch)
	}
	if ok, err := t.gateRoll(c, ch); !ok || err != nil {
		return err
	}
	if slices.Contains(t.rs.Flurries.AttackChecks, ch.ID) {
		// An attack in a flurry uses its actions (flurries.attack_checks).
		if err := t.blowInFlurry(c); err != nil {
			return err
		}
	}
	struck, err := t.checkSpends(c, ch, cmd.Modifiers)
	if err != nil {
		return err
	}
	hand, err := t.attackInHand(c, ch, cmd)
	if err != nil {
		return err
	}
	if hand != nil {
		ch = hand.check
	}
	res, err := t.rollTheIn(ch, CheckRef{ID: ch.ID}, cmd, hand)
	if err == nil && struck {
		t.onStrikes(c, res.Outcome)
	}
	return err
}

// gateRoll asks the gate whether c may roll the check: refused, an error
// with the reason; waiting on a check, that check is rolled first, and a
// failure logged and reported as false.
func (t *tx) gateRoll(c *Combatant, ch rules.Check) (bool, error) {
	v := t.may(c, Act{Kind: ActRoll, Roll: ch.Kind})
	if !v.Allowed() {
		return false, v
	}
	if why := HolderLacks(t.rs, c, ch); why != "" {
		return false, refuse("%s", why)
	}
	if v := t.forbidsCheck(c, ch); !v.Allowed() {
		return false, v
	}
	return t.needed(c, ch, v)
}

// HolderLacks says why c may not roll the check for want of a condition
// it needs (holder_needs), or "" when it holds one of them or needs none.
func HolderLacks(rs *rules.Ruleset, c *Combatant, ch rules.Check) string {
	if len(ch.HolderNeeds) == 0 || slices.ContainsFunc(ch.HolderNeeds, c.Has) {
		return ""
	}
	names := make([]string, 0, len(ch.HolderNeeds))
	for _, id := range ch.HolderNeeds {
		if d, ok := rs.Condition(id); ok {
			names = append(names, d.Name)
		}
	}
	return fmt.Sprintf("%s holds no %s: no %s", c.Name, strings.Join(names, " or "), ch.Name)
}

// forbidsCheck refuses the check to one holding a condition that forbids
// it (conditions.forbids_checks).
func (t *tx) forbidsCheck(c *Combatant, ch rules.Check) Verdict {
	if why := CheckForbidden(t.rs, c, ch); why != "" {
		return refuse("%s", why)
	}
	return Verdict{}
}

// CheckForbidden says why c may not roll ch while it holds a condition
// that forbids it (conditions.forbids_checks), or "": g asks it as the
// check is picked, before its chance.
func CheckForbidden(rs *rules.Ruleset, c *Combatant, ch rules.Check) string {
	for _, x := range c.Conditions {
		if def, ok := rs.Condition(x.ID); ok && slices.Contains(def.ForbidsChecks, ch.ID) {
			return fmt.Sprintf("%s %s: no %s", c.Name, being(def, "is"), ch.Name)
		}
	}
	return ""
}

// byTickRefusal says why g does not roll a check rolled by a tick alone,
// and how the GM has it rolled: the condition the tick rolls it for.
func byTickRefusal(rs *rules.Ruleset, ch rules.Check) error {
	for _, tk := range rs.Ticks {
		if tk.Effect != rules.EffectCheck || tk.Check != ch.ID {
			continue
		}
		when := map[rules.Point]string{rules.AtRoundEnd: "as the round ends", rules.AtRoundStart: "as the round starts",
			rules.AtPhaseStart: "as a phase starts", rules.AtPhaseEnd: "as a phase ends",
			rules.AtRank: fmt.Sprintf("on rank %d", tk.Rank), rules.AtOwnTurnStart: "as its turn starts",
			rules.AtOwnTurnEnd: "as its turn ends", rules.AtFightStart: "as the fight starts"}[tk.When]
		if def, ok := rs.Condition(tk.Condition); ok && tk.Condition != "" {
			return refuse("%s is rolled once, %s, for one given %s (c), not by hand", ch.Name, when, def.Name)
		}
		return refuse("%s is rolled once, %s, not by hand", ch.Name, when)
	}
	return refuse("%s is not rolled by hand", ch.Name)
}

// needed rolls the check a verdict needs first, if any, and reports whether
// it succeeded (logging why the roll that waited on it is not made).
func (t *tx) needed(c *Combatant, ch rules.Check, v Verdict) (bool, error) {
	if v.Needs == "" {
		return true, nil
	}
	need, ok := t.rs.Check(v.Needs)
	if !ok {
		return false, fmt.Errorf("%s has no check %q", t.rs.Name, v.Needs)
	}
	res, err := t.rollThe(need, CheckRef{ID: need.ID}, RollCheck{Who: c.ID, Check: need.ID})
	if err != nil {
		return false, err
	}
	if !res.Success {
		t.log(EvRoll, of(c), nil, NeedFailed{Condition: v.NeedsFor, Need: need.ID, Check: ch.ID})
		return false, nil
	}
	return true, nil
}

// checkOutcome rolls a check as check does, and returns its outcome.
func (t *tx) checkOutcome(cmd RollCheck) (rules.Outcome, error) {
	ch, ok := t.rs.Check(cmd.Check)
	if !ok {
		return rules.Outcome{}, fmt.Errorf("%s has no check %q", t.rs.Name, cmd.Check)
	}
	res, err := t.rollThe(ch, CheckRef{ID: ch.ID}, cmd)
	return res.Outcome, err
}

// rollThe rolls a check of the ruleset, or one made from it (a maneuver's
// cell sets its target: ref says which), for cmd.Who; the outcome's
// effects follow.
func (t *tx) rollThe(ch rules.Check, ref CheckRef, cmd RollCheck) (CheckRoll, error) {
	return t.rollTheIn(ch, ref, cmd, nil)
}

// rollTheIn is rollThe for an attack at a foe made with the weapon in
// hand (hand; nil: none), as the blow's attack roll is: the matrix's
// points to a weapon, the round's missile dodge spent and a malfunction
// follow it (attack_in_hand.go).
func (t *tx) rollTheIn(ch rules.Check, ref CheckRef, cmd RollCheck, hand *handAttack) (CheckRoll, error) {
	var none CheckRoll
	c, err := t.who(cmd.Who)
	if err != nil {
		return none, err
	}
	var foe *Combatant
	var foeStats dice.StatFunc
	switch {
	case cmd.Target != 0:
		if foe, err = t.who(cmd.Target); err != nil {
			return none, err
		}
		foeStats = t.statsOf(foe)
	case ch.NeedsTarget(), cmd.Answer != "":
		return none, fmt.Errorf("%s is rolled against someone: choose a target", ch.Name)
	}
	if cmd.Answer != "" && !slices.Contains(ch.Against, cmd.Answer) {
		return none, fmt.Errorf("%s is not answered with %q", ch.Name, cmd.Answer)
	}
	if why := PullsNothing(ch, c, foe); why != "" {
		return none, refuse("%s", why)
	}
	if foe != nil && cmd.Answer != "" {
		// The answer the foe may not make is refused before the roll (a
		// dodge after its parry, l.145), not turned into none after it.
		if err := t.answerAllowed(foe, cmd.Answer, nil, RollWeapon(c, nil)); err != nil {
			return none, err
		}
	}
	if p := stuckToPull(ch, c, foe); p != nil {
		t.pulling = p
		defer func() { t.pulling = nil }()
	}
	res, err := t.rollCheck(c, foe, ch, ref, cmd)
	if err != nil {
		return none, err
	}
	stats := checkStats(t.statsOf(c), foeStats)
	for _, e := range res.Outcome.Effects {
		on, other := c, foe
		if e.To == rules.ToTarget {
			on, other = foe, c
		}
		if e.PullsOut && on != nil {
			t.pullOut(on, other)
			continue
		}
		if e.HeldBlow != "" {
			if on != nil {
				if err := t.heldBlow(on, other, e); err != nil {
					return none, fmt.Errorf("%s, %s: %w", ch.Name, res.Outcome.Name, err)
				}
			}
			continue
		}
		if t.released(on, other, e) {
			continue // one hold of two let go: the other holds on
		}
		if err := t.checkEffect(on, e, stats); err != nil {
			return none, fmt.Errorf("%s, %s: %w", ch.Name, res.Outcome.Name, err)
		}
		givenAtFoe(on, foe, e)
	}
	if foe == nil {
		return res, nil
	}
	answer := rules.Outcome{}
	if cmd.Answer != "" && res.Success {
		answer = t.answer(foe, c, cmd.Answer)
	}
	if _, ok := ch.Row(res.Outcome.ID, answer.ID); ok {
		t.log(EvRoll, of(c), nil, Matrix{Check: ch.ID, Outcome: res.Outcome.ID, Answer: cmd.Answer, AnswerOutcome: answer.ID})
	}
	if hand != nil {
		if err := t.handStruck(hand, c, foe, res, cmd, answer.ID); err != nil {
			return none, err
		}
	}
	return res, nil
}

// answer has foe answer c's check with the check id (a parry, a dodge), if
// the gate lets it (and after the check the gate asks for first); it
// returns the answer's outcome, none when there was none.
func (t *tx) answer(foe, c *Combatant, id string) rules.Outcome {
	a, _ := t.rs.Check(id)
	ok, err := t.gateRoll(foe, a)
	if err != nil {
		t.log(EvRoll, of(foe), nil, Unanswered{Err: Text(err.Error())})
		return rules.Outcome{}
	}
	if !ok {
		return rules.Outcome{}
	}
	ans, err := t.rollCheck(foe, c, a, CheckRef{ID: a.ID}, RollCheck{})
	if err != nil {
		t.log(EvRoll, of(foe), nil, Unanswered{Err: Text(err.Error())})
		return rules.Outcome{}
	}
	return ans.Outcome
}

// rollCheck rolls a check for c against foe (nil: nobody) with what the
// command chose, and logs it; a defence counts towards the next's step.
func (t *tx) rollCheck(c, foe *Combatant, ch rules.Check, ref CheckRef, cmd RollCheck) (CheckRoll, error) {
	return t.rollCheckRaised(c, foe, ch, ref, cmd, false)
}

// rollCheckRaised is rollCheck where the target may have been raised by
// the foe's answer (a blow's defence rolled first: raised).
func (t *tx) rollCheckRaised(c, foe *Combatant, ch rules.Check, ref CheckRef, cmd RollCheck, raised bool) (CheckRoll, error) {
	if err := exclusive(ch, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if err := t.modifiersFit(ch, c, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	// theirs notes whether anything the roll works out (its dice, its
	// modifiers, its target) reads the foe's numbers, or its answer raised
	// the target: then its numbers are the foe's too, for the players'
	// view.
	var foeStats dice.StatFunc
	theirs := raised
	if foe != nil {
		stats := t.statsOf(foe)
		foeStats = func(name string) (int, bool) {
			theirs = true
			if p := t.rs.Guard.Parry; p != "" && name == p {
				// The parry's share is the one it takes against this attacker.
				return ParryAgainst(t.rs, foe, c.ID), true
			}
			return stats(name)
		}
	}
	if err := t.declaredFor(ch, c, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if why := RoundTaken(t.rs, &t.enc, c, ch); why != "" {
		return CheckRoll{}, errors.New(why)
	}
	if ch.Defence {
		if err := t.freeAllowed(c, ch, cmd); err != nil {
			return CheckRoll{}, err
		}
		if err := t.combines(c, ch, freeDefence(ch, cmd)); err != nil {
			return CheckRoll{}, err
		}
	}
	if err := strikesRefuse(c, ch.Kind); err != nil && !ch.Defence {
		return CheckRoll{}, err
	}
	if err := t.parriesWith(ch, c, foe, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if err := t.spendOnce(ch, c, foe, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if err := t.spendsHeld(ch, c, foe, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if err := t.actionHeld(ch, c, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if err := t.targetHolds(ch, c, foe, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if err := t.poolsLeft(ch, c, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if err := stillAim(ch, c, foe, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	if err := t.takeOnceARound(ch, c, cmd.Modifiers); err != nil {
		return CheckRoll{}, err
	}
	attack := !ch.Defence && foe != nil && rules.Overlaps(rules.RollAttack, ch.Kind)
	onRank := t.enc.Cur.Action
	if attack {
		var err error
		if onRank, err = t.attackRank(c); err != nil {
			return CheckRoll{}, err
		}
		if err := t.splitWith(c, RollWeapon(c, t.strikingWith(c))); err != nil {
			return CheckRoll{}, err
		}
	}
	if UsesGuard(ch) || attack && t.striking == nil {
		if w := RollWeapon(c, t.strikingWith(c)); len(c.Weapons) > 0 {
			if why := WeaponForbidden(t.rs, c, w); why != "" {
				return CheckRoll{}, refuse("%s", why)
			}
		}
	}
	if ch.GuardField != "" {
		if v, ok := RollWeapon(c, t.strikingWith(c)).Fields[ch.GuardField]; ok {
			ch.Target, _ = dice.Parse(strconv.Itoa(v))
		}
	}
	mod, said, edge, moved, err := t.checkModifier(ch, c, foe, foeStats, cmd)
	if err != nil {
		return CheckRoll{}, err
	}
	if moved != 0 {
		if ch.Target, err = raisedTarget(ch.Target, moved); err != nil {
			return CheckRoll{}, fmt.Errorf("%s: %w", ch.Name, err)
		}
	}
	res, err := runCheck(t.rs, ch, t.statsOf(c), foeStats, mod, t.roller.Rand, edge, cmd.Modifiers)
	if err != nil {
		return res, err
	}
	if ch.Defence {
		if res.Succeeds == rules.AtMost && res.Target < 1 {
			// Its die was rolled all the same (a save's recorded faces
			// count on it): logged, so dice typed at the table name it.
			t.log(EvRoll, of(c), &res.Roll, FreeRoll{For: Text(ch.Name + ", its chance below 1%: rolled, not tried")})
			return res, fmt.Errorf("%s cannot try a %s: its chance is %d%%, below 1%%", c.Name, ch.Name, res.Target)
		}
		free := freeDefence(ch, cmd)
		if !free {
			c.Defences++
		} else {
			c.Free++
			c.Forgoes = c.Forgoes || forgoesAttacks(ch, cmd)
		}
		c.Defensive = c.Defensive || free
		c.Defended = append(slices.Clone(c.Defended), Defended{Check: ch.ID, At: t.countNow(), Failed: !res.Success})
	}
	if !ch.Defence && rules.Overlaps(rules.RollAttack, ch.Kind) {
		c.Attacked = true
	}
	t.parryFixed(c, ch)
	if attack && t.rs.Order.AttacksOnRanks && t.enc.Round > 0 {
		c.Struck = append(slices.Clone(c.Struck), onRank)
	}
	said.Check, said.Against, said.Result = ref, of(foe), resultOf(res)
	said.ReadsTheirs = theirs && foe != nil
	if UsesGuard(ch) && ch.Defence && len(c.Weapons) > 0 {
		said.With = Text(RollWeapon(c, t.strikingWith(c)).Name)
	}
	t.log(EvRoll, of(c), &res.Roll, said)
	if ch.Defence && !res.Success {
		t.disengageFails(c, ch)
	}
	t.counted(ch, c, foe, cmd.Modifiers)
	t.damageLess(ch, c, foe, checkStats(t.statsOf(c), foeStats), res.Total, cmd.Modifiers)
	t.rolledEnds(c, ch.Kind, ref)
	t.heldSpent(ch, c, cmd.Modifiers, ref)
	for _, def := range checkBonuses(t.rs, c, ch.ID, foe) {
		if def.SpentByCheck {
			t.endOwn(c, def, SpentOn{Condition: def.ID, On: ref})
		}
	}
	return res, nil
}

// exclusive refuses chosen modifiers of which one excludes another
// (checks.modifiers.excludes: a charging foe's lost shield and parry).
func exclusive(ch rules.Check, chosen []string) error {
	for _, id := range chosen {
		md, ok := ch.Modifier(id)
		if !ok {
			continue
		}
		for _, x := range md.Excludes {
			if slices.Contains(chosen, x) {
				other, _ := ch.Modifier(x)
				return fmt.Errorf("%s cannot be picked with %s", md.Name, other.Name)
			}
		}
	}
	return nil
}

// modifiersFit refuses a chosen modifier whose weapon_kinds the weapon
// does not have: the one c strikes with or parries with in a blow under
// way, else its weapon in hand (on a defence rolled by itself, any ready
// one). With no weapon in hand (a fighter whose
// gear the GM does not keep) nothing is refused.
func (t *tx) modifiersFit(ch rules.Check, c *Combatant, chosen []string) error {
	named := t.strikingWith(c)
	w := RollWeapon(c, named)
	if w.Name == "" {
		return nil
	}
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if ok && ch.Defence && named == nil && slices.ContainsFunc(c.Weapons, func(x Weapon) bool { return x.Ready() && m.Fits(x.Kinds) }) {
			// A defence rolled by itself (g) goes with any ready item that
			// fits: a shield's base chance by one with a mace and a shield.
			continue
		}
		if ok && !m.Fits(w.Kinds) {
			return fmt.Errorf("%s: %s goes with a %s weapon, not %s's %s", ch.Name, m.Name, strings.Join(m.WeaponKinds, " or "),
				c.Name, w.Name)
		}
	}
	return nil
}

// RollWeapon is the weapon a roll of c's reads its kinds from: the one
// named (a blow's striking weapon or its parrying one), else c's first
// ready one; none: no weapon.
func RollWeapon(c *Combatant, named *rules.Weapon) rules.Weapon {
	if named != nil {
		return *named
	}
	if c == nil {
		return rules.Weapon{}
	}
	return *inHand(c)
}

// resultOf is a check's roll as an event states it.
func resultOf(res CheckRoll) CheckResult { return res.Result() }

// Result is the roll as an event states it (its dice aside: they are the
// event's Roll).
func (res CheckRoll) Result() CheckResult {
	return CheckResult{Mod: res.Mod, Total: res.Total, Target: res.Target, Base: res.Base, Succeeds: res.Succeeds, Outcome: res.Outcome.ID}
}

// checkBonuses are the conditions a combatant holds that add to a check
// rolled against foe (nil: nobody).
func checkBonuses(rs *rules.Ruleset, c *Combatant, check string, foe *Combatant) []rules.ConditionDef {
	var out []rules.ConditionDef
	for _, def := range rs.Conditions {
		if x := c.condition(def.ID); def.CheckBonus[check] != 0 && x != nil && x.reaches(foe) {
			out = append(out, def)
		}
	}
	return out
}

// combines refuses a defence the ones rolled this round exclude (BRP: no
// parry after a dodge); fighting defensively, only those rolled at the
// same place in the count (BRP: not in the same DEX rank, l.145, 409).
func (t *tx) combines(c *Combatant, ch rules.Check, free bool) error {
	defensive := c.Defensive || free || statesDefence(t.rs, c)
	for _, d := range c.Defended {
		if !slices.Contains(ch.Excludes, d.Check) || defensive && d.At != t.countNow() {
			continue
		}
		other, _ := t.rs.Check(d.Check)
		if defensive {
			return fmt.Errorf("%s has rolled a %s at %s: fighting defensively, a %s does not go with it at the same place", c.Name,
				other.Name, t.countName(d.At), ch.Name)
		}
		return fmt.Errorf("%s has rolled a %s this round: a %s does not go with it unless fighting defensively", c.Name, other.Name,
			ch.Name)
	}
	return nil
}

// countNow is the place in the count the round has reached (the current
// step's value), 0 outside the count.
func (t *tx) countNow() int {
	if e := t.enc.Entry(t.enc.Cur); e != nil {
		return e.Value
	}
	return 0
}

// freeAllowed refuses a free defence past the round's free_per_round or
// before its free_after, and one that forgoes the round's attacks after an
// attack this round.
func (t *tx) freeAllowed(c *Combatant, ch rules.Check, cmd RollCheck) error {
	for _, id := range cmd.Modifiers {
		m, ok := ch.Modifier(id)
		if !ok || !m.Free {
			continue
		}
		if m.ForgoesAttacks && c.Attacked {
			return fmt.Errorf("%s has attacked this round: %s gives up every attack, so it is not free now", c.Name, m.Name)
		}
		if c.Free < m.FreeAfter {
			return fmt.Errorf("%s: a free %s comes only after %d free defence%s this round (%s; taken: %d)", c.Name, ch.Name,
				m.FreeAfter, plural(m.FreeAfter), m.Name, c.Free)
		}
		if m.FreePerRound.IsZero() {
			continue
		}
		n, err := formula(m.FreePerRound, t.statsOf(c))
		if err != nil {
			return err
		}
		if c.Free >= n {
			return fmt.Errorf("%s has taken %d free defence%s this round, all it may (%s)", c.Name, c.Free, plural(c.Free), m.Name)
		}
	}
	return nil
}

// declaredFor refuses a chosen modifier whose declaration (declared) c
// has not made this round (BRP: the free dodge is for one who stated the
// defensive stance, l.13).
func (t *tx) declaredFor(ch rules.Check, c *Combatant, chosen []string) error {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok || m.Declared == "" || c.HasDeclared(m.Declared) {
			continue
		}
		name := m.Declared
		if d, ok := t.rs.Declaration(m.Declared); ok {
			name = d.Name
		}
		return fmt.Errorf("%s: %s is only for one who declared %s this round (D)", c.Name, m.Name, name)
	}
	return nil
}

// statesDefence reports whether c declared this round what a free
// modifier that forgoes the round's attacks is declared with (BRP's
// completely defensive stance, stated, l.13): it fights defensively from
// the declaration on.
func statesDefence(rs *rules.Ruleset, c *Combatant) bool {
	for _, ch := range rs.Checks {
		for _, m := range ch.Modifiers {
			if m.Free && m.ForgoesAttacks && m.Declared != "" && c.HasDeclared(m.Declared) {
				return true
			}
		}
	}
	return false
}

// forgoesAttacks reports whether a free modifier chosen gives up the
// round's attacks.
func forgoesAttacks(ch rules.Check, cmd RollCheck) bool {
	for _, id := range cmd.Modifiers {
		if m, ok := ch.Modifier(id); ok && m.Free && m.ForgoesAttacks {
			return true
		}
	}
	return false
}

// freeDefence reports whether a defence is rolled with a free modifier
// chosen: no step, and none counted.
func freeDefence(ch rules.Check, cmd RollCheck) bool {
	for _, id := range cmd.Modifiers {
		if m, ok := ch.Modifier(id); ok && m.Free {
			return true
		}
	}
	return false
}

// checkModifier is what a check is rolled with besides its dice, from the
// one way modifiers reach a roll (modifiers.go), and each, for the log line.
// The last is what the chosen modifiers add to the target number.
func (t *tx) checkModifier(ch rules.Check, c, foe *Combatant, theirs dice.StatFunc,
	cmd RollCheck) (dice.Expr, CheckRolled, dice.Edge, int, error) {
	m, err := t.rollMods(c, Rolling{Kind: ch.Kind, Check: &ch, Penalized: ch.Penalized, Against: foe, Theirs: theirs,
		Chosen: cmd.Modifiers, Expr: cmd.Expr})
	if err != nil {
		return dice.Expr{}, CheckRolled{}, dice.NoEdge, 0, err
	}
	said := CheckRolled{Mods: namedMods(m), Penalty: m.Penalty, Defence: m.Defence, DefenceMod: m.DefenceMod}
	t.positionSpent(c, m)
	t.initRoundsSpent(c, m)
	t.aimedSpent(c, m)
	if !ch.Defence && rules.Reaches(rules.RollRanged, ch.Kind) {
		// The shot after the aims is made: a braced Accuracy is its alone.
		c.AimedStill = false
	}
	t.strikeSpent(c, m)
	t.aimGivenUp(foe, ch, cmd.Modifiers)
	mod, err := m.Modifier()
	return mod, said, m.Edge, m.TargetMod, err
}

// checkEffect does one effect of a check's outcome to a combatant.
func (t *tx) checkEffect(c *Combatant, e rules.CheckEffect, stats dice.StatFunc) error {
	if e.IfHas != "" && (c == nil || !c.Has(e.IfHas)) {
		return nil // only for one who holds the condition
	}
	switch {
	case e.Give != "":
		return t.checkGive(c, e)
	case e.Take != "":
		t.checkTake(c, e.Take)
		return nil
	case e.Stun != "":
		return t.stun(Stun{Who: c.ID, Level: e.Stun, Rounds: e.Rounds})
	case e.Wound != 0:
		return t.wound(Bleed{Who: c.ID, Rate: e.Wound})
	case e.Armor != 0:
		a := t.rs.HP.Armor
		before := StatNow(t.rs, c, a)
		by := -e.Armor
		if by > 0 {
			// Armour lost never takes it below none.
			by = min(by, max(before, 0))
		}
		if by == 0 {
			return nil
		}
		c.ArmorLost += by
		t.log(EvDamage, of(c), nil, ArmorLost{By: by, Before: before, After: StatNow(t.rs, c, a)})
		return nil
	case e.Pool != "":
		v := c.Pools[e.Pool] + e.Gain
		if e.AtLeast > 0 {
			v = max(c.Pools[e.Pool], e.AtLeast)
		}
		t.setPool(c, e.Pool, v, poolWhy{})
		return nil
	case e.MoveAfter != 0:
		return t.attackMove(c, e.MoveAfter)
	case e.Lose > 0:
		t.loseActions(c, e.Lose)
		return nil
	case e.Interrupt:
		if c.Casting == nil {
			return nil // nothing under way
		}
		if t.rs.Spells.Concentrated() {
			return t.giveUp(c)
		}
		t.loseSpell(c)
		return nil
	case e.Weapon != "":
		t.weaponFate(c, e.Weapon, e.WeaponKinds...)
	case e.PullsOut:
		t.pullOut(c, nil)
	case !e.Lands.IsZero():
		r, err := t.roller.Roll(e.Lands, stats)
		if err != nil {
			return err
		}
		t.log(EvRoll, of(c), &r, Lands{Unit: Text(e.Unit), Where: Text(e.Where)})
		return nil
	case !e.Damage.IsZero():
		r, err := t.roller.Roll(e.Damage, stats)
		if err != nil {
			return err
		}
		if e.Damage.HasDice() {
			t.log(EvRoll, of(c), &r, EffectDamage{})
		}
		return t.damage(Damage{Who: c.ID, Amount: max(r.Total, 0), Bare: e.Bare, Location: t.stuckAt(c)})
	}
	return nil
}

// stuckAt is the hit location a weapon stuck in c struck, where locations
// are on and one is: a check's damage to c lands there (BRP: the failed
// pull at an impaling weapon, "to the same hit location", l.391).
func (t *tx) stuckAt(c *Combatant) string {
	if !t.locationsOn() {
		return ""
	}
	for _, x := range t.enc.Combatants {
		for _, w := range x.Weapons {
			if w.State == rules.FateStuck && w.In == c.ID && w.At != "" {
				return w.At
			}
		}
	}
	return ""
}

// checkGive gives a condition in its own right, for the duration the
// effect says (its own when it says none). It and checkTake are where
// checks meet conditions.go.
func (t *tx) checkGive(c *Combatant, e rules.CheckEffect) error {
	def, ok := t.rs.Condition(e.Give)
	if !ok {
		return fmt.Errorf("%s has no condition %q", t.rs.Name, e.Give)
	}
	g, err := t.ownGrant(c, def, e.Duration, e.Rounds)
	if err != nil {
		return err
	}
	if err := t.give(c, e.Give, g); err != nil {
		return err
	}
	t.vitals(c)
	return nil
}

// checkTake takes a condition away; one another condition brings stays,
// and the log says why.
func (t *tx) checkTake(c *Combatant, id string) {
	if !c.Has(id) {
		return
	}
	if err := t.takeAway(c, id); err != nil {
		t.log(EvCondition, of(c), nil, ConditionStays{Condition: id, Err: Text(err.Error())})
	}
	t.vitals(c)
}

// RoundTaken says why c may not roll ch now, a check that takes the whole
// round (checks.whole_round) once c attacked, parried or dodged this round
// (BRP l.385-391: pulling an impaling weapon out), or "".
func RoundTaken(rs *rules.Ruleset, enc *Encounter, c *Combatant, ch rules.Check) string {
	if !ch.WholeRound || enc.Round == 0 || (!c.Attacked && len(c.Defended) == 0) {
		return ""
	}
	did := "attacked"
	if len(c.Defended) > 0 {
		did = "rolled a defence"
		if d, ok := rs.Check(c.Defended[0].Check); ok {
			did = "rolled a " + d.Name
		}
	}
	return fmt.Sprintf("%s has %s this round: %s takes the whole round", c.Name, did, ch.Name)
}
