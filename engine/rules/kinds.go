package rules

import "slices"

// The kinds a ruleset chooses from. Each is a named type, so a value of one
// kind cannot stand where another is meant, and each lists its values: the
// loader refuses any other (see Validate).

// OrderKind says how the order of a round is made.
type OrderKind string

// Order kinds.
const (
	OrderFixed    OrderKind = "fixed"    // rolled once when the fight starts, kept
	OrderRound    OrderKind = "round"    // rolled at the start of every round
	OrderRank     OrderKind = "rank"     // a rank counted down, extra actions later
	OrderSegments OrderKind = "segments" // each action rolls its own segment, counted down
	OrderNone     OrderKind = "none"     // no order: the round is the only step
)

// OrderKinds are the order kinds a ruleset may choose.
var OrderKinds = []OrderKind{OrderFixed, OrderRound, OrderRank, OrderSegments, OrderNone}

// Hold is a maneuver that moves a combatant's action later in the round.
type Hold string

// Hold maneuvers a ruleset may offer.
const (
	HoldWait  Hold = "wait"  // act after a chosen combatant this round only
	HoldDelay Hold = "delay" // keep the place, hold the attack as an interrupt
	HoldLater Hold = "hold"  // act at a lower rank or segment this round
)

// Holds are the hold maneuvers a ruleset may offer.
var Holds = []Hold{HoldWait, HoldDelay, HoldLater}

// PhaseOrder says in which order a phase steps through the combatants.
type PhaseOrder string

// Phase orders.
const (
	PhaseInitiative PhaseOrder = "initiative" // the round's order
	PhaseReverse    PhaseOrder = "reverse"    // the round's order backwards
	PhaseStat       PhaseOrder = "stat"       // combatants by a stat, highest first
	PhaseOnce       PhaseOrder = "once"       // one step for everyone, no actor
)

// PhaseOrders are the phase orders a ruleset may choose.
var PhaseOrders = []PhaseOrder{PhaseInitiative, PhaseReverse, PhaseStat, PhaseOnce}

// Point is a named moment of the round: pools reset, ticks happen and
// conditions expire at points.
type Point string

// Points of the round.
const (
	AtFightStart   Point = "fight_start"
	AtRoundStart   Point = "round_start"
	AtPhaseStart   Point = "phase_start" // of each phase, or the tick's phase
	AtRank         Point = "rank"        // the count reaches the tick's rank or segment
	AtOwnTurnStart Point = "own_turn_start"
	AtOwnTurnEnd   Point = "own_turn_end"
	AtPhaseEnd     Point = "phase_end"
	AtRoundEnd     Point = "round_end"
	AtNever        Point = "never" // pools: filled when the fight starts, never again
)

// Points are every point of the round, in the order they come.
var Points = []Point{AtFightStart, AtRoundStart, AtPhaseStart, AtRank, AtOwnTurnStart, AtOwnTurnEnd, AtPhaseEnd, AtRoundEnd}

// StunKind says how stun is kept.
type StunKind string

// Stun kinds.
const (
	StunNone       StunKind = "none"
	StunLadder     StunKind = "ladder"    // rounds per severity, worst marked off each own turn
	StunNoAction   StunKind = "no_action" // rounds of no action
	StunRestOfTurn StunKind = "rest_of_round"
)

// StunKinds are the stun kinds a ruleset may choose.
var StunKinds = []StunKind{StunNone, StunLadder, StunNoAction, StunRestOfTurn}

// Effect is what a tick does.
type Effect string

// Tick effects.
const (
	EffectBleed Effect = "bleed" // each open wound costs its rate in HP
	EffectClot  Effect = "clot"  // each wound's rate falls by 1, every N rounds of its age
	EffectNote  Effect = "note"  // the summary goes to the log
	EffectCheck Effect = "check" // a check is rolled for the combatant; its outcome acts
	EffectSpend Effect = "spend" // amount is taken from the combatant's pool (down to 0)
	EffectHurt  Effect = "hurt"  // amount is taken from the combatant's hits, armour no help
)

// Effects are the tick effects a ruleset may choose.
var Effects = []Effect{EffectBleed, EffectClot, EffectNote, EffectCheck, EffectSpend, EffectHurt}

// Duration says how long a condition lasts once given.
type Duration string

// Condition durations.
const (
	UntilRemoved      Duration = "until_removed"
	ForRounds         Duration = "rounds"
	UntilRoundEnd     Duration = "end_of_round"
	UntilNextRoundEnd Duration = "end_of_next_round"
)

// Durations are the condition durations a ruleset may choose.
var Durations = []Duration{UntilRemoved, ForRounds, UntilRoundEnd, UntilNextRoundEnd}

// AfterFight says what becomes of a condition a combatant holds when its
// fight ends and its party is kept for the next (engine/party.go).
type AfterFight string

// What a condition does after a fight; unset, a grant that runs by rounds
// (or to a turn, or a save) ends with the fight and one until removed stays.
const (
	// EndsWithFight: it ends with the fight whatever its duration (a foe's
	// flank, a grapple: nothing of the fight's place outlasts it).
	EndsWithFight AfterFight = "ends"
	// StaysAfterFight: its rounds go on in the next fight, counted from
	// where they stood (BRP's shock after a major wound).
	StaysAfterFight AfterFight = "stays"
)

// AfterFights are what a condition may do after its fight.
var AfterFights = []AfterFight{EndsWithFight, StaysAfterFight}

// Compare says how a check's total compares with its target to succeed.
type Compare string

// Comparisons.
const (
	AtMost  Compare = "at_most"  // roll-under: at or under the target (d100 BRP, countdown)
	AtLeast Compare = "at_least" // at or over the target (Pathmaster's 101+)
	Above   Compare = "above"    // over the target: beat it (War & Combat's 3d6 vs 10)
)

// Compares are the comparisons a check may choose.
var Compares = []Compare{AtMost, AtLeast, Above}

// Result is whether a check's roll succeeded, for an outcome limited to one.
type Result string

// Results.
const (
	Success Result = "success"
	Failure Result = "failure"
)

// Results are the results an outcome may be limited to.
var Results = []Result{Success, Failure}

// Side is who an outcome's effect falls on.
type Side string

// Sides.
const (
	ToActor  Side = "actor"  // the one who rolled
	ToTarget Side = "target" // the one it was rolled against
)

// Sides are the sides an effect may fall on.
var Sides = []Side{ToActor, ToTarget}

// TiebreakRoll, among order.tiebreak's stats, rolls off with order.tie_roll.
const TiebreakRoll = "roll"

// TiebreakOther, among order.tiebreak's stats, compares on a tie where one
// side acts on a declaration's rank (declarations.rank) the other
// characteristic: its initiative for the one on the declared stat, that
// stat for one on its initiative (BRP's option: INT tied, the higher DEX
// first, l.63). Between two on their initiative it compares nothing.
const TiebreakOther = "other"

// BuiltinStats are the names every formula may read besides the ruleset's
// stats: a combatant's hit points now and at most. A ruleset's own stat of
// the same id stands in their place.
var BuiltinStats = []string{"HP", "MAX_HP"}

// RollKind is the kind of a roll fray makes for a combatant: what a
// condition's modifiers reach (conditions.roll_mods, against_mods), what it
// forbids (forbids_rolls) and what needs a check first (rolls_need). A roll
// says its kind (checks.kind, stun.recovery_kind ...); attack and defence
// name a roll that may be either of two (an attack, melee or ranged), and
// in what a modifier reaches they and all stand for every kind they hold.
type RollKind string

// Roll kinds.
const (
	RollMelee      RollKind = "melee"      // a melee attack
	RollRanged     RollKind = "ranged"     // a ranged attack
	RollAttack     RollKind = "attack"     // an attack, melee or ranged
	RollParry      RollKind = "parry"      // a parry or block
	RollDodge      RollKind = "dodge"      // a dodge or evasion
	RollDefence    RollKind = "defence"    // a defence, parry or dodge
	RollManeuver   RollKind = "maneuver"   // a skill roll, a maneuver, a task
	RollPerception RollKind = "perception" // a perception roll
	RollCasting    RollKind = "casting"    // a spell cast
	RollResistance RollKind = "resistance" // a resistance roll or a save
	RollInitiative RollKind = "initiative" // an initiative roll
	RollPhysical   RollKind = "physical"   // a physical characteristic roll: agility, climbing free
	RollAll        RollKind = "all"        // in what a modifier reaches: every kind
)

// RollKinds are the kinds a roll may be.
var RollKinds = []RollKind{RollMelee, RollRanged, RollAttack, RollParry, RollDodge, RollDefence, RollManeuver, RollPerception,
	RollCasting, RollResistance, RollInitiative, RollPhysical}

// RollReaches are what a modifier or a restriction may reach: a kind, or all.
var RollReaches = append(slices.Clone(RollKinds), RollAll)

// Kinds are the single kinds a kind stands for: attack is melee and
// ranged, defence parry and dodge, all every one; any other itself.
func (k RollKind) Kinds() []RollKind {
	switch k {
	case RollAttack:
		return []RollKind{RollMelee, RollRanged}
	case RollDefence:
		return []RollKind{RollParry, RollDodge}
	case RollAll:
		return []RollKind{RollMelee, RollRanged, RollParry, RollDodge, RollManeuver, RollPerception, RollCasting, RollResistance,
			RollInitiative, RollPhysical}
	case "":
		return nil
	}
	return []RollKind{k}
}

// Reaches reports whether what reaches reach (a modifier's kind) reaches a
// roll of kind k: every single kind the roll may be is among reach's. A
// melee modifier reaches a melee attack, not an attack that may be ranged;
// an attack modifier reaches both; a roll of no kind is reached by nothing.
func Reaches(reach, k RollKind) bool {
	kinds := k.Kinds()
	if len(kinds) == 0 {
		return false
	}
	in := reach.Kinds()
	for _, x := range kinds {
		if !slices.Contains(in, x) {
			return false
		}
	}
	return true
}

// Overlaps reports whether a restriction on reach (forbids_rolls,
// rolls_need) touches a roll of kind k: some kind the roll may be is among
// reach's (no attack forbids a melee attack, and an attack that may be
// melee).
func Overlaps(reach, k RollKind) bool {
	in := reach.Kinds()
	for _, x := range k.Kinds() {
		if slices.Contains(in, x) {
			return true
		}
	}
	return false
}

// EdgeKind is Advantage or Disadvantage, as a condition or a check's
// modifier gives it to a roll: every die of the roll rolled twice, the
// better face kept or the worse (dice.Edge). One of each cancels; two of
// one kind are one.
type EdgeKind string

// Edge kinds.
const (
	WithAdvantage    EdgeKind = "advantage"
	WithDisadvantage EdgeKind = "disadvantage"
)

// EdgeKinds are the edges a ruleset may give.
var EdgeKinds = []EdgeKind{WithAdvantage, WithDisadvantage}

// Sign is +1 for Advantage, -1 for Disadvantage, 0 for none.
func (e EdgeKind) Sign() int {
	switch e {
	case WithAdvantage:
		return 1
	case WithDisadvantage:
		return -1
	}
	return 0
}
