package engine

import (
	"maps"
	"slices"

	"fray/engine/rules"
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
	// Ranks are its rolled ranks in stat phases (phases.roll), by phase
	// id, rolled with Init and kept as long as it; copied on write.
	Ranks map[string]int `toml:"ranks,omitempty"`
	// Tie is the roll-off that broke a tie on Init, when one was needed.
	Tie int `toml:"tie,omitzero"`
	// Pools holds what is left of each pool.
	Pools map[string]int `toml:"pools,omitempty"`
	// Delaying holds the trigger of a delayed attack.
	Delaying string `toml:"delaying,omitempty"`
	// Held is what a Wait set aside (Pathmaster's Attack and Move): given
	// back when the combatant re-enters the order.
	Held map[string]int `toml:"held,omitempty"`
	// Out is set while HP is at or below the ruleset's out_at: skipped, not removed.
	Out bool `toml:"out,omitempty"`
	// DownSince is the round it fell to out_at or below in, while it is
	// there (hp.dies_within counts from it).
	DownSince int `toml:"down_since,omitzero"`
	// Stun rounds per level of the ladder, worst first; StunHeld is stun
	// taken after a successful recovery roll, which joins at the next own
	// turn; StunEase is this turn's recovery (2 ignored, 1 eased a level).
	Stun     []int   `toml:"stun,omitempty"`
	StunHeld []int   `toml:"stun_held,omitempty"`
	StunEase int     `toml:"stun_ease,omitzero"`
	Wounds   []Wound `toml:"wounds,omitempty"`
	// Record is the wound record (vitality.kind = "wound_record").
	Record []Recorded `toml:"record,omitempty"`
	// Entered are the conditions of the bands it is in that give one
	// (thresholds.gives): given once as it entered, not again until it
	// has left the band.
	Entered []string `toml:"entered,omitempty"`
	// Hits are the hit points taken at each hit location (hp.locations_on),
	// copied on write (locations.go).
	Hits map[string]int `toml:"hits,omitempty"`
	// Flurry is the flurry it is engaged in (0: none), with its initiative
	// and actions left in it (flurries.go).
	Flurry     *Engaged    `toml:"flurry,omitempty"`
	Conditions []Condition `toml:"conditions,omitempty"`
	Injuries   []Injury    `toml:"injuries,omitempty"`
	Ext        *Extended   `toml:"ext,omitempty"`
	// Aim is the consecutive aims so far; InitRounds the rounds of
	// initiative a critical gave, spent on the next action; Parries this round.
	Aim        int `toml:"aim,omitzero"`
	InitRounds int `toml:"init_rounds,omitzero"`
	Parries    int `toml:"parries,omitzero"`
	// Defences are the defence checks it rolled this round; Defended which
	// and where in the count, and Defensive whether it fights defensively
	// this round (a free modifier chosen on one).
	Defences  int        `toml:"defences,omitzero"`
	Defended  []Defended `toml:"defended,omitempty"`
	Defensive bool       `toml:"defensive,omitempty"`
	// Declared is what it declared this round (declare.go).
	Declared []Declared `toml:"declared,omitempty"`
	// Casting is the spell under way (spells.go).
	Casting *Casting `toml:"casting,omitempty"`
	// Stuck are the missiles stuck in it (missiles.go).
	Stuck []Stuck `toml:"stuck,omitempty"`
	// ArmorLost is taken off its armour (hp.armor) until repaired: a
	// grievous hit's.
	ArmorLost int `toml:"armor_lost,omitzero"`
	// Group is the id of the leader of the group it acts with (groups.go).
	Group int `toml:"group,omitzero"`
	// MoveLate is set by attack and move this round: its movement begins
	// at segment MoveFrom, at half the rate (movement.go).
	MoveLate bool `toml:"move_late,omitempty"`
	MoveFrom int  `toml:"move_from,omitzero"`
	// Hidden: the players do not see it (visibility.go); HiddenToTurn: it
	// joined hidden and shows on its first turn.
	Hidden       bool `toml:"hidden,omitempty"`
	HiddenToTurn bool `toml:"hidden_to_turn,omitempty"`
}

// Defended is a defence rolled this round: the check, and the place in
// the count it was rolled at.
type Defended struct {
	Check string `toml:"check"`
	At    int    `toml:"at"`
}

// PhaseHold is a combatant held to Value in the phase Phase (its index).
type PhaseHold struct {
	Who   int `toml:"who"`
	Phase int `toml:"phase"`
	Value int `toml:"value"`
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
	// PhaseHolds are this round's holds in a phase in stat order: the
	// combatant goes at a lower value of the phase's stat (BRP's power held
	// to a later INT rank), its rank in the round untouched.
	PhaseHolds []PhaseHold `toml:"phase_holds,omitempty"`
	// Count is how far this round's count of ranks or segments has come.
	Count  Count `toml:"count,omitzero"`
	NextID int   `toml:"next_id"`
	// Timers are the GM's timers (events.go).
	Timers []Timer `toml:"timers,omitempty"`
	// View is what the players see (visibility.go).
	View PlayerView `toml:"view,omitzero"`
}

// NewEncounter returns an empty encounter for a ruleset.
func NewEncounter(name string, rs *rules.Ruleset) Encounter {
	return Encounter{Name: name, Ruleset: rs.ID, Status: StatusSetup, NextID: 1, View: PlayerView{HideNewFoes: rs.PlayerView.HideNewFoes}}
}

// Clone returns a deep copy.
func (e Encounter) Clone() Encounter {
	c := e
	c.Combatants = slices.Clone(e.Combatants)
	for i, x := range c.Combatants {
		x.Pools = maps.Clone(x.Pools)
		x.Held = maps.Clone(x.Held)
		x.Stun = slices.Clone(x.Stun)
		x.StunHeld = slices.Clone(x.StunHeld)
		x.Wounds = slices.Clone(x.Wounds)
		x.Record = slices.Clone(x.Record)
		x.Entered = slices.Clone(x.Entered)
		if x.Flurry != nil {
			f := *x.Flurry
			x.Flurry = &f
		}
		x.Conditions = slices.Clone(x.Conditions)
		x.Injuries = slices.Clone(x.Injuries)
		x.Declared = slices.Clone(x.Declared)
		x.Stuck = slices.Clone(x.Stuck)
		if x.Ext != nil {
			e := *x.Ext
			x.Ext = &e
		}
		if x.Casting != nil {
			s := *x.Casting
			x.Casting = &s
		}
		c.Combatants[i] = x
	}
	c.Order = slices.Clone(e.Order)
	c.Entries = slices.Clone(e.Entries)
	c.Timers = slices.Clone(e.Timers)
	c.PhaseHolds = slices.Clone(e.PhaseHolds)
	c.View.HP = slices.Clone(e.View.HP)
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
