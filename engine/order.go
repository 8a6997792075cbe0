package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Ordering is a combatant's place in the order: its initiative, its rolled
// ranks, its roll-off, and the group it acts with.
type Ordering struct {
	// Init is the initiative value: kept for the fight (fixed, rank) or this
	// round's (round). HasInit is false until it has been rolled or set.
	Init    int  `toml:"init"`
	HasInit bool `toml:"has_init,omitempty"`
	// InitTaken: Init is another's, swapped in as the GM moved it past that
	// one in an order kept for the fight: the players read its place, not
	// its number (it may be a foe's roll). A new roll makes it its own.
	InitTaken bool `toml:"init_taken,omitempty"`
	// Ranks are its rolled ranks in stat phases (phases.roll), by phase
	// id, rolled with Init and kept as long as it.
	Ranks map[string]int `toml:"ranks,omitempty"`
	// Tie is the roll-off that broke a tie on Init, when one was needed.
	Tie int `toml:"tie,omitzero"`
	// Group is the id of the leader of the group it acts with (groups.go).
	Group int `toml:"group,omitzero"`
}

// Clone returns a deep copy.
func (p Ordering) Clone() Ordering {
	p.Ranks = maps.Clone(p.Ranks)
	return p
}

// rollInit rolls (or takes the typed) initiative of a combatant; its ranks
// in the stat phases that roll them go with it, rolled again as each such
// phase next begins.
func (t *tx) rollInit(c *Combatant, typed *int) error {
	c.Ranks = nil
	if typed != nil {
		c.Init, c.HasInit, c.InitTaken = *typed, true, false
		t.log(EvRoll, of(c), nil, InitiativeSet{Init: c.Init})
		return nil
	}
	e := t.rs.Order.Initiative
	if !e.HasDice() {
		r, err := t.roller.Roll(e, t.statsOf(c))
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		c.Init, c.HasInit, c.InitTaken = r.Total, true, false
		t.initMods(c)
		return nil
	}
	m, err := t.rollMods(c, Rolling{Kind: rules.RollInitiative, Reads: []dice.Expr{e}})
	if err != nil {
		return fmt.Errorf("%s: %w", c.Name, err)
	}
	r, err := t.rollEdged(c, e, InitiativeRoll{}, m.Edge)
	if err != nil {
		return fmt.Errorf("%s: %w", c.Name, err)
	}
	c.Init, c.HasInit, c.InitTaken = r.Total, true, false
	t.initMods(c)
	return nil
}

// ranksAt rolls a combatant's rank as a stat phase with a roll begins,
// unless it has one kept from before (phases.roll).
func (t *tx) ranksAt(c *Combatant, m moment) {
	if c.Out {
		return
	}
	for _, ph := range t.rs.RoundPhases() {
		if ph.ID != m.phase || ph.Order != rules.PhaseStat || ph.Roll.IsZero() {
			continue
		}
		if _, ok := c.Ranks[ph.ID]; ok {
			return
		}
		r, err := t.roll(c, ph.Roll, RankRoll{Phase: ph.ID})
		if err != nil {
			t.log(EvRoll, of(c), nil, Failed{Err: Text(err.Error())})
			return
		}
		if c.Ranks == nil {
			c.Ranks = map[string]int{}
		}
		c.Ranks[ph.ID] = r.Total
	}
}

// initMods adds what the combatant's conditions add to initiative rolls
// (roll_mods.initiative), each logged.
func (t *tx) initMods(c *Combatant) {
	m, err := t.rollMods(c, Rolling{Kind: rules.RollInitiative, Reads: []dice.Expr{t.rs.Order.Initiative}})
	if err != nil {
		t.log(EvRoll, of(c), nil, Failed{Err: Text(err.Error())})
		return
	}
	for _, x := range m.Mods {
		if x.Stat != "" || x.Value == 0 {
			continue
		}
		c.Init += x.Value
		t.log(EvRoll, of(c), nil, InitiativeModified{Condition: x.Condition, Mod: x.Value, Init: c.Init})
	}
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
	mod := 0
	if o.RollAfter != "" || o.DeclarePhase != "" {
		n, mod = t.declaredActions(c, n)
	}
	if n == 0 && c.Casting != nil && c.Casting.Carried {
		// No action this round for the spell carried into it: lost.
		t.loseSpell(c)
	}
	var out []Entry
	if n == 0 && o.Kind == rules.OrderRank && o.DeclarePhase != "" {
		// Every action given up by what it declared (BRP: a power is the
		// round's action): its place is kept, lost, for the phases in stat
		// order that step through it (the power on its INT rank).
		return []Entry{{Who: c.ID, Value: t.rankOf(c), Lost: true, GivenUp: true}}, nil
	}
	for k := range n {
		e := Entry{Who: c.ID, Action: k}
		switch o.Kind {
		case rules.OrderRank:
			e.Value = t.rankOf(c) + k*o.ActionStep
		case rules.OrderSegments:
			if k == 0 && typed != nil {
				e.Value = *typed
				break
			}
			if v, ok := t.carried(c); k == 0 && ok {
				e.Value, e.Waiting = v, true
				break
			}
			f := o.ActionInitiative[min(k, len(o.ActionInitiative)-1)]
			m, err := t.rollMods(c, Rolling{Kind: rules.RollInitiative, Reads: []dice.Expr{f}})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.Name, err)
			}
			r, err := t.edged(m.Edge).Roll(f, t.statsOf(c))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.Name, err)
			}
			e.Value = r.Total + mod + m.Total
			t.log(EvRoll, of(c), &r, SegmentRoll{Action: k, Declared: mod, Value: e.Value, Mods: namedMods(m)})
			e.Value = t.untied(e.Value, out)
		}
		if e.Value < o.Lowest {
			e.Lost = true
			t.log(EvLost, of(c), nil, ActionLost{Action: k, At: e.Value})
		}
		out = append(out, e)
	}
	return out, nil
}

// countName says where a value of the order stands ("rank 12"), for the
// engine's errors; the log's words are package narrate's.
func (t *tx) countName(v int) string {
	var s string
	switch t.rs.Order.Kind {
	case rules.OrderRank:
		s = fmt.Sprintf("rank %d", v)
	case rules.OrderSegments:
		s = fmt.Sprintf("segment %d", v)
	default:
		s = fmt.Sprintf("initiative %d", v)
	}
	for _, b := range t.rs.Order.Bands {
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
			if s == rules.TiebreakOther {
				if va, vb, ok := otherValues(t.rs, ca, cb); ok && va != vb {
					return vb - va
				}
				continue
			}
			if va, vb := tieValue(t.rs, ca, s), tieValue(t.rs, cb, s); va != vb {
				return vb - va
			}
		}
	}
	return 0
}

// tieValue is what a tie-break of the order reads of c: a stat, or hand_X,
// the field X of its weapon in hand (BRP's length: the weapon it fights
// with, l.71).
func tieValue(rs *rules.Ruleset, c *Combatant, s string) int {
	if f, hand := strings.CutPrefix(s, rules.HandPrefix); hand {
		v, _ := HandStat(rs, c, f)
		return v
	}
	return c.Stats[s]
}

// otherValues are what order.tiebreak's "other" compares of two tied on a
// rank: the other characteristic of each, its initiative for one acting on
// a declared stat's rank, that stat for one on its initiative (BRP's
// option, l.63: INT tied, the higher DEX first). ok is false when neither
// acts on a declared rank: the other tie-breaks decide.
func otherValues(rs *rules.Ruleset, a, b *Combatant) (va, vb int, ok bool) {
	_, oka := rankDeclared(rs, a)
	_, okb := rankDeclared(rs, b)
	if !oka && !okb {
		return 0, 0, false
	}
	other := func(c *Combatant, on bool) int {
		if on {
			return c.Init
		}
		for _, x := range rs.Declarations {
			if x.Rank != "" {
				v, _ := statsOf(rs, c)(x.Rank)
				return v
			}
		}
		return 0
	}
	return other(a, oka), other(b, okb), true
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
					r, err := t.roll(c, t.rs.Order.TieRoll, TieRoll{At: es[k].Value})
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

func (t *tx) logOrder() {
	places := func(es []Entry) []Place {
		var out []Place
		for _, e := range es {
			if c := t.enc.Combatant(e.Who); c != nil && !e.Lost {
				if t.allDead(c) {
					continue // no place for the dead (BRP l.537-543: they need nothing more)
				}
				out = append(out, Place{Who: of(c), Value: e.Value})
			}
		}
		return out
	}
	o := Order{Places: places(t.enc.Entries)}
	if pub := PublicEntries(t.rs, &t.enc); !slices.Equal(pub, t.enc.Entries) {
		// A foe's statement kept from the players (BRP l.21-25) moved it
		// or gave up its actions: they read the order without it.
		o.Players = places(pub)
	}
	t.log(EvOrder, Subject{}, nil, o)
}

// allDead reports whether the step of c is for the dead alone: c, and
// the rest of the group it leads.
func (t *tx) allDead(c *Combatant) bool {
	for _, x := range append([]*Combatant{c}, Members(&t.enc, c)...) {
		if _, dead := Death(t.rs, x); !dead {
			return false
		}
	}
	return true
}

// Sequence returns the refs a phase steps through, in order. A once phase
// has a single ref with Who 0.
func Sequence(rs *rules.Ruleset, enc *Encounter, phase int) []Ref {
	return sequence(rs, enc, phase, nil)
}

// sequence is Sequence made in buf's array where it fits (a step asks for
// it three times, with a buffer on its stack; nil: a new array).
func sequence(rs *rules.Ruleset, enc *Encounter, phase int, buf []Ref) []Ref {
	phases := rs.RoundPhases()
	if phase < 0 || phase >= len(phases) {
		return nil
	}
	ph := phases[phase]
	out := buf[:0]
	switch ph.Order {
	case rules.PhaseOnce:
		return []Ref{{}}
	case rules.PhaseStat:
		// Each combatant's keys are read once: the sort compares them only.
		type keyed struct {
			id   int
			keys []int
		}
		var ks []keyed
		for _, id := range firstEntries(enc) {
			if c := enc.Combatant(id); ph.Declared != "" && (c == nil || !c.HasDeclared(ph.Declared)) &&
				(enc.Phase != phase || enc.Cur.Who != id) { // the one whose step it is keeps it (a fight saved before)
				continue // nothing declared for this phase
			}
			v, held := StatRank(rs, enc, phase, id)
			if held && v < rs.Order.Lowest {
				continue // held past the last rank: lost
			}
			ks = append(ks, keyed{id, statKeys(enc.Combatant(id), ph, v)})
		}
		slices.SortStableFunc(ks, func(a, b keyed) int { return slices.Compare(b.keys, a.keys) })
		for _, k := range ks {
			out = append(out, Ref{Who: k.id})
		}
		return out
	}
	if buf == nil {
		out = make([]Ref, 0, len(enc.Entries))
	}
	for _, e := range enc.Entries {
		if ph.Actions || e.Action == 0 {
			out = append(out, e.Ref())
		}
	}
	if len(ph.Tiebreak) > 0 {
		slices.SortStableFunc(out, func(a, b Ref) int { return cmpInPhase(enc, ph, *enc.Entry(a), *enc.Entry(b)) })
	}
	if ph.Order == rules.PhaseReverse {
		slices.Reverse(out)
	}
	return out
}

// StatRank is where a combatant goes in a phase in stat order: its stat,
// or the value it was held to this round (held reports which).
func StatRank(rs *rules.Ruleset, enc *Encounter, phase, who int) (v int, held bool) {
	for _, h := range enc.PhaseHolds {
		if h.Who == who && h.Phase == phase {
			return h.Value, true
		}
	}
	ph := rs.RoundPhases()[phase]
	if c := enc.Combatant(who); c != nil {
		if v, ok := c.Ranks[ph.ID]; ok && !ph.Roll.IsZero() {
			return v, false
		}
		return c.Stats[ph.Stat], false
	}
	return 0, false
}

// cmpStatRank orders two combatants in a phase in stat order: the higher
// value first, then the phase's tie-break stats; still tied, the round's
// order stands (they go together).
func cmpStatRank(rs *rules.Ruleset, enc *Encounter, phase, a, b int) int {
	ph := rs.RoundPhases()[phase]
	va, _ := StatRank(rs, enc, phase, a)
	vb, _ := StatRank(rs, enc, phase, b)
	return slices.Compare(statKeys(enc.Combatant(b), ph, vb), statKeys(enc.Combatant(a), ph, va))
}

// statKeys are what a stat phase orders a combatant by, most telling
// first: its value there, then the phase's tie-break stats.
func statKeys(c *Combatant, ph rules.Phase, v int) []int {
	keys := []int{v}
	for _, s := range ph.Tiebreak {
		keys = append(keys, c.Stats[s])
	}
	return keys
}

// Together reports whether a combatant ties the one before it in a phase's
// order or the round's, past every tie-break: the book has them act at once.
func Together(rs *rules.Ruleset, enc *Encounter, phase int, prev, r Ref) bool {
	phases := rs.RoundPhases()
	if phase < 0 || phase >= len(phases) || prev.Who == 0 || r.Who == 0 || prev.Who == r.Who {
		return false
	}
	for _, id := range []int{prev.Who, r.Who} {
		c := enc.Combatant(id)
		if c == nil || (c.Out || noTurnOf(rs, c)) && !slices.ContainsFunc(enc.AtOnce, func(x Ref) bool { return x.Who == id }) {
			return false // one who is down or has no turn acts with nobody, unless felled at the rank it acts at once
		}
	}
	if phases[phase].Order == rules.PhaseStat {
		return cmpStatRank(rs, enc, phase, prev.Who, r.Who) == 0
	}
	a, b := enc.Entry(prev), enc.Entry(r)
	if a == nil || b == nil || a.Value != b.Value {
		return false
	}
	if len(phases[phase].Tiebreak) > 0 {
		return cmpInPhase(enc, phases[phase], *a, *b) == 0
	}
	t := tx{rs: rs, enc: *enc}
	return t.cmpEntries(*a, *b) == 0
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

func (t *tx) setInit(cmd SetInit) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if a := t.rs.Order.InitiativeAction; a != "" && t.rs.Order.Kind == rules.OrderNone && cmd.Expr == "" && cmd.Init == 0 {
		// No order to set: the initiative key takes the ruleset's
		// Initiative action (Energy's roll, once a round).
		return t.spend(Spend{Who: c.ID, Action: a})
	}
	v := cmd.Init
	if cmd.Expr != "" {
		if v := t.may(c, Act{Kind: ActInitiative}); !v.Allowed() {
			return v
		}
		e, err := dice.Parse(cmd.Expr)
		if err != nil {
			return fmt.Errorf("%s: %w", cmd.Expr, err)
		}
		r, err := t.roll(c, e, InitiativeRoll{})
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
		if t.enc.Entry(Ref{Who: c.ID, Action: cmd.Entry}) == nil {
			return fmt.Errorf("%s has no %s action this round", c.Name, ordinal(cmd.Entry+1))
		}
	default:
		c.Init, c.HasInit, c.InitTaken = v, true, false
		if c.Group == c.ID {
			// A group has one place in the order, its leader's: the
			// leader's initiative is every member's.
			for _, x := range Members(&t.enc, c) {
				x = t.mine(x)
				x.Init, x.HasInit = v, true
			}
		}
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
		} else if e.Action == cmd.Entry {
			e.Value, e.Lost = v, v < t.rs.Order.Lowest
		}
		t.insertEntry(e)
	}
	t.sameValue(c)
	t.log(EvOrder, of(c), nil, InitiativeNow{Init: v})
	return nil
}

// untied moves the value of a combatant's next action by same_value_step
// while it ties the action just before it, or with same_value_any any
// earlier one of its own (no step leaves it).
func (t *tx) untied(v int, earlier []Entry) int {
	o := t.rs.Order
	if o.SameValueStep == 0 || len(earlier) == 0 {
		return v
	}
	if !o.SameValueAny {
		earlier = earlier[len(earlier)-1:]
	}
	for slices.ContainsFunc(earlier, func(e Entry) bool { return e.Value == v }) {
		v += o.SameValueStep
	}
	return v
}

// sameValue keeps the segments order's same-value rule after an initiative
// is set: an action on the same value as any earlier one of its own goes
// later by same_value_step until none shares it.
func (t *tx) sameValue(c *Combatant) {
	step := t.rs.Order.SameValueStep
	if t.rs.Order.Kind != rules.OrderSegments || step == 0 {
		return
	}
	var mine []Entry
	for _, e := range t.enc.Entries {
		if e.Who == c.ID {
			mine = append(mine, e)
		}
	}
	slices.SortFunc(mine, func(a, b Entry) int { return a.Action - b.Action })
	tied := false
	for k := 1; k < len(mine); k++ {
		tied = tied || (!mine[k].Started && t.untied(mine[k].Value, mine[:k]) != mine[k].Value)
	}
	if !tied {
		return
	}
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(e Entry) bool { return e.Who == c.ID })
	for k := range mine {
		if v := t.untied(mine[k].Value, mine[:k]); k > 0 && !mine[k].Started && v != mine[k].Value {
			mine[k].Value = v
			mine[k].Lost = mine[k].Lost || mine[k].Value < t.rs.Order.Lowest
			t.log(EvOrder, of(c), nil, ActionTies{Action: mine[k].Action, At: mine[k].Value})
		}
	}
	for _, e := range mine {
		t.insertEntry(e)
	}
}

// move shifts a combatant one place earlier (Value -1) or later (+1) in the
// order, whatever the numbers say: the GM's word wins.
func (t *tx) move(cmd Move) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if t.rs.Order.Kind == rules.OrderNone {
		return fmt.Errorf("%s has no initiative order", t.rs.Name)
	}
	if cmd.Dir != -1 && cmd.Dir != 1 {
		return fmt.Errorf("move by -1 or +1")
	}
	moved := Moves{Later: cmd.Dir > 0}
	if t.rs.Order.Kind == rules.OrderFixed {
		moved.Fixed = true
		i := slices.Index(t.enc.Order, c.ID)
		j := i + cmd.Dir
		if i < 0 || j < 0 || j >= len(t.enc.Order) {
			return fmt.Errorf("%s cannot move further", c.Name)
		}
		o := t.enc.Order
		o[i], o[j] = o[j], o[i]
		// Keep the numbers in step with the GM's order, and say so: the
		// order is kept for the fight, so this changes every round after.
		ci, cj := t.mine(t.enc.Combatant(o[i])), t.mine(t.enc.Combatant(o[j]))
		if (cmd.Dir < 0 && cj.Init < ci.Init) || (cmd.Dir > 0 && cj.Init > ci.Init) {
			cj.Init, ci.Init = ci.Init, cj.Init
			cj.InitTaken, ci.InitTaken = true, true
			moved.Swapped = []Swap{{Who: of(cj), Of: of(ci), Value: cj.Init}, {Who: of(ci), Of: of(cj), Value: ci.Init}}
		}
	}
	i := slices.IndexFunc(t.enc.Entries, func(e Entry) bool { return e.Who == c.ID && e.Action == cmd.Entry })
	if i >= 0 {
		j := i + cmd.Dir
		if j < 0 || j >= len(t.enc.Entries) {
			if t.rs.Order.Kind != rules.OrderFixed {
				return fmt.Errorf("%s cannot move further", c.Name)
			}
		} else {
			es := t.enc.Entries
			es[i].Value, es[j].Value = es[j].Value, es[i].Value
			es[i].Taken, es[j].Taken = true, true // each holds the other's number now
			es[i], es[j] = es[j], es[i]
		}
	}
	t.log(EvOrder, of(c), nil, moved)
	return nil
}

// PassedOver names the combatants a change leaves without their turn this
// round: an entry not yet started (nor lost) that came after the one acting
// now and comes before it after the change (moved ahead of the actor, or
// given an initiative above it). The order steps on from the actor, so
// such an entry is passed over. The GM's word wins: nothing refuses it,
// and the tracker asks first.
func PassedOver(before, after *Encounter) []string {
	if before.Status != StatusRunning || after.Status != StatusRunning || after.Cur.Who == 0 || before.Cur != after.Cur ||
		before.Round != after.Round || before.Phase != after.Phase {
		return nil
	}
	pos := func(e *Encounter, r Ref) int {
		return slices.IndexFunc(e.Entries, func(en Entry) bool { return en.Ref() == r })
	}
	cb, ca := pos(before, before.Cur), pos(after, after.Cur)
	if cb < 0 || ca < 0 {
		return nil
	}
	var out []string
	for _, en := range after.Entries[:ca] {
		if en.Started || en.Lost || pos(before, en.Ref()) < cb {
			continue
		}
		if c := after.Combatant(en.Who); c != nil && !slices.Contains(out, c.Name) {
			out = append(out, c.Name)
		}
	}
	return out
}

// cmpInPhase orders two entries in a phase in initiative order that breaks
// ties its own way (phases.tiebreak, in place of order.tiebreak): higher
// value first, then the phase's tie-break stats.
func cmpInPhase(enc *Encounter, ph rules.Phase, a, b Entry) int {
	if a.Value != b.Value {
		return b.Value - a.Value
	}
	ca, cb := enc.Combatant(a.Who), enc.Combatant(b.Who)
	if ca == nil || cb == nil {
		return 0
	}
	for _, s := range ph.Tiebreak {
		if va, vb := ca.Stats[s], cb.Stats[s]; va != vb {
			return vb - va
		}
	}
	return 0
}
