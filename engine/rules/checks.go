package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine/dice"
)

// Check is a roll that decides a hit or a save: the dice, the number they
// are compared with, and the outcomes the result falls into, each with what
// it does to the one who rolled (the actor) or to the one it was rolled
// against (the target).
//
// The formulas of a check read the actor's stats by their ids ("SC") and the
// target's with the prefix target_ ("SC - target_DEF"): the dice language
// reads names of letters, digits and _, so a prefix fits it where a dotted
// name would not. The bounds of an outcome also read the target number as
// target ("target / 20").
type Check struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Summary string `toml:"summary"`
	// Roll is rolled: dice, and any stats added to them ("d100oe + SP").
	Roll dice.Expr `toml:"roll"`
	// Target is the number the roll is compared with, worked out from the
	// stats ("SC - target_DEF", "101").
	Target dice.Expr `toml:"target"`
	// Succeeds says how the roll compares with the target to succeed.
	Succeeds Compare `toml:"succeeds"`
	// Outcomes are tried in order; the first that matches is the outcome.
	Outcomes []Outcome `toml:"outcomes"`
	// Penalized: the actor's penalties (hit points lost, injuries) are
	// added to the roll's modifier.
	Penalized bool `toml:"penalized"`
	// ModifiedBands, on a check rolled at or under its target: the
	// modifier moves the outcomes' at_most and at_least bounds as it moves
	// the target (a roll against multiples of a stat, each a target of its
	// own: wounded, every multiple is harder by the same amount).
	ModifiedBands bool `toml:"modified_bands"`
	// Kind is the kind of roll the check is (an attack, a parry, a
	// maneuver ...): the conditions' modifiers and restrictions of that
	// kind reach it. A check of no kind takes none.
	Kind RollKind `toml:"kind"`
	// TargetBonuses, melee or ranged, gives the check what the state of the
	// one it is rolled against gives attackers of that kind (its stun
	// level's attacker bonus, its conditions' melee_bonus or ranged_bonus),
	// though the check is no attack roll of its own (Pathmaster's melee
	// touch, l.375-384: no weapon skill, no dodge, shield or parry met).
	TargetBonuses string `toml:"target_bonuses"`
	// Modifiers are offered as choices when the check is rolled.
	Modifiers []CheckModifier `toml:"modifiers"`
	// Defence marks a parry or a dodge: each one a combatant rolls after
	// its first in a round takes helpers.defence_step more, cumulative.
	Defence bool `toml:"defence"`
	// GuardField, a weapon field, is what a defence rolls at when the
	// weapon it parries with (picked in a blow, else the first ready one)
	// gives that field of its own, in place of Target (BRP: the parry is
	// the skill with the weapon or shield parrying, l.115, 149); a weapon
	// that does not give it, or none, keeps Target.
	GuardField string `toml:"guard_field"`
	// Excludes are the defences it may not be rolled with in the same round
	// (BRP: parries and dodges do not combine), unless the roller fights
	// defensively this round (a free modifier chosen on a defence).
	Excludes []string `toml:"excludes"`
	// Against are the checks the target may answer this one with (parry,
	// dodge): rolled by the target, with its stats, when this one succeeds.
	Against []string `toml:"against"`
	// Matrix names the result of this check's outcome against the
	// answer's (BRP's Attack and Defence Matrix).
	Matrix []MatrixRow `toml:"matrix"`
	// Spends is an action (actions.attack) the check, rolled by one in its
	// own turn with no attack roll left of the attacking actions it spent,
	// spends first as m would (Pathmaster's attack roll made in g spends
	// the Attack); each attacking action pays for one roll (a full round
	// for its strikes, actions.many_rolls for any number). OffTurnSpends is
	// the action such a roll out of one's own turn spends (an Interrupt's
	// attack); none, it is refused.
	// Spends may name an action that does not attack (Pathmaster's Feint,
	// l.507-508): it pays for one roll of this check alone, taken with m
	// or spent by the roll in one's own turn. StrikeInstead: in the middle
	// of a full round of melee strikes, past its first, such a roll takes
	// the next strike in the action's place, with none of the strike's
	// modifier, and what its outcome gives at_foe reaches the strikes left
	// of that round alone (a Feint as an extra attack, l.234-235).
	Spends        string `toml:"spends"`
	OffTurnSpends string `toml:"off_turn_spends"`
	StrikeInstead bool   `toml:"strike_instead"`
	// NeedsAgainst: a defence answering a blow whose weapon is of the
	// kind (a key of the map) must be rolled with one of its modifiers
	// (BRP: a missile is parried with a shield at its base chance, or a
	// thrown weapon with a hand weapon on a special: never at the full
	// parry, l.119, 484, 517).
	NeedsAgainst map[string][]string `toml:"needs_against"`
	// WholeRound: the roll takes the roller's whole round, refused once it
	// has attacked or rolled a defence in the round (BRP: the attacker
	// gives the round to pulling its impaling weapon free, no parry or
	// dodge, l.385, 387).
	WholeRound bool `toml:"whole_round"`
	// HolderNeeds: conditions one of which the roller must hold to roll
	// the check, refused naming them otherwise and not offered in g (BRP:
	// the Stamina roll that stabilises a head blow, l.595, and the one
	// that stops a belly or chest wound's bleeding, l.592-593).
	HolderNeeds []string `toml:"holder_needs"`
	// ByTick: the check is rolled only by the ticks of effect "check" that
	// name it, as their moment comes, for those holding their condition;
	// g refuses it and does not offer it (BRP: the staunching Stamina roll
	// is made once a round, as the round ends, by one with a hand on the
	// wound, l.335).
	ByTick bool `toml:"by_tick"`
}

// MatrixRow is the result of an outcome of a check (Attack) against an
// outcome of its answer (Defence; "" when there was none to roll).
type MatrixRow struct {
	Attack  string `toml:"attack"`
	Defence string `toml:"defence"`
	Text    string `toml:"text"`
}

// Row returns the matrix row for an outcome against an answer's ("": none).
func (ch Check) Row(attack, defence string) (MatrixRow, bool) {
	for _, r := range ch.Matrix {
		if r.Attack == attack && r.Defence == defence {
			return r, true
		}
	}
	return MatrixRow{}, false
}

// Outcome is one result of a check. It matches a roll when every band it
// sets holds: the faces, the bounds of the total, the row of its table, and
// whether the roll succeeded.
type Outcome struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Summary string `toml:"summary"`
	// Result limits the outcome to rolls that succeeded or failed.
	Result Result `toml:"result"`
	// Fails: the roll is a failure when this outcome comes up, whatever
	// it was against the target (BRP's 00 fumbles at a skill of 100 or
	// more: the roll is under the skill, and fails).
	Fails bool `toml:"fails"`
	// Faces are what the dice first showed, before explosions, open-ended
	// rolls and modifiers: "20", "1..3", "96..100".
	Faces Span `toml:"faces"`
	// AtMost and AtLeast bound the total: "target / 20", "0", "target + 5".
	AtMost  dice.Expr `toml:"at_most"`
	AtLeast dice.Expr `toml:"at_least"`
	// Table is keyed on the target number: the row with the greatest From
	// at or below it says the total it takes (UpTo or less). A target below
	// the first row matches nothing.
	Table []TargetRow `toml:"table"`
	// Effects are done, in order, when the outcome comes up.
	Effects []CheckEffect `toml:"effects"`
	// Unless are modifiers of the check: chosen, any of them keeps the
	// outcome from coming up (a natural 04-05 sends a shot into melee to a
	// friend, unless the shooter is a specialist).
	Unless []string `toml:"unless"`
}

// TargetRow is a row of an outcome's table: from target number From up, a
// total of UpTo or less.
type TargetRow struct {
	From int `toml:"from"`
	UpTo int `toml:"upto"`
}

// CheckEffect is one thing an outcome does, to the actor or the target:
// exactly one of give or take a condition, stun, a bleeding wound, damage.
type CheckEffect struct {
	To Side `toml:"to"`
	// Give gives a condition: for its own duration, for Rounds rounds, or
	// for Duration (to the end of this round or the next).
	Give     string   `toml:"give"`
	Duration Duration `toml:"duration"`
	Rounds   int      `toml:"rounds"`
	// Take takes a condition away.
	Take string `toml:"take"`
	// Stun gives Rounds rounds of a level of the stun ladder.
	Stun string `toml:"stun"`
	// Wound opens a wound that bleeds this many hits a round.
	Wound int `toml:"wound"`
	// Damage is rolled (with the check's stats) and taken from hit points;
	// with Bare, armour does not stop it (BRP's 1D3 of a failed pull at an
	// impaling weapon, l.391).
	Damage dice.Expr `toml:"damage"`
	Bare   bool      `toml:"bare"`
	// Armor lowers the stat hp.armor by this much until repaired (a
	// grievous hit: 1).
	Armor int `toml:"armor"`
	// Pool is changed: Gain added (a loss when negative) within 0 and its
	// capacity, or raised to AtLeast (waking with 1 Stamina).
	Pool    string `toml:"pool"`
	Gain    int    `toml:"gain"`
	AtLeast int    `toml:"at_least"`
	// MoveAfter starts the side's movement this many segments after its
	// last action this round, at half the rate, and its actions after that
	// are lost (countdown's attack and move).
	MoveAfter int `toml:"move_after"`
	// Lose takes this many actions from the side, as lost_actions says
	// (War & Combat's Fumble?: one action lost this round).
	Lose int `toml:"lose"`
	// Interrupt interrupts the spell the side has under way: the spell and
	// its action are lost (countdown: one forced to move under no movement).
	Interrupt bool `toml:"interrupt"`
	// Weapon is what becomes of the side's weapon in hand, its first ready
	// one: dropped (Energy's Disarm) or broken.
	Weapon WeaponFate `toml:"weapon"`
	// WeaponKinds, with weapon: the fate falls on the side's first ready
	// weapon of one of these kinds, its first ready one where none is
	// (BRP: the entangled wrenches away the entangling weapon, l.369).
	WeaponKinds []string `toml:"weapon_kinds"`
	// PullsOut frees the weapons stuck between the side and the other side
	// of the check (rolled with no target: anyone): the side's own stuck in
	// the other are in its hand again, ready; the other's stuck in the side
	// are out, in the side's hands, ready (BRP's impaling weapon pulled back out by its
	// wielder, or out of the wound by the impaled, l.383-389).
	PullsOut bool `toml:"pulls_out"`
	// Lands rolls how far from the side what it dropped lands, logged with
	// Unit and Where ("m"; "in a random direction"): War & Combat's
	// 1d6-1 metres of a failed Fumble?, 1d6 hexes of a Fumble-XX.
	Lands dice.Expr `toml:"lands"`
	Unit  string    `toml:"unit"`
	Where string    `toml:"where"`
	// AtFoe, on a condition given to the roller of a check rolled at a
	// foe: the condition reaches rolls against that foe alone, as one given
	// by an action at_foe (Pathmaster's Feint made, l.514-515).
	AtFoe bool `toml:"at_foe"`
	// IfHas: the effect is done only to a side that holds this condition
	// (BRP: a failed Luck roll knocks out one whose minor wounds are worth
	// a major one, and no one else, l.531).
	IfHas string `toml:"if_has"`
	// HeldBlow settles a blow held against the side's parrying weapon or
	// shield (a blow effect's guard_resists): HeldThrough, the item takes
	// the damage up to the hit points it has left, broken when they are
	// gone, and the rest strikes the side, armour counting; HeldStops, the
	// item takes it, broken past its hit points, and nothing goes on (BRP's
	// crushing special parried, l.349-351).
	HeldBlow HeldFate `toml:"held_blow"`
	// ThenCheck, with held_blow through: this check is rolled by the side
	// at the other when some of the damage got through its armour (BRP's
	// Stamina against the crushing blow, l.349).
	ThenCheck string `toml:"then_check"`
	// LimbField, with held_blow through and hit locations on: the rest
	// lands at the location whose roll this field of the parrying item
	// holds (gear.weapon_fields), rolled where it holds none (0): BRP's
	// shield, on the arm it is worn on; a weapon, a random location
	// (l.353).
	LimbField string `toml:"limb_field"`
}

// HeldFate is what a blow held against the parrying item comes to
// (held_blow).
type HeldFate string

// What a held blow comes to.
const (
	HeldThrough HeldFate = "through" // the item takes what it can, the rest goes on
	HeldStops   HeldFate = "stops"   // the item takes it all, and the blow stops
)

// HeldBlows are the values of held_blow.
var HeldBlows = []HeldFate{HeldThrough, HeldStops}

// CheckModifier is a modifier the GM may choose as the check is rolled
// (cover, size, a stunned target): a formula of the actor's stats and the
// target's (target_X), added to the modifier.
type CheckModifier struct {
	ID   string    `toml:"id"`
	Name string    `toml:"name"`
	Mod  dice.Expr `toml:"mod"`
	// Free, on a defence, makes the roll take no step for the defences
	// before it and count for none after (BRP: the free dodge of one
	// fighting defensively). Its mod may then be left out.
	Free bool `toml:"free"`
	// FreePerRound, on a free modifier, is how many free defences a
	// combatant may take in a round: a formula of its stats (BRP: one, two
	// with several attacks, "min(attacks, 2)"). Unset: any number.
	FreePerRound dice.Expr `toml:"free_per_round"`
	// ForgoesAttacks, on a free modifier: choosing it gives up every attack
	// that round (BRP's fighting defensively, l.411): refused after an
	// attack this round, and no attack after it.
	ForgoesAttacks bool `toml:"forgoes_attacks"`
	// FreeAfter, on a free modifier: this check is free only once the
	// roller has taken that many free defences this round (BRP l.137,
	// 409: the first free defence is a Dodge, a parry only the second).
	FreeAfter int `toml:"free_after"`
	// FreeAtStep, on a free modifier: the free defence is rolled at the
	// step the round's defences have reached, adding none (BRP l.407:
	// "the modifier does not increase"); unset, it takes no step at all.
	FreeAtStep bool `toml:"free_at_step"`
	// Declared is a declaration ([[declarations]]): the modifier may be
	// picked only by one who declared it this round (BRP's free dodge:
	// the completely defensive stance, stated, l.13). On a free modifier
	// that forgoes_attacks, the declarer fights defensively from the
	// declaration on: no attack that round, and the check's excludes
	// hold only at the same place in the count (l.145, 409).
	Declared string `toml:"declared"`
	// Edge, chosen, gives the roll Advantage or Disadvantage (attacked
	// from where one is not facing: Disadvantage on Evasion). Its mod may
	// then be left out.
	Edge EdgeKind `toml:"edge"`
	// Target, chosen, is added to the check's target number rather than to
	// the roll (Energy's Miss Chance for a still target: -5, where the Hit
	// roll itself must stay a bare d20): a formula of the stats like mod.
	// Its mod may then be left out.
	Target dice.Expr `toml:"target"`
	// Once: taken against one target once between its own turns, counted
	// by the modifier's id across the checks (Pathmaster's shield, used
	// against one attacker a turn).
	Once bool `toml:"once"`
	// OncePerAttacker, with once: the attacker it was first taken by may
	// take it again, any number of times; another may not (Pathmaster's
	// shield, added whole against a single attacker, l.1076-1077).
	OncePerAttacker bool `toml:"once_per_attacker"`
	// OnceARound: the roller takes it once a round, whatever check takes
	// it (BRP's dodge of a missile: only the round's first, l.133).
	OnceARound bool `toml:"once_a_round"`
	// SpentBy, with once_a_round: a blow at the roller with a weapon of
	// one of these kinds (and of none of SpentByNot) spends it for the
	// round as the roller may answer it, answered with it or not (BRP: the
	// round's first arrow or bullet is the only one dodged, l.133, a
	// thrown weapon not counted).
	SpentBy    []string `toml:"spent_by"`
	SpentByNot []string `toml:"spent_by_not"`
	// Parry: choosing it counts a parry of the target's (guard.parry):
	// the next one is at the next share (helpers.parry_factors).
	Parry bool `toml:"parry"`
	// Reopens: choosing it is a defensive action of the target's, which
	// reopens a wound of its First Aid closed (wounds.restriction;
	// Pathmaster's parry, l.837-838).
	Reopens bool `toml:"reopens"`
	// DamageLess, chosen, is a formula taken off the total for what the
	// damage is read at, said in the log beside the total that decides
	// the hit (Pathmaster's Sacrificial Dodge: the shield counts against
	// the strike, not against being hit, l.755-758). Its mod stays.
	DamageLess dice.Expr `toml:"damage_less"`
	// Damage, on the attack check of a blow, is added to the blow's damage
	// when the modifier is chosen (countdown's offhand: -2), before a
	// critical doubles it. Its mod may then be left out.
	Damage int `toml:"damage"`
	// NonLethal, on the attack check of a blow: chosen, the blow's damage
	// is non-lethal (hp.nonlethal_gives at 0 in place of the Death roll:
	// Energy's unarmed attack at will, or another after a Chance roll).
	// Its mod may then be left out.
	NonLethal bool `toml:"nonlethal"`
	// Needs, chosen, is the least outcome of the check that succeeds: a
	// success below it (an outcome after it in the list) is a failure. The
	// levels stay the full target's (BRP: a hand weapon parries a thrown
	// weapon only on a special, l.119). Its mod may then be left out.
	Needs string `toml:"needs"`
	// TargetGives, chosen on a blow's attack, gives its target this
	// condition for the condition's own duration (War & Combat: a flank
	// defended at half skill forfeits the front, l.61). Its mod stays.
	TargetGives string `toml:"target_gives"`
	// Spends is a condition the roller must hold, given at this target
	// (an outcome's at_foe), to pick the modifier; picking it ends the
	// roller's own grant of it: one attack takes it (Pathmaster's Feint,
	// whose penalty reaches the feinter's next single attack, l.527-528).
	Spends string `toml:"spends"`
	// TargetHolds is a condition the target must hold, reaching the roller
	// (given at it by an action at_foe, or at no one), to pick the modifier
	// (Pathmaster's tumble: an opportunity attack on one who tumbled,
	// l.316, 542-543).
	TargetHolds string `toml:"target_holds"`
	// NeedsLeft are pools the roller must have this much of left to pick
	// the modifier (Pathmaster's braced crossbow: the turn's Step unspent,
	// no movement at all, l.551-553).
	NeedsLeft map[string]int `toml:"needs_left"`
	// NeedsStillAim: the modifier may be picked only on the roll of an
	// attack that followed the roller's aims (an action with aim) at this
	// target, with no Step (an action that keeps_aim) taken since the first
	// aim (Pathmaster's braced crossbow, "may not move at all, including
	// taking a Step", a bonus to the Accuracy an Aim gives, l.551-553).
	NeedsStillAim bool `toml:"needs_still_aim"`
	// Action is the attacking action the modifier belongs to (Pathmaster's
	// All-Out Attack and Charge bonuses, l.274-283, 499-504): picked on a
	// roll that spends an action of the roller's turn (checks.spends), the
	// roll spends this one in its place, with its cost, gate and defences;
	// picked on a roll an action spent earlier pays for, that action must
	// be this one and the roll its first (a burst's bonus, l.448-493); on
	// a check that spends no action, the roller must hold the condition
	// the action gives (actions.gives), or it is refused. Its mod may then
	// be left out (the action's condition may carry the bonus by itself).
	Action string `toml:"action"`
	// VoidsBonuses, picked, are the target's conditions whose melee_bonus
	// and ranged_bonus the roll does not take (Pathmaster's Dodge and Drop:
	// its +20 is the drop, and the Prone it leaves counts from the next
	// attack, l.739-745).
	VoidsBonuses []string `toml:"voids_bonuses"`
	// Excludes are the check's modifiers that cannot be picked with this
	// one (Pathmaster's charging foe: no shield, no parry, l.281-283).
	Excludes []string `toml:"excludes"`
	// GivesUpAim: chosen on a check against one who holds an aim (an
	// action with aim taken), the target gives its aim up to defend, and
	// the aim is lost. While any of the check's modifiers gives up an aim
	// and none is chosen, an aimer's dodge (guard.dodge) is not taken off
	// the roll (Pathmaster: Dodge and Shield only by cancelling the aim,
	// l.558-559). Its mod may then be left out.
	GivesUpAim bool `toml:"gives_up_aim"`
	// NoDodge: chosen, the target does not dodge this roll (it is unaware
	// of the attack, Pathmaster l.1067): its dodge (guard.dodge, read as
	// target_X in the roll) is put back, once, whatever else would put it
	// back (an aimer's kept dodge, an attacker that ignores defences). Its
	// mod may then be left out.
	NoDodge bool `toml:"no_dodge"`
	// WeaponKinds: the modifier goes only with a weapon of one of these
	// kinds (gear.weapon_kinds): the one striking, in a blow, or parried
	// with; otherwise the roller's weapon in hand. Picked with any other,
	// it is refused, and the tracker does not offer it (BRP's missile
	// ranges and aim, l.504-515: missile weapons only).
	WeaponKinds []string `toml:"weapon_kinds"`
	// AgainstKinds, on a defence: the modifier goes only against a blow
	// whose striking weapon is of one of these kinds; against any other it
	// is refused, and the blow's answer does not offer it (BRP: a thrown
	// weapon dodged at the full skill, or parried with a hand weapon on a
	// special, never a fired arrow, l.119, 131-133).
	AgainstKinds []string `toml:"against_kinds"`
}

// Fits reports whether the modifier goes with a weapon of these kinds
// (weapon_kinds).
func (m CheckModifier) Fits(kinds []string) bool {
	return len(m.WeaponKinds) == 0 || slices.ContainsFunc(m.WeaponKinds, func(k string) bool { return slices.Contains(kinds, k) })
}

// Fitting is the check with only the modifiers that go with a weapon of
// these kinds (Fits).
func (ch Check) Fitting(kinds []string) Check {
	ch.Modifiers = slices.DeleteFunc(slices.Clone(ch.Modifiers), func(m CheckModifier) bool { return !m.Fits(kinds) })
	return ch
}

// Excluded reports whether the modifiers a and b cannot be picked
// together: either excludes the other.
func (ch Check) Excluded(a, b string) bool {
	ma, _ := ch.Modifier(a)
	mb, _ := ch.Modifier(b)
	return slices.Contains(ma.Excludes, b) || slices.Contains(mb.Excludes, a)
}

// Modifier returns the check's modifier with the id.
func (ch Check) Modifier(id string) (CheckModifier, bool) {
	for _, m := range ch.Modifiers {
		if m.ID == id {
			return m, true
		}
	}
	return CheckModifier{}, false
}

// Names a check's formulas read besides the actor's stats.
const (
	TargetNumber = "target"  // the target number, in an outcome's bounds
	TargetPrefix = "target_" // target_DEF: the target's DEF
)

// Check returns the ruleset's check with the id.
func (rs *Ruleset) Check(id string) (Check, bool) {
	for _, c := range rs.Checks {
		if c.ID == id {
			return c, true
		}
	}
	return Check{}, false
}

// NeedsTarget reports whether the check reads the target's stats or does
// something to the target, so it cannot be rolled against nobody.
func (ch Check) NeedsTarget() bool {
	reads := func(e dice.Expr) bool {
		for _, n := range e.Stats() {
			if strings.HasPrefix(n, TargetPrefix) {
				return true
			}
		}
		return false
	}
	if reads(ch.Roll) || reads(ch.Target) {
		return true
	}
	for _, o := range ch.Outcomes {
		if reads(o.AtMost) || reads(o.AtLeast) {
			return true
		}
		for _, e := range o.Effects {
			if e.To == ToTarget || reads(e.Damage) {
				return true
			}
		}
	}
	return false
}

// Span is a range of whole numbers written "20", "1..3", "96..", "..0".
// The zero Span is unset and holds every number.
type Span struct {
	Lo, Hi       int
	HasLo, HasHi bool
}

// IsZero reports whether the span is unset.
func (s Span) IsZero() bool { return !s.HasLo && !s.HasHi }

// Holds reports whether v is in the span.
func (s Span) Holds(v int) bool {
	return (!s.HasLo || v >= s.Lo) && (!s.HasHi || v <= s.Hi)
}

// Meets reports whether the span and lo..hi share a number.
func (s Span) Meets(lo, hi int) bool {
	return (!s.HasLo || s.Lo <= hi) && (!s.HasHi || s.Hi >= lo)
}

func (s Span) String() string {
	switch {
	case s.HasLo && s.HasHi && s.Lo == s.Hi:
		return strconv.Itoa(s.Lo)
	case s.IsZero():
		return ""
	}
	var b strings.Builder
	if s.HasLo {
		b.WriteString(strconv.Itoa(s.Lo))
	}
	b.WriteString("..")
	if s.HasHi {
		b.WriteString(strconv.Itoa(s.Hi))
	}
	return b.String()
}

// MarshalText writes the span as it is read.
func (s Span) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "N", "N..M", "N.." or "..M".
func (s *Span) UnmarshalText(b []byte) error {
	text := strings.TrimSpace(string(b))
	num := func(t string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || n > dice.MaxStat || n < -dice.MaxStat {
			return 0, fmt.Errorf("%q is not a number, N..M, N.. or ..M", text)
		}
		return n, nil
	}
	lo, hi, isRange := strings.Cut(text, "..")
	var out Span
	var err error
	switch {
	case !isRange:
		if out.Lo, err = num(lo); err != nil {
			return err
		}
		out.Hi, out.HasLo, out.HasHi = out.Lo, true, true
	case strings.TrimSpace(lo) == "" && strings.TrimSpace(hi) == "":
		return fmt.Errorf("%q holds every number: leave it out", text)
	default:
		if strings.TrimSpace(lo) != "" {
			if out.Lo, err = num(lo); err != nil {
				return err
			}
			out.HasLo = true
		}
		if strings.TrimSpace(hi) != "" {
			if out.Hi, err = num(hi); err != nil {
				return err
			}
			out.HasHi = true
		}
		if out.HasLo && out.HasHi && out.Lo > out.Hi {
			return fmt.Errorf("%q runs backwards: write the lower number first", text)
		}
	}
	*s = out
	return nil
}

// Describe says what an effect does, for people: "the target: Exposed",
// "the actor: 2 rounds of Stunned".
func (rs *Ruleset) Describe(e CheckEffect) string {
	who := "the roller"
	if e.To == ToTarget {
		who = "the target"
	}
	cond := func(id string) string {
		if d, ok := rs.Condition(id); ok {
			return d.Name
		}
		return id
	}
	if e.IfHas != "" {
		// Done only to a side holding it: say so, not that it always is.
		who += ", if " + cond(e.IfHas) + ","
	}
	switch {
	case e.Give != "":
		how := ""
		switch {
		case e.Duration == UntilRoundEnd:
			how = " to the end of the round"
		case e.Duration == UntilNextRoundEnd:
			how = " to the end of the next round"
		case e.Rounds > 0:
			how = " for " + rounds(e.Rounds)
		}
		return fmt.Sprintf("%s is %s%s", who, cond(e.Give), how)
	case e.Take != "":
		return fmt.Sprintf("%s is no longer %s", who, cond(e.Take))
	case e.Stun != "":
		name := e.Stun
		for _, l := range rs.Stun.Levels {
			if l.ID == e.Stun && l.Name != "" {
				name = l.Name
			}
		}
		return fmt.Sprintf("%s takes %s of %s", who, rounds(e.Rounds), name)
	case e.Wound != 0:
		return fmt.Sprintf("%s bleeds %d a round from a new wound", who, e.Wound)
	case !e.Damage.IsZero():
		return fmt.Sprintf("%s takes %s damage", who, e.Damage)
	case e.Weapon != "":
		return fmt.Sprintf("%s's weapon in hand is %s", who, e.Weapon)
	case e.Lose > 0:
		if e.Lose == 1 {
			return who + " loses an action"
		}
		return fmt.Sprintf("%s loses %d actions", who, e.Lose)
	}
	return who + ": nothing"
}

func rounds(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}

// RollsSpend reports whether some check's roll spends an attacking action
// (checks.spends): only then are the rolls each attack pays for counted.
func (rs *Ruleset) RollsSpend() bool {
	return slices.ContainsFunc(rs.Checks, func(ch Check) bool { return ch.Spends != "" })
}
