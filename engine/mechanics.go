package engine

import (
	"fmt"
	"fray/engine/dice"
	"fray/engine/rules"
	"slices"
	"strings"
)

// Condition is a condition a combatant has.
type Condition struct {
	ID string `toml:"id"`
	// Left is the rounds left of a condition that lasts rounds.
	Left int `toml:"left,omitzero"`
	// Until is the round at whose end the condition ends (end_of_round kinds).
	Until int `toml:"until,omitzero"`
	// Parent names the condition that brought this one with it.
	Parent string `toml:"parent,omitempty"`
	// Cause is set when the rules gave the condition (hp, stun, penalty) and
	// will take it away again when the cause ends.
	Cause string `toml:"cause,omitempty"`
	// Turns counts the own turns begun under the condition.
	Turns int `toml:"turns,omitzero"`
}

// Wound is a bleeding wound.
type Wound struct {
	// Rate is the hits lost each turn now; Natural what it would be
	// untreated (first aid lowers Rate only; clotting lowers both).
	Rate    int `toml:"rate"`
	Natural int `toml:"natural"`
	Round   int `toml:"round"` // the round it was dealt in
	// Treated wounds restrict the combatant until Natural reaches 0.
	Treated bool `toml:"treated,omitempty"`
}

// Injury is a lasting penalty from a critical.
type Injury struct {
	Text    string `toml:"text"`
	Penalty int    `toml:"penalty"`
}

// Extended is an extended action under way.
type Extended struct {
	Action string `toml:"action"`
	Paid   int    `toml:"paid"`
	Total  int    `toml:"total"`
}

// Command ops of the mechanics.
const (
	OpStun       = "stun"        // Text: level id, Value: rounds
	OpWound      = "wound"       // Value: hits per round
	OpFirstAid   = "first_aid"   // Who: the patient, Action: the wound, After: the healer (0: the patient)
	OpCondition  = "condition"   // Text: id; Value: rounds (0: the default); Action 1 removes
	OpSpend      = "spend"       // Text: the action id
	OpInjury     = "injury"      // Value: the penalty (negative), Text: what it is
	OpAbandon    = "abandon"     // drop an extended action under way
	OpResist     = "resist"      // Who resists: Value attack level, Action defender level, Expr modifier, Text what
	OpParry      = "parry"       // Who parries once more this round
	OpInitRounds = "init_rounds" // Who gains Value rounds of initiative from a critical
)

// Event kinds of the mechanics.
const (
	EvStun      = "stun"
	EvBleed     = "bleed"
	EvCondition = "condition"
	EvSpend     = "spend"
	EvInjury    = "injury"
)

// Has reports whether the combatant has the condition.
func (c *Combatant) Has(id string) bool {
	return slices.ContainsFunc(c.Conditions, func(x Condition) bool { return x.ID == id })
}

// ---------------------------------------------------------------- conditions

// addCondition gives a condition and the ones it implies.
func (t *tx) addCondition(c *Combatant, id string, rounds int, parent, cause string) error {
	def, ok := t.rs.Condition(id)
	if !ok {
		return fmt.Errorf("%s has no condition %q", t.rs.Name, id)
	}
	if c.Has(id) {
		if rounds > 0 {
			for i := range c.Conditions {
				if c.Conditions[i].ID == id {
					c.Conditions[i].Left = max(c.Conditions[i].Left, rounds)
				}
			}
		}
		return nil
	}
	cond := Condition{ID: id, Parent: parent, Cause: cause}
	switch def.Duration {
	case rules.ForRounds:
		cond.Left = def.Rounds
		if rounds > 0 {
			cond.Left = rounds
		}
	case rules.UntilRoundEnd:
		cond.Until = max(t.enc.Round, 1)
	case rules.UntilNextRoundEnd:
		cond.Until = max(t.enc.Round, 1) + 1
	default:
		if rounds > 0 { // a duration the GM gave
			cond.Left = rounds
		}
	}
	c.Conditions = append(c.Conditions, cond)
	how := ""
	if cond.Left > 0 {
		how = fmt.Sprintf(" for %d round%s", cond.Left, plural(cond.Left))
	}
	if parent == "" {
		t.log(EvCondition, c.ID, nil, "%s is %s%s", c.Name, def.Name, how)
	}
	for _, imp := range def.Implies {
		if err := t.addCondition(c, imp, 0, id, ""); err != nil {
			return err
		}
	}
	return nil
}

// removeCondition takes a condition away with the ones it brought. A
// condition another one still implies stays.
func (t *tx) removeCondition(c *Combatant, id string, quiet bool) error {
	i := slices.IndexFunc(c.Conditions, func(x Condition) bool { return x.ID == id })
	if i < 0 {
		return fmt.Errorf("%s is not %s", c.Name, t.condName(id))
	}
	if p := c.Conditions[i].Parent; p != "" && c.Has(p) {
		return fmt.Errorf("%s comes with %s: remove that instead", t.condName(id), t.condName(p))
	}
	c.Conditions = slices.Delete(c.Conditions, i, i+1)
	if !quiet {
		t.log(EvCondition, c.ID, nil, "%s is no longer %s", c.Name, t.condName(id))
	}
	for _, d := range slices.Clone(c.Conditions) {
		if d.Parent == id {
			t.removeCondition(c, d.ID, true)
		}
	}
	return nil
}

func (t *tx) condName(id string) string {
	if d, ok := t.rs.Condition(id); ok {
		return d.Name
	}
	return id
}

func (t *tx) condition(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Action == 1 {
		return t.removeCondition(c, cmd.Text, false)
	}
	if cmd.Value < 0 || cmd.Value > 10000 {
		return fmt.Errorf("a duration is between 1 and 10000 rounds")
	}
	if c.Has(cmd.Text) && cmd.Value == 0 {
		return fmt.Errorf("%s is %s already", c.Name, t.condName(cmd.Text))
	}
	if err := t.addCondition(c, cmd.Text, cmd.Value, "", ""); err != nil {
		return err
	}
	t.vitals(c)
	return nil
}

// conditionsAt runs what conditions do at a point of the clock: checks and
// tables at the start of an own turn, expiry where their duration says.
func (t *tx) conditionsAt(c *Combatant, at rules.Point) {
	for _, cond := range slices.Clone(c.Conditions) {
		def, ok := t.rs.Condition(cond.ID)
		if !ok || !c.Has(cond.ID) {
			continue
		}
		idx := slices.IndexFunc(c.Conditions, func(x Condition) bool { return x.ID == cond.ID })
		cur := &c.Conditions[idx]
		if at == rules.AtOwnTurnStart && cond.Parent == "" {
			cur.Turns++
			if def.Turns > 0 && cur.Turns >= def.Turns {
				t.removeCondition(c, cond.ID, true)
				t.log(EvCondition, c.ID, nil, "%s is no longer %s (turn %d)", c.Name, def.Name, cur.Turns)
				continue
			}
			if !def.Check.IsZero() {
				r, err := t.roll(c, def.Check, def.Name+" check")
				if err == nil && r.Total >= def.CheckTarget {
					t.removeCondition(c, cond.ID, true)
					t.log(EvCondition, c.ID, nil, "%s recovers: no longer %s", c.Name, def.Name)
					continue
				}
				if err == nil {
					t.log(EvCondition, c.ID, nil, "%s is still %s", c.Name, def.Name)
				}
			}
			if !def.TableRoll.IsZero() {
				if r, err := t.roll(c, def.TableRoll, def.Name); err == nil {
					for _, row := range def.Table {
						if r.Total <= row.UpTo {
							t.log(EvCondition, c.ID, nil, "%s (%s): %s", c.Name, def.Name, row.Text)
							break
						}
					}
				}
			}
		}
		expires := def.Expires
		if expires == "" {
			expires = rules.AtRoundEnd
		}
		switch {
		case cond.Parent != "":
		case def.Duration == rules.UntilRoundEnd || def.Duration == rules.UntilNextRoundEnd:
			if at == rules.AtRoundEnd && cur.Until <= t.enc.Round {
				t.removeCondition(c, cond.ID, true)
				t.log(EvCondition, c.ID, nil, "%s is no longer %s", c.Name, def.Name)
			}
		case cur.Left > 0 && at == expires:
			cur.Left--
			if cur.Left == 0 {
				t.removeCondition(c, cond.ID, true)
				t.log(EvCondition, c.ID, nil, "%s is no longer %s", c.Name, def.Name)
			}
		}
	}
}

// ---------------------------------------------------------------- stun

// StunTotal is every stun round a combatant carries, held ones included.
func StunTotal(c *Combatant) int {
	n := 0
	for _, v := range c.Stun {
		n += v
	}
	for _, v := range c.StunHeld {
		n += v
	}
	return n
}

// StunNow is the stun level that binds the combatant now (-1: none) and
// whether a recovery roll set it aside this turn.
func StunNow(rs *rules.Ruleset, c *Combatant) (level int, ignored bool) {
	worst := slices.IndexFunc(c.Stun, func(v int) bool { return v > 0 })
	if worst < 0 {
		return -1, false
	}
	switch c.StunEase {
	case 2:
		return -1, true
	case 1:
		if worst+1 >= len(rs.Stun.Levels) {
			return -1, true
		}
		return worst + 1, false
	}
	return worst, false
}

func (t *tx) stun(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	st := t.rs.Stun
	if st.Kind != rules.StunLadder {
		return fmt.Errorf("%s keeps no stun ladder", t.rs.Name)
	}
	lvl := slices.IndexFunc(st.Levels, func(l rules.StunLevel) bool { return l.ID == cmd.Text })
	if lvl < 0 {
		return fmt.Errorf("no stun level %q", cmd.Text)
	}
	if cmd.Value < 1 || cmd.Value > 1000 {
		return fmt.Errorf("stun is 1 to 1000 rounds")
	}
	grow := func(s []int) []int {
		for len(s) < len(st.Levels) {
			s = append(s, 0)
		}
		return s
	}
	c.Stun, c.StunHeld = grow(c.Stun), grow(c.StunHeld)
	if c.StunEase == 2 {
		// Shrugged off this turn: it counts, but bites from the next turn.
		c.StunHeld[lvl] += cmd.Value
		t.log(EvStun, c.ID, nil, "%s takes %d round%s of %s (held off until the next turn; %d in all)", c.Name, cmd.Value, plural(cmd.Value), st.Levels[lvl].Name, StunTotal(c))
	} else {
		c.Stun[lvl] += cmd.Value
		t.log(EvStun, c.ID, nil, "%s takes %d round%s of %s (%d in all)", c.Name, cmd.Value, plural(cmd.Value), st.Levels[lvl].Name, StunTotal(c))
	}
	t.vitals(c)
	return nil
}

// stunTurn runs the stun ladder at the start of an own turn: the worst
// round is marked off, held stun joins, and while stun remains the
// recovery roll decides what binds this turn.
func (t *tx) stunTurn(c *Combatant) {
	st := t.rs.Stun
	if st.Kind != rules.StunLadder || StunTotal(c) == 0 {
		c.StunEase = 0
		return
	}
	c.StunEase = 0
	if worst := slices.IndexFunc(c.Stun, func(v int) bool { return v > 0 }); worst >= 0 {
		c.Stun[worst]--
		t.log(EvStun, c.ID, nil, "%s shakes off a round of %s", c.Name, st.Levels[worst].Name)
	}
	for i, v := range c.StunHeld {
		c.Stun[i] += v
		c.StunHeld[i] = 0
	}
	total := StunTotal(c)
	if total == 0 {
		c.Stun, c.StunHeld = nil, nil
		t.log(EvStun, c.ID, nil, "%s is no longer stunned", c.Name)
		return
	}
	mod := 0
	for _, m := range st.Modifiers {
		if total >= m.From {
			mod = m.Mod
		}
	}
	r, err := t.roller.Roll(st.Recovery, t.statsOf(c))
	if err != nil {
		t.log(EvStun, c.ID, nil, "%s: stun recovery: %v", c.Name, err)
		return
	}
	got := r.Total + mod
	verdict := "stays stunned"
	switch {
	case got >= st.Target:
		c.StunEase, verdict = 2, "shrugs off the stun this turn"
	case st.Partial > 0 && got >= st.Partial:
		c.StunEase, verdict = 1, "eases the stun a level this turn"
	}
	t.log(EvRoll, c.ID, &r, "%s %s: %d: %s, %+d for %d round%s of stun", c.Name, verdict, got, r, mod, total, plural(total))
}

// ---------------------------------------------------------------- wounds

func (t *tx) wound(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Value < 1 || cmd.Value > 1000 {
		return fmt.Errorf("a wound bleeds 1 to 1000 hits a round")
	}
	c.Wounds = append(c.Wounds, Wound{Rate: cmd.Value, Natural: cmd.Value, Round: max(t.enc.Round, 1)})
	t.log(EvBleed, c.ID, nil, "%s bleeds %d a round from a new wound (%d a round in all)", c.Name, cmd.Value, Bleeding(c))
	return nil
}

// Bleeding is the hits a combatant loses each turn.
func Bleeding(c *Combatant) int {
	n := 0
	for _, w := range c.Wounds {
		n += w.Rate
	}
	return n
}

func (t *tx) bleed(c *Combatant) {
	n := Bleeding(c)
	if n == 0 {
		return
	}
	before := c.HP
	c.HP = max(c.HP-n, -dice.MaxStat)
	t.log(EvBleed, c.ID, nil, "%s bleeds %d (%d -> %d %s)", c.Name, n, before, c.HP, t.hpName())
	t.events[len(t.events)-1].HP = c.HP - before
	t.vitals(c)
}

// clot slows each wound by 1 every `every` rounds of its age.
func (t *tx) clot(c *Combatant, every int) {
	for i := range c.Wounds {
		w := &c.Wounds[i]
		age := t.enc.Round - w.Round + 1
		if w.Natural <= 0 || age%every != 0 {
			continue
		}
		w.Natural--
		if w.Rate > 0 {
			w.Rate--
			t.log(EvBleed, c.ID, nil, "%s's wound clots: %d a round now", c.Name, w.Rate)
		}
		if w.Treated && w.Natural == 0 {
			t.log(EvBleed, c.ID, nil, "%s's treated wound has closed: no more restrictions from it", c.Name)
		}
	}
	c.Wounds = slices.DeleteFunc(c.Wounds, func(w Wound) bool { return w.Natural <= 0 && w.Rate <= 0 })
}

// Restricted reports whether a treated wound still restricts the combatant.
func Restricted(c *Combatant) bool {
	return slices.ContainsFunc(c.Wounds, func(w Wound) bool { return w.Treated && w.Natural > 0 })
}

func (t *tx) firstAid(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	healer := c
	if cmd.After != 0 {
		if healer, err = t.who(cmd.After); err != nil {
			return err
		}
	}
	if cmd.Action < 0 || cmd.Action >= len(c.Wounds) {
		return fmt.Errorf("%s has no wound #%d", c.Name, cmd.Action+1)
	}
	wr := t.rs.Wounds
	if wr.Check.IsZero() {
		return fmt.Errorf("%s has no first aid", t.rs.Name)
	}
	r, err := t.roll(healer, wr.Check, "First Aid")
	if err != nil {
		return err
	}
	if r.Total < wr.Target {
		t.log(EvBleed, c.ID, nil, "First Aid on %s fails (%d, needs %d)", c.Name, r.Total, wr.Target)
		return nil
	}
	w := &c.Wounds[cmd.Action]
	before := w.Rate
	if w.Rate <= wr.Halt {
		w.Rate = 0
	} else {
		w.Rate -= wr.Reduce
	}
	w.Treated = true
	t.log(EvBleed, c.ID, nil, "First Aid on %s: the wound bleeds %d a round, was %d; restricted until it would have clotted", c.Name, w.Rate, before)
	return nil
}

// reopen starts treated wounds bleeding again at their natural rate.
func (t *tx) reopen(c *Combatant) {
	for i := range c.Wounds {
		w := &c.Wounds[i]
		if w.Treated && w.Natural > 0 {
			w.Treated, w.Rate = false, w.Natural
			t.log(EvBleed, c.ID, nil, "%s's treated wound reopens: %d a round", c.Name, w.Rate)
		}
	}
}

// ---------------------------------------------------------------- injury

// Penalty is a combatant's total penalty from hit points lost and critical injuries.
func Penalty(rs *rules.Ruleset, c *Combatant) int {
	return bandPenalty(rs, c) + injuryPenalty(c)
}

func bandPenalty(rs *rules.Ruleset, c *Combatant) int {
	best, pen := 101, 0
	for _, th := range rs.Thresholds {
		if c.MaxHP > 0 && c.HP*100 < th.Below*c.MaxHP && th.Below < best {
			best, pen = th.Below, th.Penalty
		}
	}
	return pen
}

func injuryPenalty(c *Combatant) int {
	n := 0
	for _, in := range c.Injuries {
		n += in.Penalty
	}
	return n
}

// InjuryBand is the injury band a combatant is in ("" when unhurt).
func InjuryBand(rs *rules.Ruleset, c *Combatant) string {
	best, out := 101, ""
	for _, th := range rs.Thresholds {
		if c.MaxHP > 0 && c.HP*100 < th.Below*c.MaxHP && th.Below < best {
			best, out = th.Below, th.Summary
		}
	}
	return out
}

func (t *tx) injury(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Value > 0 || cmd.Value < -1000 {
		return fmt.Errorf("an injury's penalty is between -1 and -1000")
	}
	text := strings.TrimSpace(cmd.Text)
	if text == "" {
		text = "critical injury"
	}
	c.Injuries = append(c.Injuries, Injury{Text: text, Penalty: cmd.Value})
	t.log(EvInjury, c.ID, nil, "%s: %s (%d); total penalty %d", c.Name, text, cmd.Value, Penalty(t.rs, c))
	t.vitals(c)
	return nil
}

// vitals gives or takes away what hit points, stun and penalties cause:
// out of the order, unconscious, dead, a stun level's condition.
func (t *tx) vitals(c *Combatant) {
	hp := t.rs.HP
	out := !hp.KeepActing && c.HP <= hp.OutAt
	switch {
	case out && !c.Out:
		c.Out = true
		t.log(EvOut, c.ID, nil, "%s is down", c.Name)
	case !out && c.Out:
		c.Out = false
		t.log(EvOut, c.ID, nil, "%s is back in the fight", c.Name)
	}
	if dead := hp.DeadCondition; dead != "" && !c.Has(dead) {
		if r, err := t.roller.Roll(hp.DeadAt, t.statsOf(c)); err == nil && c.HP <= r.Total {
			t.addCondition(c, dead, 0, "", "hp")
		}
	}
	// Knocked out by hits, by stun or by penalties, while the cause lasts.
	var cause string
	switch {
	case hp.OutCondition != "" && c.HP <= hp.OutAt && !hp.KeepActing:
		cause = "hp"
	case !t.rs.Stun.UnconsciousAt.IsZero() && t.stunOut(c):
		cause = "stun"
	case hp.PenaltyOut < 0 && Penalty(t.rs, c) <= hp.PenaltyOut:
		cause = "penalty"
	}
	ko := hp.OutCondition
	if ko == "" {
		ko = t.rs.Stun.Condition
	}
	if ko != "" {
		i := slices.IndexFunc(c.Conditions, func(x Condition) bool { return x.ID == ko })
		switch {
		case cause != "" && i < 0:
			t.addCondition(c, ko, 0, "", cause)
		case cause == "" && i >= 0 && c.Conditions[i].Cause != "":
			t.removeCondition(c, ko, true)
			t.log(EvCondition, c.ID, nil, "%s comes to", c.Name)
		}
	}
	// The binding stun level's condition (downed: prone).
	lvl, _ := StunNow(t.rs, c)
	for i, l := range t.rs.Stun.Levels {
		if l.Condition == "" {
			continue
		}
		j := slices.IndexFunc(c.Conditions, func(x Condition) bool { return x.ID == l.Condition && x.Cause == "stun" })
		if i == lvl && !c.Has(l.Condition) {
			t.addCondition(c, l.Condition, 0, "", "stun")
		} else if i != lvl && j >= 0 {
			t.removeCondition(c, l.Condition, true)
		}
	}
}

func (t *tx) stunOut(c *Combatant) bool {
	r, err := t.roller.Roll(t.rs.Stun.UnconsciousAt, t.statsOf(c))
	return err == nil && StunTotal(c) >= r.Total
}

// ---------------------------------------------------------------- spending

// Allows says why a combatant may not take an action now ("" when it may).
func Allows(rs *rules.Ruleset, c *Combatant, a rules.ActionDef) string {
	for _, cond := range c.Conditions {
		if def, ok := rs.Condition(cond.ID); ok && (def.Passive || def.NoTurn) && !a.Passive {
			return fmt.Sprintf("%s is %s: only passive actions (%s)", c.Name, def.Name, passiveNames(rs))
		}
	}
	if lvl, _ := StunNow(rs, c); lvl >= 0 {
		l := rs.Stun.Levels[lvl]
		if !slices.Contains(l.Actions, a.ID) {
			return fmt.Sprintf("%s is %s: only %s", c.Name, l.Name, actionNames(rs, l.Actions))
		}
	}
	return ""
}

func passiveNames(rs *rules.Ruleset) string {
	var ids []string
	for _, a := range rs.Actions {
		if a.Passive {
			ids = append(ids, a.ID)
		}
	}
	return actionNames(rs, ids)
}

func actionNames(rs *rules.Ruleset, ids []string) string {
	var n []string
	for _, id := range ids {
		if a, ok := rs.Action(id); ok {
			n = append(n, a.Name)
		}
	}
	if len(n) == 0 {
		return "nothing"
	}
	return strings.Join(n, ", ")
}

// pay works out how to pay cost from pools, exchanging spare pools where
// the budget can only pay that way. It returns the pools after paying and
// the exchanges made, or ok false.
func pay(rs *rules.Ruleset, pools, cost map[string]int) (map[string]int, []rules.Exchange, bool) {
	var best map[string]int
	var bestEx []rules.Exchange
	var try func(p map[string]int, ex []rules.Exchange, depth int) bool
	try = func(p map[string]int, ex []rules.Exchange, depth int) bool {
		short := ""
		for _, pl := range rs.Pools {
			if p[pl.ID] < cost[pl.ID] {
				short = pl.ID
				break
			}
		}
		if short == "" {
			best, bestEx = p, ex
			return true
		}
		if depth > 8 {
			return false
		}
		for _, e := range rs.Exchanges {
			if e.Gives[short] == 0 || p[e.From]-cost[e.From] < 1 {
				continue
			}
			q := make(map[string]int, len(p))
			for k, v := range p {
				q[k] = v
			}
			q[e.From]--
			for k, n := range e.Gives {
				q[k] += n
			}
			if try(q, append(slices.Clone(ex), e), depth+1) {
				return true
			}
		}
		return false
	}
	start := make(map[string]int, len(pools))
	for k, v := range pools {
		start[k] = v
	}
	if !try(start, nil, 0) {
		return nil, nil, false
	}
	for k, n := range cost {
		best[k] -= n
	}
	return best, bestEx, true
}

func costText(rs *rules.Ruleset, cost map[string]int) string {
	var parts []string
	for _, p := range rs.Pools {
		if n := cost[p.ID]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, p.Name))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " + ")
}

// CostText says what an action costs ("1 Move + 1 Attack").
func CostText(rs *rules.Ruleset, a rules.ActionDef) string { return costText(rs, a.Cost) }

func (t *tx) spend(cmd Command) error {
	if err := t.running(); err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	a, ok := t.rs.Action(cmd.Text)
	if !ok {
		return fmt.Errorf("%s has no action %q", t.rs.Name, cmd.Text)
	}
	if why := Allows(t.rs, c, a); why != "" {
		return fmt.Errorf("%s", why)
	}
	cost := a.Cost
	if a.Extended {
		cost = t.extendedShare(c, a)
		if cost == nil {
			return fmt.Errorf("%s: the budget left pays nothing toward it this turn (%s)", a.Name, t.poolsText(c))
		}
	}
	after, ex, ok := pay(t.rs, c.Pools, cost)
	if !ok {
		return fmt.Errorf("%s costs %s; %s has %s", a.Name, costText(t.rs, cost), c.Name, t.poolsText(c))
	}
	if c.Ext != nil && c.Ext.Action != a.ID && !a.Passive {
		t.log(EvSpend, c.ID, nil, "%s breaks off %s", c.Name, t.actionName(c.Ext.Action))
		c.Ext = nil
	}
	c.Pools = after
	t.aimAndInitiative(c, a)
	var how []string
	for _, e := range ex {
		how = append(how, fmt.Sprintf("%s for %s", t.poolName(e.From), costText(t.rs, e.Gives)))
	}
	note := ""
	if len(how) > 0 {
		note = " (exchanging " + strings.Join(how, ", ") + ")"
	}
	if a.Extended {
		if c.Ext == nil || c.Ext.Action != a.ID {
			c.Ext = &Extended{Action: a.ID, Total: sum(a.Cost)}
		}
		c.Ext.Paid += sum(cost)
		if c.Ext.Paid >= c.Ext.Total {
			t.log(EvSpend, c.ID, nil, "%s completes %s%s", c.Name, a.Name, note)
			c.Ext = nil
		} else {
			t.log(EvSpend, c.ID, nil, "%s works on %s: %d of %d%s", c.Name, a.Name, c.Ext.Paid, c.Ext.Total, note)
		}
	} else {
		t.log(EvSpend, c.ID, nil, "%s: %s%s", c.Name, a.Name, note)
	}
	if a.Attack && Restricted(c) {
		t.reopen(c)
		t.vitals(c)
	}
	return nil
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// extendedShare is the part of an extended action's cost the budget can
// pay this turn: as much as it can of what is left.
func (t *tx) extendedShare(c *Combatant, a rules.ActionDef) map[string]int {
	left := sum(a.Cost)
	if c.Ext != nil && c.Ext.Action == a.ID {
		left = c.Ext.Total - c.Ext.Paid
	}
	// Extended costs are in one pool (Moves); pay the most units we can.
	var pool string
	for k := range a.Cost {
		pool = k
	}
	for n := left; n >= 1; n-- {
		share := map[string]int{pool: n}
		if _, _, ok := pay(t.rs, c.Pools, share); ok {
			return share
		}
	}
	return nil
}

func (t *tx) poolName(id string) string {
	for _, p := range t.rs.Pools {
		if p.ID == id {
			return p.Name
		}
	}
	return id
}

func (t *tx) actionName(id string) string {
	if a, ok := t.rs.Action(id); ok {
		return a.Name
	}
	return id
}

func (t *tx) poolsText(c *Combatant) string {
	var parts []string
	for _, p := range t.rs.Pools {
		parts = append(parts, fmt.Sprintf("%s %d", p.Name, c.Pools[p.ID]))
	}
	if len(parts) == 0 {
		return "no budget"
	}
	return strings.Join(parts, ", ")
}

// ---------------------------------------------------------------- helpers

// aimAndInitiative keeps the aim count and spends initiative rounds.
func (t *tx) aimAndInitiative(c *Combatant, a rules.ActionDef) {
	h := t.rs.Helpers
	switch {
	case a.Aim:
		c.Aim++
		if b := AimBonus(t.rs, c.Aim); b > 0 {
			t.log(EvSpend, c.ID, nil, "%s has aimed %d times: %+d besides the weapon's accuracy", c.Name, c.Aim, b)
		}
	case a.Attack:
		if c.Aim > 0 {
			t.log(EvSpend, c.ID, nil, "%s attacks after %d aim%s: the weapon's accuracy %+d", c.Name, c.Aim, plural(c.Aim), AimBonus(t.rs, c.Aim))
		}
		c.Aim = 0
	case !a.Passive:
		c.Aim = 0
	}
	if c.InitRounds > 0 && !a.Passive && !a.Aim {
		t.log(EvSpend, c.ID, nil, "%s spends %d round%s of initiative: %+d on this action", c.Name, c.InitRounds, plural(c.InitRounds), c.InitRounds*h.InitRoundBonus)
		c.InitRounds = 0
	}
}

// AimBonus is the extra bonus for n consecutive aims.
func AimBonus(rs *rules.Ruleset, n int) int {
	b := rs.Helpers.AimBonus
	if n < 1 || len(b) == 0 {
		return 0
	}
	return b[min(n, len(b))-1]
}

// ResistanceTarget is what a Resistance Roll must reach.
func ResistanceTarget(rs *rules.Ruleset, attack, defend int) int {
	h := rs.Helpers
	return h.ResistanceBase + h.ResistanceStep*(attack-defend)
}

// ResistanceTiers are the tiers a margin brings: the best tier alone, or
// every tier from the second best down to the one the margin falls in (the
// effects are cumulative).
func ResistanceTiers(rs *rules.Ruleset, margin int) []string {
	tiers := rs.Helpers.ResistanceTiers
	if len(tiers) == 0 {
		return nil
	}
	if margin >= tiers[0].From {
		return []string{tiers[0].Name}
	}
	var out []string
	for _, x := range tiers[1:] {
		out = append(out, x.Name)
		if margin >= x.From {
			break
		}
	}
	return out
}

func (t *tx) resist(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if t.rs.Helpers.ResistanceRoll.IsZero() {
		return fmt.Errorf("%s has no resistance rolls", t.rs.Name)
	}
	if cmd.Value < 0 || cmd.Value > 1000 || cmd.Action < 0 || cmd.Action > 1000 {
		return fmt.Errorf("levels are 0 to 1000")
	}
	src := t.rs.Helpers.ResistanceRoll.String()
	if strings.TrimSpace(cmd.Expr) != "" {
		src += " + (" + cmd.Expr + ")"
	}
	e, err := dice.Parse(src)
	if err != nil {
		return fmt.Errorf("%s: %w", cmd.Expr, err)
	}
	target := ResistanceTarget(t.rs, cmd.Value, cmd.Action)
	r, err := t.roller.Roll(e, t.statsOf(c))
	if err != nil {
		return err
	}
	margin := r.Total - target
	what := "Resistance Roll"
	if cmd.Text != "" {
		what += " against " + cmd.Text
	}
	verdict := fmt.Sprintf("success by %d", margin)
	if margin < 0 {
		verdict = fmt.Sprintf("failure by %d", -margin)
	}
	t.log(EvRoll, c.ID, &r, "%s %s (level %d vs %d, target %d): %s: %s: %s", c.Name, what, cmd.Value, cmd.Action, target, r, verdict, strings.Join(ResistanceTiers(t.rs, margin), " + "))
	return nil
}

// ParryFactor is the percent of the parry bonus for the n-th parry in a round.
func ParryFactor(rs *rules.Ruleset, n int) int {
	f := rs.Helpers.ParryFactors
	if n < 1 || len(f) == 0 {
		return 100
	}
	if n <= len(f) {
		return f[n-1]
	}
	v := f[len(f)-1]
	for range n - len(f) {
		v /= 2
	}
	return v
}

func (t *tx) parry(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if len(t.rs.Helpers.ParryFactors) == 0 {
		return fmt.Errorf("%s does not reduce multiple parries", t.rs.Name)
	}
	c.Parries++
	t.log(EvSpend, c.ID, nil, "%s parries (%s this round): at %d%% of the parry bonus", c.Name, ordinal(c.Parries), ParryFactor(t.rs, c.Parries))
	return nil
}

// MultiStrike lists the penalty of each attack a multi-strike gives at ranks.
func MultiStrike(rs *rules.Ruleset, ranks int) []int {
	h := rs.Helpers
	if h.MultiStrikeRanks <= 0 {
		return []int{0}
	}
	out := make([]int, min(1+max(ranks, 0)/h.MultiStrikeRanks, 20))
	for i := range out {
		out[i] = i * h.MultiStrikePenalty
	}
	return out
}

// payFor pays the cost of the ruleset's action with the id, if it has one
// (Pathmaster's Wait and Delay are in its action table).
func (t *tx) payFor(c *Combatant, id string) error {
	a, ok := t.rs.Action(id)
	if !ok {
		return nil
	}
	after, _, ok := pay(t.rs, c.Pools, a.Cost)
	if !ok {
		return fmt.Errorf("%s costs %s; %s has %s", a.Name, costText(t.rs, a.Cost), c.Name, t.poolsText(c))
	}
	c.Pools = after
	return nil
}
