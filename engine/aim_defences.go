package engine

import (
	"slices"

	"fray/engine/rules"
)

// An aimer's defences (checks.modifiers.gives_up_aim): one who holds an
// aim defends with its dodge and shield only by giving the aim up
// (Pathmaster l.558-559). A check against it that offers a modifier giving
// the aim up does not take its dodge off unless one is chosen; chosen, the
// dodge counts and the aim is lost, said in the log.

// GuardAiming names, where a roll's modifiers list it, the aimer's dodge
// put back: it kept its aim and did not dodge.
const GuardAiming = "(aiming)"

// aimingDodge is the target's dodge put back on a check against one who
// holds an aim, where the check offers a modifier giving the aim up and
// none is chosen (ok false: its dodge counts as usual).
func aimingDodge(rs *rules.Ruleset, c *Combatant, r Rolling) (CheckMod, bool) {
	foe, ch := r.Against, r.Check
	if foe == nil || ch == nil || foe.Aim == 0 || rs.Guard.Dodge == "" || givesUpAim(*ch, r.Chosen) {
		return CheckMod{}, false
	}
	if !slices.ContainsFunc(ch.Modifiers, func(m rules.CheckModifier) bool { return m.GivesUpAim }) {
		return CheckMod{}, false
	}
	if _, ignored := ignoredDodge(rs, c, foe, r.Kind); ignored {
		return CheckMod{}, false // put back already
	}
	v, _ := statsOf(rs, foe)(rs.Guard.Dodge)
	return CheckMod{Guard: GuardAiming, Target: true, Value: max(v, 0)}, true
}

// givesUpAim reports whether a modifier chosen gives the target's aim up.
func givesUpAim(ch rules.Check, chosen []string) bool {
	return slices.ContainsFunc(chosen, func(id string) bool {
		m, ok := ch.Modifier(id)
		return ok && m.GivesUpAim
	})
}

// aimGivenUp loses the aim of the target of a check that chose to give it
// up, and says so.
func (t *tx) aimGivenUp(foe *Combatant, ch rules.Check, chosen []string) {
	if foe == nil || foe.Aim == 0 || !givesUpAim(ch, chosen) {
		return
	}
	t.log(EvHold, of(foe), nil, GivesUpAim{Aims: foe.Aim})
	foe.Aim, foe.AimAt = 0, 0
}

// GivesUpAim: Who gave up the Aims it held to dodge or take up its shield.
type GivesUpAim struct {
	Aims int `players:"public"`
}

func (GivesUpAim) isFact() {}
