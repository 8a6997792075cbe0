package engine

import (
	"fmt"
	"strconv"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Command is one transition asked of the engine. Its value is one of the
// payload types of its op (Add, Damage, Stun, GiveCondition ...: the Op
// constants name them), each with exactly the fields its op reads, or
// Marked, a markable one done to several combatants at once. It is plain
// data so it can be logged, saved and replayed; a save writes it as its op
// and fields ({op = "damage", who = 2, expr = "1d6"}).
type Command interface {
	// Op names the command as a save writes it.
	Op() Op
	isCommand()
}

// Op names a command.
type Op string

// Command ops. A few ops have two payloads, one for each way the op goes
// (a condition given, a condition taken away).
const (
	OpAdd        Op = "add"         // Add
	OpRemove     Op = "remove"      // Remove
	OpStart      Op = "start"       // Start
	OpNext       Op = "next"        // Next
	OpEnd        Op = "end"         // End
	OpDamage     Op = "damage"      // Damage
	OpHeal       Op = "heal"        // Heal
	OpSetInit    Op = "set_init"    // SetInit
	OpMove       Op = "move"        // Move
	OpWait       Op = "wait"        // Wait
	OpDelay      Op = "delay"       // Delay
	OpHold       Op = "hold"        // HoldTo
	OpNotes      Op = "notes"       // Notes
	OpRename     Op = "rename"      // Rename
	OpMaxHP      Op = "max_hp"      // SetMaxHP
	OpRoll       Op = "roll"        // Roll
	OpStun       Op = "stun"        // Stun
	OpWound      Op = "wound"       // Bleed, CloseWound
	OpFirstAid   Op = "first_aid"   // FirstAid
	OpCondition  Op = "condition"   // GiveCondition, TakeCondition
	OpSpend      Op = "spend"       // Spend
	OpInjury     Op = "injury"      // Injure, HealInjury
	OpAbandon    Op = "abandon"     // Abandon
	OpResist     Op = "resist"      // Resist
	OpParry      Op = "parry"       // Parry
	OpInitRounds Op = "init_rounds" // InitRounds
	OpAllot      Op = "allot"       // Allot
	OpPosition   Op = "position"    // Position
	OpForced     Op = "forced_move" // ForcedMove
	OpDrain      Op = "drain"       // Drain
	OpCheck      Op = "check"       // RollCheck
	OpDeclare    Op = "declare"     // Declare, Undeclare
	OpMissile    Op = "missile"     // StickMissile, PullMissile
	OpRecord     Op = "record"      // RecordWound, StrikeWound
	OpEngage     Op = "engage"      // Engage, Disengage
	OpFlurry     Op = "flurry"      // Flurry
	OpHide       Op = "hide"        // Hide, Show
	OpView       Op = "view"        // View, ViewHP
	OpCast       Op = "cast"        // Cast, DropSpell
	OpGroup      Op = "group"       // JoinGroup, LeaveGroup
	OpTimer      Op = "timer"       // SetTimer, StopTimer
	OpTimerView  Op = "timer_view"  // ShowTimer, HideTimer
	OpWithdraw   Op = "withdraw"    // Withdraw
	OpManeuver   Op = "maneuver"    // Maneuver
	OpBlow       Op = "blow"        // Blow
	OpWeapon     Op = "weapon"      // Arm
	OpSplit      Op = "split"       // Split
)

// The payloads. Who, where a payload has it, is the combatant the command
// is about. Each field's toml key is the one a save writes it under.

// Add brings combatants into the fight; those with Group set act as one
// group.
type Add struct {
	Combatants []NewCombatant `toml:"add,omitempty"`
}

// Remove takes a combatant out of the fight.
type Remove struct {
	Who int `toml:"who,omitzero"`
}

// Start begins the fight.
type Start struct{}

// Next ends the step under way and begins the next one.
type Next struct{}

// End ends the fight.
type End struct{}

// Damage takes hit points from Who: Amount, or Expr rolled with Who's
// stats. Bare is a hit that ignores armour (hp.armor); Critical is a
// critical hit (a leading ! in the tracker): it ignores armour too, and
// does twice its damage where hp.critical_doubles says so. NonLethal damage at
// 0 hit points does what hp.nonlethal_gives and hp.nonlethal_costs say
// instead of rolling hp.damage_at_zero. Location is the hit location it
// falls on, where the ruleset has them ("": hp.location_roll says).
type Damage struct {
	Who       int    `toml:"who,omitzero"`
	Amount    int    `toml:"amount,omitzero"`
	Expr      string `toml:"expr,omitempty"`
	Bare      bool   `toml:"bare,omitempty"`
	Critical  bool   `toml:"critical,omitempty"`
	NonLethal bool   `toml:"nonlethal,omitempty"`
	Location  string `toml:"location,omitempty"`
	Share     Share  `toml:"share,omitempty"`
	// Source is what deals it, one of the damage sources of a condition
	// the combatant holds (conditions.damage_sources): it takes that
	// source's share.
	Source string `toml:"source,omitempty"`
}

// Heal gives Who back hit points: Amount, or Expr rolled with its stats;
// at a hit location, the location heals too.
type Heal struct {
	Who      int    `toml:"who,omitzero"`
	Amount   int    `toml:"amount,omitzero"`
	Expr     string `toml:"expr,omitempty"`
	Location string `toml:"location,omitempty"`
	// Wound aims it at a wound kept apart (from 1; hp.wounds_apart): it
	// heals no more than that wound lacks. 0 spreads it over them all.
	Wound int `toml:"wound,omitzero"`
}

// SetInit sets Who's initiative: Init, or Expr rolled. Entry is which of
// its actions this round (from 0), where the order gives it several
// (segments). With no order and neither set, it takes the ruleset's
// initiative action (order.initiative_action).
type SetInit struct {
	Who   int    `toml:"who,omitzero"`
	Entry int    `toml:"entry,omitzero"`
	Init  int    `toml:"init,omitzero"`
	Expr  string `toml:"expr,omitempty"`
}

// Move moves Who's Entry (from 0) one place in the order: Dir -1
// earlier, +1 later, whatever the numbers say.
type Move struct {
	Who   int `toml:"who,omitzero"`
	Entry int `toml:"entry,omitzero"`
	Dir   int `toml:"dir,omitzero"`
}

// Wait moves Who, acting now, to right after After this round (0: the end
// of the round).
type Wait struct {
	Who   int `toml:"who,omitzero"`
	After int `toml:"after,omitzero"`
}

// Delay holds Who's attack as an interrupt until Trigger ("": any).
type Delay struct {
	Who     int    `toml:"who,omitzero"`
	Trigger string `toml:"text,omitempty"`
}

// HoldTo moves Who, acting now, to the rank or segment To this round (in a
// phase in stat order, to To of the phase's stat).
type HoldTo struct {
	Who int `toml:"who,omitzero"`
	To  int `toml:"to,omitzero"`
}

// Notes sets the GM's notes on Who.
type Notes struct {
	Who  int    `toml:"who,omitzero"`
	Text string `toml:"text,omitempty"`
}

// Rename gives Who a new name.
type Rename struct {
	Who  int    `toml:"who,omitzero"`
	Name string `toml:"text,omitempty"`
}

// SetMaxHP makes Amount Who's most hit points. Raised, its hit points
// rise by as much (the hurt it has taken stays); lowered, they are cut to
// the new most where they were above it.
type SetMaxHP struct {
	Who    int `toml:"who,omitzero"`
	Amount int `toml:"amount,omitzero"`
}

// Roll rolls Expr for the log, with Who's stats (0: nobody's); For says
// what it is for ("": it rolls).
type Roll struct {
	Who  int    `toml:"who,omitzero"`
	Expr string `toml:"expr,omitempty"`
	For  string `toml:"text,omitempty"`
}

// Stun stuns Who the ruleset's way: Rounds on the ladder's Level; Rounds
// of no action, or Expr rolled for them (neither: the stunned condition's
// own); or the rest of the round.
type Stun struct {
	Who    int    `toml:"who,omitzero"`
	Level  string `toml:"level,omitempty"`
	Rounds int    `toml:"amount,omitzero"`
	Expr   string `toml:"expr,omitempty"`
}

// Bleed gives Who a new wound that bleeds Rate hits a round.
type Bleed struct {
	Who  int `toml:"who,omitzero"`
	Rate int `toml:"amount,omitzero"`
}

// FirstAid rolls First Aid at once: Healer (0: the patient itself) treats
// Who's wound or injury (Wound or Injury, from 0), or its hits, as Treat
// says ("": a wound).
type FirstAid struct {
	Who    int   `toml:"who,omitzero"`
	Healer int   `toml:"healer,omitzero"`
	Treat  Treat `toml:"treat,omitempty"`
	Wound  int   `toml:"wound,omitzero"`
	Injury int   `toml:"injury,omitzero"`
}

// GiveCondition gives Who the condition for its own duration, or for
// Rounds, or for Duration (rounds, to the end of this round or the next,
// until removed, until the start or end of Anchor's next turn (0: Who's),
// or until a save).
type GiveCondition struct {
	Who       int            `toml:"who,omitzero"`
	Condition string         `toml:"condition,omitempty"`
	Rounds    int            `toml:"amount,omitzero"`
	Duration  rules.Duration `toml:"duration,omitempty"`
	Anchor    int            `toml:"target,omitzero"`
}

// TakeCondition takes the condition away from Who.
type TakeCondition struct {
	Who       int    `toml:"who,omitzero"`
	Condition string `toml:"condition,omitempty"`
}

// Spend has Who take the ruleset's Action, paid from its pools. First Aid
// begun this way aims at the Patient (0: Who) and what Treat says, with
// Wound or Injury picking which one (from 0). At is the foe an action
// taken at one (actions.at_foe) is taken at (0: none named).
type Spend struct {
	Who    int    `toml:"who,omitzero"`
	Action string `toml:"maneuver,omitempty"`
	// Part, when set, ends the action early: only Part of its ends_early
	// pool is paid.
	Part    int   `toml:"amount,omitzero"`
	Patient int   `toml:"target,omitzero"`
	Treat   Treat `toml:"treat,omitempty"`
	Wound   int   `toml:"wound,omitzero"`
	Injury  int   `toml:"injury,omitzero"`
	At      int   `toml:"foe,omitzero"`
}

// Injure gives Who a lasting Penalty (negative) from a critical, called
// Text ("": a critical injury).
type Injure struct {
	Who     int    `toml:"who,omitzero"`
	Penalty int    `toml:"amount,omitzero"`
	Text    string `toml:"text,omitempty"`
}

// CloseWound closes Who's bleeding Wound (from 0) at once and for good:
// healed by magic (wounds.go).
type CloseWound struct {
	Who   int `toml:"who,omitzero"`
	Wound int `toml:"wound,omitzero"`
}

// HealInjury takes Who's Injury (from 0) away.
type HealInjury struct {
	Who    int `toml:"who,omitzero"`
	Injury int `toml:"injury,omitzero"`
}

// Abandon drops the extended action Who has under way.
type Abandon struct {
	Who int `toml:"who,omitzero"`
}

// Resist rolls a Resistance Roll for Who: attack level against defence
// level, with the modifier Expr, against what Against says. Keep: it is
// the roll to keep the spell or the aim a hurt or a forced move put at
// stake (distracted.go): failed, they are lost.
type Resist struct {
	Who          int    `toml:"who,omitzero"`
	AttackLevel  int    `toml:"attack_level,omitzero"`
	DefenceLevel int    `toml:"defence_level,omitzero"`
	Expr         string `toml:"expr,omitempty"`
	Against      string `toml:"text,omitempty"`
	Keep         bool   `toml:"keep,omitempty"`
	// Kind is what is resisted (helpers.resistance_kinds): how the roll
	// is read; "" reads it on the tiers.
	Kind string `toml:"kind,omitempty"`
}

// Parry counts one parry more for Who since its turn.
type Parry struct {
	Who int `toml:"who,omitzero"`
}

// Allot sets the parry Who allots from its attack (guard.go).
type Allot struct {
	Who   int `toml:"who,omitzero"`
	Parry int `toml:"amount,omitzero"`
}

// ForcedMove: Who is forced to move, knocked back or pushed
// (distracted.go): an aim is lost, a spell under preparation asks for a
// Resistance Roll.
type ForcedMove struct {
	Who int `toml:"who,omitzero"`
}

// Drain lowers Who's Stat by Amount for the rest of the fight (a negative
// Amount gives back what was drained): drain.go.
type Drain struct {
	Who    int    `toml:"who,omitzero"`
	Stat   string `toml:"text,omitempty"`
	Amount int    `toml:"amount,omitzero"`
}

// Position gives Who a critical's offensive Bonus (position.go).
type Position struct {
	Who   int `toml:"who,omitzero"`
	Bonus int `toml:"amount,omitzero"`
}

// Split splits Who's order.split stat over its actions this round: Shares,
// the first action's first (BRP's skill over 100%).
type Split struct {
	Who    int   `toml:"who,omitzero"`
	Shares []int `toml:"split,omitempty"`
}

// InitRounds gives Who Rounds of initiative from a critical, spent on its
// next action.
type InitRounds struct {
	Who    int `toml:"who,omitzero"`
	Rounds int `toml:"amount,omitzero"`
}

// RollCheck has Who roll the ruleset's Check against Target (0: nobody), with
// the typed modifier Expr and the check's Modifiers the GM chose; where it
// succeeds, Target answers with the check Answer (one of the check's
// against).
type RollCheck struct {
	Who       int      `toml:"who,omitzero"`
	Check     string   `toml:"check,omitempty"`
	Target    int      `toml:"target,omitzero"`
	Expr      string   `toml:"expr,omitempty"`
	Modifiers []string `toml:"modifiers,omitempty"`
	Answer    string   `toml:"answer,omitempty"`
}

// Declare has Who declare the ruleset's Declaration this round, with
// Amount where the declaration takes one.
type Declare struct {
	Who         int    `toml:"who,omitzero"`
	Declaration string `toml:"declare,omitempty"`
	Amount      int    `toml:"amount,omitzero"`
}

// Undeclare has Who take back its Declaration.
type Undeclare struct {
	Who         int    `toml:"who,omitzero"`
	Declaration string `toml:"declare,omitempty"`
}

// StickMissile leaves the ruleset's Missile stuck in Who (Grievous: by a
// grievous hit).
type StickMissile struct {
	Who      int    `toml:"who,omitzero"`
	Missile  string `toml:"missile,omitempty"`
	Grievous bool   `toml:"grievous,omitempty"`
}

// PullMissile takes a Missile of that kind out of Who.
type PullMissile struct {
	Who     int    `toml:"who,omitzero"`
	Missile string `toml:"missile,omitempty"`
}

// RecordWound records a wound on Who's wound record at Location, of
// Severity; Penetrating, that it cuts or pierces (it bleeds) rather than
// bruises; Kind, when set, the weapon kind it is (gear.weapon_kinds: a cut,
// a puncture), which makes it penetrating.
type RecordWound struct {
	Who         int    `toml:"who,omitzero"`
	Location    string `toml:"location,omitempty"`
	Severity    string `toml:"severity,omitempty"`
	Penetrating bool   `toml:"penetrating,omitempty"`
	Kind        string `toml:"kind,omitempty"`
}

// StrikeWound strikes Who's Wound (from 0) off its wound record.
type StrikeWound struct {
	Who   int `toml:"who,omitzero"`
	Wound int `toml:"wound,omitzero"`
}

// Engage engages Who with Foe in a flurry.
type Engage struct {
	Who int `toml:"who,omitzero"`
	Foe int `toml:"target,omitzero"`
}

// Disengage takes Who out of its flurry.
type Disengage struct {
	Who int `toml:"who,omitzero"`
}

// Flurry is a step of Who's flurry: Step says which (with Actions, the
// actions it uses).
type Flurry struct {
	Who     int        `toml:"who,omitzero"`
	Step    FlurryStep `toml:"maneuver,omitempty"`
	Actions int        `toml:"amount,omitzero"`
	// Foe (obstacle) is the one forced against it, where the ruleset gives
	// it something for that (flurries.obstacle_condition); (stroke) the
	// victim of the killing stroke.
	Foe int `toml:"target,omitzero"`
}

// FlurryStep is a step of a flurry.
type FlurryStep string

// Steps of a flurry.
const (
	FlurryAction   FlurryStep = "action"   // use actions (1 when Actions is 0; "" says it too)
	FlurryObstacle FlurryStep = "obstacle" // drive the foe against an obstacle: an action more
	FlurryAgain    FlurryStep = "again"    // the next flurry between the same fighters
	FlurryStroke   FlurryStep = "stroke"   // the killing stroke on Foe (flurries.stroke_on): no flurry needed
)

// Hide hides Who from the players.
type Hide struct {
	Who int `toml:"who,omitzero"`
}

// Show shows Who, hidden, to the players.
type Show struct {
	Who int `toml:"who,omitzero"`
}

// View turns a setting of the player view on or, with Off, off:
// ViewHideNewFoes or ViewFoeRolls; or the GM's ViewTableDice.
type View struct {
	Setting string `toml:"setting,omitempty"`
	Off     bool   `toml:"remove,omitempty"`
}

// ViewHP sets how the hit points of a Side show to the players.
type ViewHP struct {
	Side string       `toml:"side,omitempty"`
	Show rules.HPShow `toml:"show,omitempty"`
}

// Cast has Who, acting now, begin the spell Name: of the ruleset's Kind at
// rank Rank (no Kind: Rank is the casting time in segments); or, where
// spells are prepared by concentrating, begin Name at level Rank, or cast
// the spell under way (no Name), or cast Name at once when Instant is the
// ruleset's instant action (spells.instant). A spell cast rolls the
// ruleset's spell check with the typed modifier Expr and the check's
// Modifiers chosen. Subconscious: Name goes off by itself while its
// caster cannot act (spells.subconscious).
type Cast struct {
	Who          int      `toml:"who,omitzero"`
	Name         string   `toml:"text,omitempty"`
	Kind         string   `toml:"spell,omitempty"`
	Rank         int      `toml:"amount,omitzero"`
	Instant      string   `toml:"maneuver,omitempty"`
	Expr         string   `toml:"expr,omitempty"`
	Modifiers    []string `toml:"modifiers,omitempty"`
	Subconscious bool     `toml:"subconscious,omitempty"`
}

// DropSpell loses the spell Who has under way: interrupted (the spell and
// the action it took are lost), or given up while it was being prepared.
type DropSpell struct {
	Who int `toml:"who,omitzero"`
}

// JoinGroup has Who join the group With is in (or make one with With): it
// acts on the group's place in the order.
type JoinGroup struct {
	Who  int `toml:"who,omitzero"`
	With int `toml:"target,omitzero"`
}

// LeaveGroup takes Who out of its group: it takes a place of its own.
type LeaveGroup struct {
	Who int `toml:"who,omitzero"`
}

// SetTimer sets a GM's timer: Text, at the point At (at a count: Count) of
// the round Rounds from now, and again every Every rounds (0: once); for
// the table too (Public), or the GM's alone.
type SetTimer struct {
	Text   string        `toml:"text,omitempty"`
	At     rules.EventAt `toml:"at,omitempty"`
	Count  int           `toml:"to,omitzero"`
	Rounds int           `toml:"amount,omitzero"`
	Every  int           `toml:"every,omitzero"`
	Public bool          `toml:"public,omitempty"`
}

// StopTimer takes the GM's Timer away.
type StopTimer struct {
	Timer int `toml:"timer,omitzero"`
}

// ShowTimer marks the GM's Timer for the table: the players read it from
// now on, as it fires and is taken away.
type ShowTimer struct {
	Timer int `toml:"timer,omitzero"`
}

// HideTimer makes the GM's Timer the GM's alone again.
type HideTimer struct {
	Timer int `toml:"timer,omitzero"`
}

// Withdraw has Who withdraw from melee (Flee: flee the fight), each of
// Foes taking a free attack on it with the modifier Expr.
type Withdraw struct {
	Who  int    `toml:"who,omitzero"`
	Foes []int  `toml:"foes,omitempty"`
	Expr string `toml:"expr,omitempty"`
	Flee bool   `toml:"flee,omitempty"`
}

// Maneuver has Who take the maneuver Row of the ruleset's table at Column
// (from 0), the row's check rolled with the modifier Expr.
type Maneuver struct {
	Who    int    `toml:"who,omitzero"`
	Row    string `toml:"maneuver,omitempty"`
	Column int    `toml:"amount,omitzero"`
	Expr   string `toml:"expr,omitempty"`
}

// Blow has Who strike by the ruleset's Blow with its Weapon (from 0): at
// each of Foes in turn, a blow each; or, with With, at the one foe of
// Foes, Who and then each of With (with its first ready weapon), one
// after another. Attackers is how many strike the foe together, for the
// blow's multiple_attackers (with With, at least 1 + len(With)). Expr and
// Modifiers are the attack check's modifiers (typed, and the check's own
// chosen); Answer is the check the foe answers with ("": none), rolled
// with the check's Guards chosen, parrying with its weapon or shield
// Guard (from 0); Location is where it lands, when the GM calls it. As
// makes it the blow's other way (also_as: another action pays for it).
type Blow struct {
	Who       int      `toml:"who,omitzero"`
	Blow      string   `toml:"blow,omitempty"`
	Foes      []int    `toml:"foes,omitempty"`
	With      []int    `toml:"with,omitempty"`
	Weapon    int      `toml:"weapon,omitzero"`
	Attackers int      `toml:"amount,omitzero"`
	Expr      string   `toml:"expr,omitempty"`
	Modifiers []string `toml:"modifiers,omitempty"`
	Answer    string   `toml:"answer,omitempty"`
	Guards    []string `toml:"guards,omitempty"`
	Guard     int      `toml:"guard,omitzero"`
	Location  string   `toml:"location,omitempty"`
	As        bool     `toml:"as,omitempty"`
}

// Arm sets the State of Who's Weapon (from 0) at the GM's word: ready
// ("": picked up, pulled out, mended), dropped or broken; Reload fills a
// weapon that counts its rounds. Armor, by itself, repairs Who's armour:
// what outcomes took off it (countdown's grievous hit) is back.
type Arm struct {
	Who    int              `toml:"who,omitzero"`
	Weapon int              `toml:"weapon,omitzero"`
	State  rules.WeaponFate `toml:"state,omitempty"`
	Reload bool             `toml:"reload,omitempty"`
	Armor  bool             `toml:"armor,omitempty"`
}

// Marked does Step to each of Targets in turn, as one step (marking.go):
// one undo takes back all of it. Step names no combatant itself. Shares,
// for damage, are each target's share of it, one for each of Targets
// (none: all take it whole).
type Marked struct {
	Targets []int    `toml:"targets,omitempty"`
	Shares  []Share  `toml:"shares,omitempty"`
	Step    Markable `toml:"-"`
}

// Markable is a command that may be done to several marked combatants at
// once: damage, healing, a condition given or taken away, stun, a wound, a
// group joined or left.
type Markable interface {
	Command
	// to is the command done to one of the marked.
	to(who int) Markable
	who() int
}

func (Add) Op() Op           { return OpAdd }
func (Remove) Op() Op        { return OpRemove }
func (Start) Op() Op         { return OpStart }
func (Next) Op() Op          { return OpNext }
func (End) Op() Op           { return OpEnd }
func (Damage) Op() Op        { return OpDamage }
func (Heal) Op() Op          { return OpHeal }
func (SetInit) Op() Op       { return OpSetInit }
func (Move) Op() Op          { return OpMove }
func (Wait) Op() Op          { return OpWait }
func (Delay) Op() Op         { return OpDelay }
func (HoldTo) Op() Op        { return OpHold }
func (Notes) Op() Op         { return OpNotes }
func (Rename) Op() Op        { return OpRename }
func (SetMaxHP) Op() Op      { return OpMaxHP }
func (Roll) Op() Op          { return OpRoll }
func (Stun) Op() Op          { return OpStun }
func (Bleed) Op() Op         { return OpWound }
func (FirstAid) Op() Op      { return OpFirstAid }
func (GiveCondition) Op() Op { return OpCondition }
func (TakeCondition) Op() Op { return OpCondition }
func (Spend) Op() Op         { return OpSpend }
func (Injure) Op() Op        { return OpInjury }
func (HealInjury) Op() Op    { return OpInjury }
func (CloseWound) Op() Op    { return OpWound }
func (Abandon) Op() Op       { return OpAbandon }
func (Resist) Op() Op        { return OpResist }
func (Parry) Op() Op         { return OpParry }
func (InitRounds) Op() Op    { return OpInitRounds }
func (Allot) Op() Op         { return OpAllot }
func (Position) Op() Op      { return OpPosition }
func (ForcedMove) Op() Op    { return OpForced }
func (Drain) Op() Op         { return OpDrain }
func (RollCheck) Op() Op     { return OpCheck }
func (Declare) Op() Op       { return OpDeclare }
func (Undeclare) Op() Op     { return OpDeclare }
func (StickMissile) Op() Op  { return OpMissile }
func (PullMissile) Op() Op   { return OpMissile }
func (RecordWound) Op() Op   { return OpRecord }
func (StrikeWound) Op() Op   { return OpRecord }
func (Engage) Op() Op        { return OpEngage }
func (Disengage) Op() Op     { return OpEngage }
func (Flurry) Op() Op        { return OpFlurry }
func (Hide) Op() Op          { return OpHide }
func (Show) Op() Op          { return OpHide }
func (View) Op() Op          { return OpView }
func (ViewHP) Op() Op        { return OpView }
func (Cast) Op() Op          { return OpCast }
func (DropSpell) Op() Op     { return OpCast }
func (JoinGroup) Op() Op     { return OpGroup }
func (LeaveGroup) Op() Op    { return OpGroup }
func (SetTimer) Op() Op      { return OpTimer }
func (StopTimer) Op() Op     { return OpTimer }
func (ShowTimer) Op() Op     { return OpTimerView }
func (HideTimer) Op() Op     { return OpTimerView }
func (Withdraw) Op() Op      { return OpWithdraw }
func (Maneuver) Op() Op      { return OpManeuver }
func (Blow) Op() Op          { return OpBlow }
func (Arm) Op() Op           { return OpWeapon }
func (Split) Op() Op         { return OpSplit }

// Op is the op of the step done to each of the marked.
func (m Marked) Op() Op {
	if m.Step == nil {
		return ""
	}
	return m.Step.Op()
}

func (Add) isCommand()           {}
func (Remove) isCommand()        {}
func (Start) isCommand()         {}
func (Next) isCommand()          {}
func (End) isCommand()           {}
func (Damage) isCommand()        {}
func (Heal) isCommand()          {}
func (SetInit) isCommand()       {}
func (Move) isCommand()          {}
func (Wait) isCommand()          {}
func (Delay) isCommand()         {}
func (HoldTo) isCommand()        {}
func (Notes) isCommand()         {}
func (Rename) isCommand()        {}
func (SetMaxHP) isCommand()      {}
func (Roll) isCommand()          {}
func (Stun) isCommand()          {}
func (Bleed) isCommand()         {}
func (FirstAid) isCommand()      {}
func (GiveCondition) isCommand() {}
func (TakeCondition) isCommand() {}
func (Spend) isCommand()         {}
func (Injure) isCommand()        {}
func (HealInjury) isCommand()    {}
func (CloseWound) isCommand()    {}
func (Abandon) isCommand()       {}
func (Resist) isCommand()        {}
func (Parry) isCommand()         {}
func (InitRounds) isCommand()    {}
func (Allot) isCommand()         {}
func (Position) isCommand()      {}
func (ForcedMove) isCommand()    {}
func (Drain) isCommand()         {}
func (RollCheck) isCommand()     {}
func (Declare) isCommand()       {}
func (Undeclare) isCommand()     {}
func (StickMissile) isCommand()  {}
func (PullMissile) isCommand()   {}
func (RecordWound) isCommand()   {}
func (StrikeWound) isCommand()   {}
func (Engage) isCommand()        {}
func (Disengage) isCommand()     {}
func (Flurry) isCommand()        {}
func (Hide) isCommand()          {}
func (Show) isCommand()          {}
func (View) isCommand()          {}
func (ViewHP) isCommand()        {}
func (Cast) isCommand()          {}
func (DropSpell) isCommand()     {}
func (JoinGroup) isCommand()     {}
func (LeaveGroup) isCommand()    {}
func (SetTimer) isCommand()      {}
func (StopTimer) isCommand()     {}
func (ShowTimer) isCommand()     {}
func (HideTimer) isCommand()     {}
func (Withdraw) isCommand()      {}
func (Maneuver) isCommand()      {}
func (Blow) isCommand()          {}
func (Arm) isCommand()           {}
func (Split) isCommand()         {}
func (Marked) isCommand()        {}

func (c Damage) to(who int) Markable        { c.Who = who; return c }
func (c Heal) to(who int) Markable          { c.Who = who; return c }
func (c GiveCondition) to(who int) Markable { c.Who = who; return c }
func (c TakeCondition) to(who int) Markable { c.Who = who; return c }
func (c Stun) to(who int) Markable          { c.Who = who; return c }
func (c Bleed) to(who int) Markable         { c.Who = who; return c }
func (c JoinGroup) to(who int) Markable     { c.Who = who; return c }
func (c LeaveGroup) to(who int) Markable    { c.Who = who; return c }

func (c Damage) who() int        { return c.Who }
func (c Heal) who() int          { return c.Who }
func (c GiveCondition) who() int { return c.Who }
func (c TakeCondition) who() int { return c.Who }
func (c Stun) who() int          { return c.Who }
func (c Bleed) who() int         { return c.Who }
func (c JoinGroup) who() int     { return c.Who }
func (c LeaveGroup) who() int    { return c.Who }

// Apply runs one command against an encounter and returns the next encounter
// and the events that happened. The encounter passed in is never changed; on
// error the returned encounter is the one passed in.
func Apply(rs *rules.Ruleset, enc Encounter, cmd Command, rnd dice.Rand) (Encounter, []Event, error) {
	if rs == nil || rs.ID != enc.Ruleset {
		return enc, nil, fmt.Errorf("the encounter is for ruleset %q", enc.Ruleset)
	}
	if checkShared != nil {
		defer checkShared(enc)()
	}
	t := &tx{rs: rs, enc: enc.share(), roller: dice.Roller{Rand: rnd, OE: rs.OE()}, sharing: newSharing()}
	if err := t.apply(cmd); err != nil {
		return enc, nil, err
	}
	t.wake()
	t.keepMovedAtNewRate(&enc)
	t.stopMoving()
	return t.enc, t.events, nil
}

// checkShared, when a test sets it, is handed each state a step begins
// from, before the step, and returns what checks after it that the step
// wrote into nothing of it (share_test.go).
var checkShared func(before Encounter) (after func())

// tx is one transition in progress.
type tx struct {
	rs     *rules.Ruleset
	enc    Encounter
	roller dice.Roller
	events []Event
	// striking is the blow under way, if one is (blows.go).
	striking *striking
	// pulling is the weapon a check pulls back out of its target, which
	// the check reads as weapon_X (gear.go).
	pulling *pulled
	// sharing: the combatants this step made its own (share.go).
	sharing
	// links: the bleeding wounds this step opens and the hits that made
	// them (harms.go).
	links hitLinks
}

// who returns the combatant with the ID as this step's own, to change.
func (t *tx) who(id int) (*Combatant, error) {
	c := t.mine(t.enc.Combatant(id))
	if c == nil {
		return nil, fmt.Errorf("there is no combatant #%d", id)
	}
	return c, nil
}

func (t *tx) running() error {
	switch t.enc.Status {
	case StatusSetup:
		return fmt.Errorf("the fight has not started")
	case StatusEnded:
		return fmt.Errorf("the fight is over")
	}
	return nil
}

// apply is the one list of what each command does: each payload to the
// handler that does it, in the file of its mechanic.
func (t *tx) apply(cmd Command) error {
	switch c := cmd.(type) {
	case Add:
		return t.add(c) // roster.go
	case Remove:
		return t.remove(c)
	case Rename:
		return t.rename(c)
	case SetMaxHP:
		return t.setMaxHP(c)
	case Notes:
		return t.notes(c)
	case Start:
		return t.start() // clock.go
	case Next:
		return t.next()
	case End:
		return t.end()
	case Damage:
		return t.damage(c) // vitals.go
	case Heal:
		return t.heal(c)
	case SetInit:
		return t.setInit(c) // order.go
	case Move:
		return t.move(c)
	case Wait:
		return t.wait(c) // holds.go
	case Delay:
		return t.delay(c)
	case HoldTo:
		return t.hold(c)
	case Roll:
		return t.freeRoll(c) // command.go
	case Stun:
		return t.stun(c) // stun.go
	case Bleed:
		return t.openWound(c) // wounds.go
	case Injure:
		return t.injure(c)
	case CloseWound:
		return t.closeWound(c) // wounds.go
	case HealInjury:
		return t.healInjury(c)
	case FirstAid:
		return t.firstAid(c) // first_aid.go
	case GiveCondition:
		return t.giveCondition(c) // conditions.go
	case TakeCondition:
		return t.takeCondition(c)
	case Spend:
		return t.spend(c) // budget.go
	case Abandon:
		return t.abandon(c)
	case Resist:
		return t.resist(c) // gm_helpers.go
	case Parry:
		return t.parry(c)
	case InitRounds:
		return t.initRounds(c)
	case Allot:
		return t.allot(c) // guard.go
	case Position:
		return t.position(c) // position.go
	case ForcedMove:
		return t.forcedMove(c) // distracted.go
	case Drain:
		return t.drain(c) // drain.go
	case RollCheck:
		return t.rollCheckCmd(c) // checks.go
	case Declare:
		return t.declare(c) // declare.go
	case Undeclare:
		return t.undeclare(c)
	case Cast:
		return t.cast(c) // spells.go, concentrate.go
	case DropSpell:
		return t.dropSpell(c)
	case StickMissile:
		return t.stickMissile(c) // missiles.go
	case PullMissile:
		return t.pullMissile(c)
	case JoinGroup:
		return t.joinGroup(c) // groups.go
	case LeaveGroup:
		return t.leaveGroup(c)
	case SetTimer:
		return t.setTimer(c) // timers.go
	case StopTimer:
		return t.stopTimer(c)
	case ShowTimer:
		return t.showTimer(c)
	case HideTimer:
		return t.hideTimer(c)
	case Withdraw:
		return t.withdraw(c) // withdraw.go
	case Maneuver:
		return t.maneuver(c) // maneuvers.go
	case Blow:
		return t.blow(c) // blows.go
	case Arm:
		return t.arm(c) // gear.go
	case Split:
		return t.split(c) // split.go
	case RecordWound:
		return t.record(c) // wound_record.go
	case StrikeWound:
		return t.strikeWound(c)
	case Engage:
		return t.engage(c) // flurries.go
	case Disengage:
		return t.disengage(c)
	case Flurry:
		return t.flurry(c)
	case Hide:
		return t.hide(c) // visibility.go
	case Show:
		return t.show(c)
	case View:
		return t.view(c)
	case ViewHP:
		return t.viewHP(c)
	case Marked:
		return t.each(c) // marking.go
	case nil:
		return fmt.Errorf("no command")
	}
	return fmt.Errorf("unknown command %T", cmd)
}

// freeRoll rolls an expression for the log, with Who's stats when Who is set.
func (t *tx) freeRoll(cmd Roll) error {
	e, err := dice.Parse(cmd.Expr)
	if err != nil {
		return fmt.Errorf("%s: %w", cmd.Expr, err)
	}
	var c *Combatant
	if cmd.Who != 0 {
		if c, err = t.who(cmd.Who); err != nil {
			return err
		}
	}
	_, err = t.roll(c, e, FreeRoll{For: Text(cmd.For)})
	return err
}
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	case 4:
		return "fourth"
	}
	return strconv.Itoa(n) + "th"
}

// statsOf is what a combatant's formulas read: its stats, and its hit
// points as HP and MAX_HP unless the ruleset has stats of those names;
// during a blow, the striking weapon's fields as weapon_X; outside one, the
// fields of the weapon in its hand (gear.go's inHand); and those of its own
// weapon in hand as hand_X, in a blow too.
func (t *tx) statsOf(c *Combatant) dice.StatFunc {
	// Small enough to be inlined: where the caller only hands the
	// function down to a roll, it stays on the caller's stack.
	return t.statsPlan(c).stat
}

// statsPlan is how statsOf reads c's stats, fixed as it is asked for.
func (t *tx) statsPlan(c *Combatant) statsPlan {
	if _, shared := t.share(c); !shared && t.striking == nil && (t.pulling == nil || t.pulling.who != c.ID) {
		return statsPlan{rs: t.rs, c: c, w: inHand(c)}
	}
	return statsPlan{composed: t.statsWith(c)}
}

// statsWith is statsOf in a blow, a pull or a split's share.
func (t *tx) statsWith(c *Combatant) dice.StatFunc {
	own := t.shareOf(c, statsOf(t.rs, c))
	s := withHand(t.rs, c, own)
	if b := t.striking; b != nil {
		w := t.enc.Combatant(b.who)
		return withWeapon(t.rs, t.shareOf(w, statsOf(t.rs, w)), &b.weapon, s)
	}
	if p := t.pulling; p != nil && p.who == c.ID {
		return withWeapon(t.rs, own, &p.weapon, s)
	}
	return withWeapon(t.rs, own, inHand(c), s)
}

// StatNow is a combatant's stat as the round has it (what the panel and
// the damage prompt show): with what it declared, what is stuck in it and
// its armour lost.
func StatNow(rs *rules.Ruleset, c *Combatant, name string) int {
	v, _ := statsOf(rs, c)(name)
	return v
}

// statsOf is what a combatant's formulas read, as the round has them: with
// what it declared, what is stuck in it and its armour lost.
func statsOf(rs *rules.Ruleset, c *Combatant) dice.StatFunc {
	return func(name string) (int, bool) { return statOf(rs, c, name) }
}

// statOf is one stat as statsOf reads it.
func statOf(rs *rules.Ruleset, c *Combatant, name string) (int, bool) {
	if v, ok := poolValue(rs, c, name); ok {
		return v, true
	}
	if v, ok := c.Stats[name]; ok {
		if name == rs.HP.Armor {
			v -= c.ArmorLost
		}
		v += DeclaredStat(rs, c, name) + StuckStat(rs, c, name) + WornArmor(rs, c, name) + CastingStat(rs, c, name) - c.Drained[name]
		v += guardSum(rs, c, name, v)
		if capped, ok := CappedStat(rs, c, name); ok {
			v = min(v, capped)
		}
		return v, true
	}
	if v, ok := guardStat(rs, c, name); ok {
		return v, true
	}
	switch name {
	case "HP":
		return c.HP, true
	case "MAX_HP":
		return c.MaxHP, true
	}
	return 0, false
}

// roll rolls an expression for a combatant (nil: nobody) and logs it:
// what, a roll fact, says what it is for.
func (t *tx) roll(c *Combatant, e dice.Expr, what Fact) (dice.Result, error) {
	return t.rollEdged(c, e, what, dice.NoEdge)
}

// rollEdged is roll with Advantage or Disadvantage (dice.Edge).
func (t *tx) rollEdged(c *Combatant, e dice.Expr, what Fact, edge dice.Edge) (dice.Result, error) {
	var stats dice.StatFunc
	if c != nil {
		stats = t.statsOf(c)
	}
	r, err := t.edged(edge).Roll(e, stats)
	if err != nil {
		return r, err
	}
	t.log(EvRoll, of(c), &r, what)
	return r, nil
}

// edged is the fight's roller with an edge.
func (t *tx) edged(edge dice.Edge) dice.Roller {
	rl := t.roller
	rl.Edge = edge
	return rl
}

// CappedStat is the lowest cap the combatant's conditions put on a stat
// (conditions.stats), from its own stats, and whether there is one.
func CappedStat(rs *rules.Ruleset, c *Combatant, name string) (int, bool) {
	_, low, found := capOf(rs, c, name)
	return low, found
}
