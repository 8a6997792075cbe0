package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
)

// checks checks the checks: their formulas read the actor's stats, the
// target's (target_X) and, in an outcome's bounds, the target number; every
// outcome can come up and every roll has one; every effect does one thing
// the engine does.
func (c *checker) checks() {
	rs := c.rs
	if len(rs.Checks) > 0 {
		for i, s := range rs.Stats {
			if s.ID == TargetNumber || strings.HasPrefix(s.ID, TargetPrefix) {
				c.bad(fmt.Sprintf("stats[%d].id", i), "%q clashes with the names checks read (%s, %sX): choose another id", s.ID,
					TargetNumber, TargetPrefix)
			}
		}
	}
	seen := map[string]bool{}
	for i, ch := range rs.Checks {
		c.matrix(fmt.Sprintf("checks[%d]", i), ch)
	}
	for i, ch := range rs.Checks {
		p := fmt.Sprintf("checks[%d]", i)
		c.id(p+".id", ch.ID, seen)
		if ch.Name == "" {
			c.bad(p+".name", "a check needs a name")
		}
		c.checkFormula(p+".roll", ch.Roll, false, true)
		c.targetBonuses(p, ch)
		if !ch.Roll.HasDice() {
			c.bad(p+".roll", "a check rolls dice (\"d100\", \"3d6 + dex_mod\")")
		}
		for j, id := range ch.Excludes {
			q := fmt.Sprintf("%s.excludes[%d]", p, j)
			if other, ok := rs.Check(id); !ok || !other.Defence {
				c.bad(q, "%q is not a defence of the ruleset (checks.defence)", id)
			}
			if !ch.Defence {
				c.bad(q, "only a defence excludes others")
			}
		}
		if ch.GuardField != "" {
			if _, ok := rs.WeaponField(ch.GuardField); !ok {
				c.bad(p+".guard_field", "%q: weapons carry no field by that name (gear.weapon_fields)", ch.GuardField)
			} else if !ch.Defence {
				c.bad(p+".guard_field", "only a defence parries with a weapon (checks.defence)")
			}
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
		c.modifiedBands(p, ch)
		if ch.OffTurnSpends != "" {
			c.checkOffTurnSpends(p+".off_turn_spends", ch)
		}
		if ch.Spends != "" {
			c.checkSpends(p+".spends", ch)
		} else if ch.StrikeInstead {
			c.bad(p+".strike_instead", "set spends: the strike is taken in place of the action it spends")
		}
		c.needsAgainst(p+".needs_against", ch)
		for j, id := range ch.HolderNeeds {
			if _, ok := c.rs.Condition(id); !ok {
				c.bad(fmt.Sprintf("%s.holder_needs[%d]", p, j), "unknown condition %q", id)
			}
		}
		if ch.ByTick && !slices.ContainsFunc(c.rs.Ticks, func(tk Tick) bool { return tk.Effect == EffectCheck && tk.Check == ch.ID }) {
			c.bad(p+".by_tick", "no tick of effect \"check\" rolls %q: it could never be rolled", ch.ID)
		}
		if ch.WholeRound && ch.Defence {
			c.bad(p+".whole_round", "a defence answers a blow in the round: it does not take the round whole")
		}
		mods := map[string]bool{}
		for j, m := range ch.Modifiers {
			mp := fmt.Sprintf("%s.modifiers[%d]", p, j)
			c.id(mp+".id", m.ID, mods)
			if m.Name == "" {
				c.bad(mp+".name", "a modifier needs a name")
			}
			if m.Edge != "" {
				oneOf(c, mp+".edge", m.Edge, EdgeKinds)
			}
			kindLists := map[string][]string{"weapon_kinds": m.WeaponKinds, "spent_by": m.SpentBy, "spent_by_not": m.SpentByNot,
				"against_kinds": m.AgainstKinds}
			for key, kinds := range kindLists {
				for k, kind := range kinds {
					if _, ok := c.rs.WeaponKind(kind); !ok {
						c.bad(fmt.Sprintf("%s.%s[%d]", mp, key, k), "unknown weapon kind %q (gear.weapon_kinds: %s)", kind,
							strings.Join(c.rs.weaponKindIDs(), ", "))
					}
				}
			}
			if len(m.SpentBy) > 0 && !m.OnceARound {
				c.bad(mp+".spent_by", "only a modifier taken once a round (once_a_round) is spent by a blow")
			}
			if len(m.AgainstKinds) > 0 && !ch.Defence {
				c.bad(mp+".against_kinds", "only a defence's modifier goes against the striking weapon's kinds")
			}
			if len(m.SpentByNot) > 0 && len(m.SpentBy) == 0 {
				c.bad(mp+".spent_by_not", "set spent_by: the kinds that spend it")
			}
			if m.Mod.IsZero() && !m.Free && m.Edge == "" && m.Damage == 0 && m.Target.IsZero() && !m.NonLethal && m.Needs == "" &&
				!m.GivesUpAim && m.Action == "" && !m.NoDodge {
				c.bad(mp+".mod", "a modifier needs its formula (\"10\", \"target_DEF / 2\")")
			}
			if m.Free && !ch.Defence {
				c.bad(mp+".free", "only a defence (checks.defence) is free of the step")
			}
			if m.Parry && c.rs.Guard.Parry == "" {
				c.bad(mp+".parry", "no parry is kept to count (guard.parry)")
			}
			if !m.FreePerRound.IsZero() && !m.Free {
				c.bad(mp+".free_per_round", "how many free defences a round: the modifier is not free")
			}
			c.expr(mp+".free_per_round", m.FreePerRound)
			if m.FreePerRound.HasDice() {
				c.bad(mp+".free_per_round", "a count worked out from stats, not rolled: no dice")
			}
			if m.FreeAfter != 0 && !m.Free {
				c.bad(mp+".free_after", "after how many free defences: the modifier is not free")
			}
			if m.FreeAfter < 0 {
				c.bad(mp+".free_after", "a count of free defences: 0 or more, not %d", m.FreeAfter)
			}
			if m.FreeAtStep && !m.Free {
				c.bad(mp+".free_at_step", "only a free defence is rolled at the step without adding one")
			}
			if m.ForgoesAttacks && !m.Free {
				c.bad(mp+".forgoes_attacks", "only a free defence (fighting defensively) forgoes the round's attacks")
			}
			if m.Declared != "" && !slices.ContainsFunc(c.rs.Declarations, func(d Declaration) bool { return d.ID == m.Declared }) {
				c.bad(mp+".declared", "unknown declaration %q ([[declarations]])", m.Declared)
			}
			if m.Needs != "" {
				if i := slices.IndexFunc(ch.Outcomes, func(o Outcome) bool { return o.ID == m.Needs }); i < 0 {
					c.bad(mp+".needs", "%q is not an outcome of the check (checks.outcomes)", m.Needs)
				} else if ch.Outcomes[i].Result != Success {
					c.bad(mp+".needs", "%q is not a success (its result is not \"success\")", m.Needs)
				}
			}
			c.checkFormula(mp+".mod", m.Mod, true, false)
			c.checkFormula(mp+".target", m.Target, false, false)
			c.checkFormula(mp+".damage_less", m.DamageLess, false, false)
			if m.Reopens && c.rs.Wounds.Restriction == "" {
				c.bad(mp+".reopens", "no First Aid restriction to break (wounds.restriction)")
			}
			c.damageMod(mp+".damage", m.Damage, ch.ID)
			if m.TargetGives != "" {
				c.ref(mp+".target_gives", "condition", m.TargetGives, c.conds)
				if !slices.ContainsFunc(c.rs.Blows, func(b Blow) bool { return b.Check == ch.ID }) {
					c.bad(mp+".target_gives", "no blow's attack is this check ([[blows]] check): it has no target to give it")
				}
			}
			if m.Spends != "" {
				c.ref(mp+".spends", "condition", m.Spends, c.conds)
				if slices.ContainsFunc(c.rs.Blows, func(b Blow) bool { return b.Check == ch.ID }) {
					c.bad(mp+".spends", "a blow's attack (this check is one's, [[blows]] check) does not spend conditions")
				} else if !c.givenAtFoe(m.Spends) {
					c.bad(mp+".spends", "no check's outcome gives %q at_foe: nothing would let it be picked", m.Spends)
				}
			}
			for _, k := range slices.Sorted(maps.Keys(m.NeedsLeft)) {
				c.ref(mp+".needs_left", "pool", k, c.pools)
				if m.NeedsLeft[k] < 1 {
					c.bad(mp+".needs_left", "%s: at least 1 left, or it asks nothing", k)
				}
			}
			if m.NeedsStillAim && !slices.ContainsFunc(c.rs.Actions, func(a ActionDef) bool { return a.Aim }) {
				c.bad(mp+".needs_still_aim", "no action aims (actions.aim): no attack follows an aim")
			}
			if m.TargetHolds != "" {
				c.ref(mp+".target_holds", "condition", m.TargetHolds, c.conds)
			}
			if m.Action != "" {
				c.modifierAction(mp+".action", m.Action, ch.Spends != "")
			}
			if m.NonLethal && !slices.ContainsFunc(c.rs.Blows, func(b Blow) bool { return b.Check == ch.ID }) {
				c.bad(mp+".nonlethal", "no blow's attack is this check ([[blows]] check): it deals no damage to make non-lethal")
			}
			if m.GivesUpAim {
				c.givesUpAim(mp+".gives_up_aim", ch)
			}
			if m.NoDodge && (c.rs.Guard.Dodge == "" || !slices.Contains(ch.Roll.Stats(), TargetPrefix+c.rs.Guard.Dodge)) {
				c.bad(mp+".no_dodge", "the check does not take the target's dodge off (guard.dodge read as target_X in its roll): "+
					"no dodge to leave out")
			}
			for k, id := range m.VoidsBonuses {
				q := fmt.Sprintf("%s.voids_bonuses[%d]", mp, k)
				if d, ok := c.rs.Condition(id); !ok {
					c.bad(q, "unknown condition %q", id)
				} else if d.MeleeBonus == 0 && d.RangedBonus == 0 {
					c.bad(q, "%q has no melee_bonus or ranged_bonus to void", id)
				}
			}
			for k, x := range m.Excludes {
				if _, ok := ch.Modifier(x); !ok || x == m.ID {
					c.bad(fmt.Sprintf("%s.excludes[%d]", mp, k), "%q is not another modifier of this check", x)
				}
			}
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
			c.bad(path, "%q, the target number, is read only by an outcome's at_most and at_least and a modifier's mod", name)
		case slices.Contains(BuiltinStats, strings.TrimPrefix(name, TargetPrefix)):
		case strings.HasPrefix(name, TargetPrefix+WeaponPrefix) && !c.stats[strings.TrimPrefix(name, TargetPrefix)] &&
			c.weaponField(strings.TrimPrefix(name, TargetPrefix)):
			// the weapon of the one it is rolled against: in its hand, or in
			// a blow the one that strikes (Energy's Fortitude against a trip)
		case strings.HasPrefix(name, TargetPrefix):
			if !c.stats[strings.TrimPrefix(name, TargetPrefix)] {
				c.bad(path, "%q: the target has no stat %q (the ruleset's stats: %s)", name, strings.TrimPrefix(name, TargetPrefix),
					strings.Join(c.rs.statIDs(), ", "))
			}
		case strings.HasPrefix(name, WeaponPrefix) && !c.stats[name] && c.weaponField(name):
			// the weapon in hand (in a blow, the one that strikes)
		case strings.HasPrefix(name, HandPrefix) && !c.stats[name] && c.handField(name):
			// the roller's own weapon in hand, in a blow too
		case !c.stats[name]:
			c.bad(path, "unknown stat %q (the ruleset's stats: %s; the target's are read as %sX)", name,
				strings.Join(c.rs.statIDs(), ", "), TargetPrefix)
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
		if o.Fails && o.Result != "" {
			c.bad(q+".fails", "an outcome limited to %s rolls cannot make them fail: leave result out", o.Result)
		}
		if (success && failure) || (o.Result == Success && success) || (o.Result == Failure && failure) {
			c.bad(q, "never comes up: the outcomes before it take every roll it could match")
		}
		banded := !o.Faces.IsZero() || !o.AtMost.IsZero() || !o.AtLeast.IsZero() || o.Table != nil || len(o.Unless) > 0
		for k, id := range o.Unless {
			if _, ok := ch.Modifier(id); !ok {
				c.bad(fmt.Sprintf("%s.unless[%d]", q, k), "%q is not a modifier of the check (checks.modifiers)", id)
			}
		}
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
		c.bad(p+".outcomes", "some rolls would have no outcome: end with an outcome that has no bands, or with one for each of %s",
			strings.Join(missing, " and "))
	}
}

// damageMod checks a modifier's damage: only a blow's attack has damage
// for it to change (check "" : any blow's), and it is a sane amount.
func (c *checker) damageMod(p string, n int, check string) {
	if n == 0 {
		return
	}
	if n < -1000 || n > 1000 {
		c.bad(p, "damage is -1000 to 1000")
	}
	if !slices.ContainsFunc(c.rs.Blows, func(b Blow) bool { return check == "" || b.Check == check }) {
		if check == "" {
			c.bad(p, "the ruleset has no blows ([[blows]]) for it to add damage to")
		} else {
			c.bad(p, "no blow's attack is this check ([[blows]] check): it has no damage to change")
		}
	}
}

// modifiedBands checks that a check whose modifier moves its outcomes'
// bounds is rolled under its target, has such bounds, and that none of
// them reads the target number (which has the modifier in it already).
func (c *checker) modifiedBands(p string, ch Check) {
	if !ch.ModifiedBands {
		return
	}
	if ch.Succeeds != AtMost {
		c.bad(p+".modified_bands", "only a check rolled at or under its target (succeeds = \"at_most\") has a modifier that moves"+
			" its bounds: at or over, the modifier is in the total the bounds are held to already")
	}
	bounded := false
	for j, o := range ch.Outcomes {
		for _, b := range []struct {
			key string
			e   dice.Expr
		}{{"at_most", o.AtMost}, {"at_least", o.AtLeast}} {
			if b.e.IsZero() {
				continue
			}
			bounded = true
			if slices.Contains(b.e.Stats(), TargetNumber) {
				c.bad(p+".modified_bands", "outcomes[%d].%s reads the target number, which has the modifier in it:"+
					" write the bound from the stats (\"DEX * 2\")", j, b.key)
			}
		}
	}
	if !bounded {
		c.bad(p+".modified_bands", "no outcome has an at_most or at_least bound for the modifier to move")
	}
}

// checkEffect checks that an effect does exactly one thing, to a side, with
// only the keys that thing reads.
func (c *checker) checkEffect(p string, e CheckEffect) {
	if e.To == "" {
		c.bad(p+".to", "say who it falls on: %s", strings.Join(kindNames(Sides), " or "))
	} else {
		oneOf(c, p+".to", e.To, Sides)
	}
	does := 0
	for _, set := range []bool{e.Give != "", e.Take != "", e.Stun != "", e.Wound != 0, !e.Damage.IsZero(), e.Armor != 0, e.Pool != "",
		e.MoveAfter != 0, e.Lose != 0, e.Interrupt, e.Weapon != "", !e.Lands.IsZero(), e.PullsOut, e.HeldBlow != ""} {
		if set {
			does++
		}
	}
	if does != 1 {
		c.bad(p, "an effect does one thing: give, take, stun, wound, damage, armor, pool, move_after, lose, interrupt, weapon, lands, "+
			"pulls_out or held_blow "+
			"(this one does %d)", does)
	}
	c.fateNotStuck(p+".weapon", e.Weapon)
	if len(e.WeaponKinds) > 0 && e.Weapon == "" {
		c.bad(p+".weapon_kinds", "only a weapon's fate (weapon) picks the weapon by its kinds")
	}
	for j, k := range e.WeaponKinds {
		if _, ok := c.rs.WeaponKind(k); !ok {
			c.bad(fmt.Sprintf("%s.weapon_kinds[%d]", p, j), "unknown weapon kind %q (gear.weapon_kinds: %s)", k,
				strings.Join(c.rs.weaponKindIDs(), ", "))
		}
	}
	if sp := c.rs.Spells; e.Interrupt && sp.CarryTo == 0 && len(sp.Kinds) == 0 && !sp.Concentrated() {
		c.bad(p+".interrupt", "a spell is interrupted where the ruleset has spells ([spells])")
	}
	c.ref(p+".pool", "pool", e.Pool, c.pools)
	switch {
	case (e.Gain != 0 || e.AtLeast != 0) && e.Pool == "":
		c.bad(p+".pool", "gain and at_least change a pool: name it")
	case e.Pool != "" && (e.Gain == 0) == (e.AtLeast == 0):
		c.bad(p+".pool", "a pool effect has gain or at_least, one of the two")
	case e.AtLeast < 0 || e.Gain < -1000 || e.Gain > 1000:
		c.bad(p+".gain", "gain is -1000 to 1000, at_least 0 or more")
	}
	c.checkEffectKeys(p, e)
	if e.AtFoe && (e.Give == "" || e.To == ToTarget) {
		c.bad(p+".at_foe", "at_foe is for a condition given to the roller (give, not to the target)")
	}
	c.ref(p+".if_has", "condition", e.IfHas, c.conds)
	c.checkFormula(p+".damage", e.Damage, false, true)
	c.landing(p, e.Lands, e.Unit, e.Where)
	c.lose(p+".lose", e.Lose)
	c.heldBlow(p, e)
}

// heldBlow checks an effect settling a blow held against the side's
// parrying item, and the check it rolls after one that gets through.
func (c *checker) heldBlow(p string, e CheckEffect) {
	if e.HeldBlow != "" {
		oneOf(c, p+".held_blow", e.HeldBlow, HeldBlows)
	}
	switch {
	case e.LimbField == "":
	case e.HeldBlow != HeldThrough:
		c.bad(p+".limb_field", "only a held blow that goes through (held_blow = %q) lands past the item", HeldThrough)
	default:
		if _, ok := c.rs.WeaponField(e.LimbField); !ok {
			c.bad(p+".limb_field", "unknown weapon field %q (gear.weapon_fields)", e.LimbField)
		}
	}
	switch {
	case e.ThenCheck == "":
	case e.HeldBlow != HeldThrough:
		c.bad(p+".then_check", "only a held blow that goes through (held_blow = %q) strikes the side to roll after", HeldThrough)
	default:
		if _, ok := c.rs.Check(e.ThenCheck); !ok {
			c.bad(p+".then_check", "unknown check %q", e.ThenCheck)
		}
	}
}

// givenAtFoe reports whether some check's outcome gives the condition to
// its roller at the foe (effects.at_foe).
func (c *checker) givenAtFoe(id string) bool {
	for _, ch := range c.rs.Checks {
		for _, o := range ch.Outcomes {
			if slices.ContainsFunc(o.Effects, func(e CheckEffect) bool { return e.AtFoe && e.Give == id }) {
				return true
			}
		}
	}
	return false
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

func kindNames[K ~string](ks []K) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

// matrix checks the answers a check may get and the results it names.
func (c *checker) matrix(p string, ch Check) {
	outcomes := func(id string) []string {
		var ids []string
		if x, ok := c.rs.Check(id); ok {
			for _, o := range x.Outcomes {
				ids = append(ids, o.ID)
			}
		}
		return ids
	}
	var answers []string
	for j, a := range ch.Against {
		switch _, ok := c.rs.Check(a); {
		case !ok:
			c.bad(fmt.Sprintf("%s.against[%d]", p, j), "unknown check %q", a)
		case a == ch.ID:
			c.bad(fmt.Sprintf("%s.against[%d]", p, j), "a check cannot answer itself")
		}
		answers = append(answers, outcomes(a)...)
	}
	if len(ch.Matrix) > 0 && len(ch.Against) == 0 {
		c.bad(p+".matrix[0].attack", "a matrix reads the answers: set against")
	}
	mine := outcomes(ch.ID)
	for j, r := range ch.Matrix {
		q := fmt.Sprintf("%s.matrix[%d]", p, j)
		if !slices.Contains(mine, r.Attack) {
			c.bad(q+".attack", "%q is no outcome of this check", r.Attack)
		}
		if r.Defence != "" && !slices.Contains(answers, r.Defence) {
			c.bad(q+".defence", "%q is no outcome of the checks that answer it", r.Defence)
		}
		if r.Text == "" {
			c.bad(q+".text", "a result needs its words")
		}
	}
}

// handField reports whether a hand_X name reads a field weapons carry.
func (c *checker) handField(name string) bool {
	_, ok := c.rs.WeaponField(strings.TrimPrefix(name, HandPrefix))
	return ok
}

// weaponField reports whether a weapon_X name reads a field weapons carry.
func (c *checker) weaponField(name string) bool {
	_, ok := c.rs.WeaponField(strings.TrimPrefix(name, WeaponPrefix))
	return ok
}

// landing checks a drop's distance (lands, a formula), its unit and where
// it lands: the unit and the place go with a distance, and a distance
// needs its unit.
func (c *checker) landing(p string, lands dice.Expr, unit, where string) {
	c.checkFormula(p+".lands", lands, false, true)
	switch {
	case lands.IsZero() && unit != "":
		c.bad(p+".unit", "unit and where say how far and where a drop lands: give lands")
	case lands.IsZero() && where != "":
		c.bad(p+".where", "unit and where say how far and where a drop lands: give lands")
	case !lands.IsZero() && unit == "":
		c.bad(p+".unit", "how far does it land: say the unit (\"m\", \"hexes\")")
	}
}

// givesUpAim checks a modifier that gives an aim up: the check is rolled
// against a target whose dodge it takes off (guard.dodge read as
// target_X), and some action aims.
func (c *checker) givesUpAim(path string, ch Check) {
	g := c.rs.Guard.Dodge
	if g == "" || !slices.Contains(ch.Roll.Stats(), TargetPrefix+g) {
		c.bad(path, "the check does not take the target's dodge off (guard.dodge read as target_X in its roll): "+
			"no dodge to give an aim up for")
	}
	if !slices.ContainsFunc(c.rs.Actions, func(a ActionDef) bool { return a.Aim }) {
		c.bad(path, "no action aims (actions.aim): nobody holds an aim to give up")
	}
}

// modifierAction checks the action a modifier belongs to: one that
// attacks, and, on a check that spends no action (spends), gives a
// condition that says it was taken.
func (c *checker) modifierAction(path, id string, spends bool) {
	a, ok := c.rs.Action(id)
	switch {
	case !ok:
		c.bad(path, "unknown action %q", id)
	case !a.Attack:
		c.bad(path, "%q does not attack (actions.attack): only an attack's action is spent by a roll", id)
	case a.Gives == "" && !spends:
		c.bad(path, "%q gives no condition (actions.gives) and the check spends no action (checks.spends): "+
			"nothing would say it was taken", id)
	}
}

// checkSpends checks the action a check spends: a known one, on a check
// that is not a defence; strike_instead with one that does not attack.
func (c *checker) checkSpends(path string, ch Check) {
	a, ok := c.rs.Action(ch.Spends)
	switch {
	case !ok:
		c.bad(path, "unknown action %q", ch.Spends)
	case ch.Defence:
		c.bad(path, "a defence is rolled in answer to an attack: it spends no attack of the defender's")
	case ch.StrikeInstead && a.Attack:
		c.bad(strings.TrimSuffix(path, "spends")+"strike_instead", "%q attacks: an attack roll takes its strike as it is", ch.Spends)
	}
}

// attackAction checks an action a check's roll spends: known, and one that
// attacks (actions.attack).
func (c *checker) attackAction(path, id string) bool {
	a, ok := c.rs.Action(id)
	switch {
	case !ok:
		c.bad(path, "unknown action %q", id)
	case !a.Attack:
		c.bad(path, "%q does not attack (actions.attack): only an attack's action is spent by its roll", id)
	default:
		return true
	}
	return false
}

// checkOffTurnSpends checks the action a check spends out of one's turn:
// one that attacks, beside the check's own turn's spends.
func (c *checker) checkOffTurnSpends(path string, ch Check) {
	if c.attackAction(path, ch.OffTurnSpends) && ch.Spends == "" {
		c.bad(path, "set spends too: the rolls in one's own turn are paid as those out of it")
	}
}

// fateNotStuck checks what an effect other than a blow's does to the weapon
// in hand: dropped or broken (a weapon is stuck in another by a blow only).
func (c *checker) fateNotStuck(path string, fate WeaponFate) {
	switch fate {
	case "", FateDropped, FateBroken:
	case FateStuck:
		c.bad(path, "a weapon is stuck in another by a blow's effect: dropped or broken")
	default:
		oneOf(c, path, fate, WeaponFates)
	}
}

// needsAgainst checks a defence's needs_against: weapon kinds of the gear,
// each needing some of the check's own modifiers.
func (c *checker) needsAgainst(path string, ch Check) {
	if len(ch.NeedsAgainst) > 0 && !ch.Defence {
		c.bad(path, "only a defence (defence = true) answers a blow's weapon")
	}
	for _, k := range slices.Sorted(maps.Keys(ch.NeedsAgainst)) {
		if _, ok := c.rs.WeaponKind(k); !ok {
			c.bad(path+"."+k, "unknown weapon kind %q (gear.weapon_kinds: %s)", k, strings.Join(c.rs.weaponKindIDs(), ", "))
		}
		if len(ch.NeedsAgainst[k]) == 0 {
			c.bad(path+"."+k, "name the modifiers one of which must be picked")
		}
		for j, id := range ch.NeedsAgainst[k] {
			if _, ok := ch.Modifier(id); !ok {
				c.bad(fmt.Sprintf("%s.%s[%d]", path, k, j), "unknown modifier %q of %s", id, ch.ID)
			}
		}
	}
}

// targetBonuses checks a check's target_bonuses: melee or ranged, on a
// check rolled against someone, which is no attack of that kind already.
func (c *checker) targetBonuses(p string, ch Check) {
	k := RollKind(ch.TargetBonuses)
	switch {
	case k == "":
	case k != RollMelee && k != RollRanged:
		c.bad(p+".target_bonuses", "melee or ranged: the attackers' bonuses of that kind")
	case !ch.NeedsTarget():
		c.bad(p+".target_bonuses", "the check is rolled against no one: there is no target to give bonuses")
	case Reaches(k, ch.Kind) || Reaches(ch.Kind, k):
		c.bad(p+".target_bonuses", "a %s check takes them already", ch.Kind)
	}
}
