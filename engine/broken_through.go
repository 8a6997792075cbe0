package engine

import (
	"slices"

	"fray/engine/rules"
)

// A weapon broken in the exchange (rules.BlowEffect.BreaksThrough, BRP's
// matrix footnote, l.250): the attacking weapon broken by the points a
// parry does to it, in a blow that struck no damage, still strikes the
// defender: the weapon's normal damage and bonus, armour counting. The
// parrying weapon or shield broken by the points a blow that gets through
// does to it takes off the damage only the points it took to break it, in
// place of its armour (parry_armor); the body's armour still counts.

// BrokenStrikes: Who's Weapon broke in the exchange, and its damage
// strikes Against all the same.
type BrokenStrikes struct {
	Weapon  Text `players:"public"`
	Against Subject
}

func (BrokenStrikes) isFact() {}

// brokenThrough strikes the defender with the attacker's weapon broken in
// this blow, where the result that broke it says so.
func (t *tx) brokenThrough(b rules.Blow, r rules.BlowResult, c, foe *Combatant, wi int, w rules.Weapon, cmd Blow, margin int,
	ch rules.Check, holds func(rules.BlowEffect) bool) error {
	if r.Damage != rules.DamageNone || wi < 0 {
		return nil
	}
	if !slices.ContainsFunc(r.Effects, func(e rules.BlowEffect) bool { return e.BreaksThrough && e.To == rules.ToActor && holds(e) }) {
		return nil
	}
	c, foe = t.mine(t.enc.Combatant(c.ID)), t.mine(t.enc.Combatant(foe.ID))
	if c == nil || foe == nil || wi >= len(c.Weapons) || c.Weapons[wi].State != rules.FateBroken {
		return nil
	}
	t.log(EvBlow, of(c), nil, BrokenStrikes{Weapon: Text(w.Name), Against: of(foe)})
	hit := rules.BlowResult{Damage: rules.DamageRolled, Armor: rules.ArmorOff}
	_, _, err := t.blowDamage(b, hit, c, foe, w, cmd.Location, margin, holds, damageMods(t.rs, ch, cmd.Modifiers, foe), guardArmor{})
	return err
}

// breakingGuard is the parrying weapon's part of a blow that gets through
// (guard: its armour, parry_armor): where the result's points to it
// (weapon_damage, breaks_through) break it, the hit points it had left in
// place of its armour.
func breakingGuard(r rules.BlowResult, foe *Combatant, guard guardArmor, gi int, holds func(rules.BlowEffect) bool) guardArmor {
	if guard.name == "" || gi < 0 || gi >= len(foe.Weapons) {
		return guard
	}
	w := foe.Weapons[gi]
	if w.HP <= 0 {
		return guard
	}
	for _, e := range r.Effects {
		if e.BreaksThrough && e.To == rules.ToTarget && e.WeaponDamage > 0 && holds(e) && w.HP-w.Lost <= e.WeaponDamage {
			return guardArmor{name: guard.name, value: max(w.HP-w.Lost, 0)}
		}
	}
	return guard
}
