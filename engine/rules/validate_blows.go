package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
)

// blows checks the blows: what each names exists, its formulas read what a
// blow has, every way its attack and defence can come out has a result,
// and every result and effect does what the engine does.
func (c *checker) blows() {
	rs := c.rs
	if len(rs.Blows) > 0 {
		for i, s := range rs.Stats {
			switch s.ID {
			case BlowAttackers, BlowMargin, BlowArmor, BlowDamage:
				c.bad(fmt.Sprintf("stats[%d].id", i), "%q clashes with a name blows read (%s, %s, %s, %s): choose another id", s.ID,
					BlowAttackers, BlowMargin, BlowArmor, BlowDamage)
			}
		}
	}
	seen := map[string]bool{}
	for i, b := range rs.Blows {
		p := fmt.Sprintf("blows[%d]", i)
		c.id(p+".id", b.ID, seen)
		if b.Name == "" {
			c.bad(p+".name", "a blow needs a name")
		}
		if b.Action != "" && !c.actions[b.Action] {
			c.bad(p+".action", "unknown action %q", b.Action)
		}
		ch, ok := rs.Check(b.Check)
		switch {
		case b.Check == "":
			c.bad(p+".check", "a blow needs its attack: one of the ruleset's checks")
		case !ok:
			c.bad(p+".check", "unknown check %q", b.Check)
		}
		c.blowFormula(p+".target", b.Target, blowNames{}, false)
		if b.Weapon != nil {
			for _, e := range c.rs.ValidateWeapon(p+".weapon", b.Weapon.Weapon()) {
				c.bad(e.Path, "%s", e.Msg)
			}
		}
		if m := b.Rate; m != "" {
			if _, ok := rs.WeaponField(m); !ok {
				c.bad(p+".rate", "weapons carry no field %q (gear.weapon_fields: %s)", m, strings.Join(rs.weaponFieldIDs(), ", "))
			}
		}
		if m := b.ParryArmor; m != "" {
			if _, ok := rs.WeaponField(m); !ok {
				c.bad(p+".parry_armor", "weapons carry no field %q (gear.weapon_fields: %s)", m, strings.Join(rs.weaponFieldIDs(), ", "))
			}
		}
		if m := b.Malfunction; m != "" {
			if _, ok := rs.WeaponField(m); !ok {
				c.bad(p+".malfunction", "weapons carry no field %q (gear.weapon_fields: %s)", m, strings.Join(rs.weaponFieldIDs(), ", "))
			}
		}
		if a := b.Armor; a != "" && !c.stats[a] {
			c.bad(p+".armor", "unknown stat %q", a)
		}
		c.blowFormula(p+".multiple_attackers", b.MultipleAttackers, blowNames{attackers: true}, false)
		if !b.MultipleAttackers.IsZero() && !slices.Contains(b.MultipleAttackers.Stats(), BlowAttackers) {
			c.bad(p+".multiple_attackers", "a formula of %s, how many strike the one target (\"10 * (%s - 1)\")", BlowAttackers,
				BlowAttackers)
		}
		for _, k := range slices.Sorted(maps.Keys(b.CostsMore)) {
			switch {
			case b.Action == "":
				c.bad(p+".costs_more", "a blow that pays for no action costs nothing more: name its action")
			case !c.pools[k]:
				c.bad(p+".costs_more."+k, "unknown pool %q", k)
			}
			c.blowFormula(p+".costs_more."+k, b.CostsMore[k], blowNames{}, false)
		}
		for _, k := range slices.Sorted(maps.Keys(b.DamageStats)) {
			q := p + ".damage_stats." + k
			if !c.stats[k] {
				c.bad(q, "unknown stat %q", k)
			}
			c.blowFormula(q, b.DamageStats[k], blowNames{}, false)
			for _, name := range b.DamageStats[k].Stats() {
				if strings.HasPrefix(name, TargetPrefix) && !c.stats[name] {
					c.bad(q, "%q: the damage reads the attacker's stats, not the defender's", name)
				}
			}
		}
		c.blowDefence(p, b)
		c.onGuard(p+".on_guard", b)
		c.alsoAs(p+".also_as", b)
		if ok {
			c.blowResults(p, b, ch)
		}
	}
}

// blowNames are the names of the blow itself a formula may read.
type blowNames struct{ attackers, margin, armor, damage bool }

// blowFormula checks a formula of a blow: the attacker's stats, the
// defender's (target_X), the weapon's fields (weapon_X), and the blow's own
// names the place allows; dice only where it may roll them.
func (c *checker) blowFormula(path string, e dice.Expr, own blowNames, rolls bool) {
	for _, name := range e.Stats() {
		switch {
		case name == BlowAttackers && own.attackers, name == BlowMargin && own.margin,
			name == BlowArmor && own.armor, name == BlowDamage && own.damage:
		case name == BlowAttackers || name == BlowMargin || name == BlowArmor || name == BlowDamage:
			c.bad(path, "%q is not read here", name)
		case strings.HasPrefix(name, WeaponPrefix) && !c.stats[name]:
			if _, ok := c.rs.WeaponField(strings.TrimPrefix(name, WeaponPrefix)); !ok {
				c.bad(path, "%q: weapons carry no field %q (gear.weapon_fields: %s)", name, strings.TrimPrefix(name, WeaponPrefix),
					strings.Join(c.rs.weaponFieldIDs(), ", "))
			}
		case slices.Contains(BuiltinStats, strings.TrimPrefix(name, TargetPrefix)):
		case strings.HasPrefix(name, TargetPrefix):
			if !c.stats[strings.TrimPrefix(name, TargetPrefix)] {
				c.bad(path, "%q: the defender has no stat %q", name, strings.TrimPrefix(name, TargetPrefix))
			}
		case !c.stats[name]:
			c.bad(path, "unknown stat %q (the ruleset's stats: %s; the defender's are read as %sX, the weapon's fields as %sX)", name,
				strings.Join(c.rs.statIDs(), ", "), TargetPrefix, WeaponPrefix)
		}
	}
	if !rolls && e.HasDice() {
		c.bad(path, "is worked out, not rolled")
	}
}

// blowDefence checks how a blow is defended against.
func (c *checker) blowDefence(p string, b Blow) {
	d := b.Defence
	q := p + ".defence"
	if d.Kind == "" {
		c.bad(q+".kind", "say how the blow is defended against: %s", strings.Join(kindNames(DefenceKinds), ", "))
	} else {
		oneOf(c, q+".kind", d.Kind, DefenceKinds)
	}
	check := d.Kind == DefenceCheck
	switch {
	case d.Kind == DefenceStat && d.Stat == "":
		c.bad(q+".stat", "name the defender's stat the attack must reach")
	case d.Stat != "" && d.Kind != DefenceStat:
		c.bad(q+".stat", "only a defence of kind stat has a stat")
	case d.Stat != "" && !c.stats[d.Stat]:
		c.bad(q+".stat", "unknown stat %q", d.Stat)
	case d.Stat != "" && !b.Target.IsZero():
		c.bad(q+".stat", "the defender's stat is the attack's target number: leave out the blow's target")
	}
	if check && len(d.Checks) == 0 {
		c.bad(q+".checks", "name the checks the defender may answer with")
	}
	if !check && len(d.Checks) > 0 {
		c.bad(q+".checks", "only a defence of kind check has checks")
	}
	for j, id := range d.Checks {
		switch _, ok := c.rs.Check(id); {
		case !ok:
			c.bad(fmt.Sprintf("%s.checks[%d]", q, j), "unknown check %q", id)
		case id == b.Check:
			c.bad(fmt.Sprintf("%s.checks[%d]", q, j), "the attack's own check does not answer it")
		case slices.Contains(d.Checks[:j], id):
			c.bad(fmt.Sprintf("%s.checks[%d]", q, j), "%q is named twice", id)
		}
	}
	switch {
	case check && d.Compare == "":
		c.bad(q+".compare", "say how the defence is compared with the attack: %s", strings.Join(kindNames(BlowCompares), ", "))
	case check:
		oneOf(c, q+".compare", d.Compare, BlowCompares)
	case d.Compare != "":
		c.bad(q+".compare", "only a defence of kind check is compared")
	}
	if !d.Target.IsZero() && !check {
		c.bad(q+".target", "only a defence of kind check has a target of its own")
	}
	c.blowFormula(q+".target", d.Target, blowNames{}, false)
	if d.TypedOn != "" && !check {
		c.bad(q+".typed_on", "only a defence of kind check has a number of its own for the attack's typed modifier")
	}
	if d.Usual != "" && !slices.Contains(d.Checks, d.Usual) {
		c.bad(q+".usual", "%q is not one of the checks that answer it (checks)", d.Usual)
	}
	if len(d.SkipAfter) > 0 && !check {
		c.bad(q+".skip_after", "only a defence of kind check is rolled, or not")
	}
	if len(d.SkipAfter) > 0 && d.Compare == CompareTarget {
		c.bad(q+".skip_after", "a defence added to the attack's target is rolled first, whatever the attack")
	}
	if ch, ok := c.rs.Check(b.Check); ok {
		for j, id := range d.SkipAfter {
			if !slices.ContainsFunc(ch.Outcomes, func(o Outcome) bool { return o.ID == id }) {
				c.bad(fmt.Sprintf("%s.skip_after[%d]", q, j), "%q is no outcome of %s", id, ch.Name)
			}
		}
	}
}

// blowPair is a way a blow's attack and defence can come out: the attack's
// outcome and the defence's ("": none rolled).
type blowPair struct{ attack, defence string }

// blowPairs are every way a blow's attack and defence can come out.
func (c *checker) blowPairs(b Blow, ch Check) []blowPair {
	var answers []string
	for _, id := range b.Defence.Checks {
		if x, ok := c.rs.Check(id); ok {
			for _, o := range x.Outcomes {
				if !slices.Contains(answers, o.ID) {
					answers = append(answers, o.ID)
				}
			}
		}
	}
	var out []blowPair
	for _, o := range ch.Outcomes {
		out = append(out, blowPair{o.ID, ""})
		if b.Defence.Kind == DefenceCheck && !slices.Contains(b.Defence.SkipAfter, o.ID) {
			for _, a := range answers {
				out = append(out, blowPair{o.ID, a})
			}
		}
	}
	return out
}

// holds reports whether a result is tried for a pair (margin aside).
func (r BlowResult) holds(pair blowPair) bool { return r.Matches(pair.attack, pair.defence) }

// Matches reports whether a result is tried for the attack's outcome and
// the defence's ("": none rolled), its margin aside.
func (r BlowResult) Matches(attack, defence string) bool {
	switch {
	case len(r.Attack) > 0 && !slices.Contains(r.Attack, attack):
		return false
	case r.Unanswered && defence != "":
		return false
	case len(r.Defence) > 0 && !slices.Contains(r.Defence, defence):
		return false
	}
	return true
}

// blowResults checks a blow's results in order: each names what its attack
// and defence can come to, can still come up when its turn comes, and does
// what the engine does; together they leave no way without a result.
func (c *checker) blowResults(p string, b Blow, ch Check) {
	rs := c.rs
	pairs := c.blowPairs(b, ch)
	taken := map[blowPair]bool{}
	armor := rs.ArmorStat(b)
	var answers []string
	for _, pr := range pairs {
		if pr.defence != "" && !slices.Contains(answers, pr.defence) {
			answers = append(answers, pr.defence)
		}
	}
	byMargin := b.Defence.Kind != DefenceCheck || b.Defence.Compare == CompareMargin || b.Defence.Compare == CompareTarget
	if len(b.Results) == 0 {
		c.bad(p+".results", "a blow needs its results: what each way it comes out does")
	}
	for j, r := range b.Results {
		q := fmt.Sprintf("%s.results[%d]", p, j)
		for k, id := range r.Attack {
			if !slices.ContainsFunc(ch.Outcomes, func(o Outcome) bool { return o.ID == id }) {
				c.bad(fmt.Sprintf("%s.attack[%d]", q, k), "%q is no outcome of %s", id, ch.Name)
			}
		}
		for k, id := range r.Defence {
			if !slices.Contains(answers, id) {
				c.bad(fmt.Sprintf("%s.defence[%d]", q, k), "%q is no outcome of the checks that answer it", id)
			}
		}
		switch {
		case r.Unanswered && b.Defence.Kind != DefenceCheck:
			c.bad(q+".unanswered", "only a defence by check is answered, or not")
		case r.Unanswered && len(r.Defence) > 0:
			c.bad(q+".unanswered", "a result for no defence rolled lists no defence's outcomes")
		}
		for k, id := range r.Chosen {
			if !slices.ContainsFunc(ch.Modifiers, func(m CheckModifier) bool { return m.ID == id }) {
				c.bad(fmt.Sprintf("%s.chosen[%d]", q, k), "%q is no modifier of %s", id, ch.Name)
			}
		}
		margins := !r.MarginAtLeast.IsZero() || !r.MarginAtMost.IsZero()
		if margins && !byMargin {
			c.bad(q+".margin_at_least", "a defence compared by the matrix has no margin: compare = \"margin\"")
		}
		c.blowFormula(q+".margin_at_least", r.MarginAtLeast, blowNames{}, false)
		c.blowFormula(q+".margin_at_most", r.MarginAtMost, blowNames{}, false)
		comes := false
		for _, pr := range pairs {
			if r.holds(pr) && !taken[pr] {
				comes = true
			}
		}
		if !comes {
			at := q
			switch {
			case len(r.Attack) > 0:
				at += ".attack"
			case len(r.Defence) > 0:
				at += ".defence"
			case r.Unanswered:
				at += ".unanswered"
			}
			c.bad(at, "never comes up: the results before it take every way it could match")
		}
		if !margins && len(r.Chosen) == 0 {
			for _, pr := range pairs {
				if r.holds(pr) {
					taken[pr] = true
				}
			}
		}
		c.blowResult(q, b, r, armor)
	}
	var missing []string
	for _, pr := range pairs {
		if !taken[pr] {
			d := pr.defence
			if d == "" {
				d = "no defence"
			}
			missing = append(missing, pr.attack+" against "+d)
		}
	}
	if len(missing) > 0 && len(b.Results) > 0 {
		c.bad(p+".results", "some blows would have no result: %s (each needs a result with no margin bounds)", strings.Join(missing, ", "))
	}
}

// blowResult checks what one result does.
func (c *checker) blowResult(q string, b Blow, r BlowResult, armor string) {
	if r.Text == "" {
		c.bad(q+".text", "a result needs its words")
	}
	if r.Damage == "" {
		c.bad(q+".damage", "say what damage it does: %s", strings.Join(kindNames(DamageModes), ", "))
	} else {
		oneOf(c, q+".damage", r.Damage, DamageModes)
	}
	hits := r.Damage != "" && r.Damage != DamageNone
	if hits && c.rs.Recorded() {
		c.recordedDamage(q)
	}
	switch {
	case r.Armor != "" && !hits:
		c.bad(q+".armor", "no damage, no armour against it")
	case r.Armor != "" && armor == "":
		c.bad(q+".armor", "the ruleset has no armour stat (set the blow's armor or hp.armor)")
	case r.Armor == "" && hits && armor != "":
		c.bad(q+".armor", "say what %s does against the damage: %s", armor, strings.Join(kindNames(ArmorModes), ", "))
	case r.Armor != "":
		oneOf(c, q+".armor", r.Armor, ArmorModes)
	}
	switch {
	case r.Armor == ArmorReduced && r.ArmorAs.IsZero():
		c.bad(q+".armor_as", "say what the armour counts for: a formula of %s (\"%s / 2\")", BlowArmor, BlowArmor)
	case r.Armor != ArmorReduced && !r.ArmorAs.IsZero():
		c.bad(q+".armor_as", "only reduced armour counts for something else")
	}
	c.blowFormula(q+".armor_as", r.ArmorAs, blowNames{armor: true}, false)
	switch {
	case r.AtGuard && !hits:
		c.bad(q+".at_guard", "no damage to strike the weapon or shield with")
	case r.AtGuard && c.rs.Recorded():
		c.bad(q+".at_guard", "a wound record keeps no weapon's hit points to strike")
	}
	// A blow held against the parrying item rolls its damage, shaped as
	// the result's effects say, though the result does none.
	held := slices.ContainsFunc(r.Effects, func(e BlowEffect) bool { return e.GuardResists != "" })
	for k, e := range r.Effects {
		c.blowEffect(fmt.Sprintf("%s.effects[%d]", q, k), b, e, hits, held)
		if e.CutsFree {
			c.cutsFree(fmt.Sprintf("%s.effects[%d].cuts_free", q, k), r, e)
		}
	}
}

// blowEffect checks that an effect of a blow does one thing, with the keys
// that thing reads, where it can.
func (c *checker) blowEffect(p string, b Blow, e BlowEffect, hits, held bool) {
	rs := c.rs
	if e.To == "" {
		c.bad(p+".to", "say who it falls on: %s (the attacker) or %s (the defender)", ToActor, ToTarget)
	} else {
		oneOf(c, p+".to", e.To, Sides)
	}
	var does []string
	for i, set := range []bool{e.Give != "", e.Take != "", e.Stun != "", e.Wound != 0, e.Armor != 0, e.Check != "", e.Missile != "",
		e.Weapon != "", e.WeaponDamage != 0, e.Impale, e.Crush, !e.ExtraDice.IsZero(), !e.Knockback.IsZero(), e.GuardResists != ""} {
		if set {
			does = append(does, blowEffectKeys[i])
		}
	}
	switch len(does) {
	case 0:
		c.bad(p, "an effect does one thing: %s (this one does none)", strings.Join(blowEffectKeys, ", "))
	case 1:
	default:
		// At the second thing it does: the first was the effect's.
		c.bad(p+"."+does[1], "an effect does one thing: %s (this one does %s)", strings.Join(blowEffectKeys, ", "), strings.Join(does,
			" and "))
	}
	for key, kinds := range map[string][]string{"weapon_kinds": e.WeaponKinds, "weapon_not": e.WeaponNot} {
		for j, k := range kinds {
			if _, ok := rs.WeaponKind(k); !ok {
				c.bad(fmt.Sprintf("%s.%s[%d]", p, key, j), "unknown weapon kind %q (gear.weapon_kinds: %s)", k,
					strings.Join(rs.weaponKindIDs(), ", "))
			}
		}
	}
	for key, kinds := range map[string][]string{"guard_kinds": e.GuardKinds, "guard_not": e.GuardNot} {
		for j, k := range kinds {
			if _, ok := rs.WeaponKind(k); !ok {
				c.bad(fmt.Sprintf("%s.%s[%d]", p, key, j), "unknown weapon kind %q (gear.weapon_kinds: %s)", k,
					strings.Join(rs.weaponKindIDs(), ", "))
			}
		}
		if len(kinds) > 0 && b.Defence.Kind != DefenceCheck {
			c.bad(p+"."+key, "no weapon answers a blow the defender does not roll against (defence.kind = \"check\")")
		}
	}
	if e.DefenceCheck != "" && !slices.Contains(b.Defence.Checks, e.DefenceCheck) {
		c.bad(p+".defence_check", "%q is not one of the checks that answer the blow", e.DefenceCheck)
	}
	// The ones a check's outcome does too, checked as there.
	common := CheckEffect{To: e.To, Give: e.Give, Duration: e.Duration, Rounds: e.Rounds, Take: e.Take, Stun: e.Stun, Wound: e.Wound,
		Armor: e.Armor}
	c.checkEffectKeys(p, common)
	if e.Check != "" {
		if _, ok := rs.Check(e.Check); !ok {
			c.bad(p+".check", "unknown check %q", e.Check)
		}
	}
	if e.Missile != "" {
		if _, ok := rs.Missile(e.Missile); !ok {
			c.bad(p+".missile", "unknown missile %q", e.Missile)
		}
	}
	if e.Grievous && e.Missile == "" {
		c.bad(p+".grievous", "only a missile left stuck is grievous")
	}
	if e.Weapon != "" {
		oneOf(c, p+".weapon", e.Weapon, WeaponFates)
	}
	if e.Lodges != "" && (e.Weapon != FateStuck || e.To != ToActor) {
		c.bad(p+".lodges", "what the attacker's weapon shoots lodges with it stuck: weapon = %q, to = %q", FateStuck, ToActor)
	}
	if e.WeaponDamage < 0 || e.WeaponDamage > 1000 {
		c.bad(p+".weapon_damage", "between 1 and 1000")
	}
	if e.BreaksThrough {
		switch {
		case e.WeaponDamage == 0:
			c.bad(p+".breaks_through", "only points off a weapon (weapon_damage) break it")
		case e.To == ToActor && hits:
			c.bad(p+".breaks_through", "the result strikes the defender already: on the attacker, it is for a result that does no damage")
		case e.To == ToTarget && !hits:
			c.bad(p+".breaks_through", "the result does no damage for the parrying weapon to let through")
		case e.To == ToTarget && b.ParryArmor == "":
			c.bad(p+".breaks_through", "the parrying weapon's points take the place of its armour (parry_armor): name it")
		}
	}
	if shaped := e.shapedBy(); shaped != "" {
		switch {
		case !hits && !(held && shaped != "knockback"):
			c.bad(p+"."+shaped, "the result does no damage for it to change")
		case e.To != ToTarget && e.To != "":
			c.bad(p+".to", "it is the damage the defender takes: to = %q", ToTarget)
		}
	}
	if e.Through {
		switch {
		case !hits:
			c.bad(p+".through", "the result does no damage to get through the armour")
		case e.To != ToTarget && e.To != "" && e.Weapon == "":
			c.bad(p+".through", "through reads the damage the defender takes: to = %q (or the attacker's weapon)", ToTarget)
		case e.Impale || e.Crush || !e.ExtraDice.IsZero():
			c.bad(p+".through", "an effect on the damage itself comes before the armour")
		}
	}
	if !e.CrushNone.IsZero() && !e.Crush {
		c.bad(p+".crush_none", "only a crush has a bonus for none")
	}
	c.blowFormula(p+".crush_none", e.CrushNone, blowNames{}, true)
	c.blowFormula(p+".extra_dice", e.ExtraDice, blowNames{margin: true}, false)
	switch {
	case e.ExtraDie != 0 && e.ExtraDice.IsZero():
		c.bad(p+".extra_die", "only extra_dice have a die")
	case e.ExtraDie < 0 || e.ExtraDie == 1 || e.ExtraDie > 1000:
		c.bad(p+".extra_die", "the sides of a die: 2 to 1000")
	}
	c.blowFormula(p+".knockback", e.Knockback, blowNames{damage: true}, false)
	c.guardResists(p, e)
}

// guardResists checks a blow held against the parrying item: on the
// defender, with a parry, for a check whose outcomes settle it.
func (c *checker) guardResists(p string, e BlowEffect) {
	if e.GuardResists == "" {
		return
	}
	ch, ok := c.rs.Check(e.GuardResists)
	switch {
	case !ok:
		c.bad(p+".guard_resists", "unknown check %q", e.GuardResists)
	case e.To != ToTarget && e.To != "":
		c.bad(p+".to", "it is the defender's parrying item that holds the blow: to = %q", ToTarget)
	case e.DefenceCheck == "":
		c.bad(p+".guard_resists", "only a parried blow is held by the item it was parried with: name the parry (defence_check)")
	case e.Through:
		c.bad(p+".through", "a blow held against the item gets nothing through the armour yet")
	case !slices.ContainsFunc(ch.Outcomes, func(o Outcome) bool {
		return slices.ContainsFunc(o.Effects, func(x CheckEffect) bool { return x.HeldBlow != "" })
	}):
		c.bad(p+".guard_resists", "%s settles no held blow: give its outcomes a held_blow effect", ch.Name)
	}
}

// blowEffectKeys are the keys of the one thing a blow's effect does.
var blowEffectKeys = []string{"give", "take", "stun", "wound", "armor", "check", "missile", "weapon", "weapon_damage", "impale",
	"crush", "extra_dice", "knockback", "guard_resists"}

// shapedBy is the key of an effect on the damage itself ("": none).
func (e BlowEffect) shapedBy() string {
	switch {
	case e.Impale:
		return "impale"
	case e.Crush:
		return "crush"
	case !e.ExtraDice.IsZero():
		return "extra_dice"
	case !e.Knockback.IsZero():
		return "knockback"
	}
	return ""
}

// checkEffectKeys checks the keys of an effect a check's outcome and a
// blow's result share: the condition given or taken and how long, stun, a
// wound, armour lost.
func (c *checker) checkEffectKeys(p string, e CheckEffect) {
	rs := c.rs
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
}

// alsoAs checks another way to make a blow.
func (c *checker) alsoAs(p string, b Blow) {
	a := b.AlsoAs
	if a == nil {
		return
	}
	switch {
	case a.Action == "":
		c.bad(p+".action", "name the action that pays for the blow made this way")
	case a.Action == b.Action:
		c.bad(p+".action", "%q is the blow's own action: name another", a.Action)
	default:
		c.ref(p+".action", "action", a.Action, c.actions)
	}
	if strings.TrimSpace(a.Name) == "" {
		c.bad(p+".name", "say how the list names the blow made this way (\"as a Swift attack\")")
	}
	if a.KeepsOnGuard && b.OnGuard.Unless == "" {
		c.bad(p+".keeps_on_guard", "the blow has no on_guard to keep")
	}
}

// onGuard checks what a blow does at a defender on guard.
func (c *checker) onGuard(p string, b Blow) {
	g := b.OnGuard
	if g.Unless == "" {
		if len(g.Modifiers) > 0 || g.Gives != "" {
			c.bad(p+".unless", "name the condition a defender on guard does not hold (Energy: exposed)")
		}
		return
	}
	c.ref(p+".unless", "condition", g.Unless, c.conds)
	c.ref(p+".gives", "condition", g.Gives, c.conds)
	if len(g.Modifiers) == 0 && g.Gives == "" {
		c.bad(p, "say what it does: modifiers of the defender's answer, or a condition the attacker gets (gives)")
	}
	for i, id := range g.Modifiers {
		if b.Defence.Kind != DefenceCheck {
			c.bad(p+".modifiers", "the defender rolls no answer to take modifiers (defence.kind = \"check\")")
			return
		}
		for _, a := range b.Defence.Checks {
			if ch, ok := c.rs.Check(a); ok {
				if _, ok := ch.Modifier(id); !ok {
					c.bad(fmt.Sprintf("%s.modifiers[%d]", p, i), "%s has no modifier %q", ch.Name, id)
				}
			}
		}
	}
}

// cutsFree checks an effect's cuts_free: a condition taken off the
// attacker, in a result that strikes the defender's weapon or shield.
func (c *checker) cutsFree(p string, r BlowResult, e BlowEffect) {
	switch {
	case !r.AtGuard:
		c.bad(p, "only a result that strikes the defender's weapon or shield (at_guard) cuts through it")
	case e.Take == "" || e.To != ToActor:
		c.bad(p, "it frees the attacker: a condition taken (take) with to = %q", ToActor)
	}
}
