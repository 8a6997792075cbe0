package engine

// A spell's casting round delayed (Pathmaster l.689-691): a caster with a
// spell prepared who Delays holds the cast as its interrupt. The turn does
// not ruin the spell, and it is not a round of preparation more; the cast
// comes from C at the trigger, on another's turn, paid as the delayed
// attack is (the action that fires the Delay); unused, the Delay ends at
// the caster's next turn and the spell waits to be cast or concentrated on
// as before.

// delaysCasting marks the spell prepared as held by the Delay.
func (t *tx) delaysCasting(c *Combatant) {
	x := c.Casting
	if x == nil || !x.Concentrated {
		return
	}
	x.Worked = true
	t.log(EvHold, of(c), nil, DelaysCasting{Spell: Text(x.Spell)})
}

// castDelayed casts the spell held by a Delay, paid by the action that
// fires the Delay.
func (t *tx) castDelayed(c *Combatant, cmd Cast) error {
	fire := ""
	for _, a := range t.rs.Actions {
		if a.FiresDelay {
			fire = a.ID
			break
		}
	}
	x := *c.Casting
	mod, diff := t.prepMod(c)
	c.Casting = nil
	if fire != "" {
		if err := t.spend(Spend{Who: c.ID, Action: fire}); err != nil {
			return err
		}
	} else {
		c.Delaying = ""
	}
	t.log(EvHold, of(c), nil, SpellCast{Spell: Text(x.Spell), Level: x.Level, Rounds: x.Rounds, Mod: mod, Levels: diff,
		Diff: t.levelOf(c) - x.Level})
	return t.castRoll(c, x, mod, cmd)
}

// DelaysCasting: Who's Delay holds the casting of Spell, prepared.
type DelaysCasting struct {
	Spell Text `players:"public"`
}

func (DelaysCasting) isFact() {}
