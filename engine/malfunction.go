package engine

import (
	"fmt"

	"fray/engine/rules"
)

// Malfunctions: some weapons jam on a high roll whatever the skill (a
// musket at 95-00), besides a fumble or without one. The blow's
// malfunction key names the weapon field that holds the number. And the
// slow weapons: one that strikes once in several rounds (blows.rate).

// Jammed is a weapon's state after a malfunction (not an effect a ruleset
// gives): useless until readied again.
const Jammed rules.WeaponFate = "jammed"

// Malfunctions: Who's Weapon jammed: the attack's dice came to Rolled, at
// or over its malfunction number At. It is readied again by hand.
type Malfunctions struct {
	Weapon     Text `players:"public"`
	Rolled, At int  `players:"roll"`
}

// atRate refuses a blow with a weapon that strikes once in several rounds
// (blows.rate) before its rounds have passed, and marks the round it
// strikes in.
func (t *tx) atRate(b rules.Blow, c *Combatant, wi int) error {
	if b.Rate == "" || wi < 0 || wi >= len(c.Weapons) {
		return nil
	}
	w := &c.Weapons[wi]
	every, _ := WeaponStat(t.rs, c, w.Weapon, b.Rate)
	if every > 1 && w.Struck > 0 && t.enc.Round-w.Struck < every {
		return fmt.Errorf("%s's %s strikes once in %d rounds: next in round %d", c.Name, w.Name, every, w.Struck+every)
	}
	w.Struck = t.enc.Round
	return nil
}

// malfunction jams the attacker's weapon where the attack's dice came to
// its malfunction number (blows.malfunction) or more, whatever the skill:
// after the blow's result, so a fumble's stray hit comes first (BRP
// l.226).
func (t *tx) malfunction(b rules.Blow, c *Combatant, wi, rolled int) {
	if b.Malfunction == "" || wi < 0 || wi >= len(c.Weapons) {
		return
	}
	w := &c.Weapons[wi]
	at, _ := WeaponStat(t.rs, c, w.Weapon, b.Malfunction)
	if at <= 0 || rolled < at || w.State == rules.FateBroken {
		return
	}
	w.State, w.In = Jammed, 0
	t.log(EvGear, of(c), nil, Malfunctions{Weapon: Text(w.Name), Rolled: rolled, At: at})
}
