package rules

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/dice"
)

// A Ruleset chooses and parameterises the mechanics the engine implements.
// It is read from TOML; every field here is a key a ruleset file may use.
type Ruleset struct {
	ID           string `toml:"id"`
	Name         string `toml:"name"`
	Description  string `toml:"description"`
	RoundSeconds int    `toml:"round_seconds"`

	Dice  DiceRules `toml:"dice"`
	Stats []StatDef `toml:"stats"`
	HP    HPRules   `toml:"hp"`
	// Vitality chooses hit points or a wound record.
	Vitality   Vitality       `toml:"vitality"`
	Order      OrderRules     `toml:"order"`
	Phases     []Phase        `toml:"phases"`
	Pools      []Pool         `toml:"pools"`
	Exchanges  []Exchange     `toml:"exchanges"`
	Actions    []ActionDef    `toml:"actions"`
	Stun       StunRules      `toml:"stun"`
	Ticks      []Tick         `toml:"ticks"`
	Wounds     WoundRules     `toml:"wounds"`
	Conditions []ConditionDef `toml:"conditions"`
	Thresholds []Threshold    `toml:"thresholds"`
	Helpers    Helpers        `toml:"helpers"`
	Checks     []Check        `toml:"checks"`
	// Declarations are what a combatant may declare before initiative.
	Declarations []Declaration `toml:"declarations"`
	// Spells: casting times, and spells carried to the next round.
	Spells Spells `toml:"spells"`
	// Missiles are the kinds that stick in a target, bleed and cost a stat.
	Missiles []Missile `toml:"missiles"`
	// Marked: how a step on several marked combatants rolls.
	Marked Marked `toml:"marked"`
	// Events are the ruleset's timed events (lair, hazards).
	Events []TimedEvent `toml:"events"`
	// SaveEnds: the check that ends an effect given "until a save".
	SaveEnds SaveEnds `toml:"save_ends"`
	// Flurries: engaged fighters' own initiative and actions (flurries.go).
	Flurries Flurries `toml:"flurries"`
	// Movement: where it falls in the count, and each one's share a segment.
	Movement Movement `toml:"movement"`
	// Withdraw: leaving melee, the foes' free attacks, and fleeing.
	Withdraw Withdraw `toml:"withdraw"`
	// Maneuvers: the table of disarming, grappling, tackling and the like.
	Maneuvers Maneuvers `toml:"maneuvers"`
	// PlayerView is what the players see unless the GM changes it.
	PlayerView PlayerViewRules `toml:"player_view"`
	// Gear: weapon kinds and fields, the stats armour adds to (gear.go).
	Gear Gear `toml:"gear"`
	// Blows: attacks from the roll to the wound (blows.go).
	Blows []Blow `toml:"blows"`
	// Multipliers multiply or divide a blow's damage once the armour is
	// off (multipliers.go): Weakness, Resistance.
	Multipliers []Multiplier `toml:"multipliers"`
	// LostActions: where the actions a check's outcome or a table's row
	// costs are taken from.
	LostActions LostActions `toml:"lost_actions"`
	// Rests are the book's rests between fights (rests.go): what each
	// gives back to a party kept for the next fight.
	Rests []Rest `toml:"rests"`
	// Guard: the defensive bonus kept as its parts (guard.go).
	Guard Guard `toml:"guard"`
}

// LostActions says where an action lost (a check effect's lose, a table
// row's) is taken from: the first of From that has one left now. Each is
// LostFromFlurry (the actions left in the flurry the loser fights), LostFromOrder
// (its next action in this round's order, rank or segments), or a pool.
type LostActions struct {
	From []string `toml:"from"`
	// NextRound: with LostFromOrder, an action the loser has no more of
	// in this round's order is taken from the next round's (BRP's missile
	// fumble: "lose the next attack").
	NextRound bool `toml:"next_round"`
}

// Where lost actions may come from besides a pool.
const (
	LostFromFlurry = "flurry"
	LostFromOrder  = "order"
)

// ResistanceKind is a kind of thing resisted (a spell, a skill, a poison)
// and how a Resistance Roll against it is read: what a success and a
// failure do, the margin said beside them, or the margin's tiers.
type ResistanceKind struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Success string `toml:"success"`
	Failure string `toml:"failure"`
	// Tiers: the margin is read on helpers.resistance_tiers instead.
	Tiers bool `toml:"tiers"`
	// Ends are conditions others hold at the roller (given at it as their
	// foe) that a success takes away: Pathmaster's Feint, whose penalty
	// holds only if the foe's Resistance Roll fails (l.511-513).
	Ends []string `toml:"ends"`
}

// ResistanceKind returns the helpers' kind of Resistance Roll with the id.
func (h Helpers) ResistanceKind(id string) (ResistanceKind, bool) {
	for _, k := range h.ResistanceKinds {
		if k.ID == id {
			return k, true
		}
	}
	return ResistanceKind{}, false
}

// Helpers parameterise the GM's mid-fight helpers.
type Helpers struct {
	// A Resistance Roll's target is Base + Step x (attack level - defender level).
	ResistanceBase  int    `toml:"resistance_base"`
	ResistanceStep  int    `toml:"resistance_step"`
	ResistanceTiers []Tier `toml:"resistance_tiers"`
	// ResistanceRoll is rolled for a Resistance Roll, before the modifier.
	ResistanceRoll dice.Expr `toml:"resistance_roll"`
	// ResistanceKinds are what a Resistance Roll may be against, each read
	// its own way (Pathmaster l.1223-1249: a spell or a skill all or
	// nothing, a poison by the tiers). None: every roll is read on the
	// tiers.
	ResistanceKinds []ResistanceKind `toml:"resistance_kinds"`
	// AimBonus[n-1] is the extra bonus for n consecutive aims (the last repeats).
	AimBonus []int `toml:"aim_bonus"`
	// InitRoundBonus is added per round of initiative a critical gives, on the next attack or maneuver roll.
	InitRoundBonus int `toml:"init_round_bonus"`
	// InitRoundsOnRoll: the rounds of initiative go on the next attack or
	// maneuver roll, spent by it (Pathmaster l.871-874); unset, the next
	// action that is neither passive nor an aim spends them.
	InitRoundsOnRoll bool `toml:"init_rounds_on_roll"`
	// Each extra multi-strike attack is at MultiStrikePenalty more; one more
	// attack per MultiStrikeRanks ranks.
	MultiStrikePenalty int `toml:"multi_strike_penalty"`
	MultiStrikeRanks   int `toml:"multi_strike_ranks"`
	// ParryFactors are the percent of the parry bonus for the 1st, 2nd ...
	// parry in a round; past the list each halves again.
	ParryFactors []int `toml:"parry_factors"`
	// DefenceStep is added, cumulative, to each defence check (checks
	// marked defence) a combatant rolls after its first in a round (BRP: -30).
	DefenceStep int `toml:"defence_step"`
	// HurtResists: one hurt while preparing a spell or aiming is told it
	// makes a Resistance Roll or loses it (Pathmaster l.294-296, 560).
	HurtResists bool `toml:"hurt_resists"`
	// KnockedDown is the condition that knocks one down (Pathmaster:
	// prone): given by the GM or by a stun level to one preparing a spell,
	// it puts the spell at stake as a hurt does (l.294-296, 1425).
	KnockedDown string `toml:"knocked_down"`
	// PositionBonus: the GM may give a critical's offensive bonus, spent
	// on the next attack or maneuver roll, lapsing at the end of the next
	// own turn (Pathmaster l.875-878).
	PositionBonus bool `toml:"position_bonus"`
	// The strikes a full round of attacks gives (actions.strikes,
	// strikes.go): StrikeRanks is the stat of the ranks in the attack
	// skill (one more strike per MultiStrikeRanks), StrikeSkill the attack
	// skill itself; TwoWeaponSkill and TwoWeaponRanks are the Two-Weapon
	// Combat skill and its ranks (both attacks at the lower of the two
	// skills, the multi-strike's strikes beside the off-hand's once both
	// ranks pass MultiStrikeRanks); OffHand is the off-hand strike's
	// modifier, a formula of the stats (-20 unless ambidextrous).
	StrikeRanks    string    `toml:"strike_ranks"`
	StrikeSkill    string    `toml:"strike_skill"`
	TwoWeaponSkill string    `toml:"two_weapon_skill"`
	TwoWeaponRanks string    `toml:"two_weapon_ranks"`
	OffHand        dice.Expr `toml:"off_hand"`
}

// Tier is a band of a margin of success: From and up, down to the next tier.
type Tier struct {
	From int    `toml:"from"`
	Name string `toml:"name"`
}

// DiceRules sets the open-ended thresholds of d100oe.
type DiceRules struct {
	OEHigh int `toml:"oe_high"`
	OELow  int `toml:"oe_low"`
	// CompoundTarget: a modifier's formula that reads the target number
	// ("target") reads it as the modifiers gathered before it left it, so
	// that halving and doubling compound (BRP's Difficult and Easy: twice
	// Difficult is a quarter, Easy and Difficult the chance itself). Unset,
	// each reads the check's own target number.
	CompoundTarget bool `toml:"compound_target"`
}

// StatDef is a number a combatant carries, read by formulas by its ID.
type StatDef struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Default int    `toml:"default"`
	// Derived, when set, works the stat out from the others as a combatant
	// joins, unless it is typed itself (War & Combat's Defense: "10 +
	// fighter_rank + agl_mod"): a formula of stats that are not derived,
	// and of hand_X, the field X of the weapon it joins with in hand (BRP's
	// attacks from the weapon's own skill, l.429).
	Derived dice.Expr `toml:"derived"`
	// Drains: the stat may be lowered in a fight (drain.go: Pathmaster's
	// Energy Drained, l.885-888), every formula reading it lowered.
	Drains bool `toml:"drains"`
}

// DeriveStats works out each derived stat of stats not typed (given
// holds the ids typed) from the others, in place; hand reads what stats
// do not name (hand_X: the weapon in hand's fields), nil: nothing.
func (rs *Ruleset) DeriveStats(stats map[string]int, given func(string) bool, hand dice.StatFunc) error {
	read := dice.StatMap(stats)
	if hand != nil {
		read = func(name string) (int, bool) {
			if v, ok := stats[name]; ok {
				return v, true
			}
			return hand(name)
		}
	}
	for _, s := range rs.Stats {
		if s.Derived.IsZero() || given(s.ID) {
			continue
		}
		r, err := dice.Roller{}.Roll(s.Derived, read)
		if err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
		stats[s.ID] = max(min(r.Total, dice.MaxStat), -dice.MaxStat)
	}
	return nil
}

// HPRules names the hit-point pool and says when a combatant drops out of the order.
type HPRules struct {
	Name  string `toml:"name"`   // "Hits", "Aura"...
	OutAt int    `toml:"out_at"` // out of the order at HP <= OutAt (0 by default)
	// KeepActing: hit points never take a combatant out of the order.
	KeepActing bool `toml:"keep_acting"`
	// OutCondition is given at HP <= OutAt (Pathmaster: unconscious).
	OutCondition string `toml:"out_condition"`
	// DeadAt is a formula: at HP <= it the combatant dies ("-CON").
	DeadAt dice.Expr `toml:"dead_at"`
	// DeadCondition is given at HP <= DeadAt.
	DeadCondition string `toml:"dead_condition"`
	// PenaltyOut: total injury penalties at or below it knock out (-100).
	PenaltyOut int `toml:"penalty_out"`
	// GMWakes: the GM may rule a knocked-out combatant awake (Pathmaster
	// l.1168-1176, "or as the GM rules"): taking the knock-out condition
	// away (out_condition, stun.condition) keeps it up, its hits, penalty
	// and stun as they stood, until one of them grows worse.
	GMWakes bool `toml:"gm_wakes"`
	// Armor is the stat taken off each hit's damage (countdown's PROT),
	// unless the hit ignores armour (a critical).
	Armor string `toml:"armor"`
	// CriticalDoubles: a critical hit (damage typed with a leading !) does
	// twice the damage typed or rolled, as well as ignoring Armor
	// (countdown: "double damage and the target gets no Protection").
	CriticalDoubles bool `toml:"critical_doubles"`
	// MajorAt is a formula: a single hit of at least this much (after
	// armour) is a major wound, and gives MajorCondition in its own right
	// (BRP: half the total hit points, "MAX_HP / 2").
	MajorAt dice.Expr `toml:"major_at"`
	// MaxFrom is a formula of the stats the total hit points come from
	// (BRP: CON and SIZ, "(CON + SIZ + 1) / 2"): when a table's
	// stats_lost takes such a stat down, the total changes by as much as
	// the formula does, and the hit points left with it (l.549).
	MaxFrom        dice.Expr `toml:"max_from"`
	MajorCondition string    `toml:"major_condition"`
	// MajorAboveOut: a hit that leaves the combatant at OutAt or below
	// gives no MajorCondition: that wound is the out condition's (BRP's
	// fatal wound, l.575, rolls no major wound table nor shock).
	MajorAboveOut bool `toml:"major_above_out"`
	// WoundsApart keeps each hit that cost hit points as a wound of its
	// own, with its own damage (BRP l.521, 531): a heal may be aimed at
	// one (no more than it took), First Aid heals one wound's hit points,
	// and the hit points lost to minor wounds are those their own wounds
	// still lack. Unaimed healing is spread over the wounds as evenly as
	// it goes (l.619).
	WoundsApart bool `toml:"wounds_apart"`
	// DiesWithin: one who falls to out_at or below dies (dead_condition) at
	// the end of the DiesWithin-th round counted from the one it fell in,
	// unless healed above out_at before then (BRP's fatal wound: 2, this
	// round or the next).
	DiesWithin int `toml:"dies_within"`
	// StopAtZero: hit points never fall below 0 (Energy's Aura).
	StopAtZero bool `toml:"stop_at_zero"`
	// DamageAtZero is the check rolled, with no target, for each damage
	// taken at 0 hit points (Energy's Death roll).
	DamageAtZero string `toml:"damage_at_zero"`
	// NonlethalGives and NonlethalCosts are what non-lethal damage taken at
	// 0 hit points does instead of DamageAtZero: a condition given for its
	// own duration, and pools lost.
	NonlethalGives string         `toml:"nonlethal_gives"`
	NonlethalCosts map[string]int `toml:"nonlethal_costs"`
	// NonlethalApart: non-lethal damage is counted apart from the hit
	// points, never toward death; more of it than the hit points left
	// knocks out (out_condition) until healing, which takes it off as it
	// heals, brings it back within them (Pathmaster l.1056).
	NonlethalApart bool `toml:"nonlethal_apart"` // Hit locations (BRP's option): with LocationsOn, damage falls on a
	// location (rolled with LocationRoll, or picked), each with hit points
	// of its own as well as the total (locations.go).
	LocationsOn  bool          `toml:"locations_on"`
	LocationRoll dice.Expr     `toml:"location_roll"`
	Locations    []HitLocation `toml:"locations"`
}

// OrderRules says how the order of a round is made.
type OrderRules struct {
	Kind OrderKind `toml:"kind"`
	// OffTurnPools, when set, limit what a combatant does out of its own
	// turn, and while it waits to act again: only an action that spends one
	// of these pools (what else it costs with it), one that costs nothing,
	// or one that is any_time (Pathmaster: the Interrupt, l.3-5, 125-131,
	// 696-698).
	OffTurnPools []string `toml:"off_turn_pools"`
	// Initiative is rolled (or read) per combatant: "2d10 + QU", "DEX".
	Initiative dice.Expr `toml:"initiative"`
	// EachRound re-rolls Initiative every round for the rank kind.
	EachRound bool `toml:"each_round"`
	// Actions is how many entries a combatant has in a round (rank, segments); 1 when empty.
	Actions dice.Expr `toml:"actions"`
	// ActionStep is added for each further action of the rank kind (-5 for BRP).
	ActionStep int `toml:"action_step"`
	// ActionInitiative is the formula of the k-th action of the segments
	// kind; the last repeats for further actions.
	ActionInitiative []dice.Expr `toml:"action_initiative"`
	// SameValueStep moves a combatant's later action that lands on the same
	// value as its previous one (-1: one segment later).
	SameValueStep int `toml:"same_value_step"`
	// SameValueAny moves such an action while it shares a value with any
	// earlier action of its own, not only the one just before it (three
	// attacks on 5 go at 5, 4 and 3, not 5, 4 and 5).
	SameValueAny bool `toml:"same_value_any"`
	// Lowest is the lowest rank or segment that still acts; below it the action is lost.
	Lowest int `toml:"lowest"`
	// Tiebreak lists stats compared on equal initiative, highest first;
	// "roll" rolls off with TieRoll until the tie breaks.
	Tiebreak []string  `toml:"tiebreak"`
	TieRoll  dice.Expr `toml:"tie_roll"`
	// OutTurns: a combatant out of the order (down, or a condition that
	// skips its turns) still has its own turn's points where its turn would
	// be: its wounds bleed, its stun is marked off, it may come to.
	OutTurns bool `toml:"out_turns"`
	// Hold lists the hold maneuvers offered: wait, delay, hold.
	Hold []Hold `toml:"hold"`
	// WaitAction and DelayAction are the actions whose cost a wait and a
	// delay pay from the budget (none: they are free).
	WaitAction  string `toml:"wait_action"`
	DelayAction string `toml:"delay_action"`
	// WaitLasts: a Wait with nobody left to wait for lasts into the next
	// round, what it set aside set aside afresh at each own turn until the
	// waiter acts (Pathmaster's Wait, used "at any point in the future").
	WaitLasts bool `toml:"wait_lasts"`
	// AfterDelay lists the pools still open after a Delay until the next
	// own turn: only actions paid wholly from them may follow (Pathmaster:
	// the Interrupt; nothing else "after" the Delay).
	AfterDelay []string `toml:"after_delay"`
	// Bands name stretches of the count ("before movement", ...).
	Bands []Band `toml:"bands"`
	// RollAfter is the phase (declarations) at whose end the segments
	// order is rolled, instead of at the round's start: what is declared in
	// it reaches every initiative.
	RollAfter string `toml:"roll_after"`
	// DeclarePhase is the phase up to whose end a rank order takes
	// declarations: each rebuilds the declarer's ranks of the round at once
	// (BRP's movement, extra non-combat actions in the statements).
	DeclarePhase string `toml:"declare_phase"`
	// HoldCarries: holding an action to a later rank takes the combatant's
	// later actions of the round with it, each still action_step after the
	// one before.
	HoldCarries bool `toml:"hold_carries"`
	// AttacksOnRanks: an attack roll at a foe is made only on one of the
	// attacker's own steps of the order in a phase with actions, one on
	// each (BRP: as many attacks as its ranks, each on its rank, l.73-85).
	AttacksOnRanks bool `toml:"attacks_on_ranks"`
	// Split is the stat a combatant may split over the round's actions,
	// each at least SplitLeast and all of it assigned (BRP's skill over
	// 100%, l.429): each action's roll reads its own share of the stat.
	Split      string `toml:"split"`
	SplitLeast int    `toml:"split_least"`
	// SplitFirst: the attacks after the first of one who could split the
	// stat (two shares of split_least or more) come only of a split stated
	// before its first attack: unsplit, the whole stat goes to one attack
	// and the rest are refused (BRP: a skill over 100% gives its extra
	// attacks by the split, l.429-431). Needs attacks_on_ranks.
	SplitFirst bool `toml:"split_first"`
	// DeclaredPenaltiesLose: a combatant who declares this many
	// declarations with an initiative penalty also loses an action.
	DeclaredPenaltiesLose int `toml:"declared_penalties_lose"`
	// InitiativeAction is the action the initiative key takes in a
	// ruleset with no order (Energy: the once-a-round Initiative roll).
	InitiativeAction string `toml:"initiative_action"`
}

// Band names a stretch of ranks or segments, From >= value >= To.
type Band struct {
	Name string `toml:"name"`
	From int    `toml:"from"`
	To   int    `toml:"to"`
}

// Phase is one part of a round, run in its own order.
type Phase struct {
	ID      string     `toml:"id"`
	Name    string     `toml:"name"`
	Order   PhaseOrder `toml:"order"`
	Stat    string     `toml:"stat"`
	Summary string     `toml:"summary"`
	// Actions: true steps through every action entry (extra attacks at
	// their own ranks); false gives each combatant one step.
	Actions bool `toml:"actions"`
	// Tiebreak lists stats compared when a stat phase's stat ties, highest
	// first (BRP's powers: the skill, then POW); still tied, the order of
	// the round stands, and the log says they go together. On a phase in
	// initiative order (or reverse) it takes the place of order.tiebreak
	// there (BRP's statements: the skill alone, weapon length being the
	// order of attacks, l.29, 71).
	Tiebreak []string `toml:"tiebreak"`
	// Roll, on a phase in stat order, is rolled with each combatant's
	// initiative and kept as long as it, in place of the stat (BRP's
	// option: 1d10 + INT beside 1d10 + DEX).
	Roll dice.Expr `toml:"roll"`
	// Declared, on a phase in stat order, is a declaration: only those who
	// declared it this round have a step in the phase (BRP's powers: those
	// who state they use a power); the others are passed over.
	Declared string `toml:"declared"`
}

// Pool is a budget a combatant spends: action slots or points.
type Pool struct {
	ID       string    `toml:"id"`
	Name     string    `toml:"name"`
	Capacity dice.Expr `toml:"capacity"`
	Reset    Point     `toml:"reset"`
	// Phases: with reset = "phase_start", the phases whose start refills
	// the pool (half the movement points in each movement phase).
	Phases []string `toml:"phases"`
	// OnlyInPhases: the pool is spent in its phases only; in any other
	// phase of the round what it holds is refused (the movement phase's
	// points and quick action are not spent in the flurries between).
	OnlyInPhases bool `toml:"only_in_phases"`
	// Row is the pool's label on the order row ("St": Stamina 10 reads
	// St10); "-" keeps it off the row. Unset, a pool the round refills
	// is labelled by its id's first letter, and one it never refills is
	// shown on the panel only.
	Row string `toml:"row"`
	// EmptyCondition is given, for its own duration, when the pool falls
	// to 0 (Energy: no Stamina knocks out).
	EmptyCondition string `toml:"empty_condition"`
	// EarnedBy names another pool: this one is emptied at its reset (not
	// filled) and gains 1, up to its capacity, for each of EarnedBy an
	// action that does not move spends (Energy's Agile Moves: one per
	// Energy spent on something else than moving).
	EarnedBy string `toml:"earned_by"`
	// Public: the players read this pool's numbers for every combatant
	// (slots of actions each side sees spent at the table); otherwise
	// only for their own side, where its hit points show as numbers.
	Public bool `toml:"public"`
	// Unshown keeps the pool off the panel and the row: a count the
	// engine keeps for a limit (Pathmaster's one exchange for an Interrupt
	// a turn), which the refusals name when it bites.
	Unshown bool `toml:"unshown"`
	// UnlimitedAfter: once each pool named is spent, all of it on
	// exchanges (none paid an action of its own since it refilled), this
	// pool is not counted: what costs it is paid without it (Pathmaster's
	// Option 6: no Attack, no Move, unlimited Free actions, l.163).
	UnlimitedAfter []string `toml:"unlimited_after"`
}

// Exchange lets a spent pool stand in for others: one From pays for Gives.
type Exchange struct {
	From  string         `toml:"from"`
	Gives map[string]int `toml:"gives"`
	// Also are pools each use of the exchange spends besides From: a pool
	// of one a round makes it once a round (Energy's Stamina for Energy).
	Also map[string]int `toml:"also"`
	// WhileUnlimited names a pool whose unlimited_after holds From: while
	// that pool is not counted (From given up whole to exchanges), the
	// exchange may be made with From spent, one of those exchanges standing
	// for it (Pathmaster's Option 6: no Attack, no Move, unlimited Free
	// actions and still 2 Interrupts, l.158-163). It needs also, which
	// limits how often.
	WhileUnlimited string `toml:"while_unlimited"`
}

// ActionDef is a maneuver with its cost in pools.
type ActionDef struct {
	ID      string         `toml:"id"`
	Name    string         `toml:"name"`
	Summary string         `toml:"summary"`
	Cost    map[string]int `toml:"cost"`
	// Extended actions are paid over consecutive turns, as much each turn as
	// the budget allows, until the whole cost is paid.
	Extended bool `toml:"extended"`
	// Attack marks an attack or defensive action (First Aid's restriction).
	Attack bool `toml:"attack"`
	// Reopens marks another action that breaks First Aid's restriction
	// (Pathmaster's Run: faster than a Move).
	Reopens bool `toml:"reopens"`
	// KeepsExtended: taking it does not break off an extended action under
	// way (Pathmaster's Talk: one can always talk).
	KeepsExtended bool `toml:"keeps_extended"`
	// Gives is a condition the action gives the one who takes it, for the
	// condition's own duration (Evaluate: +10 on the next turn).
	Gives string `toml:"gives"`
	// FiresDelay: the action fires the delayed attack (it needs one held,
	// and ends it).
	FiresDelay bool `toml:"fires_delay"`
	// Resumable extended actions may be broken up by other actions and
	// turns with no work on them (loading a crossbow); the others must be
	// worked on every own turn, or they are broken off.
	Resumable bool `toml:"resumable"`
	// ResumableFrom: a resumable action may be broken up only once this
	// much of its cost is paid; before that it is worked on unbroken: any
	// other action but a passive one or one that keeps it is refused, and
	// a turn with no work on it breaks it off, as any extended action (a
	// heavy crossbow's two Moves of cocking, Pathmaster l.632-633, then the
	// load).
	ResumableFrom int `toml:"resumable_from"`
	// Aim builds the aim bonus; any other action but an attack loses it.
	Aim bool `toml:"aim"`
	// AtFoe: the action is taken at one foe the GM names (Pathmaster's
	// Evaluate and Aim, l.547, 561-567): the condition it gives adds its
	// bonuses only to rolls against that foe, and the aims count at one
	// target, an aim at another starting the count again.
	AtFoe bool `toml:"at_foe"`
	// KeepsAim: taking it does not lose the aims (Pathmaster's single Step
	// while aiming, l.550).
	KeepsAim bool `toml:"keeps_aim"`
	// FoeHolds: the action is taken at a foe (at_foe, named) holding one
	// of these conditions, and refused at any other; FoeGets is a condition
	// the foe is given once it is paid (Pathmaster's coup de grace: at the
	// helpless, who is killed, l.936-939).
	FoeHolds []string `toml:"foe_holds"`
	FoeGets  string   `toml:"foe_gets"`
	// FoeLoses are conditions the one the action is taken at loses once
	// it is paid (Pathmaster's shaking a fascinated ally free, l.901-902);
	// one another condition brings stays, and the log says why.
	FoeLoses []string `toml:"foe_loses"`
	// Provokes is an action of the ruleset the foes in reach may take in
	// answer, named in the log as the action is taken (Pathmaster's coup de
	// grace provokes an Attack - Opportunity, l.938-939).
	Provokes string `toml:"provokes"`
	// TurnStart: the action is taken only at the start of one's own turn,
	// before any other action of it (Pathmaster's Crouch, l.657).
	TurnStart bool `toml:"turn_start"`
	// AnyTime: the action may be taken out of one's own turn whatever it
	// costs (order.off_turn_pools): Pathmaster's dropping an item (l.662).
	AnyTime bool `toml:"any_time"`
	// Empties lists pools the action spends all of, and which must be
	// untouched when it is taken (a Full action: no movement with it).
	Empties []string `toml:"empties"`
	// UsesUp lists pools the action spends what is left of, needing none
	// (Pathmaster's Move: it allows the round's Step and ends the option of
	// taking it, l.544, but is open with the Step already used).
	UsesUp []string `toml:"uses_up"`
	// Passive actions stay open to a combatant who may only do nothing
	// (surprised, stunned): Do Nothing itself, dropping an item.
	Passive bool `toml:"passive"`
	// Gains are pools the action gives back, up to their capacity (Catch
	// your breath: 1 Stamina); Refills are pools it fills (a Short Rest).
	Gains   map[string]int `toml:"gains"`
	Refills []string       `toml:"refills"`
	// Takes are conditions the action ends for the one who takes it (Defend:
	// Exposed and Unguarded); one another condition brings stays.
	Takes []string `toml:"takes"`
	// Needs: the actor must hold one of these conditions to take it (Let
	// Go: a hold; a Quickdraw load: the Quickdraw made), refused otherwise.
	Needs []string `toml:"needs"`
	// OrAll: when the pools cannot pay the whole cost, the action takes
	// what is left of them instead, at least 1 (Catch your breath: 3
	// Energy or all of it).
	OrAll bool `toml:"or_all"`
	// Roll is rolled and logged when the action is taken (an Initiative
	// roll); RollKind is the kind of roll it is, for the modifiers that
	// reach it.
	Roll     dice.Expr `toml:"roll"`
	RollKind RollKind  `toml:"roll_kind"`
	// Moves marks an action that moves the one who takes it (a step, a
	// run): conditions.no_movement refuses it.
	Moves bool `toml:"moves"`
	// EndsEarly is the pool of its cost of which an action ended early
	// pays only what was used, at least 1 (Energy: a third of a Run for 1
	// Energy); what it gives back (gains, refills) comes only with the
	// whole.
	EndsEarly string `toml:"ends_early"`
	// AgainFails: taken once its cost can no longer be paid this round (a
	// pool it costs spent), it is not refused: it fails, logged, nothing
	// rolled or paid (Energy's second Initiative roll in a round
	// automatically fails, l.126).
	AgainFails bool `toml:"again_fails"`
	// Parry, Shield and Dodge are what the action does to the defence
	// parts until the next action that changes them (guard.go): the
	// parry none, half or full (back to whole), the shield none or full,
	// the dodge changed by an amount; ParryCap caps the parry by a formula
	// of the stats as typed (Off-Guard: half the weapon skill).
	Parry    string    `toml:"parry"`
	Shield   string    `toml:"shield"`
	Dodge    int       `toml:"dodge"`
	ParryCap dice.Expr `toml:"parry_cap"`
	// HoldsDefences: what it lowers holds to the next own turn, whatever
	// the turn's later actions (Pathmaster's All-Out Attack, "when you
	// take" it, l.500-504); another action's parts hold only while it is
	// the turn's last (l.1117-1121: a Ready's halved parry is the draw's,
	// lifted by the attack after it).
	HoldsDefences bool `toml:"holds_defences"`
	// DodgeMore is a formula of the stats as typed added to the dodge on
	// top (All-Out Defense's Increased Dodge: the dodge from Quickness
	// doubled, DB once more, not the bands' or the actions' changes).
	DodgeMore dice.Expr `toml:"dodge_more"`
	// ParryFoesFewer counts so many foes fewer for the share of a parry
	// (helpers.parry_factors): All-Out Defense's Increased Parry, 1.
	ParryFoesFewer int `toml:"parry_foes_fewer"`
	// ParryLoneFoe is a formula of the stats as typed added to the parry
	// while one foe alone has been parried since one's turn (Increased
	// Parry against a single foe: twice the ranks or +20, the better).
	ParryLoneFoe dice.Expr `toml:"parry_lone_foe"`
	// ShieldFoes is how many attackers a shield taken once_per_attacker
	// counts against between one's turns (Increased Block: 2; 0 is 1).
	ShieldFoes int `toml:"shield_foes"`
	// Strikes: the action is a full round of attacks, counted as it is
	// taken (strikes.go): StrikesMulti (the multi-strike, by ranks),
	// StrikesTwoWeapons (a strike with each hand, the multi-strike's beside
	// it with ranks enough), StrikesDouble (two ranged shots, a
	// semi-automatic's double-tap).
	Strikes string `toml:"strikes"`
	// ManyRolls: the attack pays for every attack roll (checks.spends) its
	// taker makes until its next turn, one at each target it reaches (a
	// firehose, covering fire); otherwise an attack pays for one roll.
	ManyRolls bool `toml:"many_rolls"`
}

// TurnStarts reports whether an action is taken only at the start of one's
// own turn (actions.turn_start): only then is it kept whether one acted.
func (rs *Ruleset) TurnStarts() bool {
	return slices.ContainsFunc(rs.Actions, func(a ActionDef) bool { return a.TurnStart })
}

// StunRules says how stun is kept.
type StunRules struct {
	Kind   StunKind    `toml:"kind"`
	Levels []StunLevel `toml:"levels"`
	// Recovery is rolled on the combatant's own turn while stun remains,
	// with the modifier for the total stun added. At Target or more the
	// stun is ignored this turn; at Partial or more it eases one level.
	Recovery dice.Expr `toml:"recovery"`
	// Penalized: the combatant's penalties apply to the recovery roll;
	// RecoveryKind is the kind of roll it is (Pathmaster's Pain
	// Resistance: a maneuver), for the modifiers that reach it.
	Penalized    bool     `toml:"recovery_penalized"`
	RecoveryKind RollKind `toml:"recovery_kind"`
	Target       int      `toml:"target"`
	Partial      int      `toml:"partial"`
	// LiftsUntil: a recovery at Target or more (the stun shrugged off this
	// turn) lifts a level's condition_until hold for that turn too, so the
	// condition may be ended (Pathmaster's other reading of l.1004-1005
	// and 1023-1024: a Pain Resistance success stands the Downed up).
	LiftsUntil bool      `toml:"success_lifts_until"`
	Modifiers  []StunMod `toml:"modifiers"`
	// UnconsciousAt: total stun rounds at or over this formula knock out.
	UnconsciousAt dice.Expr `toml:"unconscious_at"`
	Condition     string    `toml:"condition"` // given when knocked out
	// Stunned is the condition that stands for stun where there is no
	// ladder: the GM gives it with the stun key, for a number of rounds.
	Stunned string `toml:"stunned_condition"`
	// HitOver is a formula: a single hit of more damage than it stuns by
	// itself, the rest_of_round way (countdown: more than CON, with the
	// table above 25 and the bonus for size and hit points).
	HitOver dice.Expr `toml:"hit_over"`
}

// ParryNone is the stun level's parry that leaves none.
const ParryNone = "none"

// StunMod is the recovery modifier from a total of stun rounds up.
type StunMod struct {
	From int `toml:"from"`
	Mod  int `toml:"mod"`
}

// StunLevel is one severity of the ladder, worst first.
type StunLevel struct {
	ID            string `toml:"id"`
	Name          string `toml:"name"`
	Summary       string `toml:"summary"`
	AttackerBonus int    `toml:"attacker_bonus"`
	// Parry is what parry is left: ParryNone refuses a parry roll (the
	// gate), "half" and "full" are for the card and the blow.
	Parry string `toml:"parry"`
	Move  string `toml:"movement"` // what movement is left
	// Actions lists what may be done: the ids of the actions allowed.
	Actions []string `toml:"actions"`
	// Condition is held while this level applies (downed: prone).
	Condition string `toml:"condition"`
	// ConditionUntil, a lighter level's id, keeps the condition until the
	// stun binding is that level or lighter, or none (Downed's prone lasts
	// until Must Parry).
	ConditionUntil string `toml:"condition_until"`
	// ConditionCounted: the stun's attacker bonuses count the condition
	// this level gives: while the stun holds it, its own melee and ranged
	// bonuses are not added (Downed's +50 is the total, prone and all).
	ConditionCounted bool `toml:"condition_counted"`
}

// Tick is a periodic effect and when it happens.
type Tick struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Summary string `toml:"summary"`
	Effect  Effect `toml:"effect"`
	When    Point  `toml:"when"`
	Rank    int    `toml:"rank"`
	// Every ticks only every N rounds; for clotting, every N rounds of each
	// wound's age (12 in Pathmaster). 1 when 0.
	Every int `toml:"every"`
	// Phase picks the phase whose start or end the tick listens to (every
	// phase when empty).
	Phase string `toml:"phase"`
	// Condition limits the tick to combatants holding that condition.
	Condition string `toml:"condition"`
	// SkipNew: wounds dealt this round do not bleed yet ("every round after
	// the round of the wound").
	SkipNew bool `toml:"skip_new"`
	// Check is the check a tick of effect "check" rolls for each combatant
	// it concerns, with no target: a death save, waking, staunching.
	Check string `toml:"check"`
	// Round, when set, ticks only in that round (fatigue after round 3).
	Round int `toml:"round"`
	// Pool and Amount: a tick of effect "spend" takes Amount (a formula of
	// the combatant's stats) from its Pool (Pathmaster's Fatigue: 1 + ENC);
	// one of effect "bleed" takes it once in each tick a wound bleeds, from
	// a combatant whose Pool holds anything at its fullest (BRP's fatigue
	// points, kept only where the GM gives them).
	Pool   string    `toml:"pool"`
	Amount dice.Expr `toml:"amount"`
}

// WoundRules parameterise bleeding wounds and first aid.
type WoundRules struct {
	// FirstAid halts a wound of up to Halt per round, or takes Reduce off a worse one.
	Halt   int `toml:"first_aid_halts"`
	Reduce int `toml:"first_aid_reduces"`
	// Check is the first aid roll and Target what it must reach.
	Check  dice.Expr `toml:"first_aid_check"`
	Target int       `toml:"first_aid_target"`
	// Restriction says what a treated combatant may not do until the
	// wound would have clotted; an attack while restricted reopens it.
	Restriction string `toml:"restriction"`
	// RestrictedPool holds the restricted to what this pool gives a turn:
	// an action paid with more of it, by an exchange, reopens the wound
	// (Pathmaster's "no faster than a Move": a second Move is a run).
	RestrictedPool string `toml:"restricted_pool"`
	// Roll, when set, is the check First Aid is rolled as, in place of
	// Check and Target (BRP: d100 at or under the First Aid skill, its
	// levels a skill roll's, l.337): its roll against its target, shown as
	// a check is, its success a success. FumbleOutcome is the outcome of
	// it that is a fumble, costing the patient FumbleHurts. The check is
	// rolled through First Aid only, not on its own.
	Roll          string `toml:"first_aid_roll"`
	FumbleOutcome string `toml:"first_aid_fumble_outcome"`
	// Skill is the stat the first aid roll reads, shown beside each healer.
	Skill string `toml:"first_aid_skill"`
	// Penalized: the healer's penalties apply to the first aid roll; Kind
	// is the kind of roll it is, for the modifiers that reach it.
	Penalized bool     `toml:"first_aid_penalized"`
	Kind      RollKind `toml:"first_aid_kind"`
	// Stable is held by one who is down with wounds of which none bleeds
	// any more (Pathmaster: no longer dying), until one reopens or it is up.
	Stable string `toml:"stable_condition"`
	// Action, when set, is the extended action that is First Aid: the
	// healer works on one patient's wound, injury or hits, and the roll is
	// made when the action is complete.
	Action string `toml:"first_aid_action"`
	// Brace is the percentage of a critical injury's penalty one successful
	// First Aid braces (0: injuries are not braced).
	Brace int `toml:"first_aid_brace"`
	// Heals is the hits one successful First Aid heals; it may name MARGIN,
	// what the roll made over its target (0: hits are not healed).
	Heals dice.Expr `toml:"first_aid_heals"`
	// HealsBleeding: a success on a bleeding wound heals first_aid_heals
	// too (BRP: 1D3 for each wound treated, l.619).
	HealsBleeding bool `toml:"first_aid_heals_bleeding"`
	// Fumble is the highest First Aid total that is a fumble, a formula of
	// the healer's stats; a fumble costs the patient FumbleHurts hit points
	// (BRP: 1, l.659; none: a fumble is named and costs nothing).
	Fumble      dice.Expr `toml:"first_aid_fumble"`
	FumbleHurts int       `toml:"first_aid_fumble_hurts"`
	// Once: a bleeding wound First Aid failed on takes no more First Aid;
	// only other medical attention stops it (BRP l.337).
	Once bool `toml:"first_aid_once"`
	// Gate: First Aid asks the gate for the healer, who must be able to act
	// (not down, no condition that takes its turns) and be allowed a roll
	// of the kind First Aid is (BRP l.575: an unconscious healer gives none).
	Gate bool `toml:"first_aid_gate"`
	// BleedingCondition is the ruleset's bleeding where it is a condition
	// rather than wounds that cost hits (Energy's Bleeding out, with its
	// Death Saves): the bleeding dialog gives it and takes it away.
	BleedingCondition string `toml:"bleeding_condition"`
}

// Given says whether the ruleset gives First Aid: a roll of it, a
// formula (first_aid_check) or a check (first_aid_roll).
func (w WoundRules) Given() bool { return !w.Check.IsZero() || w.Roll != "" }

// RowLabel is a pool's label on the order row ("": not on the row).
func (p Pool) RowLabel() string {
	switch {
	case p.Row == "-" || p.Unshown:
		return ""
	case p.Row != "":
		return p.Row
	case p.Reset == AtNever || p.ID == "":
		return ""
	}
	if c := p.ID[0]; c >= 'a' && c <= 'z' {
		return upperASCII[c-'a' : c-'a'+1] // no allocation: the row asks at every frame
	}
	return strings.ToUpper(p.ID[:1])
}

const upperASCII = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// KeepsWounds reports whether the ruleset keeps bleeding wounds: not where
// its bleeding is a condition (wounds.bleeding_condition) and no tick
// bleeds wounds, for there a wound would never cost a hit.
func (rs *Ruleset) KeepsWounds() bool {
	return rs.Wounds.BleedingCondition == "" || rs.Recorded() ||
		slices.ContainsFunc(rs.Ticks, func(t Tick) bool { return t.Effect == EffectBleed })
}

// MarginStat is the name first_aid_heals reads the roll's margin by.
const MarginStat = "MARGIN"

// ConditionDef is a condition the ruleset knows.
// DamageSource is a source of damage a condition's holder takes a share
// of: none, half, whole or double.
type DamageSource struct {
	ID    string `toml:"id"`
	Name  string `toml:"name"`
	Share string `toml:"share"`
}

type ConditionDef struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Summary string `toml:"summary"`
	// Players is what the players' screen says the condition means, in
	// place of Summary where that speaks to the GM (the keys to press,
	// what to take away): unset, they read the summary.
	Players  string   `toml:"players"`
	Duration Duration `toml:"duration"`
	// Rounds is how long a duration in rounds lasts: a number, dice
	// ("1d6", rolled when it is given) or a formula ("HP").
	Rounds  dice.Expr `toml:"rounds"`
	Expires Point     `toml:"expires"`
	// Implies lists the conditions that come with this one: each stays
	// while any condition that implies it (or a grant of its own) holds.
	Implies []string `toml:"implies"`
	// Lingers: when the last cause or implying condition that held it
	// goes, it stays in its own right, until an action that takes it or
	// the GM ends it (Pathmaster's Prone: one knocked down or out stays
	// down until a Change Posture).
	Lingers bool `toml:"lingers"`
	// Parry and Shield: what the condition leaves of those parts of the
	// defence while it holds (guard.go): none or half a parry, no shield.
	Parry  string `toml:"parry"`
	Shield string `toml:"shield"`
	// IgnoresDefences: the holder's attacks take none of the foe's dodge,
	// shield or parry (Pathmaster's Invisible, l.946-947).
	IgnoresDefences bool `toml:"ignores_defences"`
	// Then lists the conditions given when this one's own duration runs
	// out (not when it is removed): a count that runs down to an effect.
	Then []string `toml:"then"`
	// Noun: the name is a thing held (Major wound), so the log says "has
	// a Major wound", not "is Major wound".
	Noun bool `toml:"noun"`
	// Skips the combatant's turns while it holds.
	NoTurn bool `toml:"no_turn"`
	// LastAction: one down at hp.out_at or below who holds it acts once
	// more (BRP's dying blow, l.447): back in the order, hp.out_condition's
	// skipped turns set aside, until its own time runs out (its next turn's
	// end) and `then` follows. Only one that is down may be given it.
	LastAction bool `toml:"last_action"`
	// NoHealing: while it holds, healing (h) and First Aid's healing of
	// hit points are refused, with the reason (BRP's impaling weapon left
	// in the wound, l.389).
	NoHealing bool `toml:"no_healing"`
	// MovingStuckDivide: while it holds, a round its holder declares a move
	// (declarations.moves), each weapon stuck in it rolls its damage dice
	// again (not its wielder's bonus), divided by this (rounded up), which
	// the armour does not stop, at the location the weapon struck, as the
	// round ends (BRP's impaling weapon catching as the impaled moves, l.389).
	MovingStuckDivide int `toml:"moving_stuck_divide"`
	// Stanches: while it holds, the wounds the combatant had open as it
	// was given do not bleed; when its own time runs out they are closed
	// for good (BRP: a wound held shut for five rounds); one opened later
	// bleeds on.
	Stanches bool `toml:"stanches"`
	// SkipActed: rounds given to one who has already acted this round
	// start counting next round, so they cost its next turns (BRP's stun
	// given after the victim's DEX rank).
	SkipActed bool `toml:"skip_acted"`
	// WaitsActed: given in its own right to one who has already acted this
	// round, it waits and is given as the next round begins, nothing of it
	// holding before (BRP's fumbles: "lose the next combat round and are
	// effectively helpless", l.258); given before one acts, it holds at
	// once ("or this one if no action has yet been taken", l.287).
	WaitsActed bool `toml:"waits_acted"`
	// WaitsRound: given in its own right during a round, it waits for the
	// next round whatever its holder has done (BRP's major wound: "may
	// not be able to fight after the round of injury", l.537).
	WaitsRound bool `toml:"waits_round"`
	// TableOnGive: the table is rolled once, as the condition is given,
	// instead of at each own turn (BRP's major wound table).
	TableOnGive bool `toml:"table_on_give"`
	// CheckOnGive is a check of the ruleset rolled for the holder once, as
	// the condition is given, its outcome's effects done (BRP's Luck roll
	// after a major wound, l.547: "immediately").
	CheckOnGive string `toml:"check_on_give"`
	// GivenAnew: given again while held for its own sake, it starts over:
	// its rounds are those worked out now (fewer too), and its table and
	// check on give are rolled again (BRP's second major wound).
	GivenAnew bool `toml:"given_anew"`
	// RoundsAtMost, a formula of the holder's numbers, cuts its own rounds
	// left to it whenever the holder is hurt (BRP's shock: as many rounds
	// as the hit points left now, l.541), never below 1.
	RoundsAtMost dice.Expr `toml:"rounds_at_most"`
	// Passive: only passive actions (Do Nothing) may be spent.
	Passive bool `toml:"passive"`
	// Actions, when set, are the only actions that may be spent while it
	// holds (Nauseated: a single Move action or Do Nothing); Forbids are
	// actions that may not (Entangled: Run, Charge).
	Actions []string `toml:"actions"`
	Forbids []string `toml:"forbids"`
	// ForbidsChecks are checks the holder may not roll while it holds
	// (BRP's incapacitated limb bleeds until a Difficult Stamina roll: the
	// plain one that holds a wound shut is refused, l.599).
	ForbidsChecks []string `toml:"forbids_checks"`
	// ForbidsCuts: while it holds, the holder may not cut itself free of
	// what holds it (a blow result's cuts_free): a blow aimed at the item
	// that holds it, with a weapon that would cut through, is refused (BRP's
	// Just entangled: the cut comes on the round following, l.369).
	ForbidsCuts bool `toml:"forbids_cuts"`
	// ForbidsWeapons are weapon kinds (gear.weapon_kinds) the holder may
	// neither strike nor parry with while it holds (BRP: a useless shield
	// arm, l.594, and the major wound rows that leave no shield or only
	// one-handed weapons, l.557, 567-569).
	ForbidsWeapons []string `toml:"forbids_weapons"`
	// OwnTurnOnly: the holder's own grant counts in its own turn alone:
	// its check_bonus and roll_mods reach no roll made out of it, and a
	// modifier that spends it is refused there (Pathmaster's Evaluate and
	// Feint, for an attack "on your next turn", not an opportunity attack
	// on another's, l.514, 524, 566-567).
	OwnTurnOnly bool `toml:"own_turn_only"`
	// Caps hold pools at most at these while it holds, from its own turn's
	// start or the first action spent under it (Nauseated: a single Move).
	Caps map[string]int `toml:"caps"`
	// MeleeBonus and RangedBonus are what attackers gain against one who
	// holds it (Surprised: +20 melee, +10 ranged; Helpless +50, +30): on
	// the panel, and added to melee and ranged attack rolls made against it.
	MeleeBonus  int `toml:"melee_bonus"`
	RangedBonus int `toml:"ranged_bonus"`
	// VoidsBonuses are conditions whose melee_bonus and ranged_bonus
	// attackers do not gain while this one holds too (Pathmaster's
	// Helpless and Cowering have no Dodge for Prone to change, l.864, 934).
	VoidsBonuses []string `toml:"voids_bonuses"`
	// VoidsForFoe: held at a foe (given by an action at_foe), the holder's
	// conditions named give that foe's rolls against it no melee_bonus or
	// ranged_bonus (Pathmaster's focus on one flanker, who loses the flank
	// bonus, l.920-922).
	VoidsForFoe []string `toml:"voids_for_foe"`
	// VoidsTargetBonuses: the holder's rolls against a foe take none of
	// the melee_bonus or ranged_bonus of these conditions of the foe
	// (Pathmaster's Invisible ignores the Dodge, so a prone foe's Dodge
	// raised or lowered counts for nothing, l.946-947, 972-974).
	VoidsTargetBonuses []string `toml:"voids_target_bonuses"`
	// AgainstDamage is added to the damage of every blow struck at one who
	// holds it (countdown's complete surprise: +2), before a critical
	// doubles it.
	AgainstDamage int `toml:"against_damage"`
	// Penalty is added to the holder's penalty while it holds it, beside
	// its injuries' (every roll that takes the penalty, the panel, and
	// hp.penalty_out): a poison's for its duration (Pathmaster
	// l.1550-1632), no critical injury First Aid could brace.
	Penalty int `toml:"penalty"`
	// DamageSources are what deals damage that the holder takes otherwise
	// (Pathmaster's Incorporeal: none from a nonmagical attack, half from
	// a spell), named as the damage is entered; any other takes it whole.
	DamageSources []DamageSource `toml:"damage_sources"`
	// RollMods are added to the holder's rolls of each kind it names (a
	// kind, attack, defence or all: Shaken -10 on maneuvers; Deafened -4 on
	// initiative); AgainstMods to rolls of each kind made against it
	// (stunned: attacks against it +10, or Easy: "target", the roll's
	// target number again). Each is a formula of the roller's stats, the
	// holder's (target_X in AgainstMods) and target, the roll's target
	// number (0 where it has none).
	RollMods    map[RollKind]dice.Expr `toml:"roll_mods"`
	AgainstMods map[RollKind]dice.Expr `toml:"against_mods"`
	// AgainstOnce: its against_mods are a level of difficulty, not a
	// bonus: where the holder has several conditions that say so, a roll
	// against it takes the largest of their mods alone (BRP's Easy, l.347,
	// 256: a target stunned and helpless is attacked at twice the skill).
	AgainstOnce bool `toml:"against_once"`
	// RollEdge gives the holder's rolls of each kind it names Advantage or
	// Disadvantage (Prone: { dodge = "disadvantage" }); AgainstEdge gives
	// it to rolls of each kind made against the holder. Reached as the
	// modifiers are; an Advantage and a Disadvantage on one roll cancel.
	RollEdge    map[RollKind]EdgeKind `toml:"roll_edge"`
	AgainstEdge map[RollKind]EdgeKind `toml:"against_edge"`
	// EndedByRolls are kinds of roll that end the holder's own grant when
	// it makes one (BRP: a dodge ends staunching, and opens a wound held
	// shut).
	EndedByRolls []RollKind `toml:"ended_by_rolls"`
	// EndedBy are conditions that end the holder's own grant of this one
	// as it comes to hold them (Pathmaster's maintained spell, ended when
	// the caster is knocked out, l.669).
	EndedBy []string `toml:"ended_by"`
	// EndedByFirstAid: a successful First Aid on the holder ends its own
	// grant (BRP's head blow: medical attention within five minutes keeps
	// the knocked-out fighter alive, l.595).
	EndedByFirstAid bool `toml:"ended_by_first_aid"`
	// EndedByHealing: hit points healed (h) end its own grant, and nothing
	// follows; a heal at a hit location only where an effect of that
	// location gives it (BRP: a healing power is medical attention, l.587,
	// which saves the head blow's knocked out, l.595).
	EndedByHealing bool `toml:"ended_by_healing"`
	// ForbidsRolls are the kinds of roll the holder may not make (a dying
	// fighter no defence); an attack forbidden forbids the actions marked
	// attack too. RollsNeed are kinds of roll it makes only after the
	// named check succeeds, one for each (BRP's stunned: a defence after
	// an Idea roll).
	ForbidsRolls []RollKind          `toml:"forbids_rolls"`
	RollsNeed    map[RollKind]string `toml:"rolls_need"`
	// NoMovement: no action that moves (actions.moves) while it holds, and
	// no movement in the count (an immobile fighter, legs disabled).
	NoMovement bool `toml:"no_movement"`
	// AttackedWith is a modifier of a blow's attack check that a blow on
	// the holder takes by itself, unless the GM picked one of
	// AttackedUnless (War & Combat: the front forfeited to defend a flank,
	// every attack from the front undefended; from a flank or the rear,
	// the one picked counts).
	AttackedWith   string   `toml:"attacked_with"`
	AttackedUnless []string `toml:"attacked_unless"`
	// Clears: while it holds, these conditions are not: given, it ends
	// them whatever holds them, and they are not given again while it
	// holds (War & Combat's Dead: no longer open to a coup-de-grace).
	Clears []string `toml:"clears"`
	// UntilPhase: an end_of_round grant lasts instead to the end of this
	// phase of the round: this round's if it has not ended yet, else the
	// next round's (War & Combat's stop in a zone of danger, l.121: until
	// the threat is resolved in the flurry phase). Where the phase is the
	// flurries' (flurries.phase), the grant also ends, in that phase, when
	// its holder's flurry does: it leaves it, or the next flurry begins
	// (the turn to face's -1 Defense "for the entire flurry", l.93).
	UntilPhase string `toml:"until_phase"`
	// MovingUsesUp: while it holds, an action that moves (actions.moves)
	// spends what is left of these pools as well (War & Combat's one hex
	// adjustment, l.121: one step, whatever it costs, and no more).
	MovingUsesUp []string `toml:"moving_uses_up"`
	// MovingTakes: while it holds, an action that moves (actions.moves)
	// takes these conditions from the holder (Energy: one who has run its
	// Speed and moves again has moved past it, which ends Defending).
	MovingTakes []string `toml:"moving_takes"`
	// CheckBonus is added to the named checks the holder rolls while it
	// holds (Pathmaster's unusual event: +30 on the next spell casting);
	// with SpentByCheck its own grant ends once one of them is rolled.
	CheckBonus   map[string]int `toml:"check_bonus"`
	SpentByCheck bool           `toml:"spent_by_check"`
	// Check is rolled at the start of each own turn; at CheckTarget or more
	// the condition ends. Turns ends it anyway on that many own turns.
	Check       dice.Expr `toml:"check"`
	CheckTarget int       `toml:"check_target"`
	// CheckPenalized: the combatant's penalties apply to the check;
	// CheckKind is the kind of roll the check is (Surprised's Perception),
	// for the modifiers that reach it.
	CheckPenalized bool     `toml:"check_penalized"`
	CheckKind      RollKind `toml:"check_kind"`
	Turns          int      `toml:"turns"`
	// Stats caps stats while it holds: each named stat reads at most its
	// formula, of the combatant's own stats (Stunned: defense "5 +
	// fighter_rank / 2"); of several conditions the lowest counts.
	Stats map[string]dice.Expr `toml:"stats"`
	// TableRoll is rolled at the start of each own turn and read on Table.
	TableRoll dice.Expr  `toml:"table_roll"`
	Table     []TableRow `toml:"table"`
	// PoolMods are added to pools as they refill while it holds (Exhausted:
	// 2 less Energy); PoolCaps cap what they refill to (Exhausted as the
	// Non-Lethal rule words it: 3 Energy).
	PoolMods map[string]int `toml:"pool_mods"`
	PoolCaps map[string]int `toml:"pool_caps"`
	// NoSpend are pools that may not be spent, nor exchanged, while it
	// holds (Slowed: Agility; Exhausted, Shaken: Stamina).
	NoSpend []string `toml:"no_spend"`
	// NoExchangeInto are pools no exchange may buy for an action that
	// moves (actions.moves) while it holds: only what the turn gives of
	// them moves it (Pathmaster's Entangled: a second Move, the Attack
	// given up for it, is a run, l.164-167, 891).
	NoExchangeInto []string `toml:"no_exchange_into"`
	// HealedEnds: hit points healed end its own grant, and give what
	// follows it (Then), as when it runs out (Energy: gaining Aura
	// stabilises one bleeding out).
	HealedEnds bool `toml:"healed_ends"`
	// AfterFight: what becomes of it when the fight ends and the party is
	// kept for the next ("": a grant that runs by rounds ends, one until
	// removed stays).
	AfterFight AfterFight `toml:"after_fight"`
}

// TableRow is a result of a table: rolls up to UpTo read Text.
type TableRow struct {
	UpTo int    `toml:"upto"`
	Text string `toml:"text"`
	// Lose is the actions the row costs the one it was rolled for, taken
	// as lost_actions says.
	Lose int `toml:"lose"`
	// Again is how many more times the table is rolled after this row
	// (BRP's fumbles: "roll twice more", cumulative if rolled again).
	Again int `toml:"again"`
	// Give are conditions the row gives the one it was rolled for, each
	// for its own duration (BRP's fumbles: prone, a lost round, vision
	// obscured).
	Give []string `toml:"give"`
	// Damage is rolled with the holder's numbers and taken from its hit
	// points, armour not counted (BRP's strain: "lose 1 hit point");
	// WeaponDamage, instead, the damage and bonus of the weapon being used,
	// as Weapon says (BRP's hard surface: "normal damage to self", l.312).
	Damage       dice.Expr `toml:"damage"`
	WeaponDamage bool      `toml:"weapon_damage"`
	// LimbField, with Damage or WeaponDamage and hit locations on, puts
	// that damage at the location whose roll holds this field of the
	// holder's weapon in hand (gear.weapon_fields; unarmed, the field's
	// unarmed value), not at a rolled one: BRP's natural weapon fumble,
	// "in the attacking limb if hit locations are being used" (l.309, 313).
	LimbField string `toml:"limb_field"`
	// Weapon is what becomes of the weapon being used (the blow's, or the
	// one parried with; given by hand, the first ready one): dropped or
	// broken (BRP's fumbles: drop the weapon, throw it, break it).
	Weapon WeaponFate `toml:"weapon"`
	// WeaponHits is rolled and taken off that weapon's hit points (its
	// hp), broken at none; a weapon that keeps none is left as Unkept says
	// (broken; unset: the loss is only logged). BRP's "lose 1D10 points of
	// weapon's hit points", and the missile table's "or use result 81-85
	// if the weapon has no hit points".
	WeaponHits dice.Expr  `toml:"weapon_hits"`
	Unkept     WeaponFate `toml:"unkept"`
	// WeaponFlies, with Weapon dropped, is rolled for how many meters
	// away the weapon lands, and logged (BRP's "flies 1D10 meters away").
	WeaponFlies dice.Expr `toml:"weapon_flies"`
	// FoeHits, rolled for the one a blow struck at (its answer's table),
	// has the striker hit it again at once with this outcome of the
	// blow's attack check, unanswered (BRP's parry fumble: "wide open;
	// foe automatically hits with a special hit").
	FoeHits string `toml:"foe_hits"`
	// StatsLost, on a condition with check_on_give, are rolled and taken
	// off the holder's stats when that check fails, each stat it keeps
	// (one it does not keep is only logged): BRP's major wound, Luck
	// failed, "subtracting the indicated characteristic points" (l.547).
	StatsLost map[string]dice.Expr `toml:"stats_lost"`
	// Alone is a roll of the table read instead, the row it lands on done
	// in this one's place, when the one it was rolled for has no ally in
	// the fight (another on its side, not dead): BRP's "hit the nearest
	// ally ... or use result 41-50 if no ally nearby". With allies, who is
	// near is the GM's.
	Alone int `toml:"alone"`
}

// Threshold is an effect of hit points falling to a fraction of the maximum.
type Threshold struct {
	// The band's edge, one of four, each saying whether the edge itself is
	// in the band: Below a percentage of the maximum (hit points under it),
	// AtMostPct a percentage (at it or under), HPBelow a number of hit
	// points (under it), AtMost a number of hit points (at it or under).
	// With Pool, the pool's points against its capacity instead.
	Below     *int `toml:"below"`
	AtMostPct *int `toml:"at_most"`
	HPBelow   *int `toml:"hp_below"`
	AtMost    *int `toml:"hp_at_most"`
	// HPAbove, with hp_at_most or hp_below, is the band's floor: only one
	// above so many hit points is in it (BRP's 1-2 HP knock out; at 0 the
	// wound is fatal instead).
	HPAbove *int `toml:"hp_above"`
	// ExemptStart: a combatant whose maximum is already within the band
	// (it started there) is not in it; it meets the next band down as usual.
	ExemptStart bool `toml:"exempt_start"`
	// MinorWounds, in place of an edge, is the band of minor wounds adding
	// up to a major wound's worth: the hit points lost to single hits under
	// hp.major_at reach hp.major_at (BRP l.531); a major wound does not
	// count toward it. Without hp.major_at every hit is a minor wound, and
	// the band is at half the total hit points (rounded down).
	MinorWounds bool `toml:"minor_wounds"`
	// Pool, when set, makes it a band of the pool's points against its
	// capacity instead of hit points (Pathmaster's Mana: -10 at 75% or less);
	// the lowest band of each pool adds to the lowest band of hit points.
	Pool string `toml:"pool"`
	// Penalty is the band's: the lowest band held gives its penalty alone.
	Penalty int `toml:"penalty"`
	// Gives is given in its own right, for its own duration, as the
	// combatant enters the band: healing out of the band leaves it, and
	// one still in the band when it runs out, or is taken away, is not
	// given it again until it falls into the band anew (BRP's 1-2 HP:
	// knocked out for up to an hour).
	Gives string `toml:"gives"`
	// Condition is held while the band holds.
	Condition string `toml:"condition"`
	Summary   string `toml:"summary"`
	// Stats caps stats while the band is the lowest held: each named stat
	// reads at most its formula, of the combatant's own stats (Pathmaster's
	// Move lost to injury: "max(move_rate - 1, 1)"), as a condition's do.
	Stats map[string]dice.Expr `toml:"stats"`
}

// MinorWounds reports whether a band counts the minor wounds (thresholds.minor_wounds).
func (rs *Ruleset) MinorWounds() bool {
	for _, th := range rs.Thresholds {
		if th.MinorWounds {
			return true
		}
	}
	return false
}

// Stat returns the stat definition with the id.
func (rs *Ruleset) Stat(id string) (StatDef, bool) {
	for _, s := range rs.Stats {
		if s.ID == id {
			return s, true
		}
	}
	return StatDef{}, false
}

// PlayersText is what the players read the condition means: its players
// text, or its summary.
func (d ConditionDef) PlayersText() string {
	if d.Players != "" {
		return d.Players
	}
	return d.Summary
}

// Condition returns the condition definition with the id.
func (rs *Ruleset) Condition(id string) (ConditionDef, bool) {
	for _, c := range rs.Conditions {
		if c.ID == id {
			return c, true
		}
	}
	return ConditionDef{}, false
}

// Phase list as run: the ruleset's, or a single phase in initiative order.
func (rs *Ruleset) RoundPhases() []Phase {
	if rs.Order.Kind == OrderNone {
		return nil
	}
	if len(rs.Phases) == 0 {
		return []Phase{{ID: "turns", Name: "Turns", Order: PhaseInitiative, Actions: true}}
	}
	return rs.Phases
}

// OffersHold reports whether the ruleset has the hold maneuver.
func (rs *Ruleset) OffersHold(h Hold) bool { return slices.Contains(rs.Order.Hold, h) }

// Action returns the ruleset's action with the id.
func (rs *Ruleset) Action(id string) (ActionDef, bool) {
	for _, a := range rs.Actions {
		if a.ID == id {
			return a, true
		}
	}
	return ActionDef{}, false
}

// OE returns the ruleset's open-ended thresholds.
func (rs *Ruleset) OE() dice.OpenEnded {
	oe := dice.DefaultOpenEnded
	if rs.Dice.OEHigh != 0 {
		oe.High = rs.Dice.OEHigh
	}
	if rs.Dice.OELow != 0 {
		oe.Low = rs.Dice.OELow
	}
	return oe
}
