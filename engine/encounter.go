package engine

import (
	"fmt"
	"fray/engine/dice"
	"fray/engine/rules"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Encounter status.
const (
	StatusSetup   = "setup"
	StatusRunning = "running"
	StatusEnded   = "ended"
)

// Combatant is one fighter in an encounter.
type Combatant struct {
	ID       int    `toml:"id"`
	Name     string `toml:"name"`
	Template string `toml:"template,omitempty"`
	Side     string `toml:"side,omitempty"`
	// Stats are set when the combatant joins and never change after:
	// clones share the map.
	Stats map[string]int `toml:"stats"`
	HP    int            `toml:"hp"`
	MaxHP int            `toml:"max_hp"`
	Notes string         `toml:"notes,omitempty"`
	// Init is the initiative value: kept for the fight (fixed, rank) or this
	// round's (round). HasInit is false until it has been rolled or set.
	Init    int  `toml:"init"`
	HasInit bool `toml:"has_init,omitempty"`
	// Tie is the roll-off that broke a tie on Init, when one was needed.
	Tie int `toml:"tie,omitzero"`
	// Pools holds what is left of each pool.
	Pools map[string]int `toml:"pools,omitempty"`
	// Delaying holds the trigger of a delayed attack.
	Delaying string `toml:"delaying,omitempty"`
	// Out is set while HP is at or below the ruleset's out_at: skipped, not removed.
	Out bool `toml:"out,omitempty"`
	// Stun rounds per level of the ladder, worst first; StunHeld is stun
	// taken after a successful recovery roll, which joins at the next own
	// turn; StunEase is this turn's recovery (2 ignored, 1 eased a level).
	Stun       []int       `toml:"stun,omitempty"`
	StunHeld   []int       `toml:"stun_held,omitempty"`
	StunEase   int         `toml:"stun_ease,omitzero"`
	Wounds     []Wound     `toml:"wounds,omitempty"`
	Conditions []Condition `toml:"conditions,omitempty"`
	Injuries   []Injury    `toml:"injuries,omitempty"`
	Ext        *Extended   `toml:"ext,omitempty"`
	// Aim is the consecutive aims so far; InitRounds the rounds of
	// initiative a critical gave, spent on the next action; Parries this round.
	Aim        int `toml:"aim,omitzero"`
	InitRounds int `toml:"init_rounds,omitzero"`
	Parries    int `toml:"parries,omitzero"`
}

// Ref names one entry of the order: a combatant's n-th action (from 0).
type Ref struct {
	Who    int `toml:"who"`
	Action int `toml:"action"`
}

// Entry is one place in a round's order.
type Entry struct {
	Who    int  `toml:"who"`
	Action int  `toml:"action"`
	Value  int  `toml:"value"`
	Tie    int  `toml:"tie,omitzero"`
	Lost   bool `toml:"lost,omitempty"`
	// Started is set once the entry's turn has begun this round (a wait or a
	// hold does not start it again).
	Started bool `toml:"started,omitempty"`
	// Waiting is set on an entry moved later by a wait or a hold.
	Waiting bool `toml:"waiting,omitempty"`
}

// Ref returns the entry's reference.
func (e Entry) Ref() Ref { return Ref{Who: e.Who, Action: e.Action} }

// Encounter is the whole state of a fight.
type Encounter struct {
	Name    string `toml:"name"`
	Ruleset string `toml:"ruleset"`
	Status  string `toml:"status"`
	Round   int    `toml:"round"`
	// Phase indexes the ruleset's round phases; Cur is the entry acting now
	// (Who 0 when the step has no actor: a once phase or a ruleset with no order).
	Phase int `toml:"phase"`
	Cur   Ref `toml:"cur"`
	// Combatants in the order they were added.
	Combatants []Combatant `toml:"combatants"`
	// Order is the fight's order of combatant IDs for the fixed kind.
	Order []int `toml:"order,omitempty"`
	// Entries is this round's order, first to act first.
	Entries []Entry `toml:"entries,omitempty"`
	NextID  int     `toml:"next_id"`
}

// NewEncounter returns an empty encounter for a ruleset.
func NewEncounter(name string, rs *rules.Ruleset) Encounter {
	return Encounter{Name: name, Ruleset: rs.ID, Status: StatusSetup, NextID: 1}
}

// Clone returns a deep copy.
func (e Encounter) Clone() Encounter {
	c := e
	c.Combatants = slices.Clone(e.Combatants)
	for i, x := range c.Combatants {
		x.Pools = maps.Clone(x.Pools)
		x.Stun = slices.Clone(x.Stun)
		x.StunHeld = slices.Clone(x.StunHeld)
		x.Wounds = slices.Clone(x.Wounds)
		x.Conditions = slices.Clone(x.Conditions)
		x.Injuries = slices.Clone(x.Injuries)
		if x.Ext != nil {
			e := *x.Ext
			x.Ext = &e
		}
		c.Combatants[i] = x
	}
	c.Order = slices.Clone(e.Order)
	c.Entries = slices.Clone(e.Entries)
	return c
}

// Combatant returns the combatant with the ID, or nil.
func (e *Encounter) Combatant(id int) *Combatant {
	for i := range e.Combatants {
		if e.Combatants[i].ID == id {
			return &e.Combatants[i]
		}
	}
	return nil
}

// Entry returns this round's entry for a reference, or nil.
func (e *Encounter) Entry(r Ref) *Entry {
	for i := range e.Entries {
		if e.Entries[i].Who == r.Who && e.Entries[i].Action == r.Action {
			return &e.Entries[i]
		}
	}
	return nil
}

// Actor returns the combatant acting now, or nil.
func (e *Encounter) Actor() *Combatant {
	if e.Status != StatusRunning || e.Cur.Who == 0 {
		return nil
	}
	return e.Combatant(e.Cur.Who)
}

// Event kinds.
const (
	EvStart   = "start"
	EvRound   = "round"
	EvPhase   = "phase"
	EvTurn    = "turn"
	EvRoll    = "roll"
	EvLost    = "lost"
	EvOrder   = "order"
	EvAdd     = "add"
	EvRemove  = "remove"
	EvDamage  = "damage"
	EvHeal    = "heal"
	EvOut     = "out"
	EvHold    = "hold"
	EvEnd     = "end"
	EvRoundUp = "round_end"
	EvPool    = "pool"
)

// Event is something that happened in a transition, for the log.
type Event struct {
	Kind  string       `toml:"kind"`
	Round int          `toml:"round"`
	Who   int          `toml:"who,omitzero"`
	Text  string       `toml:"text"`
	Roll  *dice.Result `toml:"roll,omitempty"`
	// HP is the change to Who's hit points: damage, healing, bleeding, and
	// joining the fight (from 0), so a combatant's hit points are always the
	// sum of its events'.
	HP int `toml:"hp,omitzero"`
}

func (e Event) String() string { return e.Text }

// NewCombatant describes a combatant to add: from a template (already
// resolved by the caller) or made up on the spot.
type NewCombatant struct {
	Name     string         `toml:"name"`
	Template string         `toml:"template,omitempty"`
	Side     string         `toml:"side,omitempty"`
	HP       int            `toml:"hp"`
	Stats    map[string]int `toml:"stats,omitempty"`
	Notes    string         `toml:"notes,omitempty"`
	// Init, when set, is used instead of rolling initiative.
	Init *int `toml:"init,omitempty"`
}

// Command ops.
const (
	OpAdd     = "add"
	OpRemove  = "remove"
	OpStart   = "start"
	OpNext    = "next"
	OpDamage  = "damage"
	OpHeal    = "heal"
	OpSetInit = "set_init"
	OpMove    = "move"
	OpWait    = "wait"
	OpDelay   = "delay"
	OpHold    = "hold"
	OpEnd     = "end"
	OpNotes   = "notes"
	OpRename  = "rename"
	OpRoll    = "roll" // a free roll for the log, with Who's stats when Who is set
)

// Command is one transition asked of the engine. It is plain data so it can
// be logged, saved and replayed.
type Command struct {
	Op string `toml:"op"`
	// Who is the combatant the command is about.
	Who int `toml:"who,omitzero"`
	// Action picks one of Who's entries (rank and segments orders).
	Action int `toml:"action,omitzero"`
	// Value: an amount (damage, heal), an initiative, a rank to hold to, or a
	// direction to move (-1 earlier, +1 later).
	Value int `toml:"value,omitzero"`
	// Expr, when set, is rolled for the amount (damage, heal, initiative).
	Expr string `toml:"expr,omitempty"`
	// After names the combatant a wait re-enters after (0: the end of the round).
	After int            `toml:"after,omitzero"`
	Text  string         `toml:"text,omitempty"`
	Add   []NewCombatant `toml:"add,omitempty"`
}

// Apply runs one command against an encounter and returns the next encounter
// and the events that happened. The encounter passed in is never changed; on
// error the returned encounter is the one passed in.
func Apply(rs *rules.Ruleset, enc Encounter, cmd Command, rnd dice.Rand) (Encounter, []Event, error) {
	if rs == nil || rs.ID != enc.Ruleset {
		return enc, nil, fmt.Errorf("the encounter is for ruleset %q", enc.Ruleset)
	}
	t := &tx{rs: rs, enc: enc.Clone(), roller: dice.Roller{Rand: rnd, OE: rs.OE()}}
	if err := t.apply(cmd); err != nil {
		return enc, nil, err
	}
	t.wake()
	return t.enc, t.events, nil
}

// wake ends an idle round (nobody could act) as soon as someone can: a
// combatant joins, is healed back into the fight, loses what kept it from
// acting. Whoever comes first in the round acts at once.
func (t *tx) wake() {
	if t.enc.Status != StatusRunning || t.enc.Cur != (Ref{}) || t.rs.Order.Kind == rules.OrderNone {
		return
	}
	phases := t.rs.RoundPhases()
	if t.enc.Phase < len(phases) && phases[t.enc.Phase].Order == rules.PhaseOnce {
		return
	}
	for p := range phases {
		for _, r := range Sequence(t.rs, &t.enc, p) {
			if r.Who != 0 && t.canAct(r) {
				t.enc.Phase = 0
				t.enterPhaseOf(false, true)
				return
			}
		}
	}
}

// tx is one transition in progress.
type tx struct {
	rs     *rules.Ruleset
	enc    Encounter
	roller dice.Roller
	events []Event
}

func (t *tx) log(kind string, who int, roll *dice.Result, format string, args ...any) {
	t.events = append(t.events, Event{Kind: kind, Round: t.enc.Round, Who: who, Text: fmt.Sprintf(format, args...), Roll: roll})
}

func (t *tx) who(id int) (*Combatant, error) {
	c := t.enc.Combatant(id)
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

func (t *tx) apply(cmd Command) error {
	switch cmd.Op {
	case OpAdd:
		return t.add(cmd.Add)
	case OpRemove:
		return t.remove(cmd.Who)
	case OpStart:
		return t.start()
	case OpNext:
		if err := t.running(); err != nil {
			return err
		}
		t.advance()
		return nil
	case OpDamage, OpHeal:
		return t.hp(cmd)
	case OpSetInit:
		return t.setInit(cmd)
	case OpMove:
		return t.move(cmd)
	case OpWait:
		return t.wait(cmd)
	case OpDelay:
		return t.delay(cmd)
	case OpHold:
		return t.hold(cmd)
	case OpEnd:
		if err := t.running(); err != nil {
			return err
		}
		t.enc.Status = StatusEnded
		t.log(EvEnd, 0, nil, "The fight ends after %d round%s", t.enc.Round, plural(t.enc.Round))
		return nil
	case OpNotes:
		c, err := t.who(cmd.Who)
		if err != nil {
			return err
		}
		c.Notes = cmd.Text
		return nil
	case OpStun:
		return t.stun(cmd)
	case OpWound:
		return t.wound(cmd)
	case OpFirstAid:
		return t.firstAid(cmd)
	case OpCondition:
		return t.condition(cmd)
	case OpSpend:
		return t.spend(cmd)
	case OpInjury:
		return t.injury(cmd)
	case OpResist:
		return t.resist(cmd)
	case OpParry:
		return t.parry(cmd)
	case OpInitRounds:
		c, err := t.who(cmd.Who)
		if err != nil {
			return err
		}
		if cmd.Value < 1 || cmd.Value > 100 {
			return fmt.Errorf("1 to 100 rounds of initiative")
		}
		c.InitRounds += cmd.Value
		t.log(EvSpend, c.ID, nil, "%s gains %d round%s of initiative: %+d on the next action", c.Name, cmd.Value, plural(cmd.Value), c.InitRounds*t.rs.Helpers.InitRoundBonus)
		return nil
	case OpAbandon:
		c, err := t.who(cmd.Who)
		if err != nil {
			return err
		}
		if c.Ext == nil {
			return fmt.Errorf("%s has nothing under way", c.Name)
		}
		t.log(EvSpend, c.ID, nil, "%s gives up %s", c.Name, t.actionName(c.Ext.Action))
		c.Ext = nil
		return nil
	case OpRoll:
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
		what := "rolls"
		if cmd.Text != "" {
			what = cmd.Text
		}
		_, err = t.roll(c, e, what)
		return err
	case OpRename:
		c, err := t.who(cmd.Who)
		if err != nil {
			return err
		}
		name := strings.TrimSpace(cmd.Text)
		if name == "" {
			return fmt.Errorf("a name cannot be empty")
		}
		t.log(EvAdd, c.ID, nil, "%s is now called %s", c.Name, name)
		c.Name = name
		return nil
	}
	return fmt.Errorf("unknown command %q", cmd.Op)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (t *tx) statsOf(c *Combatant) dice.StatFunc { return dice.StatMap(c.Stats) }

// roll rolls an expression for a combatant and logs it.
func (t *tx) roll(c *Combatant, e dice.Expr, what string) (dice.Result, error) {
	var stats dice.StatFunc
	who := 0
	if c != nil {
		stats, who = t.statsOf(c), c.ID
	}
	r, err := t.roller.Roll(e, stats)
	if err != nil {
		return r, err
	}
	name := ""
	if c != nil {
		name = c.Name + " "
	}
	t.log(EvRoll, who, &r, "%s%s: %s", name, what, r)
	return r, nil
}

// ---------------------------------------------------------------- combatants

func (t *tx) add(list []NewCombatant) error {
	if len(list) == 0 {
		return fmt.Errorf("nobody to add")
	}
	if t.enc.Status == StatusEnded {
		return fmt.Errorf("the fight is over")
	}
	for _, n := range list {
		name := strings.TrimSpace(n.Name)
		if name == "" {
			return fmt.Errorf("a combatant needs a name")
		}
		if n.HP < 1 || n.HP > dice.MaxStat {
			return fmt.Errorf("%s: hit points must be between 1 and %d", name, dice.MaxStat)
		}
		c := Combatant{ID: t.enc.NextID, Name: name, Template: n.Template, Side: n.Side, HP: n.HP, MaxHP: n.HP, Notes: n.Notes, Stats: map[string]int{}}
		for _, s := range t.rs.Stats {
			c.Stats[s.ID] = s.Default
		}
		for k, v := range n.Stats {
			if _, ok := t.rs.Stat(k); !ok {
				return fmt.Errorf("%s: %s has no stat %q", name, t.rs.Name, k)
			}
			if v > dice.MaxStat || v < -dice.MaxStat {
				return fmt.Errorf("%s: stat %s = %d is out of range", name, k, v)
			}
			c.Stats[k] = v
		}
		t.enc.NextID++
		t.enc.Combatants = append(t.enc.Combatants, c)
		t.log(EvAdd, c.ID, nil, "%s joins the fight (%d %s)", c.Name, c.HP, t.hpName())
		t.events[len(t.events)-1].HP = c.HP
		if t.enc.Status == StatusRunning {
			if err := t.joinRunning(t.enc.Combatant(c.ID), n.Init); err != nil {
				return err
			}
		} else if n.Init != nil {
			cp := t.enc.Combatant(c.ID)
			cp.Init, cp.HasInit = *n.Init, true
		}
	}
	return nil
}

func (t *tx) hpName() string {
	if t.rs.HP.Name != "" {
		return t.rs.HP.Name
	}
	return "HP"
}

// joinRunning gives a combatant added mid-fight its place: its initiative is
// rolled (or typed), and it is slotted into this round's order without
// changing who acts now.
func (t *tx) joinRunning(c *Combatant, typed *int) error {
	t.fillPools(c)
	switch t.rs.Order.Kind {
	case rules.OrderNone:
		return nil
	case rules.OrderFixed, rules.OrderRound:
		if err := t.rollInit(c, typed); err != nil {
			return err
		}
		if t.rs.Order.Kind == rules.OrderFixed {
			t.insertOrder(c.ID)
		}
		t.insertEntry(Entry{Who: c.ID, Value: c.Init})
	case rules.OrderRank, rules.OrderSegments:
		if t.rs.Order.Kind == rules.OrderRank {
			if err := t.rollInit(c, typed); err != nil {
				return err
			}
		}
		entries, err := t.actionEntries(c, typed)
		if err != nil {
			return err
		}
		for _, e := range entries {
			t.insertEntry(e)
		}
	}
	return nil
}

// insertEntry puts an entry after every entry that goes before or with it,
// leaving the rest of the round (manual moves, waits) as it is.
func (t *tx) insertEntry(e Entry) {
	i := len(t.enc.Entries)
	for k, x := range t.enc.Entries {
		if t.cmpEntries(x, e) > 0 {
			i = k
			break
		}
	}
	t.enc.Entries = slices.Insert(t.enc.Entries, i, e)
}

// insertOrder puts a combatant into the fight's order (fixed kind) by its
// initiative, after those it ties with.
func (t *tx) insertOrder(id int) {
	c := t.enc.Combatant(id)
	ne := Entry{Who: id, Value: c.Init, Tie: c.Tie}
	i := len(t.enc.Order)
	for k, x := range t.enc.Order {
		xc := t.enc.Combatant(x)
		if t.cmpEntries(Entry{Who: x, Value: xc.Init, Tie: xc.Tie}, ne) > 0 {
			i = k
			break
		}
	}
	t.enc.Order = slices.Insert(t.enc.Order, i, id)
}

func (t *tx) remove(id int) error {
	c, err := t.who(id)
	if err != nil {
		return err
	}
	name := c.Name
	wasCur := t.enc.Status == StatusRunning && t.enc.Cur.Who == id
	var prev Ref
	if wasCur {
		prev = t.prevInPhase(func(r Ref) bool { return r.Who == id })
	}
	t.enc.Combatants = slices.DeleteFunc(t.enc.Combatants, func(x Combatant) bool { return x.ID == id })
	t.enc.Order = slices.DeleteFunc(t.enc.Order, func(x int) bool { return x == id })
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(x Entry) bool { return x.Who == id })
	t.log(EvRemove, id, nil, "%s leaves the fight", name)
	if wasCur {
		// The removed one's turn simply stops; the next one acts.
		t.enc.Cur = prev
		t.enterPhase(true)
	}
	return nil
}

func (t *tx) hp(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	amount := cmd.Value
	if cmd.Expr != "" {
		e, err := dice.Parse(cmd.Expr)
		if err != nil {
			return fmt.Errorf("%s: %w", cmd.Expr, err)
		}
		what := "damage"
		if cmd.Op == OpHeal {
			what = "healing"
		}
		r, err := t.roll(c, e, what)
		if err != nil {
			return err
		}
		amount = r.Total
	}
	if amount < 0 || amount > dice.MaxStat {
		return fmt.Errorf("an amount must be between 0 and %d (got %d)", dice.MaxStat, amount)
	}
	before := c.HP
	if cmd.Op == OpDamage {
		c.HP -= amount
		if c.HP < -dice.MaxStat {
			c.HP = -dice.MaxStat
		}
		t.log(EvDamage, c.ID, nil, "%s takes %d (%d -> %d %s)", c.Name, amount, before, c.HP, t.hpName())
	} else {
		c.HP = min(c.HP+amount, c.MaxHP)
		t.log(EvHeal, c.ID, nil, "%s heals %d (%d -> %d %s)", c.Name, c.HP-before, before, c.HP, t.hpName())
	}
	t.events[len(t.events)-1].HP = c.HP - before
	t.vitals(c)
	return nil
}

// ---------------------------------------------------------------- initiative

// rollInit rolls (or takes the typed) initiative of a combatant.
func (t *tx) rollInit(c *Combatant, typed *int) error {
	if typed != nil {
		c.Init, c.HasInit = *typed, true
		t.log(EvRoll, c.ID, nil, "%s initiative: set to %d", c.Name, c.Init)
		return nil
	}
	e := t.rs.Order.Initiative
	if !e.HasDice() {
		r, err := t.roller.Roll(e, t.statsOf(c))
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		c.Init, c.HasInit = r.Total, true
		return nil
	}
	r, err := t.roll(c, e, "initiative")
	if err != nil {
		return fmt.Errorf("%s: %w", c.Name, err)
	}
	c.Init, c.HasInit = r.Total, true
	return nil
}

// actionEntries builds a combatant's entries for a round of the rank or
// segments kind.
func (t *tx) actionEntries(c *Combatant, typed *int) ([]Entry, error) {
	o := t.rs.Order
	n := 1
	if !o.Actions.IsZero() {
		r, err := t.roller.Roll(o.Actions, t.statsOf(c))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.Name, err)
		}
		n = min(max(r.Total, 0), 20)
	}
	var out []Entry
	for k := range n {
		e := Entry{Who: c.ID, Action: k}
		switch o.Kind {
		case rules.OrderRank:
			e.Value = c.Init + k*o.ActionStep
		case rules.OrderSegments:
			if k == 0 && typed != nil {
				e.Value = *typed
				break
			}
			f := o.ActionInitiative[min(k, len(o.ActionInitiative)-1)]
			r, err := t.roll(c, f, "initiative, "+ordinal(k+1)+" action")
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.Name, err)
			}
			e.Value = r.Total
			if k > 0 && o.SameValueStep != 0 && e.Value == out[k-1].Value {
				e.Value += o.SameValueStep
			}
		}
		if e.Value < o.Lowest {
			e.Lost = true
			t.log(EvLost, c.ID, nil, "%s's %s action at %s is lost", c.Name, ordinal(k+1), t.countName(e.Value))
		}
		out = append(out, e)
	}
	return out, nil
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

// countName says where a value stands: "rank 12", "segment 3 (movement)".
func (t *tx) countName(v int) string { return CountName(t.rs, v) }

// CountName says where a value of the order stands for the ruleset.
func CountName(rs *rules.Ruleset, v int) string {
	var s string
	switch rs.Order.Kind {
	case rules.OrderRank:
		s = fmt.Sprintf("rank %d", v)
	case rules.OrderSegments:
		s = fmt.Sprintf("segment %d", v)
	default:
		s = fmt.Sprintf("initiative %d", v)
	}
	for _, b := range rs.Order.Bands {
		if v <= b.From && v >= b.To {
			return s + " (" + b.Name + ")"
		}
	}
	return s
}

// less orders two entries: higher value first, then the tie-break stats, then
// the roll-off, then the order they were added in.
func (t *tx) cmpEntries(a, b Entry) int {
	if a.Value != b.Value {
		return b.Value - a.Value
	}
	ca, cb := t.enc.Combatant(a.Who), t.enc.Combatant(b.Who)
	if ca != nil && cb != nil {
		for _, s := range t.rs.Order.Tiebreak {
			if s == rules.TiebreakRoll {
				if a.Tie != b.Tie {
					return b.Tie - a.Tie
				}
				continue
			}
			if va, vb := ca.Stats[s], cb.Stats[s]; va != vb {
				return vb - va
			}
		}
	}
	return 0
}

// sortEntries sorts this round's entries; ties that need a roll-off roll it.
func (t *tx) sortEntries() {
	slices.SortStableFunc(t.enc.Entries, t.cmpEntries)
	if !slices.Contains(t.rs.Order.Tiebreak, rules.TiebreakRoll) {
		return
	}
	for tries := 0; tries < 10; tries++ {
		rolled := false
		es := t.enc.Entries
		for i := 0; i < len(es); {
			j := i + 1
			for j < len(es) && t.cmpEntries(es[i], es[j]) == 0 {
				j++
			}
			if j-i > 1 {
				for k := i; k < j; k++ {
					c := t.enc.Combatant(es[k].Who)
					r, err := t.roll(c, t.rs.Order.TieRoll, fmt.Sprintf("roll-off for a tie at %d", es[k].Value))
					if err != nil {
						continue
					}
					es[k].Tie = r.Total
					if c != nil && es[k].Action == 0 {
						c.Tie = r.Total
					}
				}
				rolled = true
			}
			i = j
		}
		if !rolled {
			return
		}
		slices.SortStableFunc(t.enc.Entries, t.cmpEntries)
	}
}

// sortFixedOrder sorts the fight's order by initiative and tie-breaks.
func (t *tx) sortFixedOrder() {
	slices.SortStableFunc(t.enc.Order, func(a, b int) int {
		ca, cb := t.enc.Combatant(a), t.enc.Combatant(b)
		return t.cmpEntries(Entry{Who: a, Value: ca.Init, Tie: ca.Tie}, Entry{Who: b, Value: cb.Init, Tie: cb.Tie})
	})
}

// ---------------------------------------------------------------- the clock

func (t *tx) start() error {
	switch t.enc.Status {
	case StatusRunning:
		return fmt.Errorf("the fight is already running")
	case StatusEnded:
		return fmt.Errorf("the fight is over")
	}
	if len(t.enc.Combatants) == 0 {
		return fmt.Errorf("add combatants before starting the fight")
	}
	t.enc.Status = StatusRunning
	t.log(EvStart, 0, nil, "The fight begins (%s)", t.rs.Name)
	// Everyone starts with a full budget: it may be spent before one's own
	// first turn (an interrupt, say).
	for i := range t.enc.Combatants {
		t.fillPools(&t.enc.Combatants[i])
	}
	if t.rs.Order.Kind == rules.OrderFixed || (t.rs.Order.Kind == rules.OrderRank && !t.rs.Order.EachRound) {
		for i := range t.enc.Combatants {
			c := &t.enc.Combatants[i]
			if c.HasInit {
				continue
			}
			if err := t.rollInit(c, nil); err != nil {
				return err
			}
		}
	}
	if t.rs.Order.Kind == rules.OrderFixed {
		t.enc.Order = t.enc.Order[:0]
		for _, c := range t.enc.Combatants {
			t.enc.Order = append(t.enc.Order, c.ID)
		}
		// Roll-offs for the fight are rolled once, through the entries.
		t.enc.Entries = t.enc.Entries[:0]
		for _, c := range t.enc.Combatants {
			t.enc.Entries = append(t.enc.Entries, Entry{Who: c.ID, Value: c.Init})
		}
		t.sortEntries()
		t.sortFixedOrder()
	}
	return t.startRound()
}

// startRound begins the next round: initiative where the ruleset rolls it,
// the round's order, pools reset, then the first step.
func (t *tx) startRound() error {
	t.enc.Round++
	t.log(EvRound, 0, nil, "Round %d begins", t.enc.Round)
	for i := range t.enc.Combatants {
		t.resetPools(&t.enc.Combatants[i], rules.AtRoundStart)
		t.enc.Combatants[i].Parries = 0
	}
	o := t.rs.Order
	t.enc.Entries = t.enc.Entries[:0]
	switch o.Kind {
	case rules.OrderFixed:
		for _, id := range t.enc.Order {
			c := t.enc.Combatant(id)
			t.enc.Entries = append(t.enc.Entries, Entry{Who: id, Value: c.Init, Tie: c.Tie})
		}
	case rules.OrderRound:
		for i := range t.enc.Combatants {
			c := &t.enc.Combatants[i]
			if err := t.rollInit(c, nil); err != nil {
				return err
			}
			t.enc.Entries = append(t.enc.Entries, Entry{Who: c.ID, Value: c.Init})
		}
		t.sortEntries()
	case rules.OrderRank, rules.OrderSegments:
		for i := range t.enc.Combatants {
			c := &t.enc.Combatants[i]
			if o.Kind == rules.OrderRank && o.EachRound {
				if err := t.rollInit(c, nil); err != nil {
					return err
				}
			}
			es, err := t.actionEntries(c, nil)
			if err != nil {
				return err
			}
			t.enc.Entries = append(t.enc.Entries, es...)
		}
		t.sortEntries()
	}
	if o.Kind == rules.OrderNone {
		t.enc.Phase, t.enc.Cur = 0, Ref{}
		return nil
	}
	if o.Kind != rules.OrderFixed {
		t.logOrder()
	}
	t.enc.Phase, t.enc.Cur = 0, Ref{}
	t.enterPhaseOf(false, true)
	return nil
}

func (t *tx) logOrder() {
	var parts []string
	for _, e := range t.enc.Entries {
		if c := t.enc.Combatant(e.Who); c != nil && !e.Lost {
			parts = append(parts, fmt.Sprintf("%s %d", c.Name, e.Value))
		}
	}
	t.log(EvOrder, 0, nil, "Order: %s", strings.Join(parts, ", "))
}

// Sequence returns the refs a phase steps through, in order. A once phase
// has a single ref with Who 0.
func Sequence(rs *rules.Ruleset, enc *Encounter, phase int) []Ref {
	phases := rs.RoundPhases()
	if phase < 0 || phase >= len(phases) {
		return nil
	}
	ph := phases[phase]
	var out []Ref
	switch ph.Order {
	case rules.PhaseOnce:
		return []Ref{{}}
	case rules.PhaseStat:
		ids := firstEntries(enc)
		slices.SortStableFunc(ids, func(a, b int) int {
			return enc.Combatant(b).Stats[ph.Stat] - enc.Combatant(a).Stats[ph.Stat]
		})
		for _, id := range ids {
			out = append(out, Ref{Who: id})
		}
		return out
	}
	for _, e := range enc.Entries {
		if ph.Actions || e.Action == 0 {
			out = append(out, e.Ref())
		}
	}
	if ph.Order == rules.PhaseReverse {
		slices.Reverse(out)
	}
	return out
}

func firstEntries(enc *Encounter) []int {
	var ids []int
	for _, e := range enc.Entries {
		if e.Action == 0 {
			ids = append(ids, e.Who)
		}
	}
	return ids
}

// canAct reports whether a ref gets a step now.
func (t *tx) canAct(r Ref) bool {
	if r.Who == 0 {
		return true
	}
	c := t.enc.Combatant(r.Who)
	if c == nil || c.Out || t.noTurn(c) {
		return false
	}
	if e := t.enc.Entry(r); e != nil && e.Lost {
		return false
	}
	return true
}

// beforeFirst stands for "before the first step" of a phase.
var beforeFirst = Ref{Who: -1}

// prevInPhase returns the step of the current phase just before the current
// one, skipping steps that match skip, or beforeFirst.
func (t *tx) prevInPhase(skip func(Ref) bool) Ref {
	seq := Sequence(t.rs, &t.enc, t.enc.Phase)
	i := slices.Index(seq, t.enc.Cur)
	for i--; i >= 0; i-- {
		if !skip(seq[i]) {
			return seq[i]
		}
	}
	return beforeFirst
}

// enterPhase sets Cur to the first step of the current phase at or after
// the start, moving through phases and rounds as needed. resume is true when
// Cur already names the position to continue after.
func (t *tx) enterPhase(resume bool) {
	t.enterPhaseOf(resume, false)
}

// enterPhaseOf is enterPhase; fresh is true at the start of a round, where
// finding nobody able to act leaves the round idle instead of ending it.
func (t *tx) enterPhaseOf(resume, fresh bool) {
	phases := t.rs.RoundPhases()
	for guard := 0; guard < 4*len(phases)+4; guard++ {
		if t.enc.Phase >= len(phases) {
			if fresh {
				t.enc.Phase, t.enc.Cur = 0, Ref{}
				t.log(EvRound, 0, nil, "Nobody can act in round %d", t.enc.Round)
				return
			}
			t.endRound()
			if err := t.startRound(); err != nil {
				t.log(EvRound, 0, nil, "error: %v", err)
			}
			return
		}
		seq := Sequence(t.rs, &t.enc, t.enc.Phase)
		i := 0
		if resume {
			i = slices.Index(seq, t.enc.Cur) + 1 // -1+1 = 0 when Cur is gone
		}
		for ; i < len(seq); i++ {
			if t.canAct(seq[i]) {
				t.beginStep(seq[i], !resume)
				return
			}
		}
		t.enc.Phase++
		resume = false
	}
}

// beginStep makes r the current step and logs it.
func (t *tx) beginStep(r Ref, newPhase bool) {
	phases := t.rs.RoundPhases()
	ph := phases[t.enc.Phase]
	if newPhase && (len(phases) > 1 || ph.Order == rules.PhaseOnce) {
		t.log(EvPhase, 0, nil, "%s phase", ph.Name)
	}
	t.enc.Cur = r
	if r.Who == 0 {
		return
	}
	c := t.enc.Combatant(r.Who)
	e := t.enc.Entry(r)
	where := ""
	if e != nil {
		where = " at " + t.countName(e.Value)
	}
	act := ""
	if r.Action > 0 {
		act = ", " + ordinal(r.Action+1) + " action"
	}
	t.log(EvTurn, c.ID, nil, "%s acts%s%s", c.Name, where, act)
	// A combatant's own turn starts once per round, on its first step.
	if e != nil && !e.Started {
		first := true
		for _, x := range t.enc.Entries {
			if x.Who == r.Who && x.Started {
				first = false
			}
		}
		e.Started = true
		if first {
			t.turnStart(c)
		}
	}
}

// noTurn reports whether a condition skips the combatant's turns.
func (t *tx) noTurn(c *Combatant) bool {
	for _, cond := range c.Conditions {
		if d, ok := t.rs.Condition(cond.ID); ok && d.NoTurn {
			return true
		}
	}
	return false
}

// turnStart runs what happens at the start of a combatant's own turn: the
// budget refills, wounds bleed, conditions check and expire, stun is
// marked off and rolled against.
func (t *tx) turnStart(c *Combatant) {
	t.resetPools(c, rules.AtOwnTurnStart)
	if c.Delaying != "" {
		t.log(EvHold, c.ID, nil, "%s's delayed attack (%s) lapses", c.Name, c.Delaying)
		c.Delaying = ""
	}
	t.ticks(c, rules.AtOwnTurnStart)
	t.conditionsAt(c, rules.AtOwnTurnStart)
	t.stunTurn(c)
	t.vitals(c)
	if lvl, ignored := StunNow(t.rs, c); lvl >= 0 {
		l := t.rs.Stun.Levels[lvl]
		t.log(EvStun, c.ID, nil, "%s is %s: %s", c.Name, l.Name, l.Summary)
	} else if ignored {
		t.log(EvStun, c.ID, nil, "%s acts normally this turn despite the stun", c.Name)
	}
}

// ticks runs the periodic effects due at a point for a combatant.
func (t *tx) ticks(c *Combatant, at rules.Point) {
	for _, tk := range t.rs.Ticks {
		if tk.When != at {
			continue
		}
		switch tk.Effect {
		case rules.EffectBleed:
			t.bleed(c)
		case rules.EffectClot:
			t.clot(c, max(tk.Every, 1))
		}
	}
}

// roundTicks runs the ticks that concern the whole round (notes).
func (t *tx) roundTicks(at rules.Point) {
	for _, tk := range t.rs.Ticks {
		if tk.When == at && tk.Effect == rules.EffectNote && (tk.Round == 0 || tk.Round == t.enc.Round) {
			t.log(EvRound, 0, nil, "%s: %s", tk.Name, tk.Summary)
		}
	}
}

// advance moves to the next step.
func (t *tx) advance() {
	if t.rs.Order.Kind == rules.OrderNone {
		t.endRound()
		if err := t.startRound(); err != nil {
			t.log(EvRound, 0, nil, "error: %v", err)
		}
		return
	}
	t.enterPhase(true)
}

func (t *tx) endRound() {
	for i := range t.enc.Combatants {
		c := &t.enc.Combatants[i]
		t.ticks(c, rules.AtRoundEnd)
		t.conditionsAt(c, rules.AtRoundEnd)
		t.vitals(c)
	}
	t.roundTicks(rules.AtRoundEnd)
	t.log(EvRoundUp, 0, nil, "Round %d ends", t.enc.Round)
}

// fillPools fills every pool of a combatant joining the fight.
func (t *tx) fillPools(c *Combatant) { t.resetPools(c, "") }

// resetPools refills the pools that reset at the point ("" for all).
func (t *tx) resetPools(c *Combatant, at rules.Point) {
	for _, p := range t.rs.Pools {
		if at != "" && p.Reset != at {
			continue
		}
		r, err := t.roller.Roll(p.Capacity, t.statsOf(c))
		if err != nil {
			t.log(EvPool, c.ID, nil, "%s: %s: %v", c.Name, p.Name, err)
			continue
		}
		if c.Pools == nil {
			c.Pools = map[string]int{}
		}
		c.Pools[p.ID] = max(r.Total, 0)
	}
}

// ---------------------------------------------------------------- order edits

func (t *tx) setInit(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	v := cmd.Value
	if cmd.Expr != "" {
		e, err := dice.Parse(cmd.Expr)
		if err != nil {
			return fmt.Errorf("%s: %w", cmd.Expr, err)
		}
		r, err := t.roll(c, e, "initiative")
		if err != nil {
			return err
		}
		v = r.Total
	}
	if v > dice.MaxStat || v < -dice.MaxStat {
		return fmt.Errorf("initiative %d is out of range", v)
	}
	switch t.rs.Order.Kind {
	case rules.OrderNone:
		return fmt.Errorf("%s has no initiative order", t.rs.Name)
	case rules.OrderSegments:
		if t.enc.Entry(Ref{Who: c.ID, Action: cmd.Action}) == nil {
			return fmt.Errorf("%s has no %s action this round", c.Name, ordinal(cmd.Action+1))
		}
	default:
		c.Init, c.HasInit = v, true
		if t.rs.Order.Kind == rules.OrderFixed && slices.Contains(t.enc.Order, c.ID) {
			t.enc.Order = slices.DeleteFunc(t.enc.Order, func(x int) bool { return x == c.ID })
			t.insertOrder(c.ID)
		}
	}
	var mine []Entry
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(e Entry) bool {
		if e.Who == c.ID {
			mine = append(mine, e)
		}
		return e.Who == c.ID
	})
	for _, e := range mine {
		if t.rs.Order.Kind != rules.OrderSegments {
			e.Value = v + e.Action*t.rs.Order.ActionStep
			e.Lost = t.rs.Order.Kind == rules.OrderRank && e.Value < t.rs.Order.Lowest
		} else if e.Action == cmd.Action {
			e.Value, e.Lost = v, v < t.rs.Order.Lowest
		}
		t.insertEntry(e)
	}
	t.log(EvOrder, c.ID, nil, "%s's initiative is now %d", c.Name, v)
	return nil
}

// move shifts a combatant one place earlier (Value -1) or later (+1) in the
// order, whatever the numbers say: the GM's word wins.
func (t *tx) move(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if t.rs.Order.Kind == rules.OrderNone {
		return fmt.Errorf("%s has no initiative order", t.rs.Name)
	}
	if cmd.Value != -1 && cmd.Value != 1 {
		return fmt.Errorf("move by -1 or +1")
	}
	if t.rs.Order.Kind == rules.OrderFixed {
		i := slices.Index(t.enc.Order, c.ID)
		j := i + cmd.Value
		if i < 0 || j < 0 || j >= len(t.enc.Order) {
			return fmt.Errorf("%s cannot move further", c.Name)
		}
		o := t.enc.Order
		o[i], o[j] = o[j], o[i]
		// Keep the numbers in step with the GM's order.
		ci, cj := t.enc.Combatant(o[i]), t.enc.Combatant(o[j])
		if (cmd.Value < 0 && cj.Init < ci.Init) || (cmd.Value > 0 && cj.Init > ci.Init) {
			cj.Init, ci.Init = ci.Init, cj.Init
		}
	}
	i := slices.IndexFunc(t.enc.Entries, func(e Entry) bool { return e.Who == c.ID && e.Action == cmd.Action })
	if i >= 0 {
		j := i + cmd.Value
		if j < 0 || j >= len(t.enc.Entries) {
			if t.rs.Order.Kind != rules.OrderFixed {
				return fmt.Errorf("%s cannot move further", c.Name)
			}
		} else {
			es := t.enc.Entries
			es[i].Value, es[j].Value = es[j].Value, es[i].Value
			es[i], es[j] = es[j], es[i]
		}
	}
	dir := "earlier"
	if cmd.Value > 0 {
		dir = "later"
	}
	t.log(EvOrder, c.ID, nil, "%s moves %s in the order", c.Name, dir)
	return nil
}

// holder checks that a hold maneuver may be taken: the fight runs, the
// ruleset offers it, and, for those that move a place in the order, the
// combatant is the one acting now.
func (t *tx) holder(cmd Command, hold rules.Hold, actorOnly bool) (*Combatant, error) {
	if err := t.running(); err != nil {
		return nil, err
	}
	if !t.rs.OffersHold(hold) {
		return nil, fmt.Errorf("%s has no %s", t.rs.Name, hold)
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return nil, err
	}
	if actorOnly && t.enc.Cur.Who != c.ID {
		return nil, fmt.Errorf("only the combatant acting now can %s", hold)
	}
	return c, nil
}

// wait moves the current actor later this round: right after another
// combatant, or to the end of the round.
func (t *tx) wait(cmd Command) error {
	c, err := t.holder(cmd, rules.HoldWait, true)
	if err != nil {
		return err
	}
	if cmd.After == c.ID {
		return fmt.Errorf("%s cannot wait for themselves", c.Name)
	}
	i := slices.IndexFunc(t.enc.Entries, func(e Entry) bool { return e.Ref() == t.enc.Cur })
	if i < 0 {
		return fmt.Errorf("%s has no place in this round's order", c.Name)
	}
	prev := t.prevInPhase(func(Ref) bool { return false })
	var j int // index to insert after removal
	e := t.enc.Entries[i]
	rest := slices.Delete(slices.Clone(t.enc.Entries), i, i+1)
	if cmd.After == 0 {
		j = len(rest)
	} else {
		k := slices.IndexFunc(rest, func(x Entry) bool { return x.Who == cmd.After })
		if k < 0 {
			return fmt.Errorf("there is no combatant #%d in this round", cmd.After)
		}
		if k < i {
			return fmt.Errorf("%s has already acted this round", t.enc.Combatant(cmd.After).Name)
		}
		j = k + 1
	}
	if err := t.payFor(c, t.rs.Order.WaitAction); err != nil {
		return err
	}
	e.Waiting = true
	// Take the value of the one it follows so the order stays sorted.
	if j > 0 {
		e.Value = rest[j-1].Value
	}
	t.enc.Entries = slices.Insert(rest, j, e)
	target := "the end of the round"
	if cmd.After != 0 {
		target = t.enc.Combatant(cmd.After).Name
	}
	t.log(EvHold, c.ID, nil, "%s waits until after %s", c.Name, strings.TrimPrefix(target, "the "))
	// The one after takes the turn now: step on from just before the waiter's old place.
	t.enc.Cur = prev
	t.enterPhase(true)
	return nil
}

// delay holds the combatant's attack as an interrupt; its place is unchanged.
func (t *tx) delay(cmd Command) error {
	c, err := t.holder(cmd, rules.HoldDelay, false)
	if err != nil {
		return err
	}
	trigger := strings.TrimSpace(cmd.Text)
	if trigger == "" {
		trigger = "any trigger"
	}
	if err := t.payFor(c, t.rs.Order.DelayAction); err != nil {
		return err
	}
	c.Delaying = trigger
	t.log(EvHold, c.ID, nil, "%s delays the attack: %s", c.Name, trigger)
	return nil
}

// hold moves the current entry to a lower rank or segment this round.
func (t *tx) hold(cmd Command) error {
	c, err := t.holder(cmd, rules.HoldLater, true)
	if err != nil {
		return err
	}
	e := t.enc.Entry(t.enc.Cur)
	if e == nil {
		return fmt.Errorf("%s has no place in this round's order", c.Name)
	}
	if cmd.Value >= e.Value {
		return fmt.Errorf("hold to a later point than %s", t.countName(e.Value))
	}
	prev := t.prevInPhase(func(Ref) bool { return false })
	e.Value, e.Waiting = cmd.Value, true
	if cmd.Value < t.rs.Order.Lowest {
		e.Lost = true
		t.log(EvLost, c.ID, nil, "%s holds past %s: the action is lost", c.Name, t.countName(t.rs.Order.Lowest))
	} else {
		t.log(EvHold, c.ID, nil, "%s holds until %s", c.Name, t.countName(cmd.Value))
	}
	held := *e
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(x Entry) bool { return x.Ref() == held.Ref() })
	t.insertEntry(held)
	t.enc.Cur = prev
	t.enterPhase(true)
	return nil
}
