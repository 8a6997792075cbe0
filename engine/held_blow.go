package engine

import (
	"fmt"

	"fray/engine/rules"
)

// A blow held against the parrying item (a blow effect's guard_resists:
// BRP's crushing special parried, l.349-353): the blow rolls its damage as
// a hit's, the result's crush or impale with it, and strikes no one; the
// damage waits on the weapon or shield the defender parried with for the
// resistance roll, a check the GM rolls with the chance read off the table
// and typed. Its outcome's held_blow settles it: through, the item takes
// the damage up to the hit points it has left and the rest strikes the
// defender, armour counting (then_check after, where some gets through);
// stops, the item takes the damage, broken past its hit points, and the
// blow goes no further.

// heldBy is the check a blow's result waits on against the defender's
// parrying item ("": none; the result is done as it says): a parry rolled,
// an item parried with, not broken, and an effect guard_resists that holds.
func (t *tx) heldBy(r rules.BlowResult, foe *Combatant, def *CheckRoll, guard int, holds func(rules.BlowEffect) bool) string {
	if def == nil || guard < 0 || guard >= len(foe.Weapons) || foe.Weapons[guard].State == rules.FateBroken {
		return ""
	}
	for _, e := range r.Effects {
		if e.GuardResists != "" && holds(e) {
			return e.GuardResists
		}
	}
	return ""
}

// holdBlow rolls the blow's damage and holds it against the defender's
// parrying item until the check is rolled; it returns the damage rolled.
func (t *tx) holdBlow(b rules.Blow, r rules.BlowResult, c, foe *Combatant, w rules.Weapon, cmd Blow, margin int,
	holds func(rules.BlowEffect) bool, mods []CheckMod, check string) (int, error) {
	if r.Damage == rules.DamageNone {
		r.Damage = rules.DamageRolled
	}
	r.AtGuard = false
	t.striking.held = true
	defer func() { t.striking.held = false }()
	rolled, _, err := t.blowDamage(b, r, c, foe, w, cmd.Location, margin, holds, mods, guardArmor{})
	if err != nil {
		return 0, err
	}
	foe = t.mine(t.enc.Combatant(foe.ID))
	g := &foe.Weapons[cmd.Guard]
	g.Held, g.HeldBy, g.HeldIn = rolled, c.ID, b.ID
	t.log(EvGear, of(foe), nil, HeldAgainst{Weapon: Text(g.Name), Damage: rolled, Left: max(g.HP-g.Lost, 0), HP: g.HP, Check: check})
	return rolled, nil
}

// heldBlow settles the blow held against on's parrying item (the one other
// struck, else any): e.HeldBlow says how.
func (t *tx) heldBlow(on, other *Combatant, e rules.CheckEffect) error {
	on = t.mine(t.enc.Combatant(on.ID))
	gi := -1
	for i, w := range on.Weapons {
		if w.Held > 0 && (gi < 0 || other != nil && w.HeldBy == other.ID) {
			gi = i
		}
	}
	if gi < 0 {
		return nil // no blow held: the GM settles it by hand (d, Arm)
	}
	w := &on.Weapons[gi]
	damage, by, in := w.Held, w.HeldBy, w.HeldIn
	w.Held, w.HeldBy, w.HeldIn = 0, 0, ""
	if w.HP <= 0 {
		// No hit points kept: the item takes it, and nothing goes on.
		t.log(EvGear, of(on), nil, WeaponHit{Weapon: Text(w.Name), By: damage})
		return nil
	}
	took := damage
	if e.HeldBlow == rules.HeldThrough {
		took = min(damage, max(w.HP-w.Lost, 0))
	}
	w.Lost += took
	t.log(EvGear, of(on), nil, WeaponHit{Weapon: Text(w.Name), By: took, Lost: w.Lost, HP: w.HP})
	if w.Lost >= w.HP && w.State != rules.FateBroken {
		w.State, w.In = rules.FateBroken, 0
		t.log(EvGear, of(on), nil, WeaponNow{Weapon: Text(w.Name), State: w.State})
	}
	rest := damage - took
	if e.HeldBlow != rules.HeldThrough || rest <= 0 {
		return nil
	}
	at := ""
	if e.LimbField != "" && t.locationsOn() {
		// The item's field names where the rest lands (BRP's shield, on
		// the arm it is worn on, l.353); none there, it is rolled.
		if v, ok := weaponStat(t.rs, w.Weapon, e.LimbField, t.statsOf(on)); ok {
			if l, ok := t.rs.HitLocationAt(v); ok {
				at = l.ID
			}
		}
	}
	net, err := t.heldThrough(on, in, rest, at)
	if err != nil || net <= 0 || e.ThenCheck == "" {
		return err
	}
	cmd := RollCheck{Who: on.ID, Check: e.ThenCheck}
	if t.enc.Combatant(by) != nil {
		cmd.Target = by
	}
	if _, err := t.checkOutcome(cmd); err != nil {
		return fmt.Errorf("%s: %w", e.ThenCheck, err)
	}
	return nil
}

// heldThrough strikes c with what a held blow has left past the item: the
// armour the blow (in) reads comes off, where it lands with hit locations
// (the location at, or rolled where it is ""), and the rest off its hit
// points; it returns the rest.
func (t *tx) heldThrough(c *Combatant, in string, damage int, at string) (int, error) {
	var l *rules.HitLocation
	if t.locationsOn() {
		at, err := t.hitWhere(c, at)
		if err != nil {
			return 0, err
		}
		l = &at
	}
	stat := t.rs.HP.Armor
	if b, ok := t.rs.Blow(in); ok {
		stat = t.rs.ArmorStat(b)
	}
	net := damage
	if stat != "" {
		where := locationID(l)
		worn := ArmorAt(t.rs, c, stat, where)
		rolled, err := t.rolledArmor(c, stat, where)
		if err != nil {
			return 0, err
		}
		worn = max(worn+rolled, 0)
		net = max(damage-worn, 0)
		if worn != 0 {
			t.log(EvDamage, of(c), nil, Armoured{Stat: stat, Mode: rules.ArmorOff, Location: where, Armor: worn, Counts: worn,
				Damage: damage, Net: net})
		}
	}
	return net, t.hurt(c, net, l, Damaged{})
}
