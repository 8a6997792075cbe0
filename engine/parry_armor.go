package engine

import "fray/engine/rules"

// A shield's armour through a parry (BRP l.461): where a parry succeeded
// and the blow still gets through (the matrix's partly deflected rows),
// the parrying weapon's or shield's armour comes off the damage before
// the body's armour does. The blow's parry_armor names the weapon field.

// guardArmor is the parrying weapon's armour a blow gets through: its
// name and value (0: none).
type guardArmor struct {
	name  Text
	value int
}

// ParryArmoured: the Weapon Who parried with took Armor off Damage
// before its body's armour: Net went on.
type ParryArmoured struct {
	Weapon             Text `players:"public"`
	Armor, Damage, Net int  `players:"hp"`
}

// parryArmor is the armour of the weapon the defender parried with (guard,
// from 0), where the blow names a parry_armor field and the answer was a
// successful parry; none otherwise.
func (t *tx) parryArmor(b rules.Blow, foe *Combatant, def *CheckRoll, answer string, guard int) guardArmor {
	if b.ParryArmor == "" || def == nil || !def.Success || guard < 0 || guard >= len(foe.Weapons) {
		return guardArmor{}
	}
	if ch, ok := t.rs.Check(answer); !ok || !rules.Overlaps(rules.RollParry, ch.Kind) {
		return guardArmor{}
	}
	w := foe.Weapons[guard]
	v, _ := WeaponStat(t.rs, foe, w.Weapon, b.ParryArmor)
	return guardArmor{name: Text(w.Name), value: max(v, 0)}
}
