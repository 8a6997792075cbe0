package engine

import (
	"fmt"
	"slices"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Stunning is a combatant's stun on the ladder: rounds per level, worst
// first; StunHeld is stun taken after a successful recovery roll, which
// joins at the next own turn; StunEase is this turn's recovery (2 ignored,
// 1 eased a level).
type Stunning struct {
	Stun     []int `toml:"stun,omitempty"`
	StunHeld []int `toml:"stun_held,omitempty"`
	StunEase int   `toml:"stun_ease,omitzero"`
}

// Clone returns a deep copy.
func (p Stunning) Clone() Stunning {
	p.Stun, p.StunHeld = slices.Clone(p.Stun), slices.Clone(p.StunHeld)
	return p
}

// StunTotal is every stun round a combatant carries, held ones included.
func (p Stunning) StunTotal() int {
	n := 0
	for _, v := range p.Stun {
		n += v
	}
	for _, v := range p.StunHeld {
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

// stun stuns a combatant the ruleset's way: rounds on a level of the
// ladder; rounds of no action (a number, or dice rolled and logged); or the
// rest of the round, its remaining actions lost.
func (t *tx) stun(cmd Stun) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	switch t.rs.Stun.Kind {
	case rules.StunLadder:
		return t.ladderStun(c, cmd)
	case rules.StunNoAction:
		return t.noActionStun(c, cmd)
	case rules.StunRestOfTurn:
		return t.restOfRoundStun(c)
	}
	return fmt.Errorf("%s keeps no stun", t.rs.Name)
}

func (t *tx) noActionStun(c *Combatant, cmd Stun) error {
	if cmd.Rounds == 0 && cmd.Expr == "" {
		// The stunned condition's own rounds (BRP: 1D3, rolled and logged).
		def, _ := t.rs.Condition(t.rs.Stun.Stunned)
		g, err := t.ownGrant(c, def, rules.ForRounds, 0)
		if err != nil {
			return err
		}
		if err := t.give(c, def.ID, g); err != nil {
			return err
		}
		t.vitals(c)
		return nil
	}
	n := cmd.Rounds
	if cmd.Expr != "" {
		e, err := dice.Parse(cmd.Expr)
		if err != nil {
			return fmt.Errorf("%s: %w", cmd.Expr, err)
		}
		r, err := t.roll(c, e, StunRoll{})
		if err != nil {
			return err
		}
		n = r.Total
	}
	if n < 1 || n > 1000 {
		return fmt.Errorf("stun is 1 to 1000 rounds")
	}
	if err := t.give(c, t.rs.Stun.Stunned, grant{own: true, left: n}); err != nil {
		return err
	}
	t.vitals(c)
	return nil
}

func (t *tx) restOfRoundStun(c *Combatant) error {
	if err := t.running(); err != nil {
		return err
	}
	if err := t.give(c, t.rs.Stun.Stunned, grant{own: true, until: t.enc.Round}); err != nil {
		return err
	}
	if x := c.Casting; x != nil && !x.Carried && !x.Concentrated {
		// A timed spell under way (or held to the segment it begins at)
		// goes off on one of the remaining actions the stun takes: lost
		// with it (countdown l.50, l.4), and the caster casts no more.
		c = t.mine(c)
		t.loseSpell(c)
	}
	lost := 0
	for i := range t.enc.Entries {
		e := &t.enc.Entries[i]
		if e.Who == c.ID && !e.Lost && !e.Started {
			e.Lost = true
			lost++
		}
	}
	if lost > 0 {
		t.log(EvLost, of(c), nil, ActionsLost{Lost: lost})
	}
	t.vitals(c)
	return nil
}

// hitStun stuns a combatant for the rest of the round when a single hit
// does more damage than the ruleset's stun.hit_over.
func (t *tx) hitStun(c *Combatant, amount int) {
	over := t.rs.Stun.HitOver
	if over.IsZero() || t.enc.Status != StatusRunning {
		return
	}
	r, err := t.roller.Roll(over, t.statsOf(c))
	if err != nil {
		t.log(EvStun, of(c), nil, HitOverFailed{Err: Text(err.Error())})
		return
	}
	if amount <= r.Total {
		return
	}
	t.log(EvStun, of(c), nil, StunnedByHit{Hit: amount, Over: r.Total})
	if err := t.restOfRoundStun(c); err != nil {
		t.log(EvStun, of(c), nil, Failed{Err: Text(err.Error())})
	}
}

func (t *tx) ladderStun(c *Combatant, cmd Stun) error {
	st := t.rs.Stun
	lvl := slices.IndexFunc(st.Levels, func(l rules.StunLevel) bool { return l.ID == cmd.Level })
	if lvl < 0 {
		return fmt.Errorf("no stun level %q", cmd.Level)
	}
	if cmd.Rounds < 1 || cmd.Rounds > 1000 {
		return fmt.Errorf("stun is 1 to 1000 rounds")
	}
	grow := func(s []int) []int {
		for len(s) < len(st.Levels) {
			s = append(s, 0)
		}
		return s
	}
	c.Stun, c.StunHeld = grow(c.Stun), grow(c.StunHeld)
	worst := slices.IndexFunc(c.Stun, func(v int) bool { return v > 0 })
	if c.StunEase == 2 {
		// Shrugged off this turn: it counts, but bites from the next turn.
		c.StunHeld[lvl] += cmd.Rounds
		t.log(EvStun, of(c), nil, StunTaken{Level: st.Levels[lvl].ID, Rounds: cmd.Rounds, Total: c.StunTotal(), Held: true})
	} else {
		c.Stun[lvl] += cmd.Rounds
		t.log(EvStun, of(c), nil, StunTaken{Level: st.Levels[lvl].ID, Rounds: cmd.Rounds, Total: c.StunTotal()})
		t.freshStun(c, lvl, worst)
	}
	t.vitals(c)
	return nil
}

// freshStun binds in full stun taken after a recovery roll that only
// eased the stun a level: the ease was for the stun that bound when it was
// rolled (Pathmaster l.1024-1026), and only a success keeps fresh stun off
// (l.1039-1041). A round as bad as the eased level, or worse, binds now;
// a lighter one leaves the ease as it was.
func (t *tx) freshStun(c *Combatant, lvl, worst int) {
	if c.StunEase != 1 || worst < 0 || lvl > worst {
		return
	}
	c.StunEase = 0
	t.log(EvStun, of(c), nil, StunBinds{Level: t.rs.Stun.Levels[lvl].ID})
}

// stunTurn runs the stun ladder at the start of an own turn: the worst
// round is marked off, held stun joins, and while stun remains the
// recovery roll decides what binds this turn.
func (t *tx) stunTurn(c *Combatant) {
	st := t.rs.Stun
	if st.Kind != rules.StunLadder || c.StunTotal() == 0 {
		c.StunEase = 0
		return
	}
	c.StunEase = 0
	if worst := slices.IndexFunc(c.Stun, func(v int) bool { return v > 0 }); worst >= 0 {
		c.Stun[worst]--
		t.log(EvStun, of(c), nil, StunShaken{Level: st.Levels[worst].ID})
	}
	for i, v := range c.StunHeld {
		c.Stun[i] += v
		c.StunHeld[i] = 0
	}
	total := c.StunTotal()
	if total == 0 {
		c.Stun, c.StunHeld = nil, nil
		t.log(EvEnds, of(c), nil, StunOver{})
		return
	}
	if t.stillOut(c) {
		return // still knocked out this turn: no maneuver to roll
	}
	mod := 0
	for _, m := range st.Modifiers {
		if total >= m.From {
			mod = m.Mod
		}
	}
	// Its modifiers: the penalties where the ruleset says, and whatever
	// reaches a roll of its kind (Pathmaster: Shaken -10 on a maneuver).
	ms, err := t.rollMods(c, Rolling{Kind: st.RecoveryKind, Reads: []dice.Expr{st.Recovery}, Penalized: st.Penalized})
	if err != nil {
		t.log(EvStun, of(c), nil, RecoveryFailed{Err: Text(err.Error())})
		return
	}
	r, err := t.edged(ms.Edge).Roll(st.Recovery, t.statsOf(c))
	if err != nil {
		t.log(EvStun, of(c), nil, RecoveryFailed{Err: Text(err.Error())})
		return
	}
	pen := ms.Penalty
	got := r.Total + mod + ms.Total
	switch {
	case got >= st.Target:
		c.StunEase = 2
	case st.Partial > 0 && got >= st.Partial:
		c.StunEase = 1
	}
	t.log(EvRoll, of(c), &r, StunRecovery{Ease: c.StunEase, Got: got, Mod: mod, Rounds: total, Penalty: pen, Mods: namedMods(ms),
		Target: st.Target, Partial: st.Partial})
}

// stillOut reports whether c stays knocked out through this turn, by its
// hits or by stun still over the limit once a round is marked off: it
// rolls no Pain Resistance, and no level binds what it cannot do.
func (t *tx) stillOut(c *Combatant) bool {
	return c.Out || !c.Ruled && !t.rs.Stun.UnconsciousAt.IsZero() && t.stunOut(c)
}

func (t *tx) stunOut(c *Combatant) bool {
	at, err := t.roller.Total(t.rs.Stun.UnconsciousAt, t.statsOf(c))
	return err == nil && c.StunTotal() >= at
}

// stunAt marks stun off on an own turn and says what binds.
func (t *tx) stunAt(c *Combatant, _ moment) {
	if t.rs.Stun.Kind != rules.StunLadder {
		return
	}
	t.stunTurn(c)
	if lvl, ignored := StunNow(t.rs, c); lvl >= 0 && !t.stillOut(c) {
		t.log(EvStun, of(c), nil, StunBinds{Level: t.rs.Stun.Levels[lvl].ID})
	} else if ignored {
		t.log(EvStun, of(c), nil, StunIgnored{})
	}
}

// stunCounts reports whether c's stun holds the condition x for a level
// whose attacker bonus already counts it (stun.levels.condition_counted):
// its own melee and ranged bonuses are then not added. A stun set aside
// this turn (a Pain Resistance success) gives no bonus to count it in,
// so the condition it still holds counts on its own (Pathmaster: one kept
// prone through the success is prone to attackers, l.972-974, 1023-1024).
func stunCounts(rs *rules.Ruleset, c *Combatant, x Condition) bool {
	if !x.Cause.Has("stun") {
		return false
	}
	if lvl, _ := StunNow(rs, c); lvl < 0 {
		return false
	}
	for _, l := range rs.Stun.Levels {
		if l.ConditionCounted && l.Condition == x.ID {
			return true
		}
	}
	return false
}
