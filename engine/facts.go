package engine

import (
	"fray/engine/dice"
	"fray/engine/rules"
)

// The facts events state, by the mechanic that logs them. Each is the
// numbers its line shows, the ruleset's ids it concerns (a condition's, a
// pool's...: narrate says their names), the words it quotes (Text) and
// every combatant it names besides the event's Who (Subject). None holds
// English: package narrate says each.

// ---------------------------------------------------------------- rolls

// FreeRoll: Who (or nobody) rolled dice for the log, for what For says
// ("": it just rolls). Rolls are the event's Roll, here and below.
type FreeRoll struct {
	For Text `players:"public"`
}

// DamageRoll: Who's damage was rolled.
type DamageRoll struct{}

// HealingRoll: Who's healing was rolled.
type HealingRoll struct{}

// StunRoll: Who's rounds of stun were rolled.
type StunRoll struct{}

// InitiativeRoll: Who's initiative was rolled (what its conditions add
// follows: InitiativeModified).
type InitiativeRoll struct{}

// RankRoll: Who's rank in a phase in stat order was rolled (phases.roll).
type RankRoll struct{ Phase string }

// TieRoll: Who rolled off for a tie at a value of the order.
type TieRoll struct {
	At int `players:"public"`
}

// ActionRoll: the roll of an action Who took, with Mods.
type ActionRoll struct {
	Action string
	Mods   []CheckMod
}

// TableRoll: a condition's table was rolled for Who.
type TableRoll struct{ Condition string }

// LocationRoll: where a blow on Who fell was rolled.
type LocationRoll struct{}

// FlurryRoll: Who's initiative in a flurry was rolled, with Mods.
type FlurryRoll struct {
	Flurry int `players:"public"`
	Mods   []CheckMod
}

// ConditionCheckRoll: Who rolled a condition's check, with its Penalty
// added where the condition takes it (0: none) and Mods.
type ConditionCheckRoll struct {
	Condition string
	Penalty   int `players:"roll"`
	Mods      []CheckMod
	// Target is what the total was held against: at it or more the
	// condition ends (0: not said, in a fight saved before it was).
	Target int `players:"roll"`
}

// FirstAidRoll: Who rolled First Aid, with its Penalty added where the
// ruleset takes it (0: none) and Mods.
type FirstAidRoll struct {
	Penalty int `players:"roll"`
	Mods    []CheckMod
	// Target is what the total was held against: at it or more the First
	// Aid works (0: not said, in a fight saved before it was).
	Target int `players:"roll"`
}

// SegmentRoll: Who's initiative for its Action (from 0) was rolled, with
// what it Declared added (0: nothing) and Mods to come to Value.
type SegmentRoll struct {
	Action          int `players:"public"`
	Declared, Value int `players:"roll"`
	Mods            []CheckMod
}

// ConditionRounds: the rounds a condition lasts were rolled for Who.
type ConditionRounds struct{ Condition string }

// EffectDamage: the damage a check's outcome does to Who was rolled.
type EffectDamage struct{}

// TableDamage: the damage a row of Who's Condition's table does to it was
// rolled: Weapon's damage or bonus where the row takes its weapon's.
type TableDamage struct {
	Condition string
	Weapon    Text `players:"public"`
}

// StatLost: the roll Who's Condition's table row takes off its Stat (Kept:
// off the stats the fight keeps; otherwise only told).
type StatLost struct {
	Condition string
	Stat      string `players:"public"`
	Kept      bool   `players:"public"`
}

// Lands: what Who dropped lands the roll's total in Unit away, Where (a
// check's outcome: a fumble).
type Lands struct {
	Unit  Text `players:"public"`
	Where Text `players:"public"`
}

// AidHealRoll: what Who's First Aid heals was rolled, with the margin its
// roll made.
type AidHealRoll struct {
	Margin int `players:"roll"`
}

// MarkedRoll: one roll for every one of Targets, for a step of For.
type MarkedRoll struct {
	For     Op
	Targets []Subject
}

// FlurryActions: Who rolled its Actions in a flurry.
type FlurryActions struct {
	Flurry  int `players:"public"`
	Actions int `players:"roll"`
}

// Resisted: Who rolled a Resistance Roll (Against: what against), attack
// level against defence level for Target, and made it by Margin (below 0:
// missed it by as much).
type Resisted struct {
	Against                         Text `players:"public"`
	Attack, Defence, Target, Margin int  `players:"roll"`
	Mods                            []CheckMod
	// Kind is what was resisted (helpers.resistance_kinds), read its own
	// way; Keep, a roll to keep a spell or an aim at stake, all or nothing.
	// Neither: the margin is read on the tiers.
	Kind string `players:"public"`
	Keep bool   `players:"public"`
}

// StunRecovery: Who rolled to recover from stun at its own turn: Got, with
// Mod for the Rounds of stun it carries, its Penalty and Mods, and Ease
// says what it came to (0 still stunned, 1 a level eased, 2 shrugged off).
type StunRecovery struct {
	Ease, Got, Mod, Rounds, Penalty int `players:"roll"`
	Mods                            []CheckMod
	// Target and Partial are what Got was held against: at Target or more
	// the stun is shrugged off this turn, at Partial (0: none) or more it
	// eases a level.
	Target, Partial int `players:"roll"`
}

// CheckRef names a check as it was rolled: one of the ruleset's (ID), or
// one made from it for a cell of the maneuver table (Maneuver's row, its
// cell's target number Cell).
type CheckRef struct {
	ID       string
	Maneuver string
	Cell     int `players:"public"`
}

// CheckMod is a modifier a roll was rolled with, adding Value: one of the
// check's (Modifier, Free: chosen for what it is, adding nothing), a
// condition (Condition), a stun level (Level) or a declaration
// (Declaration). Target: it is the state of the one rolled against, what
// those acting against it gain. Stat: it is already in that stat, which
// the roll reads (a stance, a cap): named, not added again; Stat "target":
// a chosen modifier added to the target number, not the roll.
type CheckMod struct {
	Modifier, Condition string
	Free                bool
	Value               int `players:"roll"`
	Level, Declaration  string
	Target              bool
	Stat                string
	// Casting: it is what a spell under way does to the stat (spells.stats).
	Casting bool
	// Edge: it gave the roll Advantage or Disadvantage (no amount).
	Edge dice.Edge `players:"roll"`
	// Guard: it is what the defence parts do to the stat (guard.go): the
	// action the defences follow, or the parry allotted, no shield, the
	// bands.
	Guard string
	// Strike: it is the strike of a full round of attacks it names
	// (strikes.go).
	Strike string
	// Needs: the chosen modifier adds nothing but makes the roll succeed
	// only on this outcome or a better one (checks.modifiers.needs).
	Needs string
}

// CheckResult is a check's roll as it came out: the modifier rolled with
// it, the total compared, the target number (and before the modifier), how
// they compare, and the outcome's id. The dice are the event's Roll.
type CheckResult struct {
	Mod                 *dice.Result `players:"roll"`
	Total, Target, Base int          `players:"roll"`
	Succeeds            rules.Compare
	Outcome             string
}

// CheckRolled: Who rolled Check against Against (ID 0: nobody), with Mods,
// the step for its Defence-th defence this round (DefenceMod; 0: none) and
// its Penalty.
type CheckRolled struct {
	Check      CheckRef
	Against    Subject
	Mods       []CheckMod
	Defence    int `players:"roll"`
	DefenceMod int `players:"roll"`
	Penalty    int `players:"roll"`
	Result     CheckResult
	// With is the weapon or shield a parry was made with (a check that uses
	// one, UsesGuard: the item picked in a blow, else the one in hand);
	// "" for any other check, or one who carries none.
	With Text `players:"public"`
	// ReadsTheirs: the roll read the numbers of the one it was rolled
	// against (its stats as target_X in the dice, a modifier or the
	// target; its answer's roll raising the target), so every number it
	// states tells theirs: the players read them as they read that one's
	// rolls (PlayersRead).
	ReadsTheirs bool
}

// NeedFailed: Who failed Need, the check its Condition asks for before a
// roll of Check's kind, so it does not roll Check (a stunned fighter too
// dazed to parry).
type NeedFailed struct{ Condition, Need, Check string }

// SaveRolled: Who rolled the ruleset's save against a condition it holds
// until one.
type SaveRolled struct {
	Check, Condition string
	Result           CheckResult
}

// ---------------------------------------------------------------- the clock

// FightBegins: the fight began.
type FightBegins struct{}

// RoundBegins: the event's round began, Elapsed seconds into the fight (0:
// the ruleset gives a round no time, or it is the first).
type RoundBegins struct {
	Elapsed int `players:"public"`
}

// NobodyCanAct: nobody could act in the round: it waits.
type NobodyCanAct struct{}

// PhaseBegins: a phase of the round began.
type PhaseBegins struct{ Phase string }

// Acts: Who's step began. Stat and Value are where it stands in a phase in
// stat order; else, Placed, Value is its place in the count. With is the
// one it ties and goes together with; Action is which of its actions
// (from 0).
type Acts struct {
	Stat string
	// Value is Who's initiative, or its stat: read as its rolls are (the
	// players read a foe's place, not its number), and not where it is
	// Taken from another that Who moved past (a wait after a foe).
	Value  int `players:"roll,unless:Taken"`
	Placed bool
	Taken  bool `players:"public"`
	With   Subject
	Action int `players:"public"`
}

// StrikesAsItFalls: Who, felled at a rank where it acts at once with
// another (tied past every tie-break), takes its action of that rank all
// the same: the blows land together (BRP l.29), the powers go off together
// (l.55).
type StrikesAsItFalls struct{}

// TurnPasses: Who's step in the phase passed without it, for it holds
// Condition, which takes its turns (no_turn).
type TurnPasses struct{ Condition string }

// RoundEnds: the event's round ended.
type RoundEnds struct{}

// FightEnds: the fight ended, in the event's round.
type FightEnds struct{}

// Order: the round's order, first first. Players, where set, is the order
// the players read instead: the foes whose statements the GM keeps on the
// ranks they had before them (PublicEntries).
type Order struct {
	Places  []Place
	Players []Place
}

// Place is a combatant's place in an order: its value there.
type Place struct {
	Who Subject
	// Value is Who's initiative: a foe's is the GM's, as its roll is.
	Value int `players:"rolled:Who"`
}

// Problem: something went wrong where no one could say so: Err.
type Problem struct {
	Err Text `players:"gm"`
}

// Failed: something about Who went wrong: Err.
type Failed struct {
	Err Text `players:"gm"`
}

// ---------------------------------------------------------------- order

// InitiativeSet: Who's initiative was typed in.
type InitiativeSet struct {
	Init int `players:"public"`
}

// InitiativeModified: a condition Who holds moved its initiative by Mod, to
// Init.
type InitiativeModified struct {
	Condition string
	Mod, Init int `players:"public"`
}

// ActionLost: Who's Action (from 0) falls at a value past the last: lost.
type ActionLost struct {
	Action, At int `players:"public"`
}

// InitiativeNow: the GM set Who's initiative.
type InitiativeNow struct {
	Init int `players:"public"`
}

// ActionTies: Who's Action (from 0) tied the one before it, and goes at At.
type ActionTies struct {
	Action, At int `players:"public"`
}

// Moves: the GM moved Who a place in the order (Later, or earlier); in an
// order kept for the fight (Fixed), for the rest of it, their initiatives
// Swapped to keep the numbers in step (the one moved past first).
type Moves struct {
	Later, Fixed bool
	Swapped      []Swap
}

// Swap is a place whose Value was Of's initiative, swapped to Who: read as
// Of's roll is (one of the party moved past a foe takes the foe's number).
type Swap struct {
	Who   Subject
	Of    Subject
	Value int `players:"rolled:Of"`
}

// ---------------------------------------------------------------- holds

// Waits: Who, acting, waits until after After (ID 0: the end of the round).
type Waits struct{ After Subject }

// Delays: Who holds its attack as an interrupt until Trigger.
type Delays struct {
	Trigger Text `players:"public"`
}

// FiresDelay: Who fired the attack it held.
type FiresDelay struct {
	Trigger Text `players:"public"`
}

// DelayLapses: Who's delayed attack lapsed at its next turn.
type DelayLapses struct {
	Trigger Text `players:"public"`
}

// Holds: Who holds its action until the rank or segment To.
type Holds struct {
	To int `players:"public"`
}

// HoldsPast: Who held past the last rank or segment (Lowest): lost.
type HoldsPast struct {
	Lowest int `players:"public"`
}

// Carried: Who's later Action (from 0) went with the one it held, to To.
type Carried struct {
	Action, To int `players:"public"`
}

// CarriedLost: Who's later Action (from 0), carried to To, is lost.
type CarriedLost struct {
	Action, To int `players:"public"`
}

// HoldsInPhase: Who holds until To of a phase's stat, its rank in the
// round kept.
type HoldsInPhase struct {
	Phase string
	To    int `players:"public"`
}

// HoldsPastInPhase: Who held past the lowest value of a phase's stat:
// nothing in that phase this round.
type HoldsPastInPhase struct {
	Phase  string
	Lowest int `players:"public"`
}

// ReEnters: Who re-entered the order, given back what its Wait set aside.
type ReEnters struct {
	Held map[string]int `players:"public"`
}

// WaitsOn: Who's Wait lasts into the next round, Held set aside (Renewed:
// set aside afresh at its own turn, still waiting).
type WaitsOn struct {
	Held    map[string]int `players:"public"`
	Renewed bool
}

// HurtWhileIntent: Who, hurt while preparing Spell or aiming (Aims
// actions of it), makes a Resistance Roll or loses it.
type HurtWhileIntent struct {
	Spell Text `players:"public"`
	Aims  int  `players:"public"`
}

// ---------------------------------------------------------------- budgets

// Exchanged is a pool exchanged to pay a cost: From, for Gives.
type Exchanged struct {
	From  string
	Gives map[string]int `players:"public"`
}

// PoolChange is a pool before and after.
type PoolChange struct {
	Pool          string
	Before, After int `players:"pool:Pool"`
}

// AidAim is what First Aid under way is for: the Patient's wound or
// injury Index (from 0), or its hits, as Treat says.
type AidAim struct {
	Patient Subject
	Treat   Treat
	Index   int `players:"public"`
}

// Spends: Who took an action, paid with the exchanges it took; one that
// may take all that is left (OrAll) says how its pools moved.
type Spends struct {
	Action    string
	Exchanged []Exchanged
	OrAll     bool
	Changes   []PoolChange
	// Early: the action was ended early, paying only what it used.
	Early bool
	// At is the foe it was taken at (actions.at_foe; none named: zero).
	At Subject
	// Provokes is the action the foes in reach may take in answer
	// (actions.provokes; "": none).
	Provokes string
}

// WorksOn: Who worked on an extended action (First Aid: on Aim), Paid of
// Total so far.
type WorksOn struct {
	Action      string
	Aim         AidAim
	Paid, Total int `players:"public"`
	Exchanged   []Exchanged
}

// Completes: Who completed an extended action (First Aid: on Aim).
type Completes struct {
	Action    string
	Aim       AidAim
	Exchanged []Exchanged
}

// BreaksOff: Who broke off the extended action it had under way.
type BreaksOff struct{ Action string }

// BreaksOffIdle: Who's extended action broke off: a turn with no work on it.
type BreaksOffIdle struct{ Action string }

// GivesUp: the GM dropped the extended action Who had under way.
type GivesUp struct{ Action string }

// RefillMod is what a condition does to a pool as it refills: adds Mod, or
// caps it at Cap (IsCap).
type RefillMod struct {
	Condition string
	Mod, Cap  int `players:"public"`
	IsCap     bool
}

// PoolRefilled: Who's pool refilled to Value, changed by Mods.
type PoolRefilled struct {
	Pool  string
	Value int `players:"pool:Pool"`
	Mods  []RefillMod
}

// PoolChanged: something other than a cost moved Who's pool: non-lethal
// damage at 0 hit points, an Action, a check's outcome (neither).
type PoolChanged struct {
	Pool          string
	Before, After int `players:"pool:Pool"`
	NonLethal     bool
	Action        string
	// Declaration is what was declared and paid for (BRP's power points).
	Declaration string
}

// PoolEmpty: Who's pool ran dry.
type PoolEmpty struct {
	Pool string `players:"pool:Pool"`
}

// ---------------------------------------------------------------- helpers

// Aims: Who aimed again, its Aims in a row giving Bonus.
type Aims struct {
	Aims, Bonus int `players:"public"`
}

// AttacksAfterAim: Who attacked after its Aims, for Bonus.
type AttacksAfterAim struct {
	Aims, Bonus int `players:"public"`
}

// AimsLapse: Who's Aims lapsed: an own turn ended with no Aim in it.
type AimsLapse struct {
	Aims int `players:"public"`
}

// SpendsInitRounds: Who spent its Rounds of initiative, for Bonus on the
// attack or maneuver roll it made.
type SpendsInitRounds struct {
	Rounds, Bonus int `players:"public"`
}

// SplitsStat: Who split Stat over its actions this round, Shares the first
// action's first (none: the split taken back).
type SplitsStat struct {
	Stat   string
	Shares []int `players:"roll"`
}

// GainsInitRounds: Who gained Rounds of initiative, Bonus on its next
// attack or maneuver roll in all.
type GainsInitRounds struct {
	Rounds, Bonus int `players:"public"`
}

// ParryAllotted: Who allots Parry from its attack to its parry (it had
// Was).
type ParryAllotted struct {
	Parry, Was int `players:"roll"`
}

// ParryLapses: the parry Who allotted, Was, lapsed as its turn began
// (guard.allot_lapses).
type ParryLapses struct {
	Was int `players:"roll"`
}

// PositionGained: Who gained a critical's offensive Bonus, for its next
// attack or maneuver roll.
type PositionGained struct {
	Bonus int `players:"roll"`
}

// PositionSpent: Who's roll took its offensive Bonus.
type PositionSpent struct {
	Bonus int `players:"roll"`
}

// PositionLapses: Who's offensive Bonus lapsed unused at its turn's end.
type PositionLapses struct {
	Bonus int `players:"roll"`
}

// Parries: Who parried its Nth time since its turn, at Percent of the
// parry bonus.
type Parries struct {
	Nth, Percent int `players:"public"`
}

// ---------------------------------------------------------------- checks

// Unanswered: the one a blow struck could not answer it: Err.
type Unanswered struct {
	Err Text `players:"gm"`
}

// Matrix: the row of a check's matrix its outcome and the answer's came to
// (Answer, the check answered with, "": none).
type Matrix struct {
	Check, Outcome, Answer, AnswerOutcome string
}

// ArmorLost: a check's outcome took By off Who's armour until repaired.
type ArmorLost struct {
	By, Before, After int `players:"hp"`
}

// ArmorRepaired: Who's armour is repaired: the By outcomes took off it is
// back, from Before to After.
type ArmorRepaired struct {
	By, Before, After int `players:"hp"`
}

// ConditionStays: a condition Who holds could not be taken away: Err.
type ConditionStays struct {
	Condition string
	Err       Text `players:"gm"`
}

// Lingers: a condition that lingers stays on Who in its own right, its
// cause or the condition that brought it over (Prone after the stun or
// unconsciousness that knocked one down).
type Lingers struct {
	Condition string
}

// ---------------------------------------------------------------- conditions

// Lasts is how long a condition's own grant lasts: Rounds (Reckoned: worked
// out from Who's own numbers, as a formula that reads its hit points); to
// the end of round Until (ThisRound: the round under way), or of its phase
// Phase; to the start or
// end (AnchorEnd) of Anchor's next turn; until a save; the last of those
// set; or, all zero, until it is removed.
type Lasts struct {
	Rounds          int `players:"own:Reckoned"`
	Until           int `players:"public"`
	ThisRound       bool
	Phase           string // Until is to the end of this phase of the round (its name), not the round's
	Anchor          Subject
	AnchorEnd, Save bool
	Reckoned        bool
	// From: the grant waits, and begins as round From begins
	// (conditions.waits_acted).
	From int `players:"public"`
}

// ConditionGiven: Who was given a condition, for as long as Lasts (given
// again while it held it, the two grants merged: durations.go).
type ConditionGiven struct {
	Condition string
	Lasts     Lasts
}

// LastsOn: one clock of Who's condition ran out, and it lasts on as long
// as Lasts says.
type LastsOn struct {
	Condition string
	Lasts     Lasts
}

// ConditionEnds: a condition of Who's ended.
type ConditionEnds struct{ Condition string }

// ConditionHolds: Who's condition holds on: its check failed.
type ConditionHolds struct{ Condition string }

// HeldStill: Freed's hold of Who's condition let go (its whip cut through
// or wrenched away), and the condition stays, held by By's (l.369).
type HeldStill struct {
	Condition string
	Freed, By Subject
}

// NoLonger: the rule that held Who's condition (a band, being stable) no
// longer does.
type NoLonger struct{ Condition string }

// StillHeld: Who failed the save against a condition.
type StillHeld struct{ Condition string }

// TableRow: the row a condition's table gave Who (from 0).
type TableRow struct {
	Condition string
	Row       int `players:"public"`
}

// TurnLimit: Who's condition ended at its Turn-th turn under it.
type TurnLimit struct {
	Condition string
	Turn      int `players:"public"`
}

// Recovered: Who made the check that ends a condition.
type Recovered struct{ Condition string }

// SavedFrom: Who made the save that ends a condition.
type SavedFrom struct{ Condition string }

// SpentOn: a condition that adds to a check was spent on one.
type SpentOn struct {
	Condition string
	On        CheckRef
}

// TurnOver: Who's condition, held until the start or End of Turn's next
// turn, ended with it.
type TurnOver struct {
	Condition string
	Turn      Subject
	End       bool
}

// OwnRunsOut: Who's own grant of a condition ran out; it stays while what
// brought it holds.
type OwnRunsOut struct{ Condition string }

// ComesTo: Who came to.
type ComesTo struct{}

// ---------------------------------------------------------------- declarations

// StatMod is what something adds to a stat.
type StatMod struct {
	Stat string
	// Mod is worked out from Who's stats ("-dex_def - defense_skill"):
	// its numbers, read as its rolls are.
	Mod int `players:"roll"`
}

// Declares: Who declared a declaration (with Amount), adding Stats.
type Declares struct {
	Declaration string
	Amount      int `players:"public"`
	Stats       []StatMod
	// Carried: held from the round before, giving up nothing again.
	Carried bool
	// From and To: where a declaration of ranks for each of its amount
	// (per_amount) moves Who's rank this round, from its rank with the rest
	// of what it declared (both 0: it moves none). Its rank is its DEX, a
	// foe's the GM's as its rolls are.
	From, To int `players:"roll"`
}

// Undeclared: Who took a declaration back.
type Undeclared struct{ Declaration string }

// ActionsGivenUp: Who's declarations gave up Lost of Of actions this
// round: those Declarations, and its Penalties to initiative (0: not that).
type ActionsGivenUp struct {
	Lost, Of     int `players:"public"`
	Declarations []string
	Penalties    int `players:"public"`
	// Before are actions lost before initiative was rolled (a check's
	// outcome during the declarations), counted in Lost.
	Before int `players:"public"`
	// Holds are those of Declarations that hold into the next round.
	Holds []string
}

// ---------------------------------------------------------------- timed events

// EventFires: one of the ruleset's timed events fired.
type EventFires struct {
	Name, Text Text `players:"public"`
}

// EventFailed: a timed event could not do its effect on Who: Err.
type EventFailed struct {
	Event Text `players:"public"`
	Err   Text `players:"gm"`
}

// A GM's timer is the GM's: the players read of it only where the GM
// marked it for the table (Public).

// TimerSet: the GM set a timer: Text, at At (Count: the count) of Round,
// and every Every rounds after (0: once); Public, for the table.
type TimerSet struct {
	Timer               int  `players:"if:Public"`
	Text                Text `players:"if:Public"`
	At                  rules.EventAt
	Count, Round, Every int `players:"if:Public"`
	Public              bool
}

// TimerFires: a GM's timer fired (Public: one for the table).
type TimerFires struct {
	Timer  int  `players:"if:Public"`
	Text   Text `players:"if:Public"`
	Public bool
}

// TimerStopped: the GM took a timer away (Public: one for the table).
type TimerStopped struct {
	Timer  int  `players:"if:Public"`
	Text   Text `players:"if:Public"`
	Public bool
}

// TimerShown: the GM marked a timer for the table: Text, at At (Count: the
// count) of Round, and every Every rounds after (0: once).
type TimerShown struct {
	Timer               int  `players:"public"`
	Text                Text `players:"public"`
	At                  rules.EventAt
	Count, Round, Every int `players:"public"`
}

// TimerHidden: the GM made a timer the GM's own again.
type TimerHidden struct {
	Timer int  `players:"gm"`
	Text  Text `players:"gm"`
}

// ---------------------------------------------------------------- first aid

// AidFails: First Aid on Who rolled Got, short of Needs.
type AidFails struct {
	Got, Needs int `players:"roll"`
	// OrLess: the roll needed Needs or less (a check rolled under).
	OrLess bool `players:"roll"`
}

// AidFumbles: First Aid on Who rolled Got, short of Needs, a fumble that
// costs Who Hurts hit points.
type AidFumbles struct {
	Got, Needs int  `players:"roll"`
	OrLess     bool `players:"roll"`
	Hurts      int  `players:"hp"`
}

// EndedByCondition: Who came to hold By, which ended its own grant of
// Condition (conditions.ended_by).
type EndedByCondition struct {
	Condition, By string
}

// EndedByFirstAid: a successful First Aid on Who ended its own grant of
// Condition (conditions.ended_by_first_aid).
type EndedByFirstAid struct {
	Condition string
}

// EndedByRoll: Who's roll of Kind (the check On, where it was one) ended
// its own grant of Condition.
type EndedByRoll struct {
	Condition string
	Kind      rules.RollKind
	On        CheckRef
}

// AidStopsBleeding: First Aid stopped Who's wound for good (it bled Was).
type AidStopsBleeding struct {
	Was int `players:"hp"`
}

// AidSlowsBleeding: First Aid slowed Who's wound to Rate (from Was).
type AidSlowsBleeding struct {
	Rate, Was int `players:"hp"`
}

// AidBraces: First Aid braced Who's Injury to Now (from Was); its
// penalties come to Penalty in all.
type AidBraces struct {
	Injury            Text `players:"public"`
	Now, Was, Penalty int  `players:"hp"`
}

// AidHeals: First Aid healed Who.
type AidHeals struct {
	Amount, Before, After int `players:"hp"`
	// Wound is the wound kept apart it healed (from 1; 0: none), Left
	// what that wound still lacks (hp.wounds_apart).
	Wound int `players:"public"`
	Left  int `players:"hp"`
}

// AidRestarted: Who broke off First Aid on Aim to begin it again.
type AidRestarted struct {
	Action string
	Aim    AidAim
}

// AidNoPatient: Who's First Aid had no patient: it left the fight.
type AidNoPatient struct{}

// AidTreatsNothing: Who's First Aid had nothing left to treat: Err.
type AidTreatsNothing struct {
	Err Text `players:"gm"`
}

// ---------------------------------------------------------------- flurries

// Engages: Who engaged Foe in a flurry.
type Engages struct {
	Foe    Subject
	Flurry int `players:"public"`
}

// Disengages: Who disengaged from its flurry.
type Disengages struct {
	Flurry int `players:"public"`
}

// FlurryOver: Who's flurry is over: it is engaged with nobody.
type FlurryOver struct {
	Flurry int `players:"public"`
}

// FlurryNoActions: Who cannot act: no actions in the flurry.
type FlurryNoActions struct {
	Flurry int `players:"public"`
}

// NextFlurry: the next flurry between the same fighters began.
type NextFlurry struct {
	Flurry int `players:"public"`
}

// FlurryOrder: a flurry's order, highest initiative first.
type FlurryOrder struct {
	Flurry   int `players:"public"`
	Fighters []FlurryPlace
}

// FlurryPlace is a fighter's initiative and actions in a flurry.
type FlurryPlace struct {
	Who     Subject
	Init    int `players:"rolled:Who"`
	Actions int `players:"public"`
}

// Obstacle: Who drove its foe (Foe, when the ruleset names it) against
// an obstacle: Gain actions, Left in the flurry.
type Obstacle struct {
	Gain, Left, Flurry int `players:"public"`
	Foe                Subject
}

// KillingStroke: Who killed Victim outright (flurries.stroke_on).
type KillingStroke struct {
	Victim Subject
}

// FlurryActionsUsed: Who used actions in its flurry, Left after.
type FlurryActionsUsed struct {
	Used, Flurry, Left int `players:"public"`
}

// OutOfActions: Who is out of actions and must disengage.
type OutOfActions struct{}

// Indefensible: Who has Left actions: it may strike Foe undefended.
type Indefensible struct {
	Left int `players:"public"`
	Foe  Subject
}

// ---------------------------------------------------------------- groups

// JoinsGroup: Who joined Leader's group, Size in it now.
type JoinsGroup struct {
	Leader Subject
	Size   int `players:"gm"`
}

// LeavesGroup: Who left Leader's group.
type LeavesGroup struct{ Leader Subject }

// ---------------------------------------------------------------- hit locations

// HitAt: a blow of Amount fell on Who's location, which has taken Hits of
// Of.
type HitAt struct {
	Location         string
	Amount, Hits, Of int `players:"hp"`
}

// LimbCap: a limb takes no more than Total off the total in one blow.
type LimbCap struct {
	Location string
	Total    int `players:"hp"`
}

// LocationTaken: Who's location has taken Times its hit points (Blow: in
// one blow).
type LocationTaken struct {
	Location string
	Times    int `players:"hp"`
	Blow     bool
}

// LocationHeals: healing on Who's location, Hits of Of left taken.
type LocationHeals struct {
	Location         string
	Amount, Hits, Of int `players:"hp"`
}

// ---------------------------------------------------------------- maneuvers

// TakesManeuver: Who took a maneuver of the table, at its Column (from 0).
type TakesManeuver struct {
	Maneuver string
	Column   int `players:"public"`
}

// ---------------------------------------------------------------- missiles

// MissileStuck: a missile stuck in Who.
type MissileStuck struct {
	Missile  string
	Grievous bool
}

// MissileOut: a missile was taken out of Who.
type MissileOut struct{ Missile string }

// MissileBleeds: Who bled from a missile stuck in it.
type MissileBleeds struct {
	Missile               string
	Amount, Before, After int `players:"hp"`
}

// ---------------------------------------------------------------- movement

// GivesUpToMove: Who gave up Actions more this round to move.
type GivesUpToMove struct {
	Actions int `players:"public"`
}

// StrikesTogether: Who's attack of this round at segment At is the one
// it strikes now, together with another's blow (several attackers on one
// target): its turn there is taken.
type StrikesTogether struct {
	At int `players:"public"`
}

// CannotMove: Who's movement, After segments after its last attack at
// Last, would begin past To.
type CannotMove struct {
	After, Last, To int `players:"public"`
}

// MovesLate: Who moves from From at half the rate: Tenths of a unit a
// segment, Round this round.
type MovesLate struct {
	From, Tenths, Round int `players:"public"`
}

// ---------------------------------------------------------------- the wound record

// WoundRecorded: Who took a wound on its record; its penalty is Penalty now.
type WoundRecorded struct {
	Location, Severity string
	Penetrating        bool
	// Kind is the penetrating wound's weapon kind ("cut"; "": not said).
	Kind    string
	Penalty int `players:"hp"`
	// Shock is the shock check value noted on the wound (0: none).
	Shock int `players:"hp"`
}

// WoundStopsAction: Who's wound stops all action.
type WoundStopsAction struct{ Severity string }

// WoundBleeds: Who's wound at Location of Severity and Kind bleeds as
// the ruleset says (rules.Ruleset.Bleeding).
type WoundBleeds struct{ Location, Severity, Kind string }

// WoundStruckOff: a wound was struck off Who's record; its penalty is
// Penalty now.
type WoundStruckOff struct {
	Location, Severity string
	Penalty            int `players:"hp"`
}

// RecordBleeds: Who's penetrating Wounds bled.
type RecordBleeds struct{ Wounds []WoundAt }

// WoundAt is a wound of the record: where, how bad, and its kind ("":
// blunt, or not said).
type WoundAt struct{ Location, Severity, Kind string }

// ---------------------------------------------------------------- the roster

// Joins: Who joined the fight, with HP hit points (0: a wound record) of
// Max (0: HP is its most).
type Joins struct {
	HP, Max int `players:"hp"`
}

// Leaves: Who left the fight.
type Leaves struct{}

// Renamed: Who is called To now.
type Renamed struct {
	To Text `players:"public"`
}

// MaxHPSet: Who's most hit points are To now (From before), and its hit
// points HP.
type MaxHPSet struct {
	From, To, HP int `players:"hp"`
}

// ---------------------------------------------------------------- spells

// SpellOffAtOnce: Who cast a spell that goes off at once.
type SpellOffAtOnce struct {
	Spell Text `players:"public"`
}

// CastingBegins: Who began casting at From, for Time segments, its Stats
// changed meanwhile: it goes off at Off.
type CastingBegins struct {
	Spell           Text `players:"public"`
	From, Time, Off int  `players:"public"`
	// Stats: what casting does to the caster's stats meanwhile (spells.stats).
	Stats []StatMod
}

// SpellTooLate: Who's spell would go off at Off, past the last segment: the
// action is lost.
type SpellTooLate struct {
	Spell Text `players:"public"`
	Off   int  `players:"public"`
}

// SpellCarried: Who's spell would go off at Off: it begins at From of the
// next Round and goes off at At.
type SpellCarried struct {
	Spell                Text `players:"public"`
	Off, From, Round, At int  `players:"public"`
	// Whole: a spell of a whole round (spells.round_time), which must begin
	// at From, where the caster's initiative Init is below it.
	Whole bool
	Init  int `players:"public"`
}

// SpellGoesOff: Who's spell carried over began at Began and goes off at Off.
type SpellGoesOff struct {
	Spell      Text `players:"public"`
	Began, Off int  `players:"public"`
}

// SpellInterrupted: Who's spell was interrupted: it and its action are lost.
type SpellInterrupted struct {
	Spell Text `players:"public"`
}

// SpellBegun: Who began preparing a spell of Level, castable now at Mod.
type SpellBegun struct {
	Spell Text `players:"public"`
	Level int  `players:"public"`
	Mod   int  `players:"roll"`
}

// Concentrates: Who concentrated on its spell: Rounds prepared, castable
// now at Mod.
type Concentrates struct {
	Spell  Text `players:"public"`
	Rounds int  `players:"public"`
	Mod    int  `players:"roll"`
}

// SpellCast: Who cast its spell of Level after Rounds of concentration, at
// Mod (the table read Levels apart).
type SpellCast struct {
	Spell         Text `players:"public"`
	Level, Rounds int  `players:"public"`
	// Levels is the table's row read; Diff the caster's level less the
	// spell's, which the first and last rows take beyond them (2+).
	Mod, Levels, Diff int `players:"roll"`
}

// SpellCastAtOnce: Who cast an instantaneous spell of Level at Mod (the
// table read Levels apart).
type SpellCastAtOnce struct {
	Spell             Text `players:"public"`
	Level             int  `players:"public"`
	Mod, Levels, Diff int  `players:"roll"`
	// Subconscious: it went off by itself, its caster unable to act.
	Subconscious bool
}

// SpellGivenUp: Who gave up the spell it was preparing.
type SpellGivenUp struct {
	Spell Text `players:"public"`
}

// SpellSpoiled: an instantaneous spell spoiled the one Who had under way.
type SpellSpoiled struct {
	Spell Text `players:"public"`
}

// SpellRuined: Who's spell was ruined: a turn without concentrating on it,
// or Stunned while concentrating (Maneuver: and the Stunned Maneuver roll
// failed as the turn began).
type SpellRuined struct {
	Spell             Text `players:"public"`
	Stunned, Maneuver bool
	// By is the action taken between the concentration and the casting.
	By Text `players:"public"`
}

// SpellCost: a spell cost Who Cost power points (Before to After): its
// check's Outcome cost it, or it was Spoiled by an instantaneous one, or
// Ruined.
type SpellCost struct {
	Outcome             string
	Spoiled, Ruined     bool
	Cost, Before, After int `players:"casting"`
}

// ManaShort: Who had no power points left: the Rest came off its hit points.
type ManaShort struct {
	Rest int `players:"hp,casting"`
}

// ---------------------------------------------------------------- stun

// StunTaken: Who took Rounds of a stun level, Total in all (Held: shrugged
// off this turn, it counts from the next).
type StunTaken struct {
	Level         string
	Rounds, Total int `players:"public"`
	Held          bool
}

// StunShaken: Who shook off a round of a stun level.
type StunShaken struct{ Level string }

// StunOver: Who is no longer stunned.
type StunOver struct{}

// StunBinds: the stun level that binds Who this turn.
type StunBinds struct{ Level string }

// StunIgnored: Who acts normally this turn despite its stun (its
// recovery roll's line leaves it to this one to say).
type StunIgnored struct{}

// StunnedByHit: a single Hit of more than Over stunned Who.
type StunnedByHit struct {
	Hit, Over int `players:"hp"`
}

// ActionsTaken: Who lost Lost actions from From (the flurry's actions
// left, its next actions in the order, or a pool's id), Left left there.
type ActionsTaken struct {
	From       string
	Lost, Left int `players:"pool:From"`
}

// ActionsOwed: Who lost Lost actions this round from From, a pool not
// spent in this phase: they are taken from it as it refills in Phase
// (its name), later this round.
type ActionsOwed struct {
	From  string
	Lost  int `players:"public"`
	Phase string
}

// ActionsLostEarly: Who lost Lost actions this round before its
// initiative was rolled: they are given up as it is rolled; Next, with
// none left to take this round: given up as the next round's is.
type ActionsLostEarly struct {
	Lost int  `players:"public"`
	Next bool `players:"public"`
}

// NoActionToLose: Who had no action left to lose for Lost of those it
// lost.
type NoActionToLose struct {
	Lost int `players:"public"`
}

// FlurryHalted: Who can no longer act, and loses the Lost actions it had
// left in its flurry.
type FlurryHalted struct {
	Flurry, Lost int `players:"public"`
}

// ActionsLost: Who lost its Lost remaining actions this round.
type ActionsLost struct {
	Lost int `players:"public"`
}

// ---------------------------------------------------------------- ticks

// TickNote: a tick's note, for Who (ID 0: the fight).
type TickNote struct{ Tick string }

// TickSpends: a tick took Amount of Who's pool.
type TickSpends struct {
	Tick, Pool            string
	Amount, Before, After int `players:"pool:Pool"`
}

// TickFailed: a tick could not do its effect on Who: Err.
type TickFailed struct {
	Tick string
	Err  Text `players:"gm"`
}

// PoolFailed: Who's pool could not be filled: Err.
type PoolFailed struct {
	Pool string
	Err  Text `players:"gm"`
}

// GiveFailed: a condition could not be given to Who: Err.
type GiveFailed struct {
	Condition string
	Err       Text `players:"gm"`
}

// HitOverFailed: stun.hit_over could not be worked out for Who: Err.
type HitOverFailed struct {
	Err Text `players:"gm"`
}

// RecoveryFailed: Who's stun recovery could not be rolled: Err.
type RecoveryFailed struct {
	Err Text `players:"gm"`
}

// SaveError: Who's save against a condition could not be rolled: Err.
type SaveError struct {
	Check, Condition string
	Err              Text `players:"gm"`
}

// ---------------------------------------------------------------- the player view

// HiddenFromPlayers: the GM hid Who from the players.
type HiddenFromPlayers struct{}

// ShownToPlayers: the GM showed Who to the players.
type ShownToPlayers struct{}

// ShownOnFirstTurn: Who, hidden since it joined, shows at its first turn.
type ShownOnFirstTurn struct{}

// NewFoesSet: new foes join Hidden until their first turn, or shown.
type NewFoesSet struct{ Hidden bool }

// FoeRollsSet: the foes' rolls are Shown to the players, or kept.
type FoeRollsSet struct{ Shown bool }

// TableDiceSet: the GM types the faces rolled at the table (On), or fray
// rolls.
type TableDiceSet struct{ On bool }

// SideHPSet: a side's hit points show to the players as Show.
type SideHPSet struct {
	Side string
	Show rules.HPShow
}

// ---------------------------------------------------------------- vitals

// Damaged: Who took Amount (NonLethal) off its hit points; the ruleset's
// armour was Bare (ignored), or took Absorbed off with its Armor. A
// critical that doubles (hp.critical_doubles) was Doubled before it.
type Damaged struct {
	Amount, Before, After int `players:"hp"`
	NonLethal, Bare       bool
	Armor, Absorbed       int `players:"hp"`
	Doubled               int `players:"hp"`
	// Share is what share of Whole, the damage typed or rolled, Who took
	// ("": all of it; marking.go).
	Share Share `players:"hp"`
	Whole int   `players:"hp"`
	// Apart is the non-lethal damage Who carries apart from its hit
	// points after it (hp.nonlethal_apart; 0: none kept apart).
	Apart int `players:"hp"`
}

// NonlethalHealed: Who's healing took Amount off the non-lethal damage it
// carries apart; Left is what remains.
type NonlethalHealed struct {
	Amount, Left int `players:"hp"`
}

// Healed: Who healed Amount.
type Healed struct {
	Amount, Before, After int `players:"hp"`
	// Wound is the wound kept apart it was aimed at (from 1; 0: none),
	// Left what that wound still lacks (hp.wounds_apart).
	Wound int `players:"public"`
	Left  int `players:"hp"`
}

// Down: Who is down: out of the order.
type Down struct{}

// BackUp: Who is back in the fight.
type BackUp struct{}

// DiesUnlessHealed: Who dies at the end of Round unless healed above Above.
type DiesUnlessHealed struct {
	Round int `players:"public"`
	Above int `players:"hp"`
}

// NotHealedInTime: Who was not healed in time.
type NotHealedInTime struct{}

// ---------------------------------------------------------------- withdrawing

// Withdraws: Who withdrew from melee (Flee: fled the fight), at At of the
// count (Placed) or as movement begins at At (Movement), each of Foes
// taking a free attack.
type Withdraws struct {
	Flee, Movement, Placed bool
	At                     int `players:"public"`
	Foes                   []Subject
}

// ---------------------------------------------------------------- wounds

// NewWound: Who took a wound bleeding Rate, Total a round in all.
type NewWound struct {
	Rate, Total int `players:"hp"`
}

// MajorWound: a single Hit of At or more gave Who a major wound (the
// condition hp.major_condition names).
type MajorWound struct {
	Condition string
	Hit, At   int `players:"hp"`
}

// Bleeds: Who bled Amount.
type Bleeds struct {
	Amount, Before, After int `players:"hp"`
}

// Stanched: Who did not bleed: a condition it holds stanches its wounds.
type Stanched struct{ Condition string }

// WoundsClosed: Who's wounds stay closed: the stanching condition ran out.
type WoundsClosed struct{ Condition string }

// Clots: one of Who's wounds clotted to Rate.
type Clots struct {
	Rate int `players:"hp"`
}

// TreatedClosed: Who's treated wound closed: no more restrictions from it.
type TreatedClosed struct{}

// Reopens: Who's treated wound reopened, bleeding Rate.
type Reopens struct {
	Rate int `players:"hp"`
}

// Injured: Who took an Injury with its Penalty; its penalties come to
// Total.
type Injured struct {
	Injury         Text `players:"public"`
	Penalty, Total int  `players:"hp"`
}

// InjuryHealed: Who's Injury healed; its penalties come to Penalty.
type InjuryHealed struct {
	Injury  Text `players:"public"`
	Penalty int  `players:"hp"`
}

// FailsAgain: Who took Action again once it could not pay for it this
// round ([[actions]] again_fails): it fails, nothing rolled or paid.
type FailsAgain struct{ Action string }

// ---------------------------------------------------------------- blows

// Strikes: Who strikes at Against with its Weapon, by the ruleset's Blow;
// one of Attackers on the one target, for Mod (0: alone); a weapon that
// Counts its rounds has Left after this one; the GM's Typed modifier went
// on TypedOn (the defence's target, [blows.defence] typed_on; 0: none).
// As: the blow is made its other way ([blows.also_as]). Its numbers are
// Who's.
type Strikes struct {
	Blow      string
	As        bool `players:"public"`
	Against   Subject
	Weapon    Text `players:"public"`
	Attackers int  `players:"public"`
	Mod       int  `players:"roll"`
	Counts    bool
	Left      int  `players:"roll"`
	Typed     int  `players:"roll"`
	TypedOn   Text `players:"public"`
}

// BlowLands: Who's Blow at Against came to its Result (from 0): its
// attack's outcome Attack, the defence's (Answer, the check answered with;
// "": none) and the Margin. The margin reads both sides' numbers.
type BlowLands struct {
	Blow                    string
	Result                  int `players:"public"`
	Against                 Subject
	Attack, Answer, Defence string
	Margin                  int `players:"roll"`
}

// WideOpen: Who hits Against again at once, at the Attack outcome,
// unanswered: Against left itself wide open (table.foe_hits).
type WideOpen struct {
	Blow    string
	Against Subject
	Attack  string `players:"public"`
}

// BlowRoll: a Part of the damage of Who's Blow was rolled: the weapon's,
// the weapon's again for an impale, more dice, the bonus, a crush's bonus
// for none. The dice are Who's.
type BlowRoll struct{ Blow, Part string }

// BlowDamage: the damage of Who's Blow as its result has it (Mode): the
// Weapon's (twice its dice where it Impales), Extra dice, the Bonus
// (doubled in a Crush), and the Total, before armour. Who's numbers.
type BlowDamage struct {
	Blow                        string
	Mode                        rules.DamageMode
	Weapon, Extra, Bonus, Total int `players:"roll"`
	// Mods are added to the damage: the attack's modifiers chosen with a
	// damage, the target's conditions' against_damage.
	Mods          []CheckMod
	Impale, Crush bool
	// Dice is how many dice of damage were rolled, the extra ones too
	// (not the bonus's).
	Dice int `players:"roll"`
}

// Armoured: Who's armour Stat (Armor where the blow landed, at Location
// when there is one) Counts this much against Damage, as the result's
// Mode has it, leaving Net. Who's numbers.
type Armoured struct {
	Stat, Location             string
	Mode                       rules.ArmorMode
	Armor, Counts, Damage, Net int `players:"hp"`
}

// WeaponNow: Who's Weapon is now as State says ("": ready; stuck In
// someone), from Was.
type WeaponNow struct {
	Weapon     Text `players:"public"`
	State, Was rules.WeaponFate
	In         Subject
}

// WeaponTaken: Who pulled From's Weapon, stuck in it, out of itself and
// holds it, ready (BRP l.391).
type WeaponTaken struct {
	Weapon Text `players:"public"`
	From   Subject
}

// LodgedOut: what Who's weapon shot (an arrow), lodged In someone, is out
// of it (pulled out, or gone from the fight with it) and out of the fight
// (BRP l.391).
type LodgedOut struct {
	Weapon Text `players:"public"`
	In     Subject
}

// StuckMoveHurts: Who moved with From's Weapon stuck in it: its damage
// dice Rolled again, divided by Divide (rounded up), Amount through any
// armour (BRP l.389).
type StuckMoveHurts struct {
	Weapon Text `players:"public"`
	From   Subject
	Rolled int `players:"public"`
	Divide int `players:"public"`
	Amount int `players:"public"`
}

// WeaponLands: Who's Weapon, dropped, lands Meters away (a table row's
// weapon_flies).
type WeaponLands struct {
	Weapon Text `players:"public"`
	Meters int  `players:"public"`
}

// WeaponHit: Who's Weapon took By damage, Lost in all of its HP (0: none
// kept).
type WeaponHit struct {
	Weapon       Text `players:"public"`
	By, Lost, HP int  `players:"roll"`
}

// HeldAgainst: Who's Weapon parried a blow whose Damage waits on it for
// the Check, the resistance roll against the Left of its HP hit points.
type HeldAgainst struct {
	Weapon           Text `players:"public"`
	Damage, Left, HP int  `players:"roll"`
	Check            string
}

// Reloaded: Who's Weapon was reloaded: Left rounds.
type Reloaded struct {
	Weapon Text `players:"public"`
	Left   int  `players:"roll"`
}

// KnockedBack: Who is knocked back Metres by a blow that rolled Damage.
type KnockedBack struct {
	Metres, Damage int `players:"hp"`
}

// Legacy is a line logged by a fray from before events stated facts, as
// its save kept it: its words only (PrivateLegacy).
type Legacy struct {
	Line Text `players:"gm"`
}

// Facts are a value of every fact type, for tests that walk them all.
func Facts() []Fact {
	return []Fact{
		FreeRoll{},
		DamageRoll{},
		HealingRoll{},
		StunRoll{},
		InitiativeRoll{},
		RankRoll{},
		TieRoll{},
		ActionRoll{},
		TableRoll{},
		LocationRoll{},
		FlurryRoll{},
		ConditionCheckRoll{},
		FirstAidRoll{},
		SegmentRoll{},
		ConditionRounds{},
		EffectDamage{},
		TableDamage{},
		StatLost{},
		Lands{},
		AidHealRoll{},
		MarkedRoll{},
		FlurryActions{},
		Resisted{},
		StunRecovery{},
		CheckRolled{},
		SaveRolled{},
		NeedFailed{},
		ActionsTaken{},
		NoActionToLose{},
		ActionsLostEarly{},
		ActionsOwed{},
		FlurryHalted{},
		LastsOn{},
		FightBegins{},
		RoundBegins{},
		NobodyCanAct{},
		PhaseBegins{},
		Acts{},
		TurnPasses{},
		StrikesAsItFalls{},
		RoundEnds{},
		FightEnds{},
		Order{},
		Problem{},
		Failed{},
		InitiativeSet{},
		InitiativeModified{},
		ActionLost{},
		InitiativeNow{},
		ActionTies{},
		Moves{},
		Waits{},
		Delays{},
		FiresDelay{},
		DelayLapses{},
		Holds{},
		HoldsPast{},
		Carried{},
		CarriedLost{},
		HoldsInPhase{},
		HoldsPastInPhase{},
		ReEnters{},
		WaitsOn{},
		HurtWhileIntent{},
		ForcedToMove{},
		KnockedDownWhilePreparing{},
		KeepsFocus{},
		GivesUpAim{},
		DisengageFails{},
		Disengaged{},
		BrokenStrikes{},
		Spends{},
		WorksOn{},
		Completes{},
		BreaksOff{},
		FailsAgain{},
		BreaksOffIdle{},
		GivesUp{},
		PoolRefilled{},
		PoolChanged{},
		PoolEmpty{},
		Aims{},
		AttacksAfterAim{},
		AimsLapse{},
		SpendsInitRounds{},
		GainsInitRounds{},
		SplitsStat{},
		Parries{},
		PositionGained{},
		PositionSpent{},
		PositionLapses{},
		StrikesCounted{},
		StrikesLapse{},
		StrikesOver{},
		EndedByCondition{},
		EndedByFirstAid{},
		HealedOff{},
		ParryAllotted{},
		ParryLapses{},
		DamageReadAt{},
		Unanswered{},
		Matrix{},
		ArmorLost{},
		ArmorRepaired{},
		ConditionStays{},
		Lingers{},
		ConditionGiven{},
		ConditionEnds{},
		ConditionHolds{},
		HeldStill{},
		NoLonger{},
		StillHeld{},
		TableRow{},
		NoAllyRow{},
		TurnLimit{},
		Recovered{},
		SavedFrom{},
		SpentOn{},
		TurnOver{},
		OwnRunsOut{},
		ComesTo{},
		Declares{},
		Undeclared{},
		ActionsGivenUp{},
		EventFires{},
		EventFailed{},
		TimerSet{},
		TimerFires{},
		TimerStopped{},
		TimerShown{},
		TimerHidden{},
		AidFails{},
		AidFumbles{},
		EndedByRoll{},
		AidStopsBleeding{},
		AidSlowsBleeding{},
		AidBraces{},
		AidHeals{},
		AidRestarted{},
		AidNoPatient{},
		AidTreatsNothing{},
		Engages{},
		Disengages{},
		FlurryOver{},
		FlurryNoActions{},
		NextFlurry{},
		FlurryOrder{},
		Obstacle{},
		KillingStroke{},
		FlurryActionsUsed{},
		OutOfActions{},
		Indefensible{},
		JoinsGroup{},
		LeavesGroup{},
		HitAt{},
		LimbCap{},
		LocationTaken{},
		LocationHeals{},
		TakesManeuver{},
		MissileStuck{},
		MissileOut{},
		MissileBleeds{},
		GivesUpToMove{},
		StrikesTogether{},
		CannotMove{},
		MovesLate{},
		WoundRecorded{},
		WoundStopsAction{},
		WoundBleeds{},
		WoundStruckOff{},
		RecordBleeds{},
		Joins{},
		Leaves{},
		Renamed{},
		MaxHPSet{},
		SpellOffAtOnce{},
		CastingBegins{},
		SpellTooLate{},
		SpellCarried{},
		SpellGoesOff{},
		SpellInterrupted{},
		SpellBegun{},
		Concentrates{},
		SpellCast{},
		SpellCastAtOnce{},
		SpellGivenUp{},
		SpellSpoiled{},
		SpellRuined{},
		SpellCost{},
		ManaShort{},
		StunTaken{},
		StunShaken{},
		StunOver{},
		StunBinds{},
		StunIgnored{},
		StunnedByHit{},
		ActionsLost{},
		TickNote{},
		TickSpends{},
		TickHurts{},
		DamageBySource{},
		TickFailed{},
		PoolFailed{},
		GiveFailed{},
		HitOverFailed{},
		RecoveryFailed{},
		SaveError{},
		HiddenFromPlayers{},
		ShownToPlayers{},
		ShownOnFirstTurn{},
		NewFoesSet{},
		FoeRollsSet{},
		TableDiceSet{},
		SideHPSet{},
		Damaged{},
		Healed{},
		NonlethalHealed{},
		WoundClosed{},
		Transcends{},
		Drained{},
		DelaysCasting{},
		Down{},
		BackUp{},
		DiesUnlessHealed{},
		NotHealedInTime{},
		Withdraws{},
		NewWound{},
		MajorWound{},
		RoundsCut{},
		Bleeds{},
		Stanched{},
		WoundsClosed{},
		Clots{},
		TreatedClosed{},
		Reopens{},
		Injured{},
		InjuryHealed{},
		Strikes{},
		BlowLands{},
		WideOpen{},
		BlowRoll{},
		BlowDamage{},
		Armoured{},
		WeaponNow{},
		Malfunctions{},
		ArmorRoll{},
		ParryArmoured{},
		WeaponHit{},
		HeldAgainst{},
		WeaponLands{},
		StuckMoveHurts{},
		WeaponTaken{},
		LodgedOut{},
		Reloaded{},
		KnockedBack{},
		Multiplied{},
		BlowWound{},
		Legacy{},
	}
}

func (Strikes) isFact()            {}
func (BlowLands) isFact()          {}
func (WideOpen) isFact()           {}
func (BlowRoll) isFact()           {}
func (BlowDamage) isFact()         {}
func (Armoured) isFact()           {}
func (WeaponNow) isFact()          {}
func (Malfunctions) isFact()       {}
func (ArmorRoll) isFact()          {}
func (ParryArmoured) isFact()      {}
func (WeaponHit) isFact()          {}
func (HeldAgainst) isFact()        {}
func (WeaponLands) isFact()        {}
func (StuckMoveHurts) isFact()     {}
func (WeaponTaken) isFact()        {}
func (LodgedOut) isFact()          {}
func (Reloaded) isFact()           {}
func (KnockedBack) isFact()        {}
func (FreeRoll) isFact()           {}
func (DamageRoll) isFact()         {}
func (HealingRoll) isFact()        {}
func (StunRoll) isFact()           {}
func (InitiativeRoll) isFact()     {}
func (RankRoll) isFact()           {}
func (TieRoll) isFact()            {}
func (ActionRoll) isFact()         {}
func (TableRoll) isFact()          {}
func (LocationRoll) isFact()       {}
func (FlurryRoll) isFact()         {}
func (ConditionCheckRoll) isFact() {}
func (FirstAidRoll) isFact()       {}
func (SegmentRoll) isFact()        {}
func (ConditionRounds) isFact()    {}
func (EffectDamage) isFact()       {}
func (TurnPasses) isFact()         {}
func (StrikesAsItFalls) isFact()   {}
func (TableDamage) isFact()        {}
func (StatLost) isFact()           {}
func (Lands) isFact()              {}
func (AidHealRoll) isFact()        {}
func (MarkedRoll) isFact()         {}
func (FlurryActions) isFact()      {}
func (Resisted) isFact()           {}
func (StunRecovery) isFact()       {}
func (CheckRolled) isFact()        {}
func (SaveRolled) isFact()         {}
func (NeedFailed) isFact()         {}
func (ActionsTaken) isFact()       {}
func (NoActionToLose) isFact()     {}
func (ActionsLostEarly) isFact()   {}
func (ActionsOwed) isFact()        {}
func (FlurryHalted) isFact()       {}
func (LastsOn) isFact()            {}
func (FightBegins) isFact()        {}
func (RoundBegins) isFact()        {}
func (NobodyCanAct) isFact()       {}
func (PhaseBegins) isFact()        {}
func (Acts) isFact()               {}
func (RoundEnds) isFact()          {}
func (FightEnds) isFact()          {}
func (Order) isFact()              {}
func (Problem) isFact()            {}
func (Failed) isFact()             {}
func (InitiativeSet) isFact()      {}
func (InitiativeModified) isFact() {}
func (ActionLost) isFact()         {}
func (InitiativeNow) isFact()      {}
func (ActionTies) isFact()         {}
func (Moves) isFact()              {}
func (Waits) isFact()              {}
func (Delays) isFact()             {}
func (FiresDelay) isFact()         {}
func (DelayLapses) isFact()        {}
func (Holds) isFact()              {}
func (HoldsPast) isFact()          {}
func (Carried) isFact()            {}
func (CarriedLost) isFact()        {}
func (HoldsInPhase) isFact()       {}
func (HoldsPastInPhase) isFact()   {}
func (ReEnters) isFact()           {}
func (WaitsOn) isFact()            {}
func (HurtWhileIntent) isFact()    {}
func (Spends) isFact()             {}
func (WorksOn) isFact()            {}
func (Completes) isFact()          {}
func (BreaksOff) isFact()          {}
func (FailsAgain) isFact()         {}
func (BreaksOffIdle) isFact()      {}
func (GivesUp) isFact()            {}
func (PoolRefilled) isFact()       {}
func (PoolChanged) isFact()        {}
func (PoolEmpty) isFact()          {}
func (Aims) isFact()               {}
func (AimsLapse) isFact()          {}
func (AttacksAfterAim) isFact()    {}
func (SpendsInitRounds) isFact()   {}
func (GainsInitRounds) isFact()    {}
func (SplitsStat) isFact()         {}
func (Parries) isFact()            {}
func (PositionGained) isFact()     {}
func (PositionSpent) isFact()      {}
func (PositionLapses) isFact()     {}
func (EndedByCondition) isFact()   {}
func (EndedByFirstAid) isFact()    {}
func (ParryAllotted) isFact()      {}
func (ParryLapses) isFact()        {}
func (Unanswered) isFact()         {}
func (Matrix) isFact()             {}
func (ArmorLost) isFact()          {}
func (ArmorRepaired) isFact()      {}
func (ConditionStays) isFact()     {}
func (Lingers) isFact()            {}
func (ConditionGiven) isFact()     {}
func (ConditionEnds) isFact()      {}
func (ConditionHolds) isFact()     {}
func (HeldStill) isFact()          {}
func (NoLonger) isFact()           {}
func (StillHeld) isFact()          {}
func (TableRow) isFact()           {}
func (TurnLimit) isFact()          {}
func (Recovered) isFact()          {}
func (SavedFrom) isFact()          {}
func (SpentOn) isFact()            {}
func (TurnOver) isFact()           {}
func (OwnRunsOut) isFact()         {}
func (ComesTo) isFact()            {}
func (Declares) isFact()           {}
func (Undeclared) isFact()         {}
func (ActionsGivenUp) isFact()     {}
func (EventFires) isFact()         {}
func (EventFailed) isFact()        {}
func (TimerSet) isFact()           {}
func (TimerFires) isFact()         {}
func (TimerStopped) isFact()       {}
func (TimerShown) isFact()         {}
func (TimerHidden) isFact()        {}
func (AidFails) isFact()           {}
func (AidFumbles) isFact()         {}
func (EndedByRoll) isFact()        {}
func (AidStopsBleeding) isFact()   {}
func (AidSlowsBleeding) isFact()   {}
func (AidBraces) isFact()          {}
func (AidHeals) isFact()           {}
func (AidRestarted) isFact()       {}
func (AidNoPatient) isFact()       {}
func (AidTreatsNothing) isFact()   {}
func (Engages) isFact()            {}
func (Disengages) isFact()         {}
func (FlurryOver) isFact()         {}
func (FlurryNoActions) isFact()    {}
func (NextFlurry) isFact()         {}
func (FlurryOrder) isFact()        {}
func (Obstacle) isFact()           {}
func (KillingStroke) isFact()      {}
func (FlurryActionsUsed) isFact()  {}
func (OutOfActions) isFact()       {}
func (Indefensible) isFact()       {}
func (JoinsGroup) isFact()         {}
func (LeavesGroup) isFact()        {}
func (HitAt) isFact()              {}
func (LimbCap) isFact()            {}
func (LocationTaken) isFact()      {}
func (LocationHeals) isFact()      {}
func (TakesManeuver) isFact()      {}
func (MissileStuck) isFact()       {}
func (MissileOut) isFact()         {}
func (MissileBleeds) isFact()      {}
func (GivesUpToMove) isFact()      {}
func (StrikesTogether) isFact()    {}
func (CannotMove) isFact()         {}
func (MovesLate) isFact()          {}
func (WoundRecorded) isFact()      {}
func (WoundStopsAction) isFact()   {}
func (WoundBleeds) isFact()        {}
func (WoundStruckOff) isFact()     {}
func (RecordBleeds) isFact()       {}
func (Joins) isFact()              {}
func (Leaves) isFact()             {}
func (Renamed) isFact()            {}
func (MaxHPSet) isFact()           {}
func (SpellOffAtOnce) isFact()     {}
func (CastingBegins) isFact()      {}
func (SpellTooLate) isFact()       {}
func (SpellCarried) isFact()       {}
func (SpellGoesOff) isFact()       {}
func (SpellInterrupted) isFact()   {}
func (SpellBegun) isFact()         {}
func (Concentrates) isFact()       {}
func (SpellCast) isFact()          {}
func (SpellCastAtOnce) isFact()    {}
func (SpellGivenUp) isFact()       {}
func (SpellSpoiled) isFact()       {}
func (SpellRuined) isFact()        {}
func (SpellCost) isFact()          {}
func (ManaShort) isFact()          {}
func (StunTaken) isFact()          {}
func (StunShaken) isFact()         {}
func (StunOver) isFact()           {}
func (StunBinds) isFact()          {}
func (StunIgnored) isFact()        {}
func (StunnedByHit) isFact()       {}
func (ActionsLost) isFact()        {}
func (TickNote) isFact()           {}
func (TickSpends) isFact()         {}
func (TickFailed) isFact()         {}
func (PoolFailed) isFact()         {}
func (GiveFailed) isFact()         {}
func (HitOverFailed) isFact()      {}
func (RecoveryFailed) isFact()     {}
func (SaveError) isFact()          {}
func (HiddenFromPlayers) isFact()  {}
func (ShownToPlayers) isFact()     {}
func (ShownOnFirstTurn) isFact()   {}
func (NewFoesSet) isFact()         {}
func (FoeRollsSet) isFact()        {}
func (TableDiceSet) isFact()       {}
func (SideHPSet) isFact()          {}
func (Damaged) isFact()            {}
func (NonlethalHealed) isFact()    {}
func (Healed) isFact()             {}
func (Down) isFact()               {}
func (BackUp) isFact()             {}
func (DiesUnlessHealed) isFact()   {}
func (NotHealedInTime) isFact()    {}
func (Withdraws) isFact()          {}
func (NewWound) isFact()           {}
func (MajorWound) isFact()         {}
func (Bleeds) isFact()             {}
func (Stanched) isFact()           {}
func (WoundsClosed) isFact()       {}
func (Clots) isFact()              {}
func (TreatedClosed) isFact()      {}
func (Reopens) isFact()            {}
func (Injured) isFact()            {}
func (InjuryHealed) isFact()       {}
func (Legacy) isFact()             {}
