package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// A parry fumbled in the blow, 76-93 on the table: "wide open; foe
// automatically hits" with a normal, special or critical hit (l.277-279).
// The attack that was parried lands as the matrix says (a success against
// a fumble strikes normally); the wide-open row is a hit of its own on
// top, at the row's level, unanswered.
//
// ledger: brp/fumble-parry-table
func TestBRPParryFumbleWideOpen(t *testing.T) {
	for _, c := range []struct {
		row, second int
		hp          int
		want        string
	}{
		{80, 3, 30 - 4 - 3, "T is wide open: A hits it again at once, unanswered, with a success"},
		{92, 0, 30 - 4 - 6, "T is wide open: A hits it again at once, unanswered, with a critical success"},
	} {
		rs, _ := shipped(t).Ruleset("brp")
		f := enginetest.New(t, rs.Ruleset, dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50},
				Weapons: []rules.Weapon{{Name: "Club", Damage: dice.MustParse("1d6"), Kinds: []string{"crushing", "melee"}}}},
			{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2, "parry": 45},
				Weapons: []rules.Weapon{{Name: "Stick", Damage: dice.MustParse("1d4"), Kinds: []string{"crushing", "melee"}}}},
		}})
		f.Must(engine.Start{})
		toPhase(t, f, 2)
		faces := []int{30, 100, 4, c.row}
		if c.second > 0 {
			faces = append(faces, c.second)
		}
		f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("T")}, Answer: "parry"}, faces...)
		log := logText(f)
		if got := f.Get("T").HP; got != c.hp || !strings.Contains(log, c.want) {
			t.Errorf("parry fumble row %d: T has %d HP, want %d, and the wide-open hit logged:\n%s", c.row, got, c.hp, log)
		}
	}
}
