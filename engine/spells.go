package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/rules"
)

// Spellcasting is the spell a combatant has under way.
type Spellcasting struct {
	Casting *Casting `toml:"casting,omitempty"`
}

// Clone returns a deep copy.
func (p Spellcasting) Clone() Spellcasting {
	if p.Casting != nil {
		x := *p.Casting
		p.Casting = &x
	}
	return p
}

// Spells: a caster begins a spell on its own initiative and it goes off its
// casting time later in the count; a spell that would go off below the
// order's lowest segment begins instead at spells.carry_to of the next
// round. A caster hit while casting may be interrupted: the GM says so, and
// the spell and the action are lost.

// Casting is a spell under way.
type Casting struct {
	Spell string `toml:"spell"`
	// Time is the casting time in segments; Off the segment it goes off
	// at, this round or, when Carried, the next.
	Time    int  `toml:"time"`
	Off     int  `toml:"off"`
	Carried bool `toml:"carried,omitempty"`
	// Held: the casting has not begun yet; it begins as the count reaches
	// Off + Time (spells.carry_to): a spell carried into this round, a
	// spell of a whole round begun above carry_to.
	Held bool `toml:"held,omitempty"`
	// Round is the round a carried spell begins in.
	Round int `toml:"round,omitzero"`
	// Action is the caster's action the spell took (from 0).
	Action int `toml:"action,omitzero"`
	// A spell prepared by concentrating (spells.cast): its Level, the
	// Rounds of concentration so far, and Worked when the caster has
	// concentrated since its last own turn ended.
	Concentrated bool `toml:"concentrated,omitempty"`
	Level        int  `toml:"level,omitzero"`
	Rounds       int  `toml:"rounds,omitzero"`
	Worked       bool `toml:"worked,omitempty"`
	// Class is the spell's class (spells.classes: spell_classes.go), ""
	// for a normal one.
	Class string `toml:"class,omitempty"`
}

// underWay reports whether c has a timed spell under way: begun this
// round (not carried to the next, not held to the segment it begins at)
// and not yet gone off.
func (c *Combatant) underWay() bool {
	return c.Casting != nil && !c.Casting.Carried && !c.Casting.Held && !c.Casting.Concentrated
}

// Begins is the segment a timed spell's casting begins at.
func (x *Casting) Begins() int { return x.Off + x.Time }

// castingBegins begins, as the count reaches v, the castings held to a
// segment at or above it: from then the caster is casting (spells.stats).
func (t *tx) castingBegins(v int) {
	for i, c := range t.enc.Combatants {
		if c.Casting != nil && c.Casting.Held && v <= c.Casting.Begins() {
			t.at(i).Casting.Held = false
		}
	}
}

// CastingStat is what a spell under way adds to one of its caster's stats
// (spells.stats: countdown's caster has no DEF from DEX, Defense or a
// shield), worked out from the caster's own stats.
func CastingStat(rs *rules.Ruleset, c *Combatant, stat string) int {
	e, ok := rs.Spells.Stats[stat]
	if !ok || !c.underWay() {
		return 0
	}
	v, err := formula(e, declaredStats(c, Declared{}))
	if err != nil {
		return 0
	}
	return v
}

// castingMods are what a spell under way does to c's stats (spells.stats),
// by stat.
func castingMods(rs *rules.Ruleset, c *Combatant) []StatMod {
	var out []StatMod
	for _, k := range slices.Sorted(maps.Keys(rs.Spells.Stats)) {
		if v, err := formula(rs.Spells.Stats[k], declaredStats(c, Declared{})); err == nil && v != 0 {
			out = append(out, StatMod{Stat: k, Mod: v})
		}
	}
	return out
}

// CastingMods are what c's spell under way does to its stats now (none
// when it has none under way).
func CastingMods(rs *rules.Ruleset, c *Combatant) []StatMod {
	if !c.underWay() {
		return nil
	}
	return castingMods(rs, c)
}

// HeldMods are what c's spell held to the segment it begins at will do
// to its stats once it begins (none when it holds none).
func HeldMods(rs *rules.Ruleset, c *Combatant) []StatMod {
	if c.Casting == nil || !c.Casting.Held {
		return nil
	}
	return castingMods(rs, c)
}

// cast begins a spell on the current actor's action.
func (t *tx) cast(cmd Cast) error {
	if err := t.running(); err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Subconscious {
		return t.subconscious(c, cmd)
	}
	if v := t.may(c, Act{Kind: ActCast}); !v.Allowed() {
		return v
	}
	if t.rs.Spells.Concentrated() {
		return t.concentrated(c, cmd)
	}
	if len(t.rs.Spells.Kinds) == 0 && t.rs.Spells.CarryTo == 0 {
		return fmt.Errorf("%s casts no spells", t.rs.Name)
	}
	if t.enc.Cur.Who != c.ID {
		return fmt.Errorf("a spell begins on the caster's own initiative: %s is not acting now", c.Name)
	}
	if c.Casting != nil {
		return fmt.Errorf("%s is casting %s already", c.Name, c.Casting.Spell)
	}
	name := strings.TrimSpace(cmd.Name)
	if name == "" {
		name = "a spell"
	}
	ct := cmd.Rank
	if cmd.Kind != "" {
		k, ok := t.rs.SpellKind(cmd.Kind)
		if !ok {
			return fmt.Errorf("%s has no kind of spell %q", t.rs.Name, cmd.Kind)
		}
		if ct, ok = k.Time(cmd.Rank); !ok {
			return fmt.Errorf("%s: no casting time at rank %d", k.Name, cmd.Rank)
		}
		name = fmt.Sprintf("%s (%s, rank %d)", name, k.Name, cmd.Rank)
	}
	if ct < 0 || ct > 100 {
		return fmt.Errorf("a casting time is 0 to 100 segments")
	}
	e := t.enc.Entry(t.enc.Cur)
	if e == nil {
		return fmt.Errorf("%s has no place in this round's order", c.Name)
	}
	start, off := e.Value, e.Value-ct
	if ct == 0 {
		t.log(EvHold, of(c), nil, SpellOffAtOnce{Spell: Text(name)})
		return nil
	}
	prev := t.prevInPhase(func(Ref) bool { return false })
	cast := &Casting{Spell: name, Time: ct, Off: off, Action: e.Action}
	sp := t.rs.Spells
	whole := sp.RoundTime > 0 && ct >= sp.RoundTime
	if whole && start >= sp.CarryTo {
		// A spell of a whole round begins at carry_to: the caster holds to it.
		cast.Held = start > sp.CarryTo
		start, off = sp.CarryTo, sp.CarryTo-ct
		cast.Off = off
	}
	if whole && start < sp.CarryTo {
		e.Lost = true
		cast.Carried, cast.Off, cast.Action, cast.Round = true, sp.CarryTo-ct, 0, t.enc.Round+1
		t.log(EvHold, of(c), nil, SpellCarried{Spell: Text(name), From: sp.CarryTo, Round: t.enc.Round + 1, At: sp.CarryTo - ct,
			Whole: true, Init: start})
	} else if off >= t.rs.Order.Lowest {
		e.Value, e.Waiting = off, true
		t.log(EvHold, of(c), nil, CastingBegins{Spell: Text(name), From: start, Time: ct, Off: off, Stats: castingMods(t.rs, c)})
	} else {
		e.Lost = true
		to := t.rs.Spells.CarryTo
		if to == 0 || to-ct < t.rs.Order.Lowest {
			t.log(EvLost, of(c), nil, SpellTooLate{Spell: Text(name), Off: off})
			cast = nil
		} else {
			cast.Carried, cast.Off, cast.Action, cast.Round = true, to-ct, 0, t.enc.Round+1
			t.log(EvHold, of(c), nil, SpellCarried{Spell: Text(name), Off: off, From: to, Round: t.enc.Round + 1, At: to - ct})
		}
	}
	c.Casting = cast
	held := *e
	t.enc.Entries = slices.DeleteFunc(t.enc.Entries, func(x Entry) bool { return x.Ref() == held.Ref() })
	t.insertEntry(held)
	t.enc.Cur = prev
	t.enterPhase(true)
	return nil
}

// dropSpell loses the spell under way: interrupted, with the action it
// took, or given up while it was being prepared.
func (t *tx) dropSpell(cmd DropSpell) error {
	if err := t.running(); err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if t.rs.Spells.Concentrated() {
		return t.giveUp(c)
	}
	return t.interrupt(c)
}

// interrupt loses the spell under way and the action it took.
func (t *tx) interrupt(c *Combatant) error {
	if c.Casting == nil {
		return fmt.Errorf("%s is casting nothing", c.Name)
	}
	r := Ref{Who: c.ID, Action: c.Casting.Action}
	t.loseSpell(c)
	if t.enc.Cur == r {
		t.enterPhase(true)
	}
	return nil
}

// loseSpell loses the spell under way and the action it took; the count
// stays where it is (a check's effect: the step moves on as usual).
func (t *tx) loseSpell(c *Combatant) {
	r := Ref{Who: c.ID, Action: c.Casting.Action}
	if !c.Casting.Carried {
		if e := t.enc.Entry(r); e != nil {
			e.Lost = true
		}
	}
	t.log(EvLost, of(c), nil, SpellInterrupted{Spell: Text(c.Casting.Spell)})
	c.Casting = nil
}

// carried is the value of a spell carried over from the last round: it
// takes the caster's first action this round.
func (t *tx) carried(c *Combatant) (int, bool) {
	if c.Casting == nil || !c.Casting.Carried {
		return 0, false
	}
	// Its casting begins as the count reaches carry_to.
	c.Casting.Carried, c.Casting.Held = false, true
	t.log(EvHold, of(c), nil, SpellGoesOff{Spell: Text(c.Casting.Spell), Began: t.rs.Spells.CarryTo, Off: c.Casting.Off})
	return c.Casting.Off, true
}

// spellPasses loses a timed spell whose caster's turn to get it off
// passes without it (stunned by hand, fled, down): it never goes off,
// and the caster casts no more this round (countdown l.50, l.4).
func (t *tx) spellPasses(r Ref) {
	c := t.enc.Combatant(r.Who)
	if c == nil || !c.underWay() || c.Casting.Action != r.Action {
		return
	}
	if e := t.enc.Entry(r); e == nil || e.Value != c.Casting.Off {
		return
	}
	t.loseSpell(t.mine(c))
}

// spellsAt ends the round's spells as it ends; one carried over stays.
func (t *tx) spellsAt(c *Combatant, m moment) {
	if c.Casting != nil && c.Casting.Concentrated {
		t.concentrationAt(c, m)
		return
	}
	if m.at == rules.AtRoundEnd && c.Casting != nil && !c.Casting.Carried {
		c.Casting = nil
	}
	// A spell carried into this round that never took its action here
	// (the caster had none in the order) is lost as the round ends.
	if m.at == rules.AtRoundEnd && c.Casting != nil && c.Casting.Carried && c.Casting.Round != 0 && c.Casting.Round <= t.enc.Round {
		t.loseSpell(c)
	}
	// The caster's turn at the segment its spell goes off at ends the
	// casting: what it did to the caster's stats ends with it.
	if m.at == rules.AtOwnTurnEnd && c.underWay() && t.enc.Cur == (Ref{Who: c.ID, Action: c.Casting.Action}) {
		if e := t.enc.Entry(t.enc.Cur); e != nil && e.Value == c.Casting.Off {
			c.Casting = nil
		}
	}
}
