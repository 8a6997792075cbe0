package engine

import (
	"fray/engine/dice"
	"fray/engine/rules"
)

// What the damage of a roll is read at where a modifier chosen takes
// something off for the damage alone (checks.modifiers.damage_less):
// Pathmaster's Sacrificial Dodge decides the hit with the dodger's shield
// at +0 and reads the strike with it off (l.752-756).

// DamageReadAt: Who's roll against Against, whose total decided the hit,
// has its damage read at Total less Less (Modifier's formula).
type DamageReadAt struct {
	Against  Subject
	Modifier string
	Total    int `players:"roll"`
	Less     int `players:"roll"`
}

func (DamageReadAt) isFact() {}

// It reads the numbers of the one it was rolled against.
func (f DamageReadAt) readsTheirs() (Subject, bool) { return f.Against, true }

// damageLess logs what the damage is read at where a chosen modifier
// takes something off for it.
func (t *tx) damageLess(ch rules.Check, c, foe *Combatant, stats dice.StatFunc, total int, chosen []string) {
	for _, id := range chosen {
		m, ok := ch.Modifier(id)
		if !ok || m.DamageLess.IsZero() {
			continue
		}
		less, err := formula(m.DamageLess, stats)
		if err != nil {
			continue
		}
		t.log(EvRoll, of(c), nil, DamageReadAt{Against: of(foe), Modifier: id, Total: total, Less: less})
	}
}
