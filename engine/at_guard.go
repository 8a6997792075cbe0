package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// A blow at the defender's parrying weapon or shield (a result's at_guard:
// BRP's attack made to destroy it, l.490): the damage strikes the item the
// defender parried with, or, unanswered, the one the blow was aimed at
// (Blow.Guard); the item's armour (the blow's parry_armor field) comes off
// it, the rest off the item's hit points, and once they are gone, what is
// left strikes the defender, its armour counting.

// atGuard strikes the defender's guard with the blow's damage and returns
// what goes on past it to the defender (0: the item took it all). An item
// that held the striker (a result's cuts_free effect holding, the striker
// in the condition it takes) lets nothing past: cut through, it is gone
// from the striker, not driven into its holder (BRP l.369).
func (t *tx) atGuard(b rules.Blow, r rules.BlowResult, c, foe *Combatant, damage int, holds func(rules.BlowEffect) bool) (int, error) {
	gi := 0
	if t.striking != nil {
		gi = t.striking.guard
	}
	foe = t.mine(t.enc.Combatant(foe.ID))
	if gi < 0 || gi >= len(foe.Weapons) {
		return 0, fmt.Errorf("%s carries no weapon or shield %d for the blow to strike", foe.Name, gi+1)
	}
	w := &foe.Weapons[gi]
	if w.State == rules.FateBroken {
		return damage, nil // nothing left of it to take the blow
	}
	past := damage
	if b.ParryArmor != "" {
		ap, _ := WeaponStat(t.rs, foe, w.Weapon, b.ParryArmor)
		if ap = max(ap, 0); ap > 0 {
			past = max(damage-ap, 0)
			t.log(EvDamage, of(foe), nil, ParryArmoured{Weapon: Text(w.Name), Armor: ap, Damage: damage, Net: past})
		}
	}
	if past <= 0 {
		return 0, nil
	}
	if w.HP <= 0 {
		// No hit points kept: the item takes it, and nothing goes on.
		t.log(EvGear, of(foe), nil, WeaponHit{Weapon: Text(w.Name), By: past})
		return 0, nil
	}
	left := max(w.HP-w.Lost, 0)
	took := min(past, left)
	w.Lost += took
	t.log(EvGear, of(foe), nil, WeaponHit{Weapon: Text(w.Name), By: took, Lost: w.Lost, HP: w.HP})
	if w.Lost < w.HP {
		return 0, nil
	}
	w.State, w.In = rules.FateBroken, 0
	t.log(EvGear, of(foe), nil, WeaponNow{Weapon: Text(w.Name), State: w.State})
	if t.striking != nil && t.holdsStriker(r, c, foe, holds) {
		t.striking.cut = true
		return 0, nil
	}
	return past - took, nil
}

// holdsStriker reports whether the struck item, foe's, held the striker c: a
// cuts_free effect of the result holds for it, and c is in the condition it
// takes, given by foe's blow (or by none: given by hand, c's own word).
// Another's item, holding nobody, holds c in nothing (BRP l.369: the
// entangling weapon itself).
func (t *tx) holdsStriker(r rules.BlowResult, c, foe *Combatant, holds func(rules.BlowEffect) bool) bool {
	striker := t.enc.Combatant(c.ID)
	return striker != nil && slices.ContainsFunc(r.Effects, func(e rules.BlowEffect) bool {
		x := striker.condition(e.Take)
		return e.CutsFree && holds(e) && x != nil && x.heldBy(foe.ID)
	})
}

// CutRefused says why c may not strike the blow cmd now, or "": aimed at
// (or parried by) the item of a foe that holds c, with a weapon that would
// cut through it (a result's cuts_free holding for the condition c is in),
// while c holds a condition that forbids the cut (conditions.forbids_cuts:
// BRP's Just entangled, the cut coming on the round following, l.369).
func CutRefused(rs *rules.Ruleset, enc *Encounter, c *Combatant, cmd Blow) string {
	b, ok := rs.Blow(cmd.Blow)
	if !ok || len(cmd.Foes) != 1 {
		return ""
	}
	var w rules.Weapon
	switch {
	case b.Weapon != nil:
		w = b.Weapon.Weapon()
	case cmd.Weapon >= 0 && cmd.Weapon < len(c.Weapons):
		w = c.Weapons[cmd.Weapon].Weapon
	}
	var forbids *rules.ConditionDef
	for _, x := range c.Conditions {
		if def, ok := rs.Condition(x.ID); ok && def.ForbidsCuts {
			forbids = &def
			break
		}
	}
	if forbids == nil {
		return ""
	}
	foe := enc.Combatant(cmd.Foes[0])
	if foe == nil {
		return ""
	}
	for _, r := range b.Results {
		if !r.AtGuard {
			continue
		}
		for _, e := range r.Effects {
			if !e.CutsFree {
				continue
			}
			x := c.condition(e.Take)
			if x == nil || !x.heldBy(foe.ID) || !effectHolds(rules.BlowEffect{WeaponKinds: e.WeaponKinds,
				WeaponNot: e.WeaponNot, GuardKinds: e.GuardKinds, GuardNot: e.GuardNot}, w, "", foe, cmd.Guard) {
				continue
			}
			return fmt.Sprintf("%s %s: cutting free of %s's %s comes the round after", c.Name, being(*forbids, "is"),
				foe.Name, guardName(foe, cmd.Guard))
		}
	}
	return ""
}

// guardName is the name of foe's item guard, or "item".
func guardName(foe *Combatant, guard int) string {
	if guard >= 0 && guard < len(foe.Weapons) {
		return foe.Weapons[guard].Name
	}
	return "item"
}
