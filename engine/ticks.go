package engine

import (
	"fray/engine/rules"
)

// due reports whether a tick fires at a moment: its point, its phase or
// rank, its round and its rhythm.
func (t *tx) due(tk rules.Tick, m moment) bool {
	switch {
	case tk.When != m.at:
		return false
	case m.at == rules.AtRank && tk.Rank != m.count:
		return false
	case tk.Phase != "" && tk.Phase != m.phase:
		return false
	case tk.Round != 0 && tk.Round != t.enc.Round:
		return false
	case tk.Every > 1 && tk.Effect != rules.EffectClot && t.enc.Round%tk.Every != 0:
		return false
	}
	return true
}

// ticksAt runs the ticks due at a moment for one combatant: its wounds
// bleed and clot, a check is rolled for it, and notes for those holding a
// tick's condition. The dead bleed, spend and are hurt no more: bleeding
// goes on "until ... the target dies" (BRP l.333-337), and a corpse has
// nothing left to lose.
func (t *tx) ticksAt(c *Combatant, m moment) {
	_, dead := Death(t.rs, c)
	for _, tk := range t.rs.Ticks {
		if !t.due(tk, m) || (tk.Condition != "" && !c.Has(tk.Condition)) {
			continue
		}
		if dead && (tk.Effect == rules.EffectBleed || tk.Effect == rules.EffectSpend || tk.Effect == rules.EffectHurt ||
			tk.Effect == rules.EffectCheck) {
			continue // the dead bleed, tire and roll no more (Energy's Death Save and waking d20, l.645, 655)
		}
		switch tk.Effect {
		case rules.EffectBleed:
			if t.bleed(c, tk.SkipNew) && tk.Pool != "" && PoolCapacity(t.rs, c, tk.Pool) > 0 {
				t.tickSpend(c, tk) // the fatigue a bleeding round costs, where it is kept (BRP l.333)
			}
		case rules.EffectClot:
			t.clot(c, max(tk.Every, 1))
		case rules.EffectCheck:
			if ch, ok := t.rs.Check(tk.Check); ok {
				if v := t.forbidsCheck(c, ch); !v.Allowed() {
					t.log(EvRoll, of(c), nil, TickFailed{Tick: tk.ID, Err: Text(v.Error())})
					continue
				}
			}
			if err := t.check(RollCheck{Who: c.ID, Check: tk.Check}); err != nil {
				t.log(EvRoll, of(c), nil, TickFailed{Tick: tk.ID, Err: Text(err.Error())})
			}
		case rules.EffectSpend:
			t.tickSpend(c, tk)
		case rules.EffectHurt:
			t.tickHurts(c, tk)
		case rules.EffectNote, "":
			if tk.Condition != "" {
				t.log(EvRound, of(c), nil, TickNote{Tick: tk.ID})
			}
		}
	}
}

// notesAt logs the notes due at a moment that concern the whole fight: a
// tick with no effect, or a note, and no condition to hold.
func (t *tx) notesAt(m moment) {
	for _, tk := range t.rs.Ticks {
		if (tk.Effect == rules.EffectNote || tk.Effect == "") && tk.Condition == "" && t.due(tk, m) {
			t.log(EvRound, Subject{}, nil, TickNote{Tick: tk.ID})
		}
	}
}

// tickSpend takes a tick's amount from the combatant's pool, down to 0.
func (t *tx) tickSpend(c *Combatant, tk rules.Tick) {
	r, err := t.roller.Roll(tk.Amount, t.statsOf(c))
	if err != nil {
		t.log(EvPool, of(c), nil, TickFailed{Tick: tk.ID, Err: Text(err.Error())})
		return
	}
	if c.Pools == nil {
		c.Pools = map[string]int{}
	}
	n := max(r.Total, 0) // a spend never fills the pool
	was := c.Pools[tk.Pool]
	c.Pools[tk.Pool] = max(was-n, 0)
	t.log(EvPool, of(c), nil, TickSpends{Tick: tk.ID, Pool: tk.Pool, Amount: n, Before: was, After: c.Pools[tk.Pool]})
	t.poolEmptied(c, tk.Pool, was)
}

// tickHurts takes a tick's amount (rolled where it is dice) off the
// combatant's hits, armour no help: a poison's hits a round.
func (t *tx) tickHurts(c *Combatant, tk rules.Tick) {
	r, err := t.roller.Roll(tk.Amount, t.statsOf(c))
	if err != nil {
		t.log(EvDamage, of(c), nil, TickFailed{Tick: tk.ID, Err: Text(err.Error())})
		return
	}
	n := max(r.Total, 0)
	t.log(EvDamage, of(c), &r, TickHurts{Tick: tk.ID, Amount: n})
	if n == 0 {
		return
	}
	if err := t.damage(Damage{Who: c.ID, Amount: n, Bare: true}); err != nil {
		t.log(EvDamage, of(c), nil, TickFailed{Tick: tk.ID, Err: Text(err.Error())})
	}
}

// TickHurts: a tick took Amount of Who's hits.
type TickHurts struct {
	Tick   string
	Amount int `players:"hp"`
}

func (TickHurts) isFact() {}
