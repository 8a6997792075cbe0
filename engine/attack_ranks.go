package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// attackRank refuses an attack roll at a foe made off the attacker's
// own steps of the order (order.attacks_on_ranks): outside a phase with
// actions, on another's step, or a second time on one step. So a fighter
// attacks as many times a round as the order gives it steps (its attacks,
// each action_step later, those below the lowest rank lost), each on its
// own rank. Before the fight begins nothing is counted. It returns the
// action of the order the attack is made on: the current step's, or, for
// one tied with it past every tie-break (acting at once, l.29), the
// attacker's own step in the tie.
func (t *tx) attackRank(c *Combatant) (int, error) {
	if !t.rs.Order.AttacksOnRanks || t.enc.Round == 0 || t.enc.Status != StatusRunning {
		return t.enc.Cur.Action, nil
	}
	phases := t.rs.RoundPhases()
	if t.enc.Phase < len(phases) && !phases[t.enc.Phase].Actions {
		return 0, fmt.Errorf("%s attacks on its own rank in the %s phase, not in the %s phase",
			c.Name, t.actionsPhase(), phases[t.enc.Phase].Name)
	}
	if t.enc.Cur.Who != c.ID && t.owesBlow(c) {
		t.log(EvTurn, of(c), nil, StrikesAsItFalls{}) // on its own step, said as the step began
	}
	if t.enc.Cur.Who != c.ID {
		action, ok, together := t.togetherStep(c)
		if ok {
			return action, t.unsplit(c, action)
		}
		if together {
			// Acting at once with this step, it has made its attack of the
			// rank already (on its own step or this one): l.99.
			return 0, fmt.Errorf("%s has attacked on this rank: one attack a rank, the next on its next rank", c.Name)
		}
		if err := t.noRank(c); err != nil {
			return 0, err
		}
		if cur := t.enc.Combatant(t.enc.Cur.Who); cur != nil {
			return 0, fmt.Errorf("%s attacks on its own rank: this step is %s's", c.Name, cur.Name)
		}
		return 0, fmt.Errorf("%s attacks on its own rank, not now", c.Name)
	}
	if slices.Contains(c.Struck, t.enc.Cur.Action) {
		return 0, fmt.Errorf("%s has attacked on this rank: one attack a rank, the next on its next rank", c.Name)
	}
	if err := t.unsplit(c, t.enc.Cur.Action); err != nil {
		return 0, err
	}
	return t.enc.Cur.Action, nil
}

// noRank says why c has no rank to attack on this round where it has none
// at all (every action lost): what it stated gave them up (a full move,
// l.95; fighting defensively, l.137), or its actions fell below the lowest
// rank (l.73). nil when it has a rank.
func (t *tx) noRank(c *Combatant) error {
	for _, e := range t.enc.Entries {
		if e.Who == c.ID && !e.Lost {
			return nil
		}
	}
	if v := t.rollVerdict(c, rules.RollAttack); !v.Allowed() {
		return v // fights defensively: no attacks (l.137)
	}
	for _, x := range c.Declared {
		if d, ok := t.rs.Declaration(x.ID); ok && d.Lose == rules.LoseAll {
			return fmt.Errorf("%s stated %s: no rank and no attack this round", c.Name, d.Name)
		}
	}
	return fmt.Errorf("%s has no rank left this round: its actions fell below rank %d", c.Name, t.rs.Order.Lowest)
}

// pickUpRank refuses a dropped weapon picked up again off c's own step of
// the order where attacks are made on ranks (order.attacks_on_ranks): the
// pick-up is a non-combat action, and actions occur on one's own DEX
// ranks (BRP l.69, 103). nil before the fight begins, and with no ranks.
func (t *tx) pickUpRank(c *Combatant, w *Weapon) error {
	if !t.rs.Order.AttacksOnRanks || t.enc.Round == 0 || t.enc.Status != StatusRunning {
		return nil
	}
	phases := t.rs.RoundPhases()
	if t.enc.Phase < len(phases) && !phases[t.enc.Phase].Actions {
		return fmt.Errorf("%s picks its %s up on its own rank in the %s phase, not in the %s phase",
			c.Name, w.Name, t.actionsPhase(), phases[t.enc.Phase].Name)
	}
	if t.enc.Cur.Who == c.ID {
		return nil
	}
	if _, _, together := t.togetherStep(c); together {
		return nil
	}
	if err := t.noRank(c); err != nil {
		return err
	}
	if cur := t.enc.Combatant(t.enc.Cur.Who); cur != nil {
		return fmt.Errorf("%s picks its %s up on its own rank: this step is %s's", c.Name, w.Name, cur.Name)
	}
	return fmt.Errorf("%s picks its %s up on its own rank, not now", c.Name, w.Name)
}

// togetherStep is c's step among those acting at once with the current
// one (tied past every tie-break), not yet attacked on: its action;
// together reports whether c has a step among them at all.
func (t *tx) togetherStep(c *Combatant) (action int, ok, together bool) {
	seq := Sequence(t.rs, &t.enc, t.enc.Phase)
	i := slices.Index(seq, t.enc.Cur)
	if i < 0 {
		return 0, false, false
	}
	lo, hi := i, i
	for lo > 0 && Together(t.rs, &t.enc, t.enc.Phase, seq[lo-1], seq[lo]) {
		lo--
	}
	for hi+1 < len(seq) && Together(t.rs, &t.enc, t.enc.Phase, seq[hi], seq[hi+1]) {
		hi++
	}
	for _, r := range seq[lo : hi+1] {
		if e := t.enc.Entry(r); r.Who != c.ID || e != nil && e.Lost {
			continue // another's, or a rank it gave up (stated away, below the lowest)
		}
		together = true
		if !slices.Contains(c.Struck, r.Action) {
			return r.Action, true, true
		}
	}
	return 0, false, together
}

// atOnce is the group of steps acting at once with r (tied with it past
// every tie-break: DEX ranks, l.29, or the powers' INT ranks, l.55) whose
// combatants may act as r begins (in a phase with actions, attack), where
// attacks are made on one's own ranks, in a phase with actions or one of
// declared steps (BRP's powers): nil for fewer than two.
func (t *tx) atOnce(r Ref) []Ref {
	phases := t.rs.RoundPhases()
	if !t.rs.Order.AttacksOnRanks || r.Who == 0 || t.enc.Phase >= len(phases) {
		return nil
	}
	ph := phases[t.enc.Phase]
	if !ph.Actions && ph.Declared == "" {
		return nil
	}
	t.enc.AtOnce = nil // as the rank begins, none is felled yet
	seq := Sequence(t.rs, &t.enc, t.enc.Phase)
	i := slices.Index(seq, r)
	if i < 0 {
		return nil
	}
	lo, hi := i, i
	for lo > 0 && Together(t.rs, &t.enc, t.enc.Phase, seq[lo-1], seq[lo]) {
		lo--
	}
	for hi+1 < len(seq) && Together(t.rs, &t.enc, t.enc.Phase, seq[hi], seq[hi+1]) {
		hi++
	}
	var group []Ref
	for _, x := range seq[lo : hi+1] {
		c := t.enc.Combatant(x.Who)
		if c != nil && (!ph.Actions || t.rollVerdict(c, rules.RollAttack).Allowed()) {
			group = append(group, x)
		}
	}
	if len(group) < 2 {
		return nil
	}
	return group
}

// owesBlowAt reports whether c, felled (down, or its turns taken) at a
// rank it acts at once with another, still has its action of that rank on
// its step r of the group: in a phase with actions its attack, until it is
// made (the tied blows land together, l.29); in another (the powers, l.55)
// its step, until it has come.
func (t *tx) owesBlowAt(c *Combatant, r Ref) bool {
	if r.Who != c.ID || !(c.Out || t.noTurn(c)) || !slices.Contains(t.enc.AtOnce, r) || !slices.Contains(t.enc.AtOnce, t.enc.Cur) {
		return false
	}
	if phases := t.rs.RoundPhases(); t.enc.Phase < len(phases) && phases[t.enc.Phase].Actions {
		return !slices.Contains(c.Struck, r.Action)
	}
	return slices.Index(t.enc.AtOnce, r) >= slices.Index(t.enc.AtOnce, t.enc.Cur)
}

// owesBlow reports whether c owes its blow at the current rank (owesBlowAt
// for any of its steps in the group).
func (t *tx) owesBlow(c *Combatant) bool {
	return slices.ContainsFunc(t.enc.AtOnce, func(r Ref) bool { return t.owesBlowAt(c, r) })
}

// actionsPhase names the round's phase with actions.
func (t *tx) actionsPhase() string {
	for _, ph := range t.rs.RoundPhases() {
		if ph.Actions {
			return ph.Name
		}
	}
	return "action"
}

// unsplit refuses an attack after the first (action, from 0) of one who
// could have split the stat and has not (order.split_first): its extra
// attacks come only of a split stated before the first.
func (t *tx) unsplit(c *Combatant, action int) error {
	o := t.rs.Order
	if !o.SplitFirst || action == 0 || len(c.Shares) > 0 {
		return nil
	}
	if whole := SplitWhole(t.rs, c); whole >= 2*o.SplitLeast {
		return fmt.Errorf("%s did not split its %s (%d): its attacks after the first come only of a split stated before the first (D)",
			c.Name, o.Split, whole)
	}
	return nil
}

// AttackRefused says why c may not roll the check ch at a foe now ("" when
// it may): an attack off its own steps of the order (attackRank), known
// before the foe, the answer or the modifiers are asked (the blow, and g's
// skill roll at a foe). It changes nothing.
func AttackRefused(rs *rules.Ruleset, enc *Encounter, c *Combatant, ch rules.Check) string {
	if ch.Defence || !rules.Overlaps(rules.RollAttack, ch.Kind) {
		return ""
	}
	t := &tx{rs: rs, enc: enc.Clone()}
	x := t.enc.Combatant(c.ID)
	if x == nil {
		return ""
	}
	if _, err := t.attackRank(x); err != nil {
		return err.Error()
	}
	return ""
}

// AnswerNeeds refuses the defence answer rolled with the modifiers picked
// against the weapon w where its check's needs_against asks for one of
// them (BRP: a missile parried only with a shield's choice, l.119, 517):
// what the blow (A) asks as its answer's modifiers are picked.
func AnswerNeeds(rs *rules.Ruleset, answer string, picked []string, w rules.Weapon) error {
	return answerNeeds(rs, answer, picked, w)
}
