package engine

import (
	"slices"

	"fray/engine/dice"
	"fray/engine/rules"
)

// What a parry is worth against an attacker: the parry as its limits
// leave it (ParryNow) at the share of the parries made since the
// defender's turn (helpers.parry_factors, Pathmaster l.1104-1109). The
// share is counted by the parries, or by the foes parried
// (guard.parry_by_foe: a foe parried again meets its own share, so a
// single attacker meets the whole parry); the action the defences follow
// may count foes fewer and add to the parry while one foe alone has been
// parried (All-Out Defense's Increased Parry, l.266-267).

// ParriedFoe is a foe parried since one's turn and the place in the
// count its first parry took.
type ParriedFoe struct {
	Foe int `toml:"foe"`
	Nth int `toml:"nth"`
}

// Clone returns a deep copy.
func (a Aiming) Clone() Aiming {
	a.ParriedFoes = slices.Clone(a.ParriedFoes)
	return a
}

// ParryAgainst is what c's parry is worth against the attacker (0: one
// not named, counted as a foe not parried yet).
func ParryAgainst(rs *rules.Ruleset, c *Combatant, attacker int) int {
	now := ParryNow(rs, c)
	v := now * ParryFactor(rs, parryNth(rs, c, attacker)) / 100
	if a, ok := stanceOf(rs, c); ok && !a.ParryLoneFoe.IsZero() && now > 0 && loneFoe(c, attacker) {
		if more, err := formula(a.ParryLoneFoe, dice.StatMap(c.Stats)); err == nil {
			v += max(more, 0)
		}
	}
	return v
}

// NextShare is the percent of the parry c's next parry against a foe not
// parried yet takes (the panel's "a new foe at 50%").
func NextShare(rs *rules.Ruleset, c *Combatant) int {
	return ParryFactor(rs, parryNth(rs, c, 0))
}

// parryNth is the place in the count of c's next parry against the
// attacker, less the foes its action counts fewer (at least the first).
func parryNth(rs *rules.Ruleset, c *Combatant, attacker int) int {
	n := c.Parries + 1
	if i := parriedAt(c, attacker); rs.Guard.ParryByFoe && i >= 0 {
		n = c.ParriedFoes[i].Nth
	}
	if a, ok := stanceOf(rs, c); ok {
		n -= a.ParryFoesFewer
	}
	return max(n, 1)
}

// parriedAt is where the attacker stands among the foes c parried (-1:
// none, or no attacker named).
func parriedAt(c *Combatant, attacker int) int {
	if attacker == 0 {
		return -1
	}
	return slices.IndexFunc(c.ParriedFoes, func(p ParriedFoe) bool { return p.Foe == attacker })
}

// loneFoe reports whether every parry c made since its turn was against
// the attacker (none made: any attacker is the one).
func loneFoe(c *Combatant, attacker int) bool {
	if c.Parries == 0 {
		return true
	}
	return attacker != 0 && len(c.ParriedFoes) == c.Parries &&
		!slices.ContainsFunc(c.ParriedFoes, func(p ParriedFoe) bool { return p.Foe != attacker })
}

// counted counts the parries chosen on a roll by c at foe, once it is
// made: a foe parried again, where the count is by the foes, is not
// counted again. A parry is a defensive action: one chosen with reopens
// reopens a wound of the foe's First Aid closed (l.837-838).
func (t *tx) counted(ch rules.Check, c, foe *Combatant, chosen []string) {
	if foe == nil {
		return
	}
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok {
			continue
		}
		if m.Reopens && foe.Restricted() {
			t.reopen(foe)
		}
		if !m.Parry || t.rs.Guard.ParryByFoe && parriedAt(foe, c.ID) >= 0 {
			continue
		}
		pct := ParryFactor(t.rs, parryNth(t.rs, foe, c.ID))
		foe.Parries++
		foe.ParriedFoes = append(slices.Clone(foe.ParriedFoes), ParriedFoe{Foe: c.ID, Nth: foe.Parries})
		t.log(EvSpend, of(foe), nil, Parries{Nth: foe.Parries, Percent: pct})
	}
}
