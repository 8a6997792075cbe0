package rules

import (
	"reflect"
	"slices"

	"fray/engine/dice"
)

// Blow is an attack from start to finish, as data: the attacker's check,
// the defence, and for each way they come out the damage, the armour and
// the effects on either side. One key runs it in the tracker (A), and
// `fray roll --blow` runs it without a fight.
//
// Its formulas read the attacker's stats by their ids, the defender's as
// target_X and the fields of the weapon that strikes as weapon_X
// (weapon_skill); a few read a number of the blow itself: attackers (how
// many strike the one target), margin (how far the attack made it),
// armor (the armour where the blow lands) and damage (the damage rolled,
// before armour).
type Blow struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Summary string `toml:"summary"`
	// Action is the ruleset's action a blow pays for from the attacker's
	// pools, as m would ("": a blow pays nothing, it is the step's action).
	Action string `toml:"action"`
	// Check is the attack: the ruleset's check the attacker rolls.
	Check string `toml:"check"`
	// Weapon, when set, is what the blow strikes with in place of a weapon
	// carried (Energy's unarmed attack: fists, damage "max(masab, 1)").
	Weapon *BlowWeapon `toml:"weapon"`
	// Target, when set, is the attack's target number in place of the
	// check's own ("weapon_skill": the skill with the weapon in hand).
	Target dice.Expr `toml:"target"`
	// Armor is the defender's stat the damage is taken off (hp.armor when
	// it is not set); pieces of armour add to it where they cover.
	Armor string `toml:"armor"`
	// Malfunction is a weapon field: a weapon that gives it more than 0
	// jams when the attack's dice come to it or more, whatever the skill,
	// after the blow's result (a fumble's stray hit comes first); it is
	// readied again by hand (BRP's musket at 95, l.218-226).
	Malfunction string `toml:"malfunction"`
	// ParryArmor is a weapon field: where a parry succeeded and the blow
	// still gets through with armour counting, the parrying weapon's or
	// shield's value is taken off too, before the body's (BRP l.461).
	ParryArmor string `toml:"parry_armor"`
	// Rate is a weapon field: a weapon that gives it more than 1 strikes
	// once in that many rounds (a crossbow every other round: BRP's Attk
	// column, l.502); a blow with it sooner is refused.
	Rate string `toml:"rate"`
	// MultipleAttackers is added to the attack when several strike one
	// target together: a formula of attackers ("10 * (attackers - 1)").
	MultipleAttackers dice.Expr `toml:"multiple_attackers"`
	// CostsMore is added to the cost of the blow's action, pool by pool: a
	// formula of the attacker's stats, the defender's as target_X and the
	// weapon's fields (Energy: a shot with a bow one is not proficient
	// with costs 1 Energy more).
	CostsMore map[string]dice.Expr `toml:"costs_more"`
	// DamageStats are the attacker's stats as this blow's damage reads
	// them, each a formula of its stats and the weapon's fields (Energy's
	// throw: masdb = "0", a thrown weapon's damage is its roll without the
	// melee damage bonus its formula adds in hand).
	DamageStats map[string]dice.Expr `toml:"damage_stats"`
	// Penetration, on a wound record, is what the damage left after the
	// armour must exceed for the wound to be penetrating (a cut or a
	// puncture) rather than blunt: a formula of the defender's stats as
	// target_X, with its armour where the blow lands, and the weapon's
	// ("target_pen_threshold - weapon_pen").
	Penetration dice.Expr `toml:"penetration"`
	// Defence is what the defender does against it.
	Defence BlowDefence `toml:"defence"`
	// OnGuard is what the blow does at a defender on guard: one not holding
	// the condition Unless (Energy's Combat Maneuver at one not Exposed).
	OnGuard OnGuard `toml:"on_guard"`
	// AlsoAs, when set, is another way to make the blow: paid for by
	// another action, and then without OnGuard unless it is kept (Energy:
	// a Combat Maneuver made as a Swift Attack, l.481-485, 553).
	AlsoAs *BlowAlso `toml:"also_as"`
	// Results say what the attack and the defence come to, tried in order:
	// the first that matches is the blow's.
	Results []BlowResult `toml:"results"`
}

// OnGuard is what a blow does at a defender that does not hold the
// condition Unless as the blow begins: its answer is rolled with the
// Modifiers of its check chosen, and the attacker is given the condition
// Gives once the blow is done (Energy: a Combat Maneuver at one not
// Exposed gives it Advantage on its Evasion roll and leaves the attacker
// Unguarded).
type OnGuard struct {
	Unless    string   `toml:"unless"`
	Modifiers []string `toml:"modifiers"`
	Gives     string   `toml:"gives"`
}

// BlowAlso is another way to make a blow: the action that pays for it
// then, the words the blow's name takes ("as a Swift attack"), and whether
// the blow's on_guard still holds made so.
type BlowAlso struct {
	Action       string `toml:"action"`
	Name         string `toml:"name"`
	KeepsOnGuard bool   `toml:"keeps_on_guard"`
}

// BlowWeapon is what a blow strikes with of itself: a name, its damage (a
// formula of the attacker's stats) and its kinds.
type BlowWeapon struct {
	Name   string    `toml:"name"`
	Damage dice.Expr `toml:"damage"`
	Kinds  []string  `toml:"kinds"`
}

// Weapon is the blow's own weapon as a weapon carried would be.
func (w BlowWeapon) Weapon() Weapon { return Weapon{Name: w.Name, Damage: w.Damage, Kinds: w.Kinds} }

// BlowDefence is how a blow is defended against: not at all (the attack's
// check may read the defender's stats: countdown's SC - target_DEF), by a
// stat of the defender's that is the attack's target number, or by the
// defender's own check, which the matrix of results or the margin between
// the two rolls compares with the attack.
type BlowDefence struct {
	Kind DefenceKind `toml:"kind"`
	// Stat (kind stat) is the defender's stat the attack must reach.
	Stat string `toml:"stat"`
	// Checks (kind check) are the checks the defender may answer with, as
	// it chooses (or none).
	Checks []string `toml:"checks"`
	// Compare (kind check) says how the two rolls decide the result.
	Compare BlowCompare `toml:"compare"`
	// Target (kind check), when set, is the defence's target number in
	// place of its check's own: a formula of the defender's stats, the
	// attacker's as target_X and the attacking weapon's as weapon_X
	// (Energy: the attacker's fixed Attack Value).
	Target dice.Expr `toml:"target"`
	// SkipAfter are the attack's outcomes after which the defender does
	// not roll (BRP: an attack that fails needs no parry).
	SkipAfter []string `toml:"skip_after"`
	// Usual (kind check) is the answer the defender makes unless the GM
	// says otherwise, one of Checks: the blow's dialog opens on it (Energy:
	// an attack that names no Defense targets Evasion).
	Usual string `toml:"usual"`
	// TypedOn (kind check), when set, names the number the attack's own
	// typed modifier changes in place of the attack's roll: the defence's
	// target (Energy's AV: a -3 typed lowers the AV the Evasion roll is
	// held against), or, where the defence is rolled first and raises the
	// attack's target (compare target), that target the other way (-3 AV
	// is +3 Miss Chance). The typed modifier is then a number, not dice.
	TypedOn string `toml:"typed_on"`
}

// BlowResult is one way a blow comes out: the attack's outcomes and the
// defence's it holds for (none listed: any), whether no defence was rolled,
// and the margin; what it does: its words, the damage, the armour, and the
// effects on either side.
type BlowResult struct {
	Attack  []string `toml:"attack"`
	Defence []string `toml:"defence"`
	// Unanswered: only when the defender rolled no defence.
	Unanswered bool `toml:"unanswered"`
	// Chosen: only when one of these modifiers of the attack's check was
	// picked for the blow; a result with none of them chosen passes to the
	// next (BRP's critical that lands taken as a special instead, the
	// attacker's choice in the matrix's rows where it lands, l.232-233).
	Chosen []string `toml:"chosen"`
	// MarginAtLeast and MarginAtMost bound the margin: how far the attack
	// made its target (a roll-under check: the target less the total), or,
	// against a defence compared by margin, the attack's total less the
	// defence's.
	MarginAtLeast dice.Expr  `toml:"margin_at_least"`
	MarginAtMost  dice.Expr  `toml:"margin_at_most"`
	Text          string     `toml:"text"`
	Damage        DamageMode `toml:"damage"`
	Armor         ArmorMode  `toml:"armor"`
	// ArmorAs (armor reduced) is what the armour counts for: a formula of
	// armor ("armor / 2").
	ArmorAs dice.Expr `toml:"armor_as"`
	// Penetrates: on a wound record, the wound this result makes is
	// penetrating whatever the armour (War & Combat's critical hit).
	Penetrates bool `toml:"penetrates"`
	// AtGuard: the damage strikes the defender's parrying weapon or shield
	// (the one it parried with, or, unanswered, the one the blow is aimed
	// at: Blow.Guard): its parry_armor comes off, the rest off its hit
	// points, and only what goes past them strikes the defender, its armour
	// counting as the result says (BRP's attack on a shield, l.490).
	AtGuard bool         `toml:"at_guard"`
	Effects []BlowEffect `toml:"effects"`
}

// AtGuard reports whether any of the blow's results strikes the
// defender's weapon or shield (at_guard).
func (b Blow) AtGuard() bool {
	return slices.ContainsFunc(b.Results, func(r BlowResult) bool { return r.AtGuard })
}

// BlowEffect is one thing a blow's result does, to the attacker (actor) or
// the defender (target), where the attacking weapon is of every kind in
// WeaponKinds and the defence was DefenceCheck (when they are set). It
// does exactly one thing: a condition given or taken, stun, a bleeding
// wound, armour lost, a check rolled, a missile left stuck, the side's
// weapon dropped, broken or stuck in the other side, damage to the side's
// weapon (the attacker's, or the defender's parrying weapon or shield);
// or, on the damage itself: the weapon's dice doubled (an impale), the
// damage bonus doubled (a crush), more dice, a knockback.
type BlowEffect struct {
	To          Side     `toml:"to"`
	WeaponKinds []string `toml:"weapon_kinds"`
	// WeaponNot: the effect does not hold where the attacking weapon is of
	// any of these kinds (BRP: a bullet's impale lodges nothing, l.389).
	WeaponNot    []string `toml:"weapon_not"`
	DefenceCheck string   `toml:"defence_check"`
	// GuardKinds and GuardNot: the defender's weapon it answered with (its
	// parrying weapon) is of every kind in GuardKinds and of none in
	// GuardNot (BRP: a natural weapon's parry fumbles on the natural
	// weapon table, l.303, a hand weapon's on the parry table).
	GuardKinds []string `toml:"guard_kinds"`
	GuardNot   []string `toml:"guard_not"`

	Give     string   `toml:"give"`
	Duration Duration `toml:"duration"`
	Rounds   int      `toml:"rounds"`
	Take     string   `toml:"take"`
	Stun     string   `toml:"stun"`
	Wound    int      `toml:"wound"`
	Armor    int      `toml:"armor"`
	// Check is rolled by the side against the other (BRP's Stamina against
	// a crushing blow).
	Check string `toml:"check"`
	// Missile is left stuck in the side (Grievous: by a grievous hit).
	Missile  string `toml:"missile"`
	Grievous bool   `toml:"grievous"`
	// Weapon is what becomes of the side's weapon.
	Weapon WeaponFate `toml:"weapon"`
	// Lodges, with Weapon "stuck" on the attacker: not the weapon but what
	// it shoots (an arrow) is stuck in the other side, a weapon of the
	// attacker's named "<weapon> <lodges>" with the weapon's damage and
	// fields, where the blow landed; it never strikes: pulled out, by
	// either side, or its target gone, it is out of the fight (BRP: an
	// arrow stays in the wound, l.387, 391, 395).
	Lodges string `toml:"lodges"`
	// WeaponDamage is taken off the side's weapon's hit points.
	WeaponDamage int `toml:"weapon_damage"`
	// BreaksThrough, with WeaponDamage: when the points break the weapon,
	// the blow gets through (BRP's matrix footnote, l.250). On the
	// attacker, in a result that does no damage: its normal damage strikes
	// the defender all the same, armour counting. On the defender's
	// parrying weapon, in a result that does damage: the points it took to
	// break it come off the damage in place of its armour (parry_armor).
	BreaksThrough bool `toml:"breaks_through"`
	// CutsFree, with Take on the attacker in an at_guard result: the item
	// struck (of the GuardKinds) holds the attacker in the condition taken;
	// where it does, the item broken takes the condition off the attacker,
	// and nothing of the damage goes past it into its holder (BRP: the
	// entangled cuts through the entangling weapon, l.369).
	CutsFree bool `toml:"cuts_free"`
	// Impale rolls the weapon's damage twice (its dice and modifier
	// doubled); the bonus once.
	Impale bool `toml:"impale"`
	// Crush doubles the damage bonus: one only ever negative counts
	// nothing, and none counts CrushNone ("1d4").
	Crush     bool      `toml:"crush"`
	CrushNone dice.Expr `toml:"crush_none"`
	// ExtraDice adds that many dice like the weapon's first ("margin / 5");
	// ExtraDie is the sides of those dice for a weapon whose damage rolls
	// none (War & Combat's flat 1 point: a d3, the impact table's least).
	ExtraDice dice.Expr `toml:"extra_dice"`
	ExtraDie  int       `toml:"extra_die"`
	// Knockback is how far the side is knocked back, in metres: a formula
	// of damage ("damage / 5").
	Knockback dice.Expr `toml:"knockback"`
	// Through: the effect is done only when some of the blow's damage got
	// through the armour to the defender (BRP: a bleeding wound, a crushing
	// blow's Stamina roll, l.333, 347); on the attacker, only what becomes
	// of its weapon (BRP: an impale lodges the weapon only in flesh, l.377).
	Through bool `toml:"through"`
	// GuardResists, on the defender with a parry (defence_check): the
	// blow's damage is rolled as a hit's (the weapon, the bonus, the
	// result's crush or impale), though the result does none, and strikes
	// no one yet: it waits on the parrying weapon or shield for this check,
	// the resistance roll its outcomes' held_blow settle (BRP's crushing
	// special parried, l.349-351).
	GuardResists string `toml:"guard_resists"`
}

// DefenceKind says how a blow is defended against.
type DefenceKind string

// Defence kinds.
const (
	DefenceNone  DefenceKind = "none"  // no defence: the attack's check alone
	DefenceStat  DefenceKind = "stat"  // the defender's stat is the attack's target number
	DefenceCheck DefenceKind = "check" // the defender rolls a check of its own
)

// DefenceKinds are the defence kinds a blow may have.
var DefenceKinds = []DefenceKind{DefenceNone, DefenceStat, DefenceCheck}

// BlowCompare says how a defence by check is compared with the attack.
type BlowCompare string

// Comparisons of an attack and a defence.
const (
	CompareMatrix BlowCompare = "matrix" // the results by the two outcomes
	CompareMargin BlowCompare = "margin" // the attack's total less the defence's
	// CompareTarget: the defence is rolled first and its total added to the
	// attack's target number; the margin is the attack's over that (Energy's
	// Ranged Evasion roll, added to the Miss Chance the Hit roll must reach).
	CompareTarget BlowCompare = "target"
)

// BlowCompares are the comparisons a defence by check may choose.
var BlowCompares = []BlowCompare{CompareMatrix, CompareMargin, CompareTarget}

// DamageMode is the damage a blow's result does.
type DamageMode string

// Damage modes.
const (
	DamageRolled  DamageMode = "rolled"  // the weapon's damage and the bonus rolled
	DamageMaximum DamageMode = "maximum" // the weapon's most, and the bonus rolled
	DamageDoubled DamageMode = "doubled" // rolled, then twice it
	DamageHalved  DamageMode = "halved"  // rolled, then half, rounded down
	DamageNone    DamageMode = "none"    // no damage
)

// DamageModes are the damage modes a result may choose.
var DamageModes = []DamageMode{DamageRolled, DamageMaximum, DamageDoubled, DamageHalved, DamageNone}

// ArmorMode is what the defender's armour does against a result's damage.
type ArmorMode string

// Armour modes.
const (
	ArmorOff      ArmorMode = "off"      // it comes off the damage
	ArmorBypassed ArmorMode = "bypassed" // it is ignored
	ArmorReduced  ArmorMode = "reduced"  // it comes off for what armor_as makes it
)

// ArmorModes are the armour modes a result may choose.
var ArmorModes = []ArmorMode{ArmorOff, ArmorBypassed, ArmorReduced}

// WeaponFate is what an effect makes of a weapon.
type WeaponFate string

// What may become of a weapon.
const (
	FateDropped WeaponFate = "dropped" // on the ground: picked up, it is ready again
	FateBroken  WeaponFate = "broken"  // useless until mended
	FateStuck   WeaponFate = "stuck"   // stuck in the other side until pulled out
)

// WeaponFates are what an effect may make of a weapon.
var WeaponFates = []WeaponFate{FateDropped, FateBroken, FateStuck}

// Names a blow's formulas read besides stats.
const (
	BlowAttackers = "attackers"
	BlowMargin    = "margin"
	BlowArmor     = "armor"
	BlowDamage    = "damage"
)

// Blow returns the ruleset's blow with the id.
func (rs *Ruleset) Blow(id string) (Blow, bool) {
	for _, b := range rs.Blows {
		if b.ID == id {
			return b, true
		}
	}
	return Blow{}, false
}

// ArmorStat is the defender's stat a blow's damage is taken off ("": none).
func (rs *Ruleset) ArmorStat(b Blow) string {
	if b.Armor != "" {
		return b.Armor
	}
	return rs.HP.Armor
}

// Shapes reports whether an effect changes the damage itself, before it
// is rolled, rather than doing something once it is taken.
func (e BlowEffect) Shapes() bool { return e.Impale || e.Crush || !e.ExtraDice.IsZero() }

// BlowOnly says whether a modifier of the check does nothing but choose a
// blow's results (blows.results.chosen): no mod of its own and nothing
// else. Rolled with the check by itself (g) it would change nothing, so it
// is neither offered nor taken there (BRP's critical taken as a special,
// the blow's choice where the critical lands, l.232-233).
func (rs *Ruleset) BlowOnly(check string, md CheckModifier) bool {
	if !md.Mod.IsZero() && md.Mod.String() != "0" {
		return false
	}
	if !reflect.DeepEqual(md, CheckModifier{ID: md.ID, Name: md.Name, Mod: md.Mod}) {
		return false
	}
	for _, b := range rs.Blows {
		if b.Check != check {
			continue
		}
		for _, r := range b.Results {
			if slices.Contains(r.Chosen, md.ID) {
				return true
			}
		}
	}
	return false
}
