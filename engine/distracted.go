package engine

import "fmt"

// A combatant hurt while it prepares a spell or aims must make a
// Resistance Roll or lose the spell or the aim (helpers.hurt_resists:
// Pathmaster l.294-296, 560); knocked back or forced to move, a caster
// must too (l.294-296, 1425) and an archer loses its aim outright
// (l.556). The log says so as it happens and the spell or aim is marked at
// stake; the GM rolls the Resistance Roll to keep it (Resist with Keep:
// the book gives the roll no levels, so the GM types them) and a failure
// loses it: the aim's bonuses gone, the spell ruined at the cost of a
// spell ruined (spells.ruined, l.1432-1434).

// AtStake reports whether c has a spell under preparation or an aim a
// distraction may cost it.
func (c *Combatant) AtStake() bool {
	return c.Aim > 0 || (c.Casting != nil && c.Casting.Concentrated)
}

// stakeName says what is at stake, for the Resistance Roll's line.
func (c *Combatant) stakeName() string {
	switch {
	case c.Casting != nil && c.Casting.Concentrated && c.Aim > 0:
		return "losing " + c.Casting.Spell + " and the aim"
	case c.Casting != nil && c.Casting.Concentrated:
		return "losing " + c.Casting.Spell
	}
	return "losing the aim"
}

// distracted says so of one just hurt by amount, and puts what it
// prepares or aims at stake.
func (t *tx) distracted(c *Combatant, amount int) {
	if !t.rs.Helpers.HurtResists || amount <= 0 || c.Out || !c.AtStake() {
		return
	}
	spell := ""
	if c.Casting != nil && c.Casting.Concentrated {
		spell = c.Casting.Spell
	}
	c.Distracted = true
	t.log(EvHold, of(c), nil, HurtWhileIntent{Spell: Text(spell), Aims: c.Aim})
}

// knockedDown puts a spell c prepares at stake as it is knocked down
// (helpers.knocked_down) by the GM or a stun level, as a hurt does; had is
// whether it held the condition before. An aim is not touched: the book
// names a forced move and a hurt for it (l.556-560).
func (t *tx) knockedDown(c *Combatant, id string, had bool) {
	h := t.rs.Helpers
	if h.KnockedDown == "" || id != h.KnockedDown || had || !c.Has(id) || c.Out || !h.HurtResists {
		return
	}
	if c.Casting == nil || !c.Casting.Concentrated {
		return
	}
	c.Distracted = true
	t.log(EvHold, of(c), nil, KnockedDownWhilePreparing{Spell: Text(c.Casting.Spell)})
}

// forcedMove is the GM saying c was forced to move: its aim is lost, and a
// spell it prepares is at stake.
func (t *tx) forcedMove(cmd ForcedMove) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if !c.AtStake() {
		return fmt.Errorf("%s prepares no spell and aims at nothing: a forced move costs it nothing fray keeps", c.Name)
	}
	f := ForcedToMove{Aims: c.Aim}
	c.Aim = 0
	if c.Casting != nil && c.Casting.Concentrated {
		f.Spell = Text(c.Casting.Spell)
		f.Resists = t.rs.Helpers.HurtResists
		c.Distracted = f.Resists
	}
	t.log(EvHold, of(c), nil, f)
	return nil
}

// keptOrLost is what the Resistance Roll to keep them did: kept, or the
// aim lost and the spell ruined.
func (t *tx) keptOrLost(c *Combatant, kept bool) error {
	c.Distracted = false
	f := KeepsFocus{Kept: kept, Aims: c.Aim}
	if c.Casting != nil && c.Casting.Concentrated {
		f.Spell = Text(c.Casting.Spell)
	}
	t.log(EvHold, of(c), nil, f)
	if kept {
		return nil
	}
	c.Aim = 0
	if x := c.Casting; x != nil && x.Concentrated {
		c.Casting = nil
		return t.payMana(c, *x, t.ruinedCost(*x), SpellCost{Ruined: true})
	}
	return nil
}

// ForcedToMove: Who was forced to move: the Aims it had are lost, and the
// Spell it prepares needs a Resistance Roll where Resists.
type ForcedToMove struct {
	Spell   Text `players:"public"`
	Aims    int  `players:"public"`
	Resists bool
}

// KeepsFocus: Who's Resistance Roll to keep the Spell it prepares or its
// Aims: Kept, or lost.
type KeepsFocus struct {
	Spell Text `players:"public"`
	Aims  int  `players:"public"`
	Kept  bool
}

// KnockedDownWhilePreparing: Who, knocked down while preparing Spell,
// makes a Resistance Roll or loses it.
type KnockedDownWhilePreparing struct {
	Spell Text `players:"public"`
}

func (KnockedDownWhilePreparing) isFact() {}
func (ForcedToMove) isFact()              {}
func (KeepsFocus) isFact()                {}
