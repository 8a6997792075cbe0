package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// l.349: "If the target successfully parries against a crushing special
// success attack, they risk their weapon or shield breaking. The attacker
// rolls damage and the increased damage modifier, and compares the damage
// rolled to the parrying item's current hit points on the resistance
// table." g's skill roll at a foe with a club in hand, a special (05)
// parried with a success (30), a special (08) or a critical (02): its line
// names that roll, not only the matrix's row ("a normal hit ... takes 2").
// ledger: brp/crushing-parry
func TestBRPSkillRollCrushParriedNamesTheResistanceRoll(t *testing.T) {
	for _, parry := range []int{30, 8, 2} {
		club := []rules.Weapon{{Name: "Club", Damage: dice.MustParse("1d6"), Bonus: dice.MustParse("1d4"), Kinds: []string{"crushing", "melee"}}}
		sword := []rules.Weapon{{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}, HP: 6}}
		rs, _ := shipped(t).Ruleset("brp")
		f := enginetest.New(t, rs.Ruleset, dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50}, Weapons: club},
			{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2, "INT": 10, "CON": 10, "parry": 45, "dodge": 40, "AV": 1}, Weapons: sword},
		}})
		f.Must(engine.Start{})
		a, tt := f.ID("A"), f.ID("T")
		onRank(t, f, "A")
		f.Must(engine.RollCheck{Who: a, Check: "skill", Target: tt, Answer: "parry"}, 5, parry)
		line := f.LastLog("A's Special success against")
		if !strings.Contains(line, "A parried crushing blow against the item") {
			t.Errorf("parried at %d, g's line does not name the resistance roll: %q", parry, line)
		}
	}
}
