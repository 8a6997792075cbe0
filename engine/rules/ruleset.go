package rules

import (
	"fmt"
	"fray/engine/dice"
	"regexp"
	"slices"
	"strings"
)

// A Ruleset chooses and parameterises the mechanics the engine implements.
// It is read from TOML; every field here is a key a ruleset file may use.
type Ruleset struct {
	ID           string `toml:"id"`
	Name         string `toml:"name"`
	Description  string `toml:"description"`
	RoundSeconds int    `toml:"round_seconds"`

	Dice       DiceRules      `toml:"dice"`
	Stats      []StatDef      `toml:"stats"`
	HP         HPRules        `toml:"hp"`
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
}

// Helpers parameterise the GM's mid-fight helpers.
type Helpers struct {
	// A Resistance Roll's target is Base + Step x (attack level - defender level).
	ResistanceBase  int    `toml:"resistance_base"`
	ResistanceStep  int    `toml:"resistance_step"`
	ResistanceTiers []Tier `toml:"resistance_tiers"`
	// AimBonus[n-1] is the extra bonus for n consecutive aims (the last repeats).
	AimBonus []int `toml:"aim_bonus"`
	// InitRoundBonus is added per round of initiative a critical gives, on the next action.
	InitRoundBonus int `toml:"init_round_bonus"`
	// Each extra multi-strike attack is at MultiStrikePenalty more; one more
	// attack per MultiStrikeRanks ranks.
	MultiStrikePenalty int `toml:"multi_strike_penalty"`
	MultiStrikeRanks   int `toml:"multi_strike_ranks"`
	// ParryFactors are the percent of the parry bonus for the 1st, 2nd ...
	// parry in a round; past the list each halves again.
	ParryFactors []int `toml:"parry_factors"`
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
}

// StatDef is a number a combatant carries, read by formulas by its ID.
type StatDef struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Default int    `toml:"default"`
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
	// PenaltyOut: total injury penalties at or below it knock out (-100).
	PenaltyOut int `toml:"penalty_out"`
}

// Order kinds.
const (
	OrderFixed    = "fixed"    // rolled once when the fight starts, kept
	OrderRound    = "round"    // rolled at the start of every round
	OrderRank     = "rank"     // a rank counted down, extra actions later
	OrderSegments = "segments" // each action rolls its own segment, counted down
	OrderNone     = "none"     // no order: the round is the only step
)

// Hold maneuvers a ruleset may offer.
const (
	HoldWait  = "wait"  // act after a chosen combatant this round only
	HoldDelay = "delay" // keep the place, hold the attack as an interrupt
	HoldLater = "hold"  // act at a lower rank or segment this round
)

// OrderRules says how the order of a round is made.
type OrderRules struct {
	Kind string `toml:"kind"`
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
	// Lowest is the lowest rank or segment that still acts; below it the action is lost.
	Lowest int `toml:"lowest"`
	// Tiebreak lists stats compared on equal initiative, highest first;
	// "roll" rolls off with TieRoll until the tie breaks.
	Tiebreak []string  `toml:"tiebreak"`
	TieRoll  dice.Expr `toml:"tie_roll"`
	// Hold lists the hold maneuvers offered: wait, delay, hold.
	Hold []string `toml:"hold"`
	// Bands name stretches of the count ("before movement", ...).
	Bands []Band `toml:"bands"`
}

// Band names a stretch of ranks or segments, From >= value >= To.
type Band struct {
	Name string `toml:"name"`
	From int    `toml:"from"`
	To   int    `toml:"to"`
}

// Phase orders.
const (
	PhaseInitiative = "initiative" // the round's order
	PhaseReverse    = "reverse"    // the round's order backwards
	PhaseStat       = "stat"       // combatants by a stat, highest first
	PhaseOnce       = "once"       // one step for everyone, no actor
)

// Phase is one part of a round, run in its own order.
type Phase struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Order   string `toml:"order"`
	Stat    string `toml:"stat"`
	Summary string `toml:"summary"`
	// Actions: true steps through every action entry (extra attacks at
	// their own ranks); false gives each combatant one step.
	Actions bool `toml:"actions"`
}

// Pool reset points, also used by ticks and condition expiry.
const (
	AtOwnTurnStart = "own_turn_start"
	AtOwnTurnEnd   = "own_turn_end"
	AtRoundStart   = "round_start"
	AtRoundEnd     = "round_end"
	AtRank         = "rank"
	AtNever        = "never"
)

// Pool is a budget a combatant spends: action slots or points.
type Pool struct {
	ID       string    `toml:"id"`
	Name     string    `toml:"name"`
	Capacity dice.Expr `toml:"capacity"`
	Reset    string    `toml:"reset"`
	// Group names pools that share one turn's choice (Pathmaster's full round).
	Group string `toml:"group"`
}

// Exchange lets a spent pool stand in for others: one From pays for Gives.
type Exchange struct {
	From  string         `toml:"from"`
	Gives map[string]int `toml:"gives"`
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
	// Aim builds the aim bonus; any other action but an attack loses it.
	Aim bool `toml:"aim"`
	// Passive actions stay open to a combatant who may only do nothing
	// (surprised, stunned): Do Nothing itself, dropping an item.
	Passive bool `toml:"passive"`
}

// Stun kinds.
const (
	StunNone       = "none"
	StunLadder     = "ladder"    // rounds per severity, worst marked off each own turn
	StunNoAction   = "no_action" // rounds of no action
	StunRestOfTurn = "rest_of_round"
)

// StunRules says how stun is kept.
type StunRules struct {
	Kind   string      `toml:"kind"`
	Levels []StunLevel `toml:"levels"`
	// Recovery is rolled on the combatant's own turn while stun remains,
	// with the modifier for the total stun added. At Target or more the
	// stun is ignored this turn; at Partial or more it eases one level.
	Recovery  dice.Expr `toml:"recovery"`
	Target    int       `toml:"target"`
	Partial   int       `toml:"partial"`
	Modifiers []StunMod `toml:"modifiers"`
	// UnconsciousAt: total stun rounds at or over this formula knock out.
	UnconsciousAt dice.Expr `toml:"unconscious_at"`
	Condition     string    `toml:"condition"` // given when knocked out
}

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
	Parry         string `toml:"parry"`    // what parry is left: "none", "half", "full"
	Move          string `toml:"movement"` // what movement is left
	// Actions lists what may be done: the ids of the actions allowed.
	Actions []string `toml:"actions"`
	// Condition is held while this level applies (downed: prone).
	Condition string `toml:"condition"`
}

// Tick effects.
const (
	EffectBleed = "bleed" // each open wound costs its rate in HP
	EffectClot  = "clot"  // each wound's rate falls by 1, every N rounds of its age
	EffectNote  = "note"  // the summary goes to the log
)

// Tick is a periodic effect and when it happens.
type Tick struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Summary string `toml:"summary"`
	Effect  string `toml:"effect"`
	When    string `toml:"when"`
	Rank    int    `toml:"rank"`
	// Every ticks only every N rounds (clotting every 12); 1 when 0.
	Every int `toml:"every"`
	// Round, when set, ticks only in that round (fatigue after round 3).
	Round int `toml:"round"`
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
}

// Condition durations.
const (
	UntilRemoved      = "until_removed"
	ForRounds         = "rounds"
	UntilRoundEnd     = "end_of_round"
	UntilNextRoundEnd = "end_of_next_round"
)

// ConditionDef is a condition the ruleset knows.
type ConditionDef struct {
	ID       string   `toml:"id"`
	Name     string   `toml:"name"`
	Summary  string   `toml:"summary"`
	Duration string   `toml:"duration"`
	Rounds   int      `toml:"rounds"`
	Expires  string   `toml:"expires"`
	Implies  []string `toml:"implies"`
	// Skips the combatant's turns while it holds.
	NoTurn bool `toml:"no_turn"`
	// Passive: only passive actions (Do Nothing) may be spent.
	Passive bool `toml:"passive"`
	// Check is rolled at the start of each own turn; at CheckTarget or more
	// the condition ends. Turns ends it anyway on that many own turns.
	Check       dice.Expr `toml:"check"`
	CheckTarget int       `toml:"check_target"`
	Turns       int       `toml:"turns"`
	// TableRoll is rolled at the start of each own turn and read on Table.
	TableRoll dice.Expr  `toml:"table_roll"`
	Table     []TableRow `toml:"table"`
}

// TableRow is a result of a table: rolls up to UpTo read Text.
type TableRow struct {
	UpTo int    `toml:"upto"`
	Text string `toml:"text"`
}

// Threshold is an effect of hit points falling to a fraction of the maximum.
type Threshold struct {
	Below     int    `toml:"below"` // percent of max HP
	Penalty   int    `toml:"penalty"`
	Condition string `toml:"condition"`
	Summary   string `toml:"summary"`
}

// FieldError is a problem at a path in a ruleset, such as
// "conditions[2].implies[0]"; Col, when set, is a column inside the value.
type FieldError struct {
	Path string
	Col  int
	Key  bool // the key itself is wrong, not its value
	Msg  string
}

func (e FieldError) Error() string { return e.Path + ": " + e.Msg }

var idPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
var dicePattern = regexp.MustCompile(`^[dD][0-9%]`)

// Stat returns the stat definition with the id.
func (rs *Ruleset) Stat(id string) (StatDef, bool) {
	for _, s := range rs.Stats {
		if s.ID == id {
			return s, true
		}
	}
	return StatDef{}, false
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
func (rs *Ruleset) OffersHold(h string) bool { return slices.Contains(rs.Order.Hold, h) }

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

// Validate checks every value and reference. It returns every problem found.
func (rs *Ruleset) Validate() []FieldError {
	var errs []FieldError
	bad := func(path, format string, args ...any) {
		errs = append(errs, FieldError{Path: path, Msg: fmt.Sprintf(format, args...)})
	}
	oneOf := func(path, v string, allowed ...string) {
		if !slices.Contains(allowed, v) {
			bad(path, "%q is not one of %s", v, strings.Join(allowed, ", "))
		}
	}
	ids := func(path string, id string, seen map[string]bool) {
		switch {
		case id == "":
			bad(path, "an id is required")
		case !idPattern.MatchString(id):
			bad(path, "%q is not a valid id (letters, digits and _, not starting with a digit)", id)
		case seen[id]:
			bad(path, "%q is defined twice", id)
		}
		seen[id] = true
	}
	if rs.ID == "" {
		bad("id", "a ruleset needs an id")
	} else if !idPattern.MatchString(strings.ReplaceAll(rs.ID, "-", "_")) {
		bad("id", "%q is not a valid ruleset id", rs.ID)
	}
	if rs.Name == "" {
		bad("name", "a ruleset needs a name")
	}
	if rs.RoundSeconds < 0 {
		bad("round_seconds", "must not be negative")
	}
	if d := rs.Dice; d.OEHigh != 0 || d.OELow != 0 {
		oe := rs.OE()
		if oe.High < 2 || oe.High > 100 {
			bad("dice.oe_high", "must be between 2 and 100")
		}
		if oe.Low < 0 || oe.Low >= oe.High {
			bad("dice.oe_low", "must be between 0 and oe_high - 1")
		}
	}

	stats := map[string]bool{}
	for i, s := range rs.Stats {
		p := fmt.Sprintf("stats[%d]", i)
		ids(p+".id", s.ID, stats)
		if dicePattern.MatchString(s.ID) {
			bad(p+".id", "%q reads as dice in a formula; choose another id", s.ID)
		}
		if s.Default > dice.MaxStat || s.Default < -dice.MaxStat {
			bad(p+".default", "out of range")
		}
	}
	expr := func(path string, e dice.Expr) {
		for _, name := range e.Stats() {
			if !stats[name] {
				bad(path, "unknown stat %q (the ruleset's stats: %s)", name, strings.Join(rs.statIDs(), ", "))
			}
		}
	}

	o := rs.Order
	oneOf("order.kind", o.Kind, OrderFixed, OrderRound, OrderRank, OrderSegments, OrderNone)
	expr("order.initiative", o.Initiative)
	expr("order.actions", o.Actions)
	expr("order.tie_roll", o.TieRoll)
	switch o.Kind {
	case OrderFixed, OrderRound, OrderRank:
		if o.Initiative.IsZero() {
			bad("order.initiative", "the %s order needs an initiative formula", o.Kind)
		}
	case OrderSegments:
		if len(o.ActionInitiative) == 0 {
			bad("order.action_initiative", "the segments order needs a formula for each action")
		}
	}
	for i, e := range o.ActionInitiative {
		expr(fmt.Sprintf("order.action_initiative[%d]", i), e)
	}
	for i, t := range o.Tiebreak {
		if t != "roll" && !stats[t] {
			bad(fmt.Sprintf("order.tiebreak[%d]", i), "%q is neither a stat nor \"roll\"", t)
		}
		if t == "roll" && o.TieRoll.IsZero() {
			bad(fmt.Sprintf("order.tiebreak[%d]", i), "a roll-off needs order.tie_roll")
		}
	}
	for i, h := range o.Hold {
		oneOf(fmt.Sprintf("order.hold[%d]", i), h, HoldWait, HoldDelay, HoldLater)
	}
	for i, b := range o.Bands {
		if b.Name == "" || b.From < b.To {
			bad(fmt.Sprintf("order.bands[%d]", i), "a band needs a name and from >= to")
		}
	}

	phases := map[string]bool{}
	for i, ph := range rs.Phases {
		p := fmt.Sprintf("phases[%d]", i)
		ids(p+".id", ph.ID, phases)
		oneOf(p+".order", ph.Order, PhaseInitiative, PhaseReverse, PhaseStat, PhaseOnce)
		if ph.Order == PhaseStat && !stats[ph.Stat] {
			bad(p+".stat", "unknown stat %q", ph.Stat)
		}
	}
	if o.Kind == OrderNone && len(rs.Phases) > 0 {
		bad("phases", "a ruleset with no order has no phases")
	}

	pools := map[string]bool{}
	for i, pl := range rs.Pools {
		p := fmt.Sprintf("pools[%d]", i)
		ids(p+".id", pl.ID, pools)
		expr(p+".capacity", pl.Capacity)
		if pl.Capacity.IsZero() {
			bad(p+".capacity", "a pool needs a capacity")
		}
		oneOf(p+".reset", pl.Reset, AtOwnTurnStart, AtRoundStart, AtNever)
	}
	for i, ex := range rs.Exchanges {
		p := fmt.Sprintf("exchanges[%d]", i)
		if !pools[ex.From] {
			bad(p+".from", "unknown pool %q", ex.From)
		}
		for k, n := range ex.Gives {
			if !pools[k] {
				bad(p+".gives."+k, "unknown pool %q", k)
			} else if n < 1 {
				bad(p+".gives."+k, "must give at least 1")
			}
		}
	}
	actions := map[string]bool{}
	for i, a := range rs.Actions {
		p := fmt.Sprintf("actions[%d]", i)
		ids(p+".id", a.ID, actions)
		for k, n := range a.Cost {
			if !pools[k] {
				bad(p+".cost."+k, "unknown pool %q", k)
			} else if n < 0 {
				bad(p+".cost."+k, "a cost cannot be negative")
			}
		}
	}

	st := rs.Stun
	if st.Kind != "" {
		oneOf("stun.kind", st.Kind, StunNone, StunLadder, StunNoAction, StunRestOfTurn)
	}
	if st.Kind == StunLadder && len(st.Levels) == 0 {
		bad("stun.levels", "a stun ladder needs its levels, worst first")
	}
	expr("stun.recovery", st.Recovery)
	expr("stun.unconscious_at", st.UnconsciousAt)
	levels := map[string]bool{}
	for i, l := range st.Levels {
		ids(fmt.Sprintf("stun.levels[%d].id", i), l.ID, levels)
	}
	for i := 1; i < len(st.Modifiers); i++ {
		if st.Modifiers[i].From <= st.Modifiers[i-1].From {
			bad(fmt.Sprintf("stun.modifiers[%d].from", i), "modifiers go from the smallest total up")
		}
	}
	expr("wounds.first_aid_check", rs.Wounds.Check)
	expr("hp.dead_at", rs.HP.DeadAt)

	ticks := map[string]bool{}
	for i, t := range rs.Ticks {
		p := fmt.Sprintf("ticks[%d]", i)
		ids(p+".id", t.ID, ticks)
		oneOf(p+".when", t.When, AtOwnTurnStart, AtOwnTurnEnd, AtRoundStart, AtRoundEnd, AtRank)
		if t.Effect != "" {
			oneOf(p+".effect", t.Effect, EffectBleed, EffectClot, EffectNote)
		}
		if t.Every < 0 {
			bad(p+".every", "must not be negative")
		}
	}

	conds := map[string]bool{}
	for i, c := range rs.Conditions {
		ids(fmt.Sprintf("conditions[%d].id", i), c.ID, conds)
	}
	for i, c := range rs.Conditions {
		p := fmt.Sprintf("conditions[%d]", i)
		if c.Name == "" {
			bad(p+".name", "a condition needs a name")
		}
		if c.Duration != "" {
			oneOf(p+".duration", c.Duration, UntilRemoved, ForRounds, UntilRoundEnd, UntilNextRoundEnd)
		}
		if c.Duration == ForRounds && c.Rounds < 1 {
			bad(p+".rounds", "a duration in rounds needs rounds >= 1")
		}
		if c.Expires != "" {
			oneOf(p+".expires", c.Expires, AtOwnTurnStart, AtOwnTurnEnd, AtRoundStart, AtRoundEnd)
		}
		expr(p+".check", c.Check)
		expr(p+".table_roll", c.TableRoll)
		if len(c.Table) > 0 && c.TableRoll.IsZero() {
			bad(p+".table_roll", "a table needs a roll")
		}
		for j, imp := range c.Implies {
			if !conds[imp] {
				bad(fmt.Sprintf("%s.implies[%d]", p, j), "unknown condition %q", imp)
			} else if imp == c.ID {
				bad(fmt.Sprintf("%s.implies[%d]", p, j), "a condition cannot imply itself")
			}
		}
	}
	condRef := func(path, id string) {
		if id != "" && !conds[id] {
			bad(path, "unknown condition %q", id)
		}
	}
	condRef("hp.out_condition", rs.HP.OutCondition)
	condRef("stun.condition", st.Condition)
	for i, l := range st.Levels {
		condRef(fmt.Sprintf("stun.levels[%d].condition", i), l.Condition)
		for j, a := range l.Actions {
			if !actions[a] {
				bad(fmt.Sprintf("stun.levels[%d].actions[%d]", i, j), "unknown action %q", a)
			}
		}
	}
	for i := 1; i < len(rs.Helpers.ResistanceTiers); i++ {
		if rs.Helpers.ResistanceTiers[i].From >= rs.Helpers.ResistanceTiers[i-1].From {
			bad(fmt.Sprintf("helpers.resistance_tiers[%d].from", i), "tiers go from the best margin down")
		}
	}
	if cyc := rs.impliesCycle(); cyc != "" {
		bad("conditions", "conditions imply each other in a circle: %s", cyc)
	}
	for i, t := range rs.Thresholds {
		p := fmt.Sprintf("thresholds[%d]", i)
		if t.Below < 1 || t.Below > 100 {
			bad(p+".below", "a percentage between 1 and 100")
		}
		if t.Condition != "" && !conds[t.Condition] {
			bad(p+".condition", "unknown condition %q", t.Condition)
		}
	}
	return errs
}

func (rs *Ruleset) statIDs() []string {
	out := make([]string, len(rs.Stats))
	for i, s := range rs.Stats {
		out[i] = s.ID
	}
	return out
}

// impliesCycle returns a description of a cycle in the implies graph, or "".
func (rs *Ruleset) impliesCycle() string {
	const (
		white = iota
		grey
		black
	)
	color := map[string]int{}
	var path []string
	var visit func(id string) string
	visit = func(id string) string {
		color[id] = grey
		path = append(path, id)
		c, _ := rs.Condition(id)
		for _, n := range c.Implies {
			switch color[n] {
			case grey:
				return strings.Join(append(path, n), " -> ")
			case white:
				if s := visit(n); s != "" {
					return s
				}
			}
		}
		path = path[:len(path)-1]
		color[id] = black
		return ""
	}
	for _, c := range rs.Conditions {
		if color[c.ID] == white {
			if s := visit(c.ID); s != "" {
				return s
			}
		}
	}
	return ""
}

// Template is a creature or character a combatant can be made from.
type Template struct {
	ID      string         `toml:"id"`
	Name    string         `toml:"name"`
	Ruleset string         `toml:"ruleset"`
	Side    string         `toml:"side"`
	HP      int            `toml:"hp"`
	Stats   map[string]int `toml:"stats"`
	Notes   string         `toml:"notes"`
}

// ValidateTemplate checks a template against its ruleset.
func (rs *Ruleset) ValidateTemplate(t Template) []FieldError {
	var errs []FieldError
	if t.ID == "" || !idPattern.MatchString(strings.ReplaceAll(t.ID, "-", "_")) {
		errs = append(errs, FieldError{Path: "id", Msg: fmt.Sprintf("%q is not a valid id", t.ID)})
	}
	if t.Name == "" {
		errs = append(errs, FieldError{Path: "name", Msg: "a creature needs a name"})
	}
	if t.HP < 1 {
		errs = append(errs, FieldError{Path: "hp", Msg: "hit points must be at least 1"})
	}
	for k, v := range t.Stats {
		if _, ok := rs.Stat(k); !ok {
			errs = append(errs, FieldError{Path: "stats." + k, Key: true, Msg: fmt.Sprintf("%s has no stat %q (its stats: %s)", rs.ID, k, strings.Join(rs.statIDs(), ", "))})
		} else if v > dice.MaxStat || v < -dice.MaxStat {
			errs = append(errs, FieldError{Path: "stats." + k, Msg: "out of range"})
		}
	}
	return errs
}
