package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// An attack rolled at a foe with g, where the ruleset strikes blows, is
// made with the weapon in hand as the blow's attack is, and shares the
// blow's rules for the weapon: its skill (the blow's target), its rate,
// the answers its kind needs, the round's missile dodge it spends, the
// matrix's points to a weapon and its malfunction (BRP l.99, 119, 133,
// 149, 196, 218-224, 228-248). The GM reads the damage off the matrix.

// handAttack is such an attack: the blow it is made as, the check at the
// blow's target, the weapon in hand and its place (-1: none kept).
type handAttack struct {
	blow   rules.Blow
	check  rules.Check
	wi     int
	weapon rules.Weapon
}

// handBlow is the blow a roll of ch at a foe is the attack roll of: the
// first of the ruleset's blows that rolls ch with the attacker's own
// weapons; none for a defence or a roll that is no attack.
func handBlow(rs *rules.Ruleset, ch rules.Check) (rules.Blow, bool) {
	if ch.Defence || !rules.Overlaps(rules.RollAttack, ch.Kind) {
		return rules.Blow{}, false
	}
	for _, b := range rs.Blows {
		if b.Check == ch.ID && b.Weapon == nil {
			return b, true
		}
	}
	return rules.Blow{}, false
}

// attackInHand holds an attack rolled at a foe with g, where the ruleset
// strikes blows, to the weapon in hand as the blow is held: one who
// carries weapons and has none ready (stuck, dropped, broken) is refused,
// a slow one keeps its rate (the blow's rate field, BRP's crossbow,
// l.502), the roll counting as its strike, and an answer the weapon's kind
// needs a choice for (checks.needs_against: a missile parried at a
// shield's base chance) is refused: the blow (A) asks for it. It returns
// the attack (nil: not one in hand).
func (t *tx) attackInHand(c *Combatant, ch rules.Check, cmd RollCheck) (*handAttack, error) {
	b, ok := handBlow(t.rs, ch)
	if cmd.Target == 0 || !ok || len(c.Weapons) == 0 {
		return nil, nil
	}
	wi := slices.IndexFunc(c.Weapons, Weapon.Ready)
	if wi < 0 {
		w := c.Weapons[0]
		return nil, fmt.Errorf("%s has no weapon ready to attack with (its %s is %s): ready one first", c.Name, w.Name, stateWord(w.State))
	}
	w := c.Weapons[wi].Weapon
	if err := answerNeeds(t.rs, cmd.Answer, nil, w); err != nil {
		return nil, fmt.Errorf("%w (the blow, A, asks for it; or leave it unanswered)", err)
	}
	if err := t.atRate(b, c, wi); err != nil {
		return nil, err
	}
	return &handAttack{blow: b, check: blowCheck(t.rs, b), wi: wi, weapon: w}, nil
}

// HandAnswerRefused says why an answer to c's attack roll ch at a foe (g)
// is refused for the weapon in hand ("" when it is not): the blow (A)
// asks for the choice its kind needs.
func HandAnswerRefused(rs *rules.Ruleset, c *Combatant, ch rules.Check, answer string) string {
	if _, ok := handBlow(rs, ch); !ok || c == nil {
		return ""
	}
	wi := slices.IndexFunc(c.Weapons, Weapon.Ready)
	if wi < 0 {
		return ""
	}
	if err := answerNeeds(rs, answer, nil, c.Weapons[wi].Weapon); err != nil {
		return err.Error()
	}
	return ""
}

// handStruck does what the blow does with its weapon once the attack in
// hand is rolled and answered (answer: the outcome of foe's answer, ""
// for none): the round's once-a-round modifiers at foe the weapon spends
// where the attack needed answering, the points the blow's result row
// takes off either weapon, and the weapon's malfunction.
func (t *tx) handStruck(h *handAttack, c, foe *Combatant, res CheckRoll, cmd RollCheck, answer string) error {
	b := h.blow
	if !slices.Contains(b.Defence.SkipAfter, res.Outcome.ID) {
		t.spentByBlow(t.enc.Combatant(foe.ID), h.weapon)
	}
	guard := -1
	if answer != "" {
		guard = slices.IndexFunc(foe.Weapons, Weapon.Ready)
	}
	answered := ""
	if answer != "" {
		answered = cmd.Answer
	}
	stats := blowStats(checkStats(t.statsOf(c), t.statsOf(foe)), nil)
	for _, r := range b.Results {
		ok, err := resultHolds(r, res.Outcome.ID, answer, answer != "", res.Margin(), stats, cmd.Modifiers)
		if err != nil {
			return fmt.Errorf("%s: %w", b.Name, err)
		}
		if !ok {
			continue
		}
		t.striking = &striking{who: c.ID, weapon: h.weapon, foe: foe.ID, guard: guard, chosen: cmd.Modifiers}
		defer func() { t.striking = nil }()
		for _, e := range r.Effects {
			if e.WeaponDamage == 0 || !effectHolds(e, h.weapon, answered, foe, guard) {
				continue
			}
			on, other := c, foe
			if e.To == rules.ToTarget {
				on, other = foe, c
			}
			if err := t.blowEffect(e, t.mine(on), other, h.wi, guard, 0); err != nil {
				return fmt.Errorf("%s: %w", b.Name, err)
			}
		}
		break
	}
	t.malfunction(b, t.mine(c), h.wi, res.Roll.Total)
	return nil
}
