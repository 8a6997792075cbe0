package content_test

import (
	"strings"
	"testing"

	"fray/engine"
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
		f, a, tt := crushFight(t)
		f.Must(engine.RollCheck{Who: a, Check: "skill", Target: tt, Answer: "parry"}, 5, parry)
		line := f.LastLog("A's Special success against")
		if !strings.Contains(line, "A parried crushing blow against the item") {
			t.Errorf("parried at %d, g's line does not name the resistance roll: %q", parry, line)
		}
	}
}
