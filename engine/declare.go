package engine

import (
	"fmt"
	"maps"
	"slices"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Declarations are what a combatant declared this round.
type Declarations struct {
	Declared []Declared `toml:"declared,omitempty"`
	// LostEarly are actions lost this round before its initiative was
	// rolled (a check's outcome during the declarations): there was no
	// action in the order to take yet, so they are given up with what the
	// declarations give up as initiative is rolled.
	LostEarly int `toml:"lost_early,omitzero"`
	// LostNext are actions lost with none left in this round's order to
	// take (lost_actions.next_round): the next round's LostEarly.
	LostNext int `toml:"lost_next,omitzero"`
}

// Clone returns a deep copy.
func (p Declarations) Clone() Declarations {
	p.Declared = slices.Clone(p.Declared)
	return p
}

// Declarations: what a combatant declares at the start of a round, before
// initiative is rolled (order.roll_after): its movement, a weapon drawn, a
// stance. Each adds to every action's initiative this round, gives up
// actions, and adds to its stats for the round; all are cleared as the next
// round starts.

// HasDeclared reports whether the declaration id was made this round.
func (p Declarations) HasDeclared(id string) bool {
	return slices.ContainsFunc(p.Declared, func(x Declared) bool { return x.ID == id })
}

// Declared is a declaration a combatant made this round, with its amount.
type Declared struct {
	ID     string `toml:"id"`
	Amount int    `toml:"amount,omitzero"`
	// Paid: the amount has been paid from the declaration's pool (pays).
	Paid bool `toml:"paid,omitempty"`
	// Holds: it gave up the round's every action, and holds into the
	// next (rules.Declaration.Carries).
	Holds bool `toml:"holds,omitempty"`
	// Carried: it holds from the round before, and gives up nothing now.
	Carried bool `toml:"carried,omitempty"`
}

// declared finds the declaration a command names for a combatant, once
// the rules allow one now.
func (t *tx) declared(who int, id string) (*Combatant, rules.Declaration, error) {
	c, err := t.who(who)
	if err != nil {
		return nil, rules.Declaration{}, err
	}
	if err := t.running(); err != nil {
		return nil, rules.Declaration{}, err
	}
	d, ok := t.rs.Declaration(id)
	if !ok {
		return nil, d, fmt.Errorf("%s has no declaration %q", t.rs.Name, id)
	}
	switch {
	case t.declaring():
	case t.rs.Order.RollAfter == "":
		// A rank order takes them in its own phase, no initiative rolled
		// (BRP's statements, l.19).
		return nil, d, fmt.Errorf("declarations are made in the %s phase, not now", t.rollAfterName())
	default:
		return nil, d, fmt.Errorf("declarations are made before initiative is rolled, in the %s phase", t.rollAfterName())
	}
	return c, d, nil
}

// undeclare takes back a declaration made this round.
func (t *tx) undeclare(cmd Undeclare) error {
	c, d, err := t.declared(cmd.Who, cmd.Declaration)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(c.Declared, func(x Declared) bool { return x.ID == d.ID })
	if i < 0 {
		return fmt.Errorf("%s has not declared %s", c.Name, d.Name)
	}
	c.Declared = slices.Delete(c.Declared, i, i+1)
	t.log(EvCondition, of(c), nil, Undeclared{Declaration: d.ID})
	return nil
}

// declare records a declaration. It is made before this round's
// initiative is rolled.
func (t *tx) declare(cmd Declare) error {
	c, d, err := t.declared(cmd.Who, cmd.Declaration)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(c.Declared, func(x Declared) bool { return x.ID == d.ID })
	amount := 0
	if !d.Amount.IsZero() {
		most, err := formula(d.Amount, t.amountStats(c))
		if err != nil {
			return err
		}
		if most < 1 && d.Pays == "" {
			return fmt.Errorf("%s cannot declare %s: at most %d", c.Name, d.Name, most)
		}
		least := 1
		if d.Pays != "" {
			least = 0 // a power that costs nothing
		}
		if cmd.Amount < least || cmd.Amount > most {
			return fmt.Errorf("%s: an amount from %d to %d", d.Name, least, most)
		}
		amount = cmd.Amount
	}
	if err := t.excluded(c, d); err != nil {
		return err
	}
	if d.Moves {
		for _, cond := range c.Conditions {
			if def, ok := t.rs.Condition(cond.ID); ok && def.NoMovement {
				return fmt.Errorf("%s %s: cannot move (%s)", c.Name, being(def, "is"), d.Name)
			}
		}
	}
	x := Declared{ID: d.ID, Amount: amount}
	from, to, ranked := RankDeclaring(t.rs, c, d.ID, amount)
	if i >= 0 && !d.Repeat {
		c.Declared[i] = x
	} else {
		c.Declared = append(c.Declared, x)
	}
	said := Declares{Declaration: d.ID, Amount: x.Amount, Stats: DeclaredMods(t.rs, c, x)}
	if ranked {
		said.From, said.To = from, to
	}
	t.log(EvCondition, of(c), nil, said)
	return nil
}

// DeclareExcluded says why c may not declare d beside what it declared
// already this round ("not with Full move"), before an amount is asked;
// "" when it may. The refusal names c and d besides (excluded).
func DeclareExcluded(rs *rules.Ruleset, c *Combatant, d rules.Declaration) string {
	for _, x := range c.Declared {
		o, ok := rs.Declaration(x.ID)
		if !ok || o.ID == d.ID {
			continue
		}
		switch {
		case o.Alone:
			return o.Name + " takes nothing else this round"
		case d.Alone:
			return "it takes nothing else this round, and " + o.Name + " is declared"
		case slices.Contains(d.Excludes, o.ID) || slices.Contains(o.Excludes, d.ID):
			return "not with " + o.Name
		}
	}
	return ""
}

// excluded refuses a declaration that contradicts one made already this
// round: either excludes the other, or either stands alone.
func (t *tx) excluded(c *Combatant, d rules.Declaration) error {
	if why := DeclareExcluded(t.rs, c, d); why != "" {
		return fmt.Errorf("%s cannot declare %s: %s", c.Name, d.Name, why)
	}
	return nil
}

// declaring reports whether this round's initiative is still to be rolled.
func (t *tx) declaring() bool {
	ra := t.rs.Order.RollAfter
	if ra == "" {
		ra = t.rs.Order.DeclarePhase
	}
	if ra == "" {
		return false
	}
	phases := t.rs.RoundPhases()
	i := slices.IndexFunc(phases, func(p rules.Phase) bool { return p.ID == ra })
	return t.enc.Phase <= i
}

func (t *tx) rollAfterName() string {
	for _, p := range t.rs.RoundPhases() {
		if p.ID == t.rs.Order.RollAfter || p.ID == t.rs.Order.DeclarePhase {
			return p.Name
		}
	}
	return "first"
}

// DeclaredMods are what a declaration adds to each stat it names, by the
// stat's name (the log and the panel show them: "SC -20, DEF +10").
func DeclaredMods(rs *rules.Ruleset, c *Combatant, x Declared) []StatMod {
	d, ok := rs.Declaration(x.ID)
	if !ok {
		return nil
	}
	var out []StatMod
	for _, k := range slices.Sorted(maps.Keys(d.Stats)) {
		if v, err := formula(d.Stats[k], declaredStats(c, x)); err == nil {
			out = append(out, StatMod{Stat: k, Mod: v})
		}
	}
	return out
}

// declaredStats are what a declaration's stat formulas read: the
// combatant's own stats, before any declaration, and the amount declared.
func declaredStats(c *Combatant, x Declared) func(string) (int, bool) {
	return func(name string) (int, bool) {
		if name == rules.DeclaredAmount {
			return x.Amount, true
		}
		switch name {
		case "HP":
			if _, ok := c.Stats[name]; !ok {
				return c.HP, true
			}
		case "MAX_HP":
			if _, ok := c.Stats[name]; !ok {
				return c.MaxHP, true
			}
		}
		v, ok := c.Stats[name]
		return v, ok
	}
}

func (t *tx) rawStats(c *Combatant) func(string) (int, bool) {
	return declaredStats(c, Declared{})
}

// DeclareMost is the most of the declaration d the combatant may declare
// now (its amount, a formula of its stats and pools).
func DeclareMost(rs *rules.Ruleset, c *Combatant, d rules.Declaration) (int, error) {
	t := &tx{rs: rs}
	return formula(d.Amount, t.amountStats(c))
}

// amountStats is what a declaration's most (amount) reads: the raw stats,
// and the pools as they stand (BRP's power points left).
func (t *tx) amountStats(c *Combatant) func(string) (int, bool) {
	raw := t.rawStats(c)
	return func(name string) (int, bool) {
		if v, ok := poolValue(t.rs, c, name); ok {
			return v, true
		}
		return raw(name)
	}
}

// DeclaredStat is what a combatant's declarations add to a stat this round.
func DeclaredStat(rs *rules.Ruleset, c *Combatant, stat string) int {
	n := 0
	for _, x := range c.Declared {
		d, ok := rs.Declaration(x.ID)
		if !ok {
			continue
		}
		if e, ok := d.Stats[stat]; ok {
			if v, err := formula(e, declaredStats(c, x)); err == nil {
				n += v
			}
		}
	}
	return n
}

// declaredActions is how a combatant's declarations change its round: the
// actions it keeps of n, the initiative added to each, and why. What each
// declaration gives up is added to the others' (a shield readied and a
// potion drunk, half a round each, are the whole round; another free
// action costs an action on top), never more than n.
func (t *tx) declaredActions(c *Combatant, n int) (keep, init int) {
	lose, penalties := 0, 0
	why := ActionsGivenUp{Of: n}
	for _, x := range c.Declared {
		d, ok := t.rs.Declaration(x.ID)
		if !ok {
			continue
		}
		init += d.Initiative
		if d.Initiative < 0 {
			penalties++
		}
		if x.Carried {
			continue // given up the round before
		}
		if l := d.Lose.Of(n); l > 0 {
			lose += l // each takes its share of the round: two halves are all of it
			why.Declarations = append(why.Declarations, d.ID)
		}
	}
	if k := t.rs.Order.DeclaredPenaltiesLose; k > 0 && penalties >= k {
		lose++
		why.Penalties = penalties
	}
	lose += c.LostEarly
	why.Before = c.LostEarly
	lose = min(lose, n)
	for i, x := range c.Declared {
		d, _ := t.rs.Declaration(x.ID)
		c.Declared[i].Holds = d.Carries && !x.Carried && lose == n && slices.Contains(why.Declarations, d.ID)
		if c.Declared[i].Holds {
			why.Holds = append(why.Holds, d.ID)
		}
	}
	if lose > 0 {
		why.Lost = lose
		t.log(EvLost, of(c), nil, why)
	}
	return n - lose, init
}

// declareAt clears the round's declarations as the next round starts,
// but for those that gave up all the last round's actions and carry into
// this one (rules.Declaration.Carries).
func (t *tx) declareAt(c *Combatant, _ moment) {
	var held []Declared
	for _, x := range c.Declared {
		if x.Holds {
			held = append(held, Declared{ID: x.ID, Amount: x.Amount, Carried: true})
			t.log(EvCondition, of(c), nil, Declares{Declaration: x.ID, Amount: x.Amount, Carried: true,
				Stats: DeclaredMods(t.rs, c, x)})
		}
	}
	c.Declared = held
	c.LostEarly, c.LostNext = c.LostNext, 0
}

// initiativeToCome reports whether this round's actions are still to be
// rolled, after its declarations (order.roll_after): an action lost now
// has no entry to take.
func (t *tx) initiativeToCome() bool {
	return t.rs.Order.RollAfter != "" && t.declaring()
}

// rankDeclared is the declaration c made this round that places its
// action on another stat's rank (declarations[].rank), if any.
func rankDeclared(rs *rules.Ruleset, c *Combatant) (rules.Declaration, bool) {
	for _, x := range c.Declared {
		if d, ok := rs.Declaration(x.ID); ok && d.Rank != "" {
			return d, true
		}
	}
	return rules.Declaration{}, false
}

// declaredPaysAt pays what c declared for the phase whose step it leaves
// (declarations[].pays): the amount declared, from the pool, once. In the
// action phase, it is the declaration that placed the step on its rank.
func (t *tx) declaredPaysAt(c *Combatant, m moment) {
	i := slices.IndexFunc(t.rs.Phases, func(p rules.Phase) bool { return p.ID == m.phase })
	if i < 0 {
		return
	}
	d, ok := t.rs.Declaration(t.rs.Phases[i].Declared)
	if t.rs.Phases[i].Actions {
		d, ok = rankDeclared(t.rs, c)
	}
	if !ok || d.Pays == "" {
		return
	}
	j := slices.IndexFunc(c.Declared, func(x Declared) bool { return x.ID == d.ID })
	if j < 0 || c.Declared[j].Paid || c.Declared[j].Amount == 0 {
		return
	}
	c.Declared[j].Paid = true
	t.setPool(c, d.Pays, c.Pools[d.Pays]-c.Declared[j].Amount, poolWhy{declaration: d.ID})
}

// rankOf is a combatant's rank this round in a rank order: its initiative,
// divided by what it declared (rounded up: a mover still acts), then what
// its declarations add. The book applies movement before the 5-rank steps
// of further actions, which actionEntries adds.
func (t *tx) rankOf(c *Combatant) int {
	return rankWith(t.rs, c, t.statsOf(c), c.Declared)
}

// rankWith is rankOf as it would be with these declarations.
func rankWith(rs *rules.Ruleset, c *Combatant, stats dice.StatFunc, declared []Declared) int {
	v := c.Init
	for _, x := range declared {
		if d, ok := rs.Declaration(x.ID); ok && d.Rank != "" {
			v, _ = stats(d.Rank) // its action on that stat's rank (BRP's power on INT, l.63)
			break
		}
	}
	add := 0
	for _, x := range declared {
		d, ok := rs.Declaration(x.ID)
		if !ok {
			continue
		}
		if d.Divide > 1 {
			v = (v + d.Divide - 1) / d.Divide
		}
		add += d.Initiative + d.PerAmount*x.Amount
	}
	return v + add
}

// RankDeclaring is where a declaration of a step for each of its amount
// (per_amount, in a rank order) leaves a combatant's rank this round: from
// its rank with the rest of what it declared, to its rank with amount of
// it too (ok false: the declaration moves no rank). BRP's extra non-combat
// actions: DEX 13, three stated, from 13 to -2.
func RankDeclaring(rs *rules.Ruleset, c *Combatant, id string, amount int) (from, to int, ok bool) {
	d, found := rs.Declaration(id)
	if !found || d.PerAmount == 0 || rs.Order.Kind != rules.OrderRank {
		return 0, 0, false
	}
	rest := slices.Clone(c.Declared)
	if !d.Repeat {
		rest = slices.DeleteFunc(rest, func(x Declared) bool { return x.ID == id })
	}
	stats := statsOf(rs, c)
	return rankWith(rs, c, stats, rest), rankWith(rs, c, stats, append(rest, Declared{ID: id, Amount: amount})), true
}

// rerank rebuilds the ranks of those who declared, once the phase of
// declarations ends (order.declare_phase): the ranks hold for this round.
func (t *tx) rerank() {
	changed := false
	for i := range t.enc.Combatants {
		if len(t.enc.Combatants[i].Declared) == 0 {
			continue
		}
		c := t.at(i)
		old := map[int]Entry{}
		t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(e Entry) bool {
			if e.Who == c.ID {
				old[e.Action] = e
			}
			return e.Who == c.ID
		})
		es, err := t.actionEntries(c, nil)
		if err != nil {
			t.log(EvOrder, of(c), nil, Problem{Err: Text(err.Error())})
		}
		for _, e := range es {
			if o, ok := old[e.Action]; ok {
				e.Started, e.Waiting = o.Started, o.Waiting
			}
			t.insertEntry(e)
		}
		changed = true
	}
	if changed {
		t.logOrder()
	}
}

// movedStuckAt hurts, as the round ends, one that declared a move this
// round while a condition with moving_stuck_divide holds: each weapon stuck
// in it (not what a weapon shot, lodged: an arrow) rolls its damage dice again (not the wielder's bonus), divided and
// rounded up, armour ignored, at the location it struck (BRP l.389: "half
// the weapon's damage roll ... without the damage modifier or armor
// protection ... to the same hit location").
func (t *tx) movedStuckAt(c *Combatant, _ moment) {
	if c.Out || !slices.ContainsFunc(c.Declared, func(x Declared) bool {
		d, ok := t.rs.Declaration(x.ID)
		return ok && d.Moves
	}) {
		return
	}
	div := 0
	for _, cond := range c.Conditions {
		if def, ok := t.rs.Condition(cond.ID); ok && def.MovingStuckDivide > 0 {
			div = def.MovingStuckDivide
			break
		}
	}
	if div == 0 {
		return
	}
	for _, x := range t.enc.Combatants {
		for _, w := range x.Weapons {
			if w.State != rules.FateStuck || w.In != c.ID || w.Damage.IsZero() || w.Lodged {
				continue
			}
			r, err := t.roller.Roll(w.Damage, t.statsOf(x))
			if err != nil {
				continue
			}
			n := (max(r.Total, 0) + div - 1) / div
			t.log(EvRoll, of(c), &r, StuckMoveHurts{Weapon: Text(w.Name), From: of(x), Rolled: max(r.Total, 0), Divide: div, Amount: n})
			at := ""
			if t.locationsOn() {
				at = w.At
			}
			if err := t.damage(Damage{Who: c.ID, Amount: n, Bare: true, Location: at}); err != nil {
				return // nothing to hurt (out of the fight)
			}
		}
	}
}
