package engine

import (
	"cmp"
	"slices"

	"fray/engine/rules"
)

// Encounter status.
const (
	StatusSetup   = "setup"
	StatusRunning = "running"
	StatusEnded   = "ended"
)

// Combatant is one fighter in an encounter, made of the parts each
// mechanic keeps of it. A part's fields are the combatant's own (c.HP is
// c.Vitals.HP), and a save writes them as one table; each part clones
// itself, so a combatant's Clone shares nothing with it but its stats,
// which are never written once it has joined (a test fills every field and
// proves it, and another that nothing writes to the stats after). The
// states of a fight share each combatant until a step changes it: a step
// writes only into its own copy (share.go).
type Combatant struct {
	Identity      // roster.go: who it is, its side, its stats, the GM's notes
	Vitals        // vitals.go: hit points, down
	Ordering      // order.go: its initiative, ranks and group
	Budget        // budget.go: its pools, and the extended action under way
	Holding       // holds.go: a delayed attack, what a wait set aside
	Stunning      // stun.go: its rounds of stun on the ladder
	Afflictions   // conditions.go: the conditions it holds, the bands it entered
	Hurt          // wounds.go, wound_record.go, locations.go: wounds, injuries, the record, hits by location, armour lost
	Defending     // checks.go: the defences it rolled this round
	Aiming        // gm_helpers.go: its aims, rounds of initiative, parries
	Guarding      // guard.go: the parry it allots, the action its defences follow
	Positioned    // position.go: a critical's offensive bonus
	Striking      // strikes.go: the strikes of a full round of attacks
	Declarations  // declare.go: what it declared this round
	Spellcasting  // spells.go, concentrate.go: the spell under way
	Engagement    // flurries.go: the flurry it is engaged in
	Missiles      // missiles.go: the missiles stuck in it
	AttackAndMove // movement.go: attack and move this round
	Visibility    // visibility.go: hidden from the players
	Gear          // gear.go: its weapons and armour
}

// Clone returns a deep copy: each part's.
func (c Combatant) Clone() Combatant {
	c.cloneParts()
	return c
}

// cloneParts makes c a deep copy of what it was a copy of: each part
// clones what it holds by reference, in place (an encounter's 1,000
// combatants are not copied again on the way).
func (c *Combatant) cloneParts() {
	c.Identity = c.Identity.Clone()
	c.Ordering = c.Ordering.Clone()
	c.Budget = c.Budget.Clone()
	c.Holding = c.Holding.Clone()
	c.Stunning = c.Stunning.Clone()
	c.Afflictions = c.Afflictions.Clone()
	c.Hurt = c.Hurt.Clone()
	c.Defending = c.Defending.Clone()
	c.Declarations = c.Declarations.Clone()
	c.Spellcasting = c.Spellcasting.Clone()
	c.Engagement = c.Engagement.Clone()
	c.Missiles = c.Missiles.Clone()
	c.Gear = c.Gear.Clone()
	c.Aiming = c.Aiming.Clone()
	c.Earlier = slices.Clone(c.Earlier)
	// Vitals, Guarding (but its Earlier), Positioned, Striking, AttackAndMove and Visibility hold values only: the copy
	// made them. Identity's Stats are shared: no state writes to them.
}

// Defended is a defence rolled this round: the check, and the place in
// the count it was rolled at.
type Defended struct {
	Check string `toml:"check"`
	At    int    `toml:"at"`
	// Failed: the defence did not succeed (a disengage needs every one
	// to, disengage.go).
	Failed bool `toml:"failed,omitempty"`
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
	// Taken: the entry's value is another's, taken as it moved past it (a
	// wait, a hold, a move in the order): the players read its place, not
	// its number, which may be a foe's initiative.
	Taken bool `toml:"taken,omitempty"`
	// GivenUp: lost because a declaration gave up every action this round
	// (BRP's power): the phases in stat order still step through it.
	GivenUp bool `toml:"given_up,omitempty"`
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
	// Combatants in the order they were added, shared with the states
	// before and after that hold the same (share.go): never written
	// into outside a step.
	Combatants []*Combatant `toml:"combatants"`
	// Order is the fight's order of combatant IDs for the fixed kind.
	Order []int `toml:"order,omitempty"`
	// Entries is this round's order, first to act first.
	Entries []Entry `toml:"entries,omitempty"`
	// PhaseHolds are this round's holds in a phase in stat order: the
	// combatant goes at a lower value of the phase's stat (BRP's power held
	// to a later INT rank), its rank in the round untouched.
	PhaseHolds []PhaseHold `toml:"phase_holds,omitempty"`
	// Count is how far this round's count of ranks or segments has come.
	Count Count `toml:"count,omitzero"`
	// AtOnce are the steps of the current one's rank that act at once
	// (tied past every tie-break, BRP l.29) with attacks on their own
	// ranks: set as the first of them begins, from those who may attack
	// then; one felled there still makes its attack of that rank
	// (attack_ranks.go).
	AtOnce []Ref `toml:"at_once,omitempty"`
	NextID int   `toml:"next_id"`
	// Timers are the GM's timers (timers.go).
	Timers []Timer `toml:"timers,omitempty"`
	// View is what the players see (visibility.go).
	View PlayerView `toml:"view,omitzero"`
	// TableDice: the GM rolls at the table and types the faces, fray
	// rolling none (the GM's setting, View's ViewTableDice: saved with the
	// fight, so it reopens as it was left).
	TableDice bool `toml:"table_dice,omitempty"`
	// Gone are the combatants that left the fight, as the players knew
	// them (visibility.go).
	Gone []Departed `toml:"gone,omitempty"`
}

// NewEncounter returns an empty encounter for a ruleset.
func NewEncounter(name string, rs *rules.Ruleset) Encounter {
	return Encounter{Name: name, Ruleset: rs.ID, Status: StatusSetup, NextID: 1, View: PlayerView{HideNewFoes: rs.PlayerView.HideNewFoes}}
}

// Clone returns a deep copy: it shares nothing with e that a state may
// write to (the combatants' Stats, set as each joins, are shared).
func (e Encounter) Clone() Encounter {
	c := e.share()
	for i, x := range c.Combatants {
		y := x.Clone()
		c.Combatants[i] = &y
	}
	return c
}

// share returns the start of the next state: its own lists, and the same
// combatants as e. A step writes only into combatants it made its own
// first (tx.mine), so a combatant no step changes is one value in every
// state of the history, however long the fight.
func (e Encounter) share() Encounter {
	c := e
	c.Combatants = slices.Clone(e.Combatants)
	c.Order = slices.Clone(e.Order)
	c.Entries = slices.Clone(e.Entries)
	c.Timers = slices.Clone(e.Timers)
	c.PhaseHolds = slices.Clone(e.PhaseHolds)
	c.AtOnce = slices.Clone(e.AtOnce)
	c.View = e.View.Clone()
	c.Gone = slices.Clone(e.Gone)
	return c
}

// Combatant returns the combatant with the ID, or nil.
func (e *Encounter) Combatant(id int) *Combatant {
	// Combatants stand in the order they joined, each id above the last
	// (Verify holds a loaded save to it): found by halves, a thousand in
	// ten looks.
	i, ok := slices.BinarySearchFunc(e.Combatants, id, func(c *Combatant, id int) int { return cmp.Compare(c.ID, id) })
	if !ok {
		return nil
	}
	return e.Combatants[i]
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
