package engine

// A combatant hurt while it prepares a spell or aims is told it must make
// a Resistance Roll or lose the spell or the aim (helpers.hurt_resists:
// Pathmaster l.294-296, 560). The book gives the roll no levels, so fray
// does not roll it: the GM rolls it (a helper) and, failed, gives the
// spell up or spends an action that loses the aim.

// distracted says so of one just hurt by amount.
func (t *tx) distracted(c *Combatant, amount int) {
	if !t.rs.Helpers.HurtResists || amount <= 0 || c.Out {
		return
	}
	spell := ""
	if c.Casting != nil && c.Casting.Concentrated {
		spell = c.Casting.Spell
	}
	if spell == "" && c.Aim == 0 {
		return
	}
	t.log(EvHold, of(c), nil, HurtWhileIntent{Spell: Text(spell), Aims: c.Aim})
}
