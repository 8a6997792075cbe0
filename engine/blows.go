package engine

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// A blow is an attack from start to finish, as the ruleset's [[blows]]
// say: the attacker strikes with a weapon, rolls the attack check, the
// defender answers (or not), the result the two come to says the damage,
// what the armour does and the effects on either side; the damage is
// rolled, the armour comes off where it lands, and the rest is taken off
// the defender's hit points. All of it is one step: one undo takes it all
// back. Every step of it is an event stating its facts, each about the
// one whose numbers it shows: the attack and the damage rolled are the
// attacker's, the defence and the armour the defender's.
//
// The rolls are the engine's checks (checks.go): the modifiers chosen,
// the conditions' bonuses, the defence step and the penalties reach them
// as they reach any check.

// striking is the blow under way: who strikes, and with what. A blow's
// formulas read the weapon's fields as weapon_X.
type striking struct {
	who    int
	weapon rules.Weapon
	// foe is the one struck at, guard the weapon it answered with (a
	// parry's fumble drops that one).
	foe, guard int
	// chosen are the blow's modifiers picked; those a check its results
	// roll declares reach that check (Energy's trip at one moving: its
	// Fortitude roll with Disadvantage).
	chosen []string
	// nonLethal: a modifier chosen makes its damage non-lethal.
	nonLethal bool
	// wideOpen are the hits the foe's table rows give the striker on top
	// (table.foe_hits), at these outcomes of the attack check.
	wideOpen []string
	// held: the damage is rolled and held against the parrying item, not
	// taken (guard_resists).
	held bool
	// at is the hit location the blow's damage landed at, where locations
	// are on: a weapon it leaves stuck in the foe is stuck there.
	at string
	// cut: the blow broke the item that held its striker (cuts_free): the
	// conditions it held it in come off.
	cut bool
}

// blow has a combatant strike: at each foe in turn, or, with others, at
// one foe one after another.
func (t *tx) blow(cmd Blow) error {
	if err := t.running(); err != nil {
		return err
	}
	b, ok := t.rs.Blow(cmd.Blow)
	if !ok {
		return fmt.Errorf("%s has no blow %q", t.rs.Name, cmd.Blow)
	}
	b, err := BlowMadeAs(b, cmd.As)
	if err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if err := t.blowAsked(b, c, cmd); err != nil {
		return err
	}
	attackers := max(cmd.Attackers, 1+len(cmd.With))
	if len(cmd.With) == 0 {
		for _, id := range cmd.Foes {
			if err := t.strike(b, c.ID, cmd.Weapon, id, cmd, attackers); err != nil {
				return err
			}
		}
		return nil
	}
	for i, id := range append([]int{c.ID}, cmd.With...) {
		wi := cmd.Weapon
		if i > 0 && b.Weapon == nil {
			if wi, err = firstReady(t.enc.Combatant(id)); err != nil {
				return err
			}
		}
		if err := t.strike(b, id, wi, cmd.Foes[0], cmd, attackers); err != nil {
			return err
		}
	}
	return nil
}

// BlowMadeAs is a blow as it is made: paid for by its own action, or (as)
// by its also_as action, named so, and then without its on_guard unless
// it keeps it.
func BlowMadeAs(b rules.Blow, as bool) (rules.Blow, error) {
	if !as {
		return b, nil
	}
	if b.AlsoAs == nil {
		return b, fmt.Errorf("%s is made one way only", b.Name)
	}
	b.Action, b.Name = b.AlsoAs.Action, b.Name+" "+b.AlsoAs.Name
	if !b.AlsoAs.KeepsOnGuard {
		b.OnGuard = rules.OnGuard{}
	}
	return b, nil
}

// blowAsked refuses a blow asked of the wrong people or with what the
// blow does not have, before anything is rolled.
func (t *tx) blowAsked(b rules.Blow, c *Combatant, cmd Blow) error {
	if len(cmd.Foes) == 0 {
		return fmt.Errorf("%s strikes at whom? pick a target", c.Name)
	}
	if len(cmd.Foes) > maxTargets || len(cmd.With) > maxTargets || cmd.Attackers < 0 || cmd.Attackers > maxTargets {
		return fmt.Errorf("at most %d combatants at once", maxTargets)
	}
	if len(cmd.With) > 0 && len(cmd.Foes) != 1 {
		return fmt.Errorf("several attackers strike one target together, one after another")
	}
	for i, id := range cmd.Foes {
		x, err := t.who(id)
		if err != nil {
			return err
		}
		switch {
		case id == c.ID:
			return fmt.Errorf("%s does not strike itself", c.Name)
		case slices.Contains(cmd.Foes[:i], id):
			return fmt.Errorf("%s is a target twice", x.Name)
		}
	}
	for i, id := range cmd.With {
		x, err := t.who(id)
		if err != nil {
			return err
		}
		if id == c.ID || slices.Contains(cmd.With[:i], id) || slices.Contains(cmd.Foes, id) {
			return fmt.Errorf("%s strikes once in a blow together", x.Name)
		}
	}
	if (cmd.Attackers > 1 || len(cmd.With) > 0) && b.MultipleAttackers.IsZero() {
		return fmt.Errorf("%s gives nothing for several attackers on one target (multiple_attackers): strike one at a time", b.Name)
	}
	if cmd.Answer != "" {
		if b.Defence.Kind != rules.DefenceCheck || !slices.Contains(b.Defence.Checks, cmd.Answer) {
			return fmt.Errorf("%s is not answered with %q", b.Name, cmd.Answer)
		}
		a, _ := t.rs.Check(cmd.Answer)
		for _, id := range cmd.Guards {
			if _, ok := a.Modifier(id); !ok {
				return fmt.Errorf("%s has no modifier %q", a.Name, id)
			}
		}
	} else if len(cmd.Guards) > 0 || cmd.Guard != 0 && !b.AtGuard() {
		return fmt.Errorf("no defence is rolled: it has no modifiers and no weapon")
	}
	if why := CutRefused(t.rs, &t.enc, c, cmd); why != "" {
		return fmt.Errorf("%s", why)
	}
	ch, _ := t.rs.Check(b.Check)
	for _, id := range cmd.Modifiers {
		if _, ok := ch.Modifier(id); !ok && !blowRollsModifier(t.rs, b, id) {
			return fmt.Errorf("%s has no modifier %q", ch.Name, id)
		}
	}
	if cmd.Expr != "" {
		if _, err := dice.Parse(cmd.Expr); err != nil {
			return fmt.Errorf("%s: %w", cmd.Expr, err)
		}
	}
	if t.rs.Recorded() {
		return t.blowWoundAsked(b, cmd)
	}
	if cmd.Location != "" && !t.locationsOn() {
		return fmt.Errorf("%s has no hit locations here (hp.locations_on)", t.rs.Name)
	}
	if cmd.Location != "" {
		if _, ok := t.rs.HitLocation(cmd.Location); !ok {
			return fmt.Errorf("%s has no hit location %q", t.rs.Name, cmd.Location)
		}
	}
	return nil
}

// blowWeapon is what a blow strikes with: its own weapon (a fist), or the
// attacker's weapon wi.
func (t *tx) blowWeapon(b rules.Blow, c *Combatant, wi int) (*Weapon, error) {
	if b.Weapon != nil {
		w := armed(b.Weapon.Weapon())
		return &w, nil
	}
	return weaponOf(c, wi)
}

// firstReady is the first of a combatant's weapons that can strike.
func firstReady(c *Combatant) (int, error) {
	for i, w := range c.Weapons {
		if w.Ready() && (w.Ammo == 0 || w.Left > 0) {
			return i, nil
		}
	}
	if len(c.Weapons) == 0 {
		return 0, fmt.Errorf("%s carries no weapon", c.Name)
	}
	return 0, fmt.Errorf("%s has no weapon ready", c.Name)
}

// MayStrike says why a combatant may not strike now ("" when it may), as
// the gate answers: for the action the blow pays for, or else for the
// attack's kind of roll (down, no turn, a condition or stun that forbids
// it). The attack's roll asks the gate again as it is rolled, with any
// check the gate needs first.
func MayStrike(rs *rules.Ruleset, enc *Encounter, c *Combatant, b rules.Blow) string {
	if b.Action != "" {
		return May(rs, enc, c, Act{Kind: ActAction, Action: b.Action}).Why
	}
	ch, _ := rs.Check(b.Check)
	return May(rs, enc, c, Act{Kind: ActRoll, Roll: ch.Kind}).Why
}

// mayDefend says why a defender may not answer a blow ("" when it may):
// it is down. What its conditions allow (BRP's stunned parry only after an
// Idea roll) is the GM's to say by the answer picked.
func mayDefend(_ *rules.Ruleset, c *Combatant) string {
	if c.Out {
		return c.Name + " is down: it cannot defend"
	}
	return ""
}

// strikingWith is the weapon c uses in the blow under way: the one it
// strikes with, or the one it parries with; nil when it has no part in it.
func (t *tx) strikingWith(c *Combatant) *rules.Weapon {
	s := t.striking
	switch {
	case s == nil:
		return nil
	case s.who == c.ID:
		return &s.weapon
	case s.foe == c.ID && s.guard >= 0 && s.guard < len(c.Weapons):
		return &c.Weapons[s.guard].Weapon
	}
	return nil
}

// strike is one blow of one attacker at one foe.
func (t *tx) strike(b rules.Blow, who, wi, foeID int, cmd Blow, attackers int) error {
	c, foe := t.mine(t.enc.Combatant(who)), t.mine(t.enc.Combatant(foeID))
	if why := MayStrike(t.rs, &t.enc, c, b); why != "" {
		return fmt.Errorf("%s", why)
	}
	w, err := t.blowWeapon(b, c, wi)
	if err != nil {
		return err
	}
	if b.Weapon != nil {
		wi = -1 // its own: none of the attacker's weapons is used
	}
	switch {
	case !w.Ready():
		if w.Lodged {
			return fmt.Errorf("%s's %s is what it shot, lodged in the one it struck: no weapon to strike with", c.Name, w.Name)
		}
		return fmt.Errorf("%s's %s is %s: ready it first", c.Name, w.Name, stateWord(w.State))
	case w.Ammo > 0 && w.Left == 0:
		return fmt.Errorf("%s's %s is empty: reload it first", c.Name, w.Name)
	}
	if why := WeaponForbidden(t.rs, c, w.Weapon); why != "" {
		return fmt.Errorf("%s", why)
	}
	if a, ok := t.rs.Check(cmd.Answer); ok && UsesGuard(a) && cmd.Guard >= 0 && cmd.Guard < len(foe.Weapons) {
		if why := WeaponForbidden(t.rs, foe, foe.Weapons[cmd.Guard].Weapon); why != "" {
			return fmt.Errorf("%s: no %s with it", why, a.Name)
		}
	}
	if err := t.neededAgainst(cmd, w.Weapon); err != nil {
		return err
	}
	if err := t.answerAllowed(foe, cmd.Answer, cmd.Guards, w.Weapon); err != nil {
		return err
	}
	if err := guardsFit(t.rs, foe, cmd); err != nil {
		return err
	}
	// A defender on guard (not holding on_guard.unless as the blow begins).
	onGuard := b.OnGuard.Unless != "" && !foe.Has(b.OnGuard.Unless)
	if onGuard && cmd.Answer != "" {
		cmd.Guards = slices.Clone(cmd.Guards)
		for _, id := range b.OnGuard.Modifiers {
			if !slices.Contains(cmd.Guards, id) {
				cmd.Guards = append(cmd.Guards, id)
			}
		}
	}
	if err := t.atRate(b, c, wi); err != nil {
		return err
	}
	if err := t.escapesFrom(b, c, foe); err != nil {
		return err
	}
	if b.Action != "" {
		a, err := t.blowAction(b, c, foe, w.Weapon)
		if err != nil {
			return err
		}
		if err := t.spendAs(c, a, Spend{Who: c.ID, Action: b.Action}); err != nil {
			return err
		}
		c, foe = t.mine(t.enc.Combatant(who)), t.mine(t.enc.Combatant(foeID))
		if wi >= 0 {
			w = &c.Weapons[wi]
		}
	}
	mods := t.undefended(b, c, foe, checkModifiers(t.rs, b.Check, cmd.Modifiers)) // flurry_blows.go
	mods = t.attackedWith(b, foe, mods)
	if err := t.blowInFlurry(c); err != nil {
		return err
	}
	if w.Ammo > 0 {
		w.Left--
	}
	t.striking = &striking{who: c.ID, weapon: w.Weapon, foe: foe.ID, guard: cmd.Guard,
		chosen: cmd.Modifiers, nonLethal: nonLethalChosen(t.rs, b.Check, cmd.Modifiers)}
	defer func() { t.striking = nil }()
	said := Strikes{Blow: b.ID, As: cmd.As, Against: of(foe), Weapon: Text(w.Name), Counts: w.Ammo > 0, Left: w.Left}
	typed := strings.TrimSpace(cmd.Expr)
	if on := b.Defence.TypedOn; on != "" && typed != "" {
		// The GM's modifier is the defence's number's (Energy's AV), not
		// the attack roll's: a bare d20 whose faces decide.
		v, err := typedOn(typed, t.statsOf(c))
		if err != nil {
			return fmt.Errorf("%s: a modifier to the %s: %w", b.Name, on, err)
		}
		said.Typed, said.TypedOn, typed = v, Text(on), ""
	}
	if attackers > 1 && !b.MultipleAttackers.IsZero() {
		said.Attackers = attackers
		said.Mod, err = formula(b.MultipleAttackers, blowStats(t.statsOf(c), map[string]int{rules.BlowAttackers: attackers}))
		if err != nil {
			return fmt.Errorf("%s: multiple attackers: %w", b.Name, err)
		}
	}
	t.log(EvBlow, of(c), nil, said)

	// The attack.
	ch := blowCheck(t.rs, b)
	if b.Defence.Kind == rules.DefenceStat {
		ch.Target = dice.MustParse(rules.TargetPrefix + b.Defence.Stat)
	}
	expr := typed
	if said.Mod != 0 {
		if expr == "" {
			expr = strconv.Itoa(said.Mod)
		} else {
			expr = fmt.Sprintf("(%s) %+d", expr, said.Mod)
		}
	}
	// The defence, first where it raises the attack's target; then the
	// attack, and the defence after it otherwise.
	var def *CheckRoll
	answer := ""
	first := b.Defence.Kind == rules.DefenceCheck && b.Defence.Compare == rules.CompareTarget
	if first {
		if def, answer, err = t.answerBlow(b, c, foe, cmd, said.Typed); err != nil {
			return err
		}
		t.spentByBlow(t.enc.Combatant(foe.ID), w.Weapon)
		if def != nil {
			if ch.Target, err = raisedTarget(ch.Target, def.Total); err != nil {
				return fmt.Errorf("%s: %w", b.Name, err)
			}
		}
		if said.Typed != 0 {
			// The defence's number raised the attack's target: the typed
			// modifier comes off it (-3 AV is +3 Miss Chance).
			if ch.Target, err = raisedTarget(ch.Target, -said.Typed); err != nil {
				return fmt.Errorf("%s: %w", b.Name, err)
			}
		}
	}
	att, err := t.rollCheckRaised(c, foe, ch, CheckRef{ID: ch.ID}, RollCheck{Expr: expr, Modifiers: mods}, def != nil)
	if err != nil {
		return fmt.Errorf("%s: %w", b.Name, err)
	}
	if err := t.modifiersGive(b, t.mine(foe), mods); err != nil {
		return fmt.Errorf("%s: %w", b.Name, err)
	}
	if d := b.Defence; !first && d.Kind == rules.DefenceCheck && !slices.Contains(d.SkipAfter, att.Outcome.ID) {
		if def, answer, err = t.answerBlow(b, c, foe, cmd, said.Typed); err != nil {
			return err
		}
		t.spentByBlow(t.enc.Combatant(foe.ID), w.Weapon)
	}

	// The result.
	margin := att.Margin()
	if b.Defence.Kind == rules.DefenceCheck && b.Defence.Compare == rules.CompareMargin {
		margin = att.Total
		if def != nil {
			margin -= def.Total
		}
	}
	defOutcome := ""
	if def != nil {
		defOutcome = def.Outcome.ID
	}
	stats := blowStats(checkStats(t.statsOf(c), t.statsOf(foe)), nil)
	ri := -1
	for i, r := range b.Results {
		ok, err := resultHolds(r, att.Outcome.ID, defOutcome, def != nil, margin, stats, cmd.Modifiers)
		if err != nil {
			return fmt.Errorf("%s: %w", b.Name, err)
		}
		if ok {
			ri = i
			break
		}
	}
	if ri < 0 {
		return fmt.Errorf("%s: no result for %s against %s, made by %d", b.Name, att.Outcome.Name, orNone(defOutcome), margin)
	}
	r := b.Results[ri]
	t.log(EvBlow, of(c), nil, BlowLands{Blow: b.ID, Result: ri, Against: of(foe), Attack: att.Outcome.ID, Answer: answer,
		Defence: defOutcome, Margin: margin})
	holds := func(e rules.BlowEffect) bool { return effectHolds(e, w.Weapon, answer, foe, cmd.Guard) }

	// The damage, the armour, and what is left off the hit points; or,
	// held against the parrying item, the damage alone.
	rolled, through := 0, 0
	if held := t.heldBy(r, foe, def, cmd.Guard, holds); held != "" {
		mods := damageMods(t.rs, ch, cmd.Modifiers, foe)
		if rolled, err = t.holdBlow(b, r, c, foe, w.Weapon, cmd, margin, holds, mods, held); err != nil {
			return err
		}
	} else if r.Damage != rules.DamageNone {
		guard := t.parryArmor(b, foe, def, answer, cmd.Guard)
		guard = breakingGuard(r, foe, guard, cmd.Guard, holds) // broken_through.go
		mods := damageMods(t.rs, ch, cmd.Modifiers, foe)
		if rolled, through, err = t.blowDamage(b, r, c, foe, w.Weapon, cmd.Location, margin, holds, mods, guard); err != nil {
			return err
		}
	}

	// What else it does, to either side: the attack's own outcome's
	// effects (countdown's grievous hit lowering PROT) once the damage is
	// through the armour, then the result's.
	if err := t.outcomeEffects(ch, att.Outcome, c, foe); err != nil {
		return err
	}
	if onGuard && b.OnGuard.Gives != "" {
		if err := t.checkGive(t.mine(t.enc.Combatant(c.ID)), rules.CheckEffect{To: rules.ToActor, Give: b.OnGuard.Gives}); err != nil {
			return fmt.Errorf("%s: %w", b.Name, err)
		}
	}
	for _, e := range r.Effects {
		if e.Shapes() || !holds(e) || (e.Through && through <= 0) {
			continue // a harm that needs the damage through the armour, and none got through
		}
		if e.CutsFree && (t.striking == nil || !t.striking.cut) {
			continue // the item that held the striker is whole, or held it in nothing
		}
		on, other := c, foe
		if e.To == rules.ToTarget {
			on, other = foe, c
		}
		if err := t.blowEffect(e, on, other, wi, cmd.Guard, rolled); err != nil {
			return fmt.Errorf("%s: %w", b.Name, err)
		}
	}
	if err := t.brokenThrough(b, r, c, foe, wi, w.Weapon, cmd, margin, ch, holds); err != nil {
		return fmt.Errorf("%s: %w", b.Name, err)
	}
	if err := t.wideOpenHits(b, c, foe, wi, w.Weapon, cmd, ch, holds); err != nil { // wide_open.go
		return fmt.Errorf("%s: %w", b.Name, err)
	}
	t.malfunction(b, c, wi, att.Roll.Total)
	return nil
}

// blowCheck is the attack check a blow rolls, at the blow's own target
// where it sets one (BRP: the weapon's skill).
func blowCheck(rs *rules.Ruleset, b rules.Blow) rules.Check {
	ch, _ := rs.Check(b.Check)
	if !b.Target.IsZero() {
		ch.Target = b.Target
	}
	return ch
}

// effectHolds reports whether an effect of a blow's result reaches the
// blow struck with w and answered with the check answer, the foe's guard
// weapon parrying: its weapon kinds, its defence check, its guard's kinds.
func effectHolds(e rules.BlowEffect, w rules.Weapon, answer string, foe *Combatant, guard int) bool {
	for _, k := range e.WeaponKinds {
		if !slices.Contains(w.Kinds, k) {
			return false
		}
	}
	if slices.ContainsFunc(e.WeaponNot, func(k string) bool { return slices.Contains(w.Kinds, k) }) {
		return false
	}
	return (e.DefenceCheck == "" || e.DefenceCheck == answer) && guardHolds(e, foe, guard)
}

// blowAction is the action a blow pays for, at its cost with what the
// blow's costs_more adds for the weapon in hand.
func (t *tx) blowAction(b rules.Blow, c, foe *Combatant, w rules.Weapon) (rules.ActionDef, error) {
	a, ok := t.rs.Action(b.Action)
	if !ok {
		return a, fmt.Errorf("%s has no action %q", t.rs.Name, b.Action)
	}
	if len(b.CostsMore) == 0 {
		return a, nil
	}
	stats := checkStats(withWeapon(t.rs, statsOf(t.rs, c), &w, statsOf(t.rs, c)), statsOf(t.rs, foe))
	cost := maps.Clone(a.Cost)
	if cost == nil {
		cost = map[string]int{}
	}
	for _, k := range slices.Sorted(maps.Keys(b.CostsMore)) {
		n, err := formula(b.CostsMore[k], stats)
		if err != nil {
			return a, fmt.Errorf("%s: costs_more.%s: %w", b.Name, k, err)
		}
		if n > 0 {
			cost[k] += n
		}
	}
	a.Cost = cost
	return a, nil
}

// damageMods are what a blow's damage takes besides its dice: each of the
// attack's modifiers chosen that has a damage, and each condition the
// target holds with an against_damage.
func damageMods(rs *rules.Ruleset, ch rules.Check, chosen []string, foe *Combatant) []CheckMod {
	var out []CheckMod
	for _, id := range chosen {
		if md, ok := ch.Modifier(id); ok && md.Damage != 0 {
			out = append(out, CheckMod{Modifier: md.ID, Value: md.Damage})
		}
	}
	for _, def := range rs.Conditions {
		if def.AgainstDamage != 0 && foe.Has(def.ID) {
			out = append(out, CheckMod{Condition: def.ID, Target: true, Value: def.AgainstDamage})
		}
	}
	return out
}

// answerBlow rolls the defender's answer to a blow, if the GM picked one:
// the roll and the check it is (nil when none was rolled: none picked, or
// the defender could not, which the log says).
func (t *tx) answerBlow(b rules.Blow, c, foe *Combatant, cmd Blow, typed int) (*CheckRoll, string, error) {
	if cmd.Answer == "" {
		return nil, "", nil
	}
	a, _ := t.rs.Check(cmd.Answer)
	if !b.Defence.Target.IsZero() {
		a.Target = b.Defence.Target
	}
	if typed != 0 && b.Defence.Compare != rules.CompareTarget {
		// The attack's typed modifier is on the defence's number (AV).
		var err error
		if a.Target, err = raisedTarget(a.Target, typed); err != nil {
			return nil, "", fmt.Errorf("%s: %w", b.Name, err)
		}
	}
	if why := mayDefend(t.rs, foe); why != "" {
		t.log(EvRoll, of(foe), nil, Unanswered{Err: Text(why)})
		return nil, "", nil
	}
	// One who may not roll a defence (Energy's Unconscious) is not
	// answered for: the blow is unanswered.
	v := t.may(foe, Act{Kind: ActRoll, Roll: a.Kind})
	if !v.Allowed() {
		t.log(EvRoll, of(foe), nil, Unanswered{Err: Text(v.Why)})
		return nil, "", nil
	}
	// A defence that waits on a check (BRP's stunned: an Idea roll for
	// each parry or dodge) rolls it first; failed, the blow is unanswered.
	if ok, err := t.needed(foe, a, v); err != nil || !ok {
		if err != nil {
			t.log(EvRoll, of(foe), nil, Unanswered{Err: Text(err.Error())})
		}
		return nil, "", nil
	}
	res, err := t.rollCheck(foe, c, a, CheckRef{ID: a.ID}, RollCheck{Modifiers: cmd.Guards})
	if err != nil {
		t.log(EvRoll, of(foe), nil, Unanswered{Err: Text(err.Error())})
		return nil, "", nil
	}
	if err := t.outcomeEffects(a, res.Outcome, foe, c); err != nil {
		return nil, "", err
	}
	return &res, a.ID, nil
}

// typedOn is the GM's typed modifier as a number: a formula of the
// attacker's stats, no dice.
func typedOn(expr string, stats dice.StatFunc) (int, error) {
	e, err := dice.Parse(expr)
	if err != nil {
		return 0, err
	}
	if e.HasDice() {
		return 0, fmt.Errorf("%q: a number, not dice", expr)
	}
	return formula(e, stats)
}

// raisedTarget is an attack's target number with a defence's total added
// (defence.compare = "target").
func raisedTarget(target dice.Expr, by int) (dice.Expr, error) {
	if target.IsZero() {
		return dice.Parse(strconv.Itoa(by))
	}
	return dice.Parse(fmt.Sprintf("(%s) %+d", target.String(), by))
}

// Margin is how far a roll made its target: under it for a roll-under
// check, over it for the others (below 0: missed by as much).
func (res CheckRoll) Margin() int {
	if res.Succeeds == rules.AtMost {
		return res.Target - res.Total
	}
	return res.Total - res.Target
}

func orNone(s string) string {
	if s == "" {
		return "no defence"
	}
	return s
}

// outcomeEffects does a check's outcome's effects, each to its side.
func (t *tx) outcomeEffects(ch rules.Check, o rules.Outcome, actor, target *Combatant) error {
	stats := checkStats(t.statsOf(actor), t.statsOf(target))
	for _, e := range o.Effects {
		on, other := actor, target
		if e.To == rules.ToTarget {
			on, other = target, actor
		}
		if t.released(on, other, e) {
			continue
		}
		if err := t.checkEffect(on, e, stats); err != nil {
			return fmt.Errorf("%s, %s: %w", ch.Name, o.Name, err)
		}
		givenAtFoe(on, target, e)
	}
	return nil
}

// released lets other's hold of on go, where the effect takes a condition
// that other's blow holds on with another's (two whips on one fighter,
// l.369): the condition stays, held by the rest, and the effect is done.
// It reports whether it was.
func (t *tx) released(on, other *Combatant, e rules.CheckEffect) bool {
	if e.Take == "" || on == nil || other == nil {
		return false
	}
	x := on.condition(e.Take)
	if x == nil || len(x.Also) == 0 || !(x.By == other.ID || slices.Contains(x.Also, other.ID)) {
		return false
	}
	if x.By == other.ID {
		x.By, x.Also = x.Also[0], slices.Clone(x.Also[1:])
	} else {
		x.Also = slices.DeleteFunc(slices.Clone(x.Also), func(id int) bool { return id == other.ID })
	}
	if len(x.Also) == 0 {
		x.Also = nil
	}
	t.log(EvCondition, of(on), nil, HeldStill{Condition: e.Take, Freed: of(other), By: of(t.enc.Combatant(x.By))})
	return true
}

// escapesFrom refuses a blow whose results take off its striker a
// condition another's blow holds it in (Energy's Escape a hold: Restrained,
// contested by the restrainer, l.575) when it is struck at anyone else,
// naming the one who holds it. Given by hand, it holds to no one; an item
// cut through (cuts_free) has its own rule.
func (t *tx) escapesFrom(b rules.Blow, c, foe *Combatant) error {
	for _, r := range b.Results {
		for _, e := range r.Effects {
			if e.To != rules.ToActor || e.Take == "" || e.CutsFree {
				continue
			}
			x := c.condition(e.Take)
			if x == nil || x.heldBy(foe.ID) {
				continue
			}
			holder := t.enc.Combatant(x.By)
			if holder == nil {
				continue
			}
			def, _ := t.rs.Condition(e.Take)
			return refuse("%s is %s by %s: %s is made at %s", c.Name, def.Name, holder.Name, b.Name, holder.Name)
		}
	}
	return nil
}

// blowStats reads the names a blow's formula has beside the stats.
func blowStats(stats dice.StatFunc, own map[string]int) dice.StatFunc {
	return func(name string) (int, bool) {
		if v, ok := own[name]; ok {
			return v, true
		}
		return stats(name)
	}
}

// resultHolds reports whether a blow's result is the one for the outcomes,
// the margin and the modifiers chosen.
func resultHolds(r rules.BlowResult, attack, defence string, answered bool, margin int, stats dice.StatFunc,
	chosen []string) (bool, error) {
	if !r.Matches(attack, defence) || (r.Unanswered && answered) {
		return false, nil
	}
	if len(r.Chosen) > 0 && !slices.ContainsFunc(r.Chosen, func(id string) bool { return slices.Contains(chosen, id) }) {
		return false, nil // only with one of its modifiers picked
	}
	if !r.MarginAtLeast.IsZero() {
		v, err := formula(r.MarginAtLeast, stats)
		if err != nil || margin < v {
			return false, err
		}
	}
	if !r.MarginAtMost.IsZero() {
		v, err := formula(r.MarginAtMost, stats)
		if err != nil || margin > v {
			return false, err
		}
	}
	return true, nil
}

// blowDamage rolls a result's damage, takes the armour off where the blow
// lands and the rest off the defender; it returns the damage rolled,
// before armour.
func (t *tx) blowDamage(b rules.Blow, r rules.BlowResult, c, foe *Combatant, w rules.Weapon, location string, margin int,
	holds func(rules.BlowEffect) bool, mods []CheckMod, guard guardArmor) (rolled, through int, err error) {
	var l *rules.HitLocation
	if t.locationsOn() && (t.striking == nil || !t.striking.held) {
		at, err := t.hitWhere(foe, location)
		if err != nil {
			return 0, 0, err
		}
		l = &at
		if t.striking != nil {
			t.striking.at = at.ID
		}
	}
	stats, err := damageStats(b, t.statsOf(c))
	if err != nil {
		return 0, 0, err
	}
	said := BlowDamage{Blow: b.ID, Mode: r.Damage}
	var crushNone dice.Expr
	extra, extraDie := 0, 0
	for _, e := range r.Effects {
		if !holds(e) {
			continue
		}
		switch {
		case e.Impale:
			said.Impale = true
		case e.Crush:
			said.Crush, crushNone = true, e.CrushNone
		case !e.ExtraDice.IsZero():
			n, err := formula(e.ExtraDice, blowStats(checkStats(stats, t.statsOf(foe)), map[string]int{rules.BlowMargin: margin}))
			if err != nil {
				return 0, 0, err
			}
			extra += max(n, 0)
			extraDie = max(extraDie, e.ExtraDie)
		}
	}
	part := func(e dice.Expr, p string) (int, error) {
		res, err := t.roller.Roll(e, stats)
		if err != nil {
			return 0, err
		}
		t.log(EvRoll, of(c), &res, BlowRoll{Blow: b.ID, Part: p})
		if p != "bonus" && p != "crush" {
			said.Dice += keptDice(res)
		}
		return res.Total, nil
	}
	times := 1
	if said.Impale {
		times = 2
	}
	for i := range times {
		p := "weapon"
		if i > 0 {
			p = "impale"
		}
		if r.Damage == rules.DamageMaximum {
			_, hi, err := w.Damage.Bounds(stats)
			if err != nil {
				return 0, 0, err
			}
			said.Weapon += hi
			continue
		}
		n, err := part(w.Damage, p)
		if err != nil {
			return 0, 0, err
		}
		said.Weapon += n
	}
	if extra > 0 {
		sides, ok := w.Damage.FirstDie()
		if !ok && extraDie > 0 {
			sides, ok = extraDie, true // a weapon of flat damage
		}
		if !ok {
			// Never counted as nothing: the ruleset names no die for a
			// weapon that rolls none.
			return 0, 0, fmt.Errorf(
				"%s: %d extra dice of damage, but %s (%s) rolls no die to add more of, and the result gives no extra_die",
				b.Name, extra, w.Name, w.Damage)
		}
		n, err := part(dice.MustParse(fmt.Sprintf("%dd%d", min(extra, dice.MaxTotalDice/2), sides)), "extra")
		if err != nil {
			return 0, 0, err
		}
		said.Extra = n
	}
	switch {
	case said.Crush && w.Bonus.IsZero() && !crushNone.IsZero():
		n, err := part(crushNone, "crush")
		if err != nil {
			return 0, 0, err
		}
		said.Bonus = n
	case said.Crush && !w.Bonus.IsZero():
		if _, hi, err := w.Bonus.Bounds(stats); err == nil && hi < 0 {
			break // a bonus that only takes away counts nothing
		}
		for range 2 {
			n, err := part(w.Bonus, "bonus")
			if err != nil {
				return 0, 0, err
			}
			said.Bonus += n
		}
	case !w.Bonus.IsZero():
		n, err := part(w.Bonus, "bonus")
		if err != nil {
			return 0, 0, err
		}
		said.Bonus = n
	}
	said.Total = said.Weapon + said.Extra + said.Bonus
	said.Mods = mods
	for _, m := range mods {
		said.Total += m.Value
	}
	switch r.Damage {
	case rules.DamageDoubled:
		said.Total *= 2
	case rules.DamageHalved:
		said.Total /= 2
	}
	said.Total = min(max(said.Total, 0), dice.MaxStat)
	t.log(EvRoll, of(c), nil, said)
	if t.striking != nil && t.striking.held {
		return said.Total, 0, nil // held against the parrying item: it strikes no one yet
	}

	net := said.Total
	if r.AtGuard {
		if net, err = t.atGuard(b, r, c, foe, net, holds); err != nil || net <= 0 {
			return said.Total, 0, err
		}
		guard = guardArmor{} // its armour is off already
	}
	if stat := t.rs.ArmorStat(b); stat != "" {
		where := locationID(l)
		if t.rs.Recorded() {
			where = location
		}
		worn := ArmorAt(t.rs, foe, stat, where)
		if r.Armor != rules.ArmorBypassed {
			rolled, err := t.rolledArmor(foe, stat, where)
			if err != nil {
				return 0, 0, err
			}
			worn += rolled
		}
		counts := 0
		switch r.Armor {
		case rules.ArmorOff:
			counts = worn
		case rules.ArmorReduced:
			v, err := formula(r.ArmorAs, blowStats(checkStats(stats, t.statsOf(foe)), map[string]int{rules.BlowArmor: worn}))
			if err != nil {
				return 0, 0, err
			}
			counts = v
		}
		counts = max(counts, 0)
		if guard.value > 0 && r.Armor == rules.ArmorOff {
			through := max(net-guard.value, 0)
			t.log(EvDamage, of(foe), nil, ParryArmoured{Weapon: guard.name, Armor: guard.value, Damage: net, Net: through})
			net = through
		}
		before := net
		net = max(net-counts, 0)
		if worn != 0 || counts != 0 {
			t.log(EvDamage, of(foe), nil, Armoured{Stat: stat, Mode: r.Armor, Location: where, Armor: worn, Counts: counts,
				Damage: before, Net: net})
		}
	}
	net, err = t.multiply(c, foe, w, net)
	if err != nil {
		return 0, 0, err
	}
	if t.rs.Recorded() {
		return said.Total, net, t.blowWound(b, r, c, foe, location, net)
	}
	return said.Total, net, t.hurt(foe, net, l, Damaged{NonLethal: t.striking != nil && t.striking.nonLethal})
}

// blowEffect does one effect of a blow's result to a side; other is the
// other side, wi the attacker's weapon, guard the defender's.
func (t *tx) blowEffect(e rules.BlowEffect, on, other *Combatant, wi, guard, rolled int) error {
	stats := checkStats(t.statsOf(on), t.statsOf(other))
	weapon := func() *Weapon {
		i := guard
		if on.ID == t.striking.who {
			i = wi
		}
		if i < 0 || i >= len(on.Weapons) {
			return nil
		}
		return &on.Weapons[i]
	}
	if t.released(on, other, rules.CheckEffect{Take: e.Take}) {
		return nil // one whip of two cut through: the other holds on
	}
	switch {
	case e.Give != "", e.Take != "", e.Stun != "", e.Wound != 0, e.Armor != 0:
		if err := t.checkEffect(on, rules.CheckEffect{To: e.To, Give: e.Give, Duration: e.Duration, Rounds: e.Rounds, Take: e.Take,
			Stun: e.Stun, Wound: e.Wound, Armor: e.Armor}, stats); err != nil {
			return err
		}
		if x := on.condition(e.Give); x != nil && e.To == rules.ToTarget {
			switch { // the striker: its weapon holds it (cuts_free)
			case x.By == 0 || x.By == other.ID:
				x.By = other.ID
			case !slices.Contains(x.Also, other.ID):
				x.Also = append(slices.Clone(x.Also), other.ID) // held by another's too
			}
		}
		return nil
	case e.Check != "":
		mods := checkModifiers(t.rs, e.Check, t.striking.chosen)
		_, err := t.checkOutcome(RollCheck{Who: on.ID, Check: e.Check, Target: other.ID, Modifiers: mods})
		return err
	case e.Missile != "":
		return t.stickMissile(StickMissile{Who: on.ID, Missile: e.Missile, Grievous: e.Grievous})
	case e.Weapon != "":
		w := weapon()
		if w == nil || !w.Ready() {
			return nil // nothing in hand to lose
		}
		if e.Lodges != "" {
			t.lodge(on, other, *w, e.Lodges)
			return nil
		}
		w.State = e.Weapon
		if e.Weapon == rules.FateStuck {
			w.In, w.At = other.ID, t.striking.at
		}
		f := WeaponNow{Weapon: Text(w.Name), State: w.State}
		if w.In != 0 {
			f.In = of(other)
		}
		t.log(EvGear, of(on), nil, f)
	case e.WeaponDamage != 0:
		w := weapon()
		if w == nil || w.State == rules.FateBroken {
			return nil
		}
		w.Lost += e.WeaponDamage
		t.log(EvGear, of(on), nil, WeaponHit{Weapon: Text(w.Name), By: e.WeaponDamage, Lost: w.Lost, HP: w.HP})
		if w.HP > 0 && w.Lost >= w.HP {
			w.State, w.In = rules.FateBroken, 0
			t.log(EvGear, of(on), nil, WeaponNow{Weapon: Text(w.Name), State: w.State})
		}
	case !e.Knockback.IsZero():
		m, err := formula(e.Knockback, blowStats(stats, map[string]int{rules.BlowDamage: rolled}))
		if err != nil {
			return err
		}
		if m > 0 {
			t.log(EvBlow, of(on), nil, KnockedBack{Metres: m, Damage: rolled})
		}
	}
	return nil
}

// BlowModifiers are the modifiers a blow offers: its attack check's, then
// those of the checks its results roll (an effect's check) that the
// attack's do not name.
func BlowModifiers(rs *rules.Ruleset, b rules.Blow) []rules.CheckModifier {
	ch, _ := rs.Check(b.Check)
	out := slices.Clone(ch.Modifiers)
	for _, r := range b.Results {
		for _, e := range r.Effects {
			if e.Check == "" {
				continue
			}
			ech, _ := rs.Check(e.Check)
			for _, md := range ech.Modifiers {
				if !slices.ContainsFunc(out, func(x rules.CheckModifier) bool { return x.ID == md.ID }) {
					out = append(out, md)
				}
			}
		}
	}
	return out
}

// blowRollsModifier reports whether a check one of the blow's results
// rolls declares the modifier id.
func blowRollsModifier(rs *rules.Ruleset, b rules.Blow, id string) bool {
	return slices.ContainsFunc(BlowModifiers(rs, b), func(x rules.CheckModifier) bool { return x.ID == id })
}

// checkModifiers are those of the modifiers picked that the check
// declares.
func checkModifiers(rs *rules.Ruleset, check string, picked []string) []string {
	ch, _ := rs.Check(check)
	var out []string
	for _, id := range picked {
		if _, ok := ch.Modifier(id); ok {
			out = append(out, id)
		}
	}
	return out
}

// damageStats are the attacker's stats as a blow's damage reads them: its
// own, with the blow's damage_stats in place of those it names.
func damageStats(b rules.Blow, stats dice.StatFunc) (dice.StatFunc, error) {
	if len(b.DamageStats) == 0 {
		return stats, nil
	}
	over := map[string]int{}
	for k, e := range b.DamageStats {
		n, err := formula(e, stats)
		if err != nil {
			return nil, fmt.Errorf("%s: damage_stats.%s: %w", b.Name, k, err)
		}
		over[k] = n
	}
	return func(name string) (int, bool) {
		if v, ok := over[name]; ok {
			return v, true
		}
		return stats(name)
	}, nil
}

// nonLethalChosen reports whether a modifier chosen of the attack check
// makes the blow's damage non-lethal.
func nonLethalChosen(rs *rules.Ruleset, check string, picked []string) bool {
	ch, _ := rs.Check(check)
	for _, id := range picked {
		if md, ok := ch.Modifier(id); ok && md.NonLethal {
			return true
		}
	}
	return false
}

// UsualAnswer is the check a blow's defender answers with unless the GM
// says otherwise (blows.defence.usual; "": none, the GM picks): the blow's
// dialog opens on it.
func UsualAnswer(rs *rules.Ruleset, blow string) string {
	if b, ok := rs.Blow(blow); ok {
		return b.Defence.Usual
	}
	return ""
}

// neededAgainst refuses a defence rolled against a weapon of a kind its
// check's needs_against names without one of the modifiers it needs (BRP:
// a missile parried at a shield's base chance, never at the full parry).
func (t *tx) neededAgainst(cmd Blow, w rules.Weapon) error {
	return answerNeeds(t.rs, cmd.Answer, cmd.Guards, w)
}

// answerAllowed refuses, before any die is rolled, an answer the defender
// may not make, so that the GM picks another: a modifier only for a stance
// it did not declare (BRP's free dodge, l.13), a free one past its count, a
// defence that does not go with one rolled this round (no parry with a
// dodge, l.145), and a modifier needs_against names for other weapons than
// the one striking (the missile dodge against a sword, l.131-133). None of
// these turns the blow unanswered.
func (t *tx) answerAllowed(foe *Combatant, answer string, guards []string, w rules.Weapon) error {
	a, ok := t.rs.Check(answer)
	if !ok || !a.Defence {
		return nil
	}
	if err := answerFits(a, guards, w.Kinds, w.Name); err != nil {
		return err
	}
	cmd := RollCheck{Modifiers: guards}
	if err := t.declaredFor(a, foe, guards); err != nil {
		return err
	}
	if err := t.freeAllowed(foe, a, cmd); err != nil {
		return err
	}
	return t.combines(foe, a, freeDefence(a, cmd))
}

// AnswerCombines is why c may not answer with the defence check now, ""
// when it may: one rolled this round excludes it (BRP: no dodge after a
// parry unless fighting defensively, and then not at the same DEX rank,
// l.145, 409). The answer lists leave such a defence out.
func AnswerCombines(rs *rules.Ruleset, enc *Encounter, c *Combatant, check string) string {
	ch, ok := rs.Check(check)
	if !ok || !ch.Defence || c == nil {
		return ""
	}
	t := &tx{rs: rs, enc: *enc}
	if err := t.combines(c, ch, false); err != nil {
		return err.Error()
	}
	return ""
}

// answerFits refuses a defence modifier a's needs_against names only for
// weapons of other kinds than the striking weapon's (named weapon, of
// these kinds; BRP: a missile's dodge or parry choices against a melee
// weapon), and one whose against_kinds the striking weapon has none of
// (a thrown weapon's rows against a fired arrow).
func answerFits(a rules.Check, guards, kinds []string, weapon string) error {
	for _, id := range guards {
		var only []string
		for _, k := range slices.Sorted(maps.Keys(a.NeedsAgainst)) {
			if slices.Contains(a.NeedsAgainst[k], id) {
				only = append(only, k)
			}
		}
		m, _ := a.Modifier(id)
		if len(m.AgainstKinds) > 0 && !slices.ContainsFunc(m.AgainstKinds, func(k string) bool { return slices.Contains(kinds, k) }) {
			// against_kinds: only against a weapon of these kinds (a
			// thrown one's rows against a fired arrow, BRP l.131-133).
			only = m.AgainstKinds
		} else if len(only) == 0 || slices.ContainsFunc(only, func(k string) bool { return slices.Contains(kinds, k) }) {
			continue
		}
		return fmt.Errorf("%s: %s is only against a %s weapon, not %s", a.Name, m.Name, strings.Join(only, " or "), weapon)
	}
	return nil
}

// AnswerFitting is the defence a with only the modifiers that go against
// a weapon of these kinds (answerFits): what a blow's answer offers.
func AnswerFitting(a rules.Check, kinds []string) rules.Check {
	a.Modifiers = slices.DeleteFunc(slices.Clone(a.Modifiers), func(m rules.CheckModifier) bool {
		return answerFits(a, []string{m.ID}, kinds, "") != nil
	})
	return a
}

// answerNeeds refuses the defence answer rolled with the modifiers guards
// against the weapon w where its check's needs_against asks for one of
// them (a blow's answer, and g's answer to an attack in hand).
func answerNeeds(rs *rules.Ruleset, answer string, guards []string, w rules.Weapon) error {
	a, ok := rs.Check(answer)
	if !ok {
		return nil
	}
	for _, k := range w.Kinds {
		need := a.NeedsAgainst[k]
		if len(need) == 0 || slices.ContainsFunc(guards, func(id string) bool { return slices.Contains(need, id) }) {
			continue
		}
		kind, _ := rs.WeaponKind(k)
		names := make([]string, len(need))
		for i, id := range need {
			m, _ := a.Modifier(id)
			names[i] = m.Name
		}
		return fmt.Errorf("%s against %s (%s): pick one of %s", a.Name, w.Name, kind.Name, strings.Join(names, "; "))
	}
	return nil
}

// guardsFit refuses, before any die, an answer's modifier whose
// weapon_kinds the item answering does not have (BRP: a shield's base
// chance against a missile on a parry with a dagger or a mace, l.119,
// 484): the item picked (cmd.Guard), else the defender's first ready one.
func guardsFit(rs *rules.Ruleset, foe *Combatant, cmd Blow) error {
	a, ok := rs.Check(cmd.Answer)
	if !ok || !UsesGuard(a) {
		return nil
	}
	item := GuardItem(foe, cmd.Guard)
	if item.Name == "" {
		return nil
	}
	for _, id := range cmd.Guards {
		if m, ok := a.Modifier(id); ok && !m.Fits(item.Kinds) {
			return fmt.Errorf("%s: %s goes with a %s, not %s's %s", a.Name, m.Name, strings.Join(m.WeaponKinds, " or "),
				foe.Name, item.Name)
		}
	}
	return nil
}

// GuardItem is the weapon or shield of x's a blow's answer meets it with:
// the one at index guard, else x's first ready one (none: no weapon).
func GuardItem(x *Combatant, guard int) rules.Weapon {
	if x != nil && guard >= 0 && guard < len(x.Weapons) {
		return x.Weapons[guard].Weapon
	}
	return RollWeapon(x, nil)
}
