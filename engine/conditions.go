package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Afflictions are the conditions a combatant holds, and the bands it has
// entered that give one (thresholds.gives): given once as it entered, not
// again until it has left the band.
type Afflictions struct {
	Conditions []Condition `toml:"conditions,omitempty"`
	Entered    []string    `toml:"entered,omitempty"`
	// Waiting are the conditions given as the next round begins
	// (conditions.waits_acted: waits.go).
	Waiting []Waiting `toml:"waiting,omitempty"`
}

// Clone returns a deep copy.
func (p Afflictions) Clone() Afflictions {
	p.Waiting = slices.Clone(p.Waiting)
	p.Conditions = slices.Clone(p.Conditions)
	for i := range p.Conditions {
		p.Conditions[i].Parents = slices.Clone(p.Conditions[i].Parents)
		p.Conditions[i].Cause = slices.Clone(p.Conditions[i].Cause)
		p.Conditions[i].Also = slices.Clone(p.Conditions[i].Also)
	}
	p.Entered = slices.Clone(p.Entered)
	return p
}

// Condition is a condition a combatant has. It is held for up to three kinds
// of reason at once, and stays while any of them lasts: a grant of its own
// (by the GM, a tick, a check's outcome) with its own duration; a rule of
// the ruleset that gave it for a cause (hit points, stun, penalties, a
// threshold) and takes it away when the cause ends; and the conditions
// held that imply it (its parents).
type Condition struct {
	ID string `toml:"id"`
	// Own is set while the condition is held in its own right. Left is the
	// rounds its own grant has left; Until the round at whose end it ends.
	Own   bool `toml:"own,omitempty"`
	Left  int  `toml:"left,omitzero"`
	Until int  `toml:"until,omitzero"`
	// Cause names the rules that hold the condition, each for as long as
	// it lasts: hp, stun, penalty, threshold, wounds (stable), record (a
	// wound on the record).
	Cause Causes `toml:"cause,omitempty"`
	// Parents are the held conditions that imply this one.
	Parents []string `toml:"parents,omitempty"`
	// Turns counts the own turns begun under the condition.
	Turns int `toml:"turns,omitzero"`
	// Anchor, when set, is the combatant at whose next own turn's start or
	// end (AnchorAt) the own grant ends; AnchorSkip, that the turn it is in
	// now does not count. Save: the own grant ends on a save (durations.go).
	Anchor     int         `toml:"anchor,omitzero"`
	AnchorAt   rules.Point `toml:"anchor_at,omitempty"`
	AnchorSkip bool        `toml:"anchor_skip,omitempty"`
	Save       bool        `toml:"save,omitempty"`
	// Skip is a round whose end does not count down its own grant: it was
	// given after its holder acted in that round (skip_acted).
	Skip int `toml:"skip,omitzero"`
	// On, when set, is the one foe its bonuses reach: given by an action
	// taken at a foe (actions.at_foe), its check_bonus and roll_mods are
	// added only to rolls against that one.
	On int `toml:"on,omitzero"`
	// OnStrikes: given by a roll made as a strike of a full round
	// (checks.strike_instead), it reaches that round's strikes left: the
	// rolls that spend it do not end it, and it ends with the turn.
	OnStrikes bool `toml:"on_strikes,omitempty"`
	// By, when set, is the one whose blow gave it (a blow result's give to
	// the target): an item of By's that holds it, broken, frees its holder
	// (cuts_free: BRP's entangling weapon cut through, l.369).
	By int `toml:"by,omitzero"`
	// Also are the others whose blows gave it while By's held it (two
	// whips on one fighter): it is gone once the last of their items lets
	// go (released).
	Also []int `toml:"also,omitempty"`
}

// heldBy reports whether the blow of id holds the condition: it gave it,
// or it was given by no blow (by hand: any item holds it).
func (x Condition) heldBy(id int) bool {
	return x.By == 0 || x.By == id || slices.Contains(x.Also, id)
}

// reaches reports whether the condition's own bonuses reach a roll made
// against foe (nil: nobody).
func (x Condition) reaches(foe *Combatant) bool {
	return x.On == 0 || foe != nil && foe.ID == x.On
}

func (x Condition) held() bool { return x.Own || len(x.Cause) > 0 || len(x.Parents) > 0 }

// Causes are the rules that hold a condition. A save writes them as one
// text, space-separated ("hp stun"), as a save of one cause wrote it.
type Causes []string

// Has reports whether the cause is among them.
func (cs Causes) Has(cause string) bool { return slices.Contains(cs, cause) }

// MarshalText writes the causes space-separated.
func (cs Causes) MarshalText() ([]byte, error) { return []byte(strings.Join(cs, " ")), nil }

// UnmarshalText reads causes written space-separated.
func (cs *Causes) UnmarshalText(b []byte) error {
	*cs = Causes(strings.Fields(string(b)))
	if len(*cs) == 0 {
		*cs = nil
	}
	return nil
}

// Has reports whether the combatant has the condition.
func (p Afflictions) Has(id string) bool {
	return slices.ContainsFunc(p.Conditions, func(x Condition) bool { return x.ID == id })
}

// condition is the condition held with the id, or nil.
func (p *Afflictions) condition(id string) *Condition {
	i := slices.IndexFunc(p.Conditions, func(x Condition) bool { return x.ID == id })
	if i < 0 {
		return nil
	}
	return &p.Conditions[i]
}

// grant is one reason to hold a condition: exactly one of own (with its
// duration), cause and parent is set.
type grant struct {
	own         bool
	left, until int
	// reckoned: left was worked out from the combatant's own numbers.
	reckoned bool
	cause    string
	parent   string
	// anchor, anchorAt and skip end an own grant at a combatant's turn;
	// save ends it on a save (durations.go).
	anchor   int
	anchorAt rules.Point
	skip     bool
	save     bool
	// waited: the grant waited for this round (waits.go) and is given now.
	waited bool
}

// ownGrant is a grant in the condition's own right for the duration given:
// a kind and rounds (the GM's choice), or "" and 0 for the condition's own.
// Rounds that are dice or a formula are rolled for the combatant, and the
// roll is logged.
func (t *tx) ownGrant(c *Combatant, def rules.ConditionDef, kind rules.Duration, rounds int) (grant, error) {
	g := grant{own: true}
	if kind == "" {
		kind = def.Duration
		if rounds > 0 {
			kind = rules.ForRounds
		}
	}
	switch kind {
	case rules.ForRounds:
		if rounds > 0 {
			g.left = rounds
			break
		}
		if def.Rounds.IsZero() {
			return g, fmt.Errorf("%s has no rounds of its own: say how many", def.Name)
		}
		r, err := t.roller.Roll(def.Rounds, t.statsOf(c))
		if err != nil {
			return g, err
		}
		if def.Rounds.HasDice() || len(def.Rounds.Stats()) > 0 {
			t.log(EvRoll, of(c), &r, ConditionRounds{Condition: def.ID})
		}
		g.left = max(r.Total, 1)
		g.reckoned = len(def.Rounds.Stats()) > 0
	case rules.UntilRoundEnd:
		g.until = max(t.enc.Round, 1)
		if def.UntilPhase != "" && t.phasePassed(def.UntilPhase) {
			g.until++ // to the end of the phase: next round's, this one's being over
		}
	case rules.UntilNextRoundEnd:
		g.until = max(t.enc.Round, 1) + 1
	}
	return g, nil
}

// cleared reports whether c holds a condition that clears id.
func (t *tx) cleared(c *Combatant, id string) bool {
	for _, x := range c.Conditions {
		if def, ok := t.rs.Condition(x.ID); ok && slices.Contains(def.Clears, id) {
			return true
		}
	}
	return false
}

// phasePassed reports whether the round under way has ended the phase.
func (t *tx) phasePassed(id string) bool {
	for i, ph := range t.rs.RoundPhases() {
		if ph.ID == id {
			return t.enc.Round > 0 && i < t.enc.Phase
		}
	}
	return false
}

// give gives a condition for a reason, and with it the conditions it
// implies. A condition already held keeps its other reasons; a longer own
// duration replaces a shorter one.
func (t *tx) give(c *Combatant, id string, g grant) error {
	def, ok := t.rs.Condition(id)
	if !ok {
		return fmt.Errorf("%s has no condition %q", t.rs.Name, id)
	}
	if t.cleared(c, id) {
		return nil // not held while what clears it is (conditions.clears)
	}
	if t.waits(c, def, g) {
		return nil
	}
	cur := c.condition(id)
	fresh := cur == nil
	if err := t.lastActionRefused(c, def); err != nil {
		return err
	}
	if fresh {
		c.Conditions = append(c.Conditions, Condition{ID: id})
		cur = &c.Conditions[len(c.Conditions)-1]
	}
	if def.Stanches {
		holdWounds(c, id)
	}
	anew := !fresh && g.own && def.GivenAnew
	if anew && cur.Own {
		cur.Own = false // its own time starts over (conditions.given_anew)
	}
	switch {
	case g.own:
		t.mergeOwn(c, cur, def, g)
	case g.cause != "" && !cur.Cause.Has(g.cause):
		cur.Cause = append(slices.Clone(cur.Cause), g.cause)
	case g.parent != "" && !slices.Contains(cur.Parents, g.parent):
		cur.Parents = append(cur.Parents, g.parent)
	}
	if g.own {
		lasts := t.howLong(*cur)
		// Rounds kept from an earlier grant may have been worked out
		// from the combatant's numbers too.
		lasts.Reckoned = lasts.Reckoned || lasts.Rounds > 0 && (g.reckoned || cur.Left != g.left)
		t.log(EvCondition, of(c), nil, ConditionGiven{Condition: id, Lasts: lasts})
	} else if fresh && g.cause != "" {
		t.log(EvCondition, of(c), nil, ConditionGiven{Condition: id})
	}
	if !fresh && !anew {
		return nil
	}
	var rows []rules.TableRow
	if def.TableOnGive {
		rows = t.rollTable(c, def)
	}
	if id := def.CheckOnGive; id != "" {
		ch, ok := t.rs.Check(id)
		if !ok {
			return fmt.Errorf("%s has no check %q", t.rs.Name, id)
		}
		res, err := t.rollThe(ch, CheckRef{ID: id}, RollCheck{Who: c.ID, Check: id})
		if err != nil {
			return err
		}
		if !res.Success {
			t.loseStats(c, def, rows)
		}
	}
	if anew {
		return nil
	}
	for _, x := range def.Clears {
		if cur := c.condition(x); cur != nil {
			// Every reason for it set aside: it goes, whatever held it.
			*cur = Condition{ID: x}
			if t.release(c, x, grant{}) {
				t.log(EvCondition, of(c), nil, NoLonger{Condition: x})
			}
		}
	}
	for _, imp := range def.Implies {
		if err := t.give(c, imp, grant{parent: id}); err != nil {
			return err
		}
	}
	t.endedBy(c, id)
	t.fitPools(c)
	return nil
}

// fitPools brings each pool down to what it may hold now, once a condition
// that caps the stats its capacity reads has come (a leg impaired: half
// the movement points), and logs it.
func (t *tx) fitPools(c *Combatant) {
	for _, p := range t.rs.Pools {
		v, ok := c.Pools[p.ID]
		if hi := t.capacity(c, p.ID); ok && v > hi && hi >= 0 {
			c.Pools[p.ID] = hi
			if c.Cut == nil {
				c.Cut = map[string]int{}
			}
			c.Cut[p.ID] += v - hi
			t.log(EvPool, of(c), nil, PoolChanged{Pool: p.ID, Before: v, After: hi})
		}
	}
}

// regainPools gives each pool back what fitPools cut off it since its last
// refill, as far as its capacity has risen again once a condition has gone
// (a leg wound struck off: the movement points it took this phase).
func (t *tx) regainPools(c *Combatant) {
	for _, p := range t.rs.Pools {
		cut := c.Cut[p.ID]
		v, ok := c.Pools[p.ID]
		if hi := t.capacity(c, p.ID); cut > 0 && ok && hi > v {
			n := min(cut, hi-v)
			c.Pools[p.ID] = v + n
			if c.Cut[p.ID] -= n; c.Cut[p.ID] == 0 {
				delete(c.Cut, p.ID)
			}
			t.log(EvPool, of(c), nil, PoolChanged{Pool: p.ID, Before: v, After: v + n})
		}
	}
	if len(c.Cut) == 0 {
		c.Cut = nil
	}
}

// acted reports whether the combatant has had its action this round: a
// declared phase's step of its own (a power) has come, or the phase that
// counts ranks or segments has passed its first entry (or is at it), or,
// where no phase counts, its own turn has begun.
func (t *tx) acted(c *Combatant) bool {
	phases := t.rs.RoundPhases()
	if t.declaredStepCame(c, phases) {
		return true
	}
	for i, ph := range phases {
		if !t.counts(ph) {
			continue
		}
		if t.enc.Phase != i {
			return t.enc.Phase > i
		}
		e := t.enc.Entry(Ref{Who: c.ID})
		return e != nil && (t.enc.Cur == e.Ref() || (t.enc.Count.Started && e.Value > t.enc.Count.Reached))
	}
	return slices.ContainsFunc(t.enc.Entries, func(e Entry) bool { return e.Who == c.ID && e.Started })
}

// declaredStepCame reports whether a step the combatant has this round in
// a declared phase (phases.declared: a power stated) has come: the phase
// is over, or its step is the current one or one already passed. Such a
// step is the round's action (declarations.lose).
func (t *tx) declaredStepCame(c *Combatant, phases []rules.Phase) bool {
	for i, ph := range phases {
		if ph.Declared == "" || !c.HasDeclared(ph.Declared) || i > t.enc.Phase {
			continue
		}
		if i < t.enc.Phase {
			return true
		}
		seq := Sequence(t.rs, &t.enc, i)
		if at, cur := slices.Index(seq, Ref{Who: c.ID}), slices.Index(seq, t.enc.Cur); at >= 0 && cur >= at {
			return true
		}
	}
	return false
}

// howLong is how long a condition's own grant lasts, for the log: every
// clock it runs by (it lasts until the last of them ends), or none: until
// it is removed.
func (t *tx) howLong(x Condition) Lasts {
	l := Lasts{Rounds: x.Left, Until: x.Until, ThisRound: x.Until > 0 && x.Until == t.enc.Round, Save: x.Save}
	if def, ok := t.rs.Condition(x.ID); ok && def.UntilPhase != "" && x.Until > 0 {
		for _, ph := range t.rs.RoundPhases() {
			if ph.ID == def.UntilPhase {
				l.Phase = ph.Name
			}
		}
	}
	// Rounds left of a condition whose own rounds are a formula of its
	// holder's numbers may tell them, whoever gave these.
	if def, ok := t.rs.Condition(x.ID); ok && l.Rounds > 0 && len(def.Rounds.Stats()) > 0 {
		l.Reckoned = true
	}
	if x.Anchor != 0 {
		l.Anchor, l.AnchorEnd = t.anchorOf(x.Anchor), x.AnchorAt == rules.AtOwnTurnEnd
	}
	return l
}

// release takes one reason away from a condition: its own grant, its
// cause, or one parent (all when which is ""). Once nothing holds it, it
// goes, and releases the conditions it implies. It reports whether the
// condition went.
func (t *tx) release(c *Combatant, id string, g grant) bool {
	cur := c.condition(id)
	if cur == nil {
		return false
	}
	switch {
	case g.own:
		cur.Own, cur.Left, cur.Until, cur.Skip = false, 0, 0, 0
		cur.Anchor, cur.AnchorAt, cur.AnchorSkip, cur.Save = 0, "", false, false
	case g.cause != "":
		cur.Cause = slices.DeleteFunc(slices.Clone(cur.Cause), func(x string) bool { return x == g.cause })
		if len(cur.Cause) == 0 {
			cur.Cause = nil
		}
	case g.parent != "":
		cur.Parents = slices.DeleteFunc(slices.Clone(cur.Parents), func(p string) bool { return p == g.parent })
		if len(cur.Parents) == 0 {
			cur.Parents = nil // as a save loads it back
		}
	}
	if cur.held() {
		return false
	}
	if def, _ := t.rs.Condition(id); def.Lingers && !g.own && (g.cause != "" || g.parent != "") {
		// Brought by something that is over, it stays until ended.
		cur.Own = true
		t.log(EvCondition, of(c), nil, Lingers{Condition: id})
		return false
	}
	c.Conditions = slices.DeleteFunc(c.Conditions, func(x Condition) bool { return x.ID == id })
	if len(c.Conditions) == 0 {
		c.Conditions = nil // as a save reads it back: none is nil
	}
	def, _ := t.rs.Condition(id)
	for _, imp := range def.Implies {
		if t.release(c, imp, grant{parent: id}) {
			t.log(EvEnds, of(c), nil, ConditionEnds{Condition: imp})
		}
	}
	t.regainPools(c)
	return true
}

// causeHolds keeps a condition held by a cause exactly while the cause
// holds: given for it when it comes, that cause let go when it ends (the
// condition ends with its last reason, and gone is logged then).
func (t *tx) causeHolds(c *Combatant, id, cause string, holds bool, gone Fact) {
	x := c.condition(id)
	switch {
	case holds && (x == nil || !x.Cause.Has(cause)):
		t.give(c, id, grant{cause: cause})
	case !holds && x != nil && x.Cause.Has(cause):
		if t.release(c, id, grant{cause: cause}) && gone != nil {
			t.log(EvCondition, of(c), nil, gone)
		}
	}
}

// takeAway is the GM taking a condition away: refused while a parent holds
// it, since it would come straight back.
func (t *tx) takeAway(c *Combatant, id string) error {
	cur := c.condition(id)
	if cur == nil {
		return fmt.Errorf("%s %s", c.Name, t.being(id, "is not"))
	}
	if len(cur.Parents) > 0 {
		names := make([]string, len(cur.Parents))
		for i, p := range cur.Parents {
			names[i] = t.condName(p)
		}
		return fmt.Errorf("%s comes with %s: remove that instead", t.condName(id), strings.Join(names, " and "))
	}
	cur.Own, cur.Cause = false, nil
	t.release(c, id, grant{own: true})
	t.log(EvCondition, of(c), nil, ConditionEnds{Condition: id})
	return nil
}

// being says that one holds a condition, or no longer does, in English:
// "is Prone", or, for a condition that is a thing held (noun), "has a
// Major wound". form is "is", "is no longer", "is still" or "is not".
func being(def rules.ConditionDef, form string) string {
	if !def.Noun {
		return form + " " + def.Name
	}
	a := "a "
	if strings.ContainsRune("AEIOUaeiou", []rune(def.Name + "x")[0]) {
		a = "an "
	}
	switch form {
	case "is no longer":
		return "no longer has " + a + def.Name
	case "is still":
		return "still has " + a + def.Name
	case "is not":
		return "has no " + def.Name
	}
	return "has " + a + def.Name
}

// being of a condition by id.
func (t *tx) being(id, form string) string {
	def, ok := t.rs.Condition(id)
	if !ok {
		def = rules.ConditionDef{Name: id}
	}
	return being(def, form)
}

func (t *tx) condName(id string) string {
	if d, ok := t.rs.Condition(id); ok {
		return d.Name
	}
	return id
}

// takeCondition is the GM taking a condition away.
func (t *tx) takeCondition(cmd TakeCondition) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	t.ruleAwake(c, cmd.Condition)
	if err := t.takeAway(c, cmd.Condition); err != nil {
		return err
	}
	t.emptyTaken(c, cmd.Condition)
	t.vitals(c)
	return nil
}

// emptyTaken is the GM taking away the empty condition of a pool that is
// still empty: the pool comes back at 1, the least that does not give it
// again (Energy: woken from no Stamina with 1, l.655).
func (t *tx) emptyTaken(c *Combatant, id string) {
	if c.Has(id) {
		return // something else still holds it
	}
	for _, p := range t.rs.Pools {
		if p.EmptyCondition == id && c.Pools[p.ID] <= 0 {
			t.setPool(c, p.ID, 1, poolWhy{})
		}
	}
}

// giveCondition is the GM giving a condition.
func (t *tx) giveCondition(cmd GiveCondition) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	def, ok := t.rs.Condition(cmd.Condition)
	if !ok {
		return fmt.Errorf("%s has no condition %q", t.rs.Name, cmd.Condition)
	}
	if cmd.Rounds < 0 || cmd.Rounds > 10000 {
		return fmt.Errorf("a duration is 1 to 10000 rounds (or 0 for the condition's own)")
	}
	if cmd.Duration != "" && !slices.Contains(rules.Durations, cmd.Duration) && !slices.Contains(TurnDurations, cmd.Duration) {
		return fmt.Errorf("no duration %q", cmd.Duration)
	}
	if slices.Contains(TurnDurations, cmd.Duration) {
		had := c.Has(cmd.Condition)
		if err := t.giveUntilTurn(c, cmd); err != nil {
			return err
		}
		t.knockedDown(c, cmd.Condition, had)
		return nil
	}
	if x := c.condition(cmd.Condition); x != nil && x.Own && cmd.Rounds == 0 && cmd.Duration == "" && !def.GivenAnew {
		return fmt.Errorf("%s %s already", c.Name, being(def, "is"))
	}
	g, err := t.ownGrant(c, def, cmd.Duration, cmd.Rounds)
	if err != nil {
		return err
	}
	had := c.Has(cmd.Condition)
	if err := t.give(c, cmd.Condition, g); err != nil {
		return err
	}
	t.knockedDown(c, cmd.Condition, had)
	t.vitals(c)
	return nil
}

// conditionsAt runs what conditions do at a point of the clock: checks and
// tables at the start of an own turn, and the end of own grants where their
// duration says. A condition whose own grant ends stays while a parent or a
// cause holds it; one that runs out gives what its ruleset says follows.
func (t *tx) conditionsAt(c *Combatant, m moment) {
	t.turnDurationsAt(c, m)
	for _, id := range c.conditionIDs() {
		def, ok := t.rs.Condition(id)
		cur := c.condition(id)
		if !ok || cur == nil {
			continue
		}
		if m.at == rules.AtOwnTurnStart && cur.Own && t.turnChecks(c, def, cur) {
			continue
		}
		if !cur.Own {
			continue
		}
		expires := def.Expires
		if expires == "" {
			expires = rules.AtRoundEnd
		}
		// Each clock of the own grant runs on its own; it runs out with
		// the last of them (durations.go).
		ran := false
		ends := m.at == rules.AtRoundEnd
		if def.UntilPhase != "" && cur.Until > 0 {
			// Ends with its phase instead (until_phase).
			ends = m.at == rules.AtPhaseEnd && m.phase == def.UntilPhase
		}
		if cur.Until > 0 && ends && cur.Until <= t.enc.Round {
			cur.Until, ran = 0, true
		}
		switch {
		case cur.Left > 0 && m.at == expires && cur.Skip == t.enc.Round:
			// Given after it acted this round: its rounds count from the next.
		case cur.Left > 0 && m.at == expires:
			cur.Left--
			if cur.Left == 0 {
				cur.Skip, ran = 0, true
			}
		}
		if ran {
			t.clockRanOut(c, def, cur)
		}
	}
}

// turnChecks runs a condition's checks at the start of an own turn: its
// turn limit, the roll that ends it, its behaviour table. It reports whether
// the condition ended.
func (t *tx) turnChecks(c *Combatant, def rules.ConditionDef, cur *Condition) bool {
	cur.Turns++
	if def.Turns > 0 && cur.Turns >= def.Turns {
		t.endOwn(c, def, TurnLimit{Condition: def.ID, Turn: cur.Turns})
		return true
	}
	if !def.Check.IsZero() {
		r := Rolling{Kind: def.CheckKind, Penalized: def.CheckPenalized}
		_, got, err := t.rollWith(c, def.Check, r, ConditionCheckRoll{Condition: def.ID, Target: def.CheckTarget})
		if err == nil && got >= def.CheckTarget {
			t.endOwn(c, def, Recovered{Condition: def.ID})
			return true
		}
		if err == nil {
			t.log(EvCondition, of(c), nil, ConditionHolds{Condition: def.ID})
		}
	}
	if !def.TableRoll.IsZero() && !def.TableOnGive && !slices.ContainsFunc(def.TableSkippedBy, c.Has) {
		t.rollTable(c, def)
	}
	return false
}

// rollTable rolls a condition's table and logs the row it reads.
// A row with again rolls the table that many more times, cumulative, up to
// maxTableRolls in all.
func (t *tx) rollTable(c *Combatant, def rules.ConditionDef) (rows []rules.TableRow) {
	for left, rolls := 1, 0; left > 0 && rolls < maxTableRolls; left, rolls = left-1, rolls+1 {
		r, err := t.roll(c, def.TableRoll, TableRoll{Condition: def.ID})
		if err != nil {
			return rows
		}
		for i, row := range def.Table {
			if r.Total <= row.UpTo {
				t.log(EvCondition, of(c), nil, TableRow{Condition: def.ID, Row: i})
				if row.Alone != 0 && !t.hasAlly(c) {
					i = slices.IndexFunc(def.Table, func(o rules.TableRow) bool { return row.Alone <= o.UpTo })
					row = def.Table[i]
					t.log(EvCondition, of(c), nil, NoAllyRow{Condition: def.ID, Row: i})
				}
				rows = append(rows, row)
				if row.Lose > 0 {
					t.loseActions(c, row.Lose)
				}
				for _, id := range row.Give {
					nd, _ := t.rs.Condition(id)
					if g, err := t.ownGrant(c, nd, "", 0); err == nil {
						t.give(c, id, g)
					}
				}
				t.tableDamage(c, def, row)
				t.tableWeapon(c, row) // gear.go
				if s := t.striking; row.FoeHits != "" && s != nil && s.foe == c.ID {
					s.wideOpen = append(s.wideOpen, row.FoeHits) // wide_open.go
				}
				left += row.Again
				break
			}
		}
	}
	return rows
}

// loseStats rolls the stats the rows rolled for c lose (table.stats_lost)
// and takes them off the stats it keeps, each logged; a stat it does not
// keep is logged only. The stats are shared by every state of the fight:
// a new map is made.
func (t *tx) loseStats(c *Combatant, def rules.ConditionDef, rows []rules.TableRow) {
	if e := t.rs.HP.MaxFrom; !e.IsZero() && c.MaxHP > 0 {
		if was, err := formula(e, t.statsOf(c)); err == nil {
			defer t.maxFollows(c, was)
		}
	}
	for _, row := range rows {
		for _, k := range slices.Sorted(maps.Keys(row.StatsLost)) {
			r, err := t.roller.Roll(row.StatsLost[k], t.statsOf(c))
			if err != nil {
				continue
			}
			v, kept := c.Stats[k]
			if kept {
				stats := maps.Clone(c.Stats)
				stats[k] = v - max(r.Total, 0)
				c.Stats = stats
			}
			t.log(EvRoll, of(c), &r, StatLost{Condition: def.ID, Stat: k, Kept: kept})
		}
	}
}

// maxFollows changes c's total hit points by as much as hp.max_from has
// changed since it came to was, and its hit points left with it (the
// damage taken stays), logged (BRP: a major wound's lost CON lowers the
// hit points at once, l.549).
func (t *tx) maxFollows(c *Combatant, was int) {
	now, err := formula(t.rs.HP.MaxFrom, t.statsOf(c))
	if err != nil || now == was {
		return
	}
	from, hp := c.MaxHP, c.HP
	c.MaxHP = max(from+now-was, 1)
	c.HP -= from - c.MaxHP
	t.log(EvDamage, of(c), nil, MaxHPSet{From: from, To: c.MaxHP, HP: c.HP}).HP = c.HP - hp
	t.vitals(c)
}

// hasAlly reports whether another on c's side is in the fight, not dead
// (no side: no telling, an ally assumed).
func (t *tx) hasAlly(c *Combatant) bool {
	if c.Side == "" {
		return true
	}
	return slices.ContainsFunc(t.enc.Combatants, func(o *Combatant) bool {
		return o.ID != c.ID && o.Side == c.Side && (t.rs.HP.DeadCondition == "" || !o.Has(t.rs.HP.DeadCondition))
	})
}

// NoAllyRow: the row read has Who hit an ally, and it has none in the
// fight: the table's Row (from 0) is done instead (table.alone).
type NoAllyRow struct {
	Condition string
	Row       int `players:"public"`
}

func (NoAllyRow) isFact() {}

// maxTableRolls bounds a table whose rows roll it again.
const maxTableRolls = 50

// endOwn ends a condition's own grant early (a check, a turn limit), and
// logs why: the fact said if the condition goes.
func (t *tx) endOwn(c *Combatant, def rules.ConditionDef, why Fact) {
	if t.release(c, def.ID, grant{own: true}) {
		t.log(EvEnds, of(c), nil, why)
	}
}

// endedBy ends the own grants of the conditions c holds that the condition
// it has just come to hold ends (ended_by).
func (t *tx) endedBy(c *Combatant, by string) {
	for _, id := range c.conditionIDs() {
		if def, ok := t.rs.Condition(id); ok && slices.Contains(def.EndedBy, by) {
			t.endOwn(c, def, EndedByCondition{Condition: id, By: by})
		}
	}
}

// aidEnds ends the own grants a successful First Aid on c ends
// (ended_by_first_aid).
func (t *tx) aidEnds(c *Combatant) {
	for _, id := range c.conditionIDs() {
		if def, ok := t.rs.Condition(id); ok && def.EndedByFirstAid {
			t.endOwn(c, def, EndedByFirstAid{Condition: id})
		}
	}
}

// rolledEnds ends the own grants a roll of kind k ends: the conditions c
// holds that name it in ended_by_rolls (BRP: a dodge ends staunching).
func (t *tx) rolledEnds(c *Combatant, k rules.RollKind, on CheckRef) {
	if k == "" {
		return
	}
	for _, id := range c.conditionIDs() {
		def, ok := t.rs.Condition(id)
		if ok && slices.ContainsFunc(def.EndedByRolls, func(e rules.RollKind) bool { return rules.Overlaps(e, k) }) {
			t.endOwn(c, def, EndedByRoll{Condition: id, Kind: k, On: on})
			t.vitals(c)
		}
	}
}

// runOut ends a condition's own grant at the end of its duration, and
// gives what follows it.
func (t *tx) runOut(c *Combatant, def rules.ConditionDef) {
	if t.release(c, def.ID, grant{own: true}) {
		t.log(EvEnds, of(c), nil, ConditionEnds{Condition: def.ID})
	} else {
		t.log(EvEnds, of(c), nil, OwnRunsOut{Condition: def.ID})
	}
	t.closeWounds(c, def)
	for _, next := range def.Then {
		// The dead take nothing more: a shock running out leaves no
		// Unconscious on a corpse (BRP l.537-543).
		if dead := t.rs.HP.DeadCondition; dead != "" && c.Has(dead) && next != dead {
			continue
		}
		nd, _ := t.rs.Condition(next)
		if g, err := t.ownGrant(c, nd, "", 0); err == nil {
			t.give(c, next, g)
		}
	}
	t.vitals(c)
}

// conditionIDs lists a combatant's conditions, for loops that may change them.
func (p Afflictions) conditionIDs() []string {
	ids := make([]string, len(p.Conditions))
	for i, x := range p.Conditions {
		ids[i] = x.ID
	}
	return ids
}

// appendConditionIDs is conditionIDs appended to ids.
func (p Afflictions) appendConditionIDs(ids []string) []string {
	for _, x := range p.Conditions {
		ids = append(ids, x.ID)
	}
	return ids
}

// Bonus is one reason attackers gain against a target.
type Bonus struct {
	From          string
	Melee, Ranged int
}

// voided reports whether another condition c holds voids the attackers'
// bonuses of the condition id (conditions.voids_bonuses: Prone's, a
// dodge's, for one who has no dodge).
func voided(rs *rules.Ruleset, c *Combatant, id string) bool {
	for _, x := range c.Conditions {
		if d, ok := rs.Condition(x.ID); ok && x.ID != id && slices.Contains(d.VoidsBonuses, id) {
			return true
		}
	}
	return false
}

// AttackerBonus sums what attackers gain against the target now: each of
// its conditions' melee and ranged bonuses, and the binding stun level's
// bonus (on any attack). It returns the sums and each reason.
func AttackerBonus(rs *rules.Ruleset, c *Combatant) (melee, ranged int, from []Bonus) {
	if lvl, _ := StunNow(rs, c); lvl >= 0 {
		if l := rs.Stun.Levels[lvl]; l.AttackerBonus != 0 {
			from = append(from, Bonus{From: l.Name, Melee: l.AttackerBonus, Ranged: l.AttackerBonus})
		}
	}
	for _, cond := range c.Conditions {
		d, ok := rs.Condition(cond.ID)
		if ok && (d.MeleeBonus != 0 || d.RangedBonus != 0) && !stunCounts(rs, c, cond) && !voided(rs, c, cond.ID) {
			from = append(from, Bonus{From: d.Name, Melee: d.MeleeBonus, Ranged: d.RangedBonus})
		}
	}
	for _, b := range from {
		melee += b.Melee
		ranged += b.Ranged
	}
	// What the declarations give ranged attackers is the declarer standing
	// still (countdown's no movement and careful aim: Target stationary
	// +10): counted once, the largest, however many declare it.
	most := 0
	for _, x := range c.Declared {
		if d, ok := rs.Declaration(x.ID); ok && d.RangedBonus != 0 {
			from = append(from, Bonus{From: d.Name, Ranged: d.RangedBonus})
			most = max(most, d.RangedBonus)
		}
	}
	return melee, ranged + most, from
}

// tableDamage does what a table row's damage says to the one it was
// rolled for (table.damage, table.weapon_damage), armour not counted; with
// table.limb_field, at the limb the weapon being used names (usedWeapon).
func (t *tx) tableDamage(c *Combatant, def rules.ConditionDef, row rules.TableRow) {
	var parts []dice.Expr
	fact := TableDamage{Condition: def.ID}
	switch {
	case !row.Damage.IsZero():
		parts = []dice.Expr{row.Damage}
	case row.WeaponDamage:
		w := t.usedWeapon(c) // gear.go
		if w == nil {
			return
		}
		fact.Weapon = Text(w.Name)
		parts = []dice.Expr{w.Damage}
		if !w.Bonus.IsZero() {
			parts = append(parts, w.Bonus)
		}
	default:
		return
	}
	total := 0
	for _, e := range parts {
		r, err := t.roller.Roll(e, t.statsOf(c))
		if err != nil {
			return
		}
		if e.HasDice() || fact.Weapon != "" {
			t.log(EvRoll, of(c), &r, fact)
		}
		total += r.Total
	}
	hit := Damage{Who: c.ID, Amount: max(total, 0), Bare: true}
	if row.LimbField != "" && t.locationsOn() {
		v, ok := handStat(t.rs, c, row.LimbField, t.statsOf(c))
		if w := t.usedWeapon(c); w != nil {
			v, ok = weaponStat(t.rs, w.Weapon, row.LimbField, t.statsOf(c))
		}
		if ok {
			if l, ok := t.rs.HitLocationAt(v); ok {
				hit.Location = l.ID
			}
		}
	}
	if err := t.damage(hit); err == nil {
		t.vitals(c)
	}
}
