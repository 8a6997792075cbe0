package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// The matrix's critical rows (l.232-233): "Attack marginally deflected
// and achieves a special success ... Parrying weapon or shield takes 4"
// against a parry's success; only where the critical lands ("Attack
// achieves a critical success ... (or attacker may choose a special
// success instead)") is there a choice. A's critical (02 at 80) with the
// choice picked, parried by D's success (30 of 50): still the critical's
// row, a special hit that bleeds (3 + 1 through no armour), D's shield
// taking 4; not the special's row against a success (a normal hit).
// Unparried (the parry 70 failed), the same choice does the special.
// ledger: brp/critical-or-special
func TestBRPCriticalAsSpecialOnlyWhereTheCriticalLands(t *testing.T) {
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8+1"), Kinds: []string{"bleeding", "melee"},
		Fields: map[string]int{"skill": 80}}
	shield := rules.Weapon{Name: "Shield", Damage: dice.MustParse("1d4"), Kinds: []string{"knockback", "melee"}, HP: 12}
	for _, c := range []struct {
		parry int
		want  string
		hp    int
	}{
		{30, "Barely deflected: a special hit", 36},
		{70, "A critical taken as a special", 36},
	} {
		f := brpPair(t, engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{sword}},
			engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 7, "parry": 50}, Weapons: []rules.Weapon{shield}})
		a, d := f.ID("A"), f.ID("D")
		onRank(t, f, "A")
		f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{d}, Answer: "parry", Modifiers: []string{"as_special"}}, 2, c.parry, 3)
		log := logText(f)
		if !strings.Contains(log, "A's Attack on D: "+c.want) || f.Get("D").HP != c.hp || len(f.Get("D").Wounds) != 1 {
			t.Errorf("02 at 80 taken as a special, parry %d: want %q, D at %d HP (want %d), %d wounds (want 1)\n%s",
				c.parry, c.want, f.Get("D").HP, c.hp, len(f.Get("D").Wounds), log)
		}
	}
}
