package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Spells prepared by concentrating (Pathmaster, l.1259-1305, 1450-1458):
// the caster names the spell and its level; on consecutive own turns it
// takes the Concentrate action, each a round of preparation; then it casts
// with the ruleset's cast action, rolling the spell check with the casting
// table's modifier for its level against the spell's and the rounds
// prepared (and its penalties, Mana bands included, where the check takes
// them). The outcome costs power points. A turn without concentrating or
// casting ruins the spell.

// giveUp gives up the concentrated spell under way: it costs nothing.
func (t *tx) giveUp(c *Combatant) error {
	x := c.Casting
	if x == nil {
		return fmt.Errorf("%s is casting nothing", c.Name)
	}
	t.log(EvLost, of(c), nil, SpellGivenUp{Spell: Text(x.Spell)})
	c.Casting = nil
	return nil
}

// concentrated begins or casts a concentrated spell, or casts an
// instantaneous one (cmd.Instant: the ruleset's instant action).
func (t *tx) concentrated(c *Combatant, cmd Cast) error {
	x := c.Casting
	sp := t.rs.Spells
	switch {
	case cmd.Instant != "" && cmd.Instant == sp.Instant:
		return t.castInstant(c, cmd)
	case cmd.Instant != "":
		return fmt.Errorf("%s casts spells with %s, or %s when they are instantaneous", t.rs.Name, t.actionName(sp.Cast),
			t.actionName(sp.Instant))
	case t.enc.Cur.Who != c.ID && x != nil && strings.TrimSpace(cmd.Name) == "" && c.Delaying != "":
		return t.castDelayed(c, cmd)
	case t.enc.Cur.Who != c.ID:
		return fmt.Errorf("a spell is begun and cast on the caster's own turn (an instantaneous one at any time): %s is not acting now",
			c.Name)
	case x != nil && strings.TrimSpace(cmd.Name) == "":
		return t.castNow(c, cmd)
	case x != nil:
		return fmt.Errorf("%s is preparing %s already (C: cast it or give it up)", c.Name, x.Spell)
	}
	name, err := spellNamed(cmd)
	if err != nil {
		return err
	}
	if err := t.spellClass(cmd.Kind); err != nil {
		return err
	}
	c.Casting = &Casting{Spell: name, Concentrated: true, Level: cmd.Rank, Worked: true, Class: cmd.Kind}
	mod, _ := t.prepMod(c)
	t.log(EvHold, of(c), nil, SpellBegun{Spell: Text(name), Level: cmd.Rank, Mod: mod})
	return nil
}

// spellNamed is the spell a command names, with its level.
func spellNamed(cmd Cast) (string, error) {
	name := strings.TrimSpace(cmd.Name)
	if name == "" {
		return "", fmt.Errorf("name the spell and its level")
	}
	if cmd.Rank < 0 || cmd.Rank > 100 {
		return "", fmt.Errorf("a spell's level is 0 to 100")
	}
	return name, nil
}

// spoiled spoils the spell c has under way as an instantaneous one is cast
// (l.705-709): through C, or its action spent with m.
func (t *tx) spoiled(c *Combatant) error {
	x := c.Casting
	if x == nil {
		return nil
	}
	t.log(EvLost, of(c), nil, SpellSpoiled{Spell: Text(x.Spell)})
	c.Casting = nil
	return t.payMana(c, *x, t.ruinedCost(*x), SpellCost{Spoiled: true})
}

// castInstant casts an instantaneous spell at once, on anyone's turn: the
// instant action, the table's instant column, the check and its cost; a
// spell under way is spoiled (l.705-709), and First Aid broken off as any
// other action breaks it.
func (t *tx) castInstant(c *Combatant, cmd Cast) error {
	name, err := spellNamed(cmd)
	if err != nil {
		return err
	}
	if err := t.spellClass(cmd.Kind); err != nil {
		return err
	}
	if err := t.spend(Spend{Who: c.ID, Action: t.rs.Spells.Instant}); err != nil {
		return err
	}
	x := Casting{Spell: name, Concentrated: true, Level: cmd.Rank, Class: cmd.Kind}
	mod, diff := t.rs.Spells.InstantMod(t.levelOf(c) - x.Level)
	t.log(EvHold, of(c), nil, SpellCastAtOnce{Spell: Text(x.Spell), Level: x.Level, Mod: mod, Levels: diff, Diff: t.levelOf(c) - x.Level})
	return t.castRoll(c, x, mod, cmd)
}

// subconscious casts a spell that goes off by itself while its caster
// cannot act (spells.subconscious): at once, with no action, at the
// table's instant column, rolled and paid as any spell. One who can act
// casts it as a normal spell; the dead cast nothing.
func (t *tx) subconscious(c *Combatant, cmd Cast) error {
	sp := t.rs.Spells
	switch {
	case !sp.Subconscious || !sp.Concentrated():
		return fmt.Errorf("%s has no subconscious spells", t.rs.Name)
	case cmd.Instant != "":
		return fmt.Errorf("a subconscious spell takes no action")
	case c.Has(t.rs.HP.DeadCondition) && t.rs.HP.DeadCondition != "":
		return fmt.Errorf("%s is dead: no spells", c.Name)
	case t.may(c, Act{Kind: ActCast}).Allowed():
		return fmt.Errorf("%s can act: C casts it as a normal spell", c.Name)
	}
	name, err := spellNamed(cmd)
	if err != nil {
		return err
	}
	if err := t.spellClass(cmd.Kind); err != nil {
		return err
	}
	x := Casting{Spell: name, Concentrated: true, Level: cmd.Rank, Class: cmd.Kind}
	mod, diff := sp.InstantMod(t.levelOf(c) - x.Level)
	t.log(EvHold, of(c), nil, SpellCastAtOnce{Spell: Text(x.Spell), Level: x.Level, Mod: mod, Levels: diff, Diff: t.levelOf(c) - x.Level,
		Subconscious: true})
	return t.castRoll(c, x, mod, cmd)
}

// prepMod is the casting table's modifier for the caster's spell now, and
// the level difference it was read at.
func (t *tx) prepMod(c *Combatant) (int, int) {
	return t.rs.Spells.PrepMod(t.levelOf(c)-c.Casting.Level, c.Casting.Rounds)
}

// levelOf is the caster's level, by the stat spells.level names (0 without).
func (t *tx) levelOf(c *Combatant) int {
	if t.rs.Spells.Level == "" {
		return 0
	}
	lvl, _ := t.statsOf(c)(t.rs.Spells.Level)
	return lvl
}

// CastMod is the casting table's modifier a concentrated spell under way
// would be cast at now.
func CastMod(rs *rules.Ruleset, c *Combatant) int {
	if c.Casting == nil || !c.Casting.Concentrated {
		return 0
	}
	mod, _ := (&tx{rs: rs}).prepMod(c)
	return mod
}

// concentrate marks a round of preparation when the caster takes the
// ruleset's Concentrate action.
func (t *tx) concentrate(c *Combatant, a rules.ActionDef) {
	x := c.Casting
	if x == nil || !x.Concentrated || a.ID != t.rs.Spells.Concentrate {
		return
	}
	x.Rounds++
	x.Worked = true
	mod, _ := t.prepMod(c)
	t.log(EvHold, of(c), nil, Concentrates{Spell: Text(x.Spell), Rounds: x.Rounds, Mod: mod})
}

// castNow spends the cast action and rolls the spell check with the
// casting table's modifier; the outcome costs power points.
func (t *tx) castNow(c *Combatant, cmd Cast) error {
	x := *c.Casting
	mod, diff := t.prepMod(c)
	// Taken off first: the cast action spent while a spell is under way
	// is refused unless it is this.
	c.Casting = nil
	if !t.castsInConcentrate(x) {
		if err := t.spend(Spend{Who: c.ID, Action: t.rs.Spells.Cast}); err != nil {
			return err
		}
	}
	t.log(EvHold, of(c), nil, SpellCast{Spell: Text(x.Spell), Level: x.Level, Rounds: x.Rounds, Mod: mod, Levels: diff,
		Diff: t.levelOf(c) - x.Level})
	return t.castRoll(c, x, mod, cmd)
}

// castRoll rolls the spell check with the table's modifier and what the GM
// chose or typed (voice, hands, helmet ...), and takes its cost.
func (t *tx) castRoll(c *Combatant, x Casting, mod int, cmd Cast) error {
	sp := t.rs.Spells
	expr := ""
	if mod != 0 {
		expr = fmt.Sprintf("%d", mod)
	}
	if e := strings.TrimSpace(cmd.Expr); e != "" && expr != "" {
		expr += " + (" + e + ")"
	} else if e != "" {
		expr = e
	}
	if sp.Check == "" {
		return nil
	}
	tr, sure, err := t.transcends(c, mod, cmd)
	if err != nil {
		return err
	}
	if sure {
		ch, _ := t.rs.Check(sp.Check)
		for _, o := range ch.Outcomes {
			if o.Result == rules.Success {
				return t.spellCost(c, x, o)
			}
		}
	}
	if tr > 0 {
		expr = fmt.Sprintf("%d + (%s)", tr, cmp.Or(expr, "0"))
	}
	out, err := t.checkOutcome(RollCheck{Who: c.ID, Check: sp.Check, Expr: expr, Modifiers: cmd.Modifiers})
	if err != nil {
		return err
	}
	return t.spellCost(c, x, out)
}

// castAllows refuses the cast action spent by hand while a spell is under
// way: C casts it, with its roll.
func (t *tx) castAllows(c *Combatant, a rules.ActionDef) error {
	if x := c.Casting; x != nil && x.Concentrated && a.ID == t.rs.Spells.Cast {
		return fmt.Errorf("%s is preparing %s: C casts it, with its roll", c.Name, x.Spell)
	}
	return nil
}

// spellCost takes what the outcome costs from the power pool, and the rest
// from hit points once it is empty (l.1440: HP into Mana, 1 for 1).
func (t *tx) spellCost(c *Combatant, x Casting, out rules.Outcome) error {
	f, ok := t.rs.Spells.Costs[out.ID]
	if k, in := t.rs.Spells.SpellClass(x.Class); in {
		if g, has := k.Costs[out.ID]; has {
			f, ok = g, true
		}
	}
	if !ok {
		return nil
	}
	return t.payMana(c, x, f, SpellCost{Outcome: out.ID})
}

// payMana takes a cost (a formula that may read SPELL_LEVEL) from the
// power pool, and the rest from hit points once it is empty; what says
// what it is for.
func (t *tx) payMana(c *Combatant, x Casting, f string, what SpellCost) error {
	sp := t.rs.Spells
	if sp.Power == "" || f == "" {
		return nil
	}
	e, err := dice.Parse(f)
	if err != nil {
		return err
	}
	own := t.statsOf(c)
	r, err := t.roller.Roll(e, func(name string) (int, bool) {
		if name == rules.SpellLevel {
			return x.Level, true
		}
		return own(name)
	})
	if err != nil {
		return err
	}
	n := max(r.Total, 0)
	have := c.Pools[sp.Power]
	took := min(n, max(have, 0))
	if c.Pools == nil {
		c.Pools = map[string]int{}
	}
	c.Pools[sp.Power] = have - took
	what.Cost, what.Before, what.After = n, have, have-took
	t.log(EvPool, of(c), nil, what)
	if rest := n - took; rest > 0 {
		t.log(EvPool, of(c), nil, ManaShort{Rest: rest})
		return t.damage(Damage{Who: c.ID, Amount: rest, Bare: true})
	}
	return nil
}

// castingInterrupted ruins the preparation of a caster who, on its own turn
// after concentrating, takes an action that spends a pool other than
// spells.between before casting: "there cannot be any interruption"
// between the concentration and the casting (Pathmaster l.495-497).
func (t *tx) castingInterrupted(c *Combatant, a rules.ActionDef) error {
	sp := t.rs.Spells
	x := c.Casting
	if x == nil || len(sp.Between) == 0 || x.Rounds == 0 || a.ID == sp.Concentrate || a.ID == sp.Cast || !t.ownTurn(c) {
		return nil
	}
	for pool, n := range a.Cost {
		if n > 0 && !slices.Contains(sp.Between, pool) {
			t.log(EvLost, of(c), nil, SpellRuined{Spell: Text(x.Spell), By: Text(a.Name)})
			c.Casting = nil
			return t.payMana(c, *x, t.ruinedCost(*x), SpellCost{Ruined: true})
		}
	}
	return nil
}

// stunnedCasterAt fails the spell under preparation of a caster still
// stunned as its turn starts who did not shrug the stun off with the
// recovery roll: easing it a level is a failure too (Pathmaster
// l.1024-1026, 1427-1428). One knocked out rolls nothing: its spell is
// ruined as its turn ends without concentrating.
func (t *tx) stunnedCasterAt(c *Combatant, _ moment) {
	x := c.Casting
	st := t.rs.Stun
	if x == nil || !x.Concentrated || st.Kind != rules.StunLadder || st.Recovery.IsZero() {
		return
	}
	if c.StunTotal() == 0 || c.StunEase == 2 || t.stillOut(c) {
		return
	}
	t.log(EvLost, of(c), nil, SpellRuined{Spell: Text(x.Spell), Stunned: true, Maneuver: true})
	c.Casting = nil
	if err := t.payMana(c, *x, t.ruinedCost(*x), SpellCost{Ruined: true}); err != nil {
		t.log(EvLost, of(c), nil, Failed{Err: Text(err.Error())})
	}
}

// concentrationAt ruins a spell at the end of an own turn with no
// concentration on it.
func (t *tx) concentrationAt(c *Combatant, m moment) {
	if m.at != rules.AtOwnTurnEnd {
		return
	}
	if !c.Casting.Worked {
		x := *c.Casting
		// Stunned while concentrating ruins it too (l.1426).
		t.log(EvLost, of(c), nil, SpellRuined{Spell: Text(x.Spell), Stunned: c.StunTotal() > 0})
		c.Casting = nil
		if err := t.payMana(c, x, t.ruinedCost(x), SpellCost{Ruined: true}); err != nil {
			t.log(EvLost, of(c), nil, Failed{Err: Text(err.Error())})
		}
		return
	}
	c.Casting.Worked = false
}
