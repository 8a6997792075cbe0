package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.119: "your character can only parry missile weapons with a shield, at
// the shield's base chance"; l.484: the base chances are the shield's (15%,
// 30%, 60%, 90%). The blow (A) refuses a shield row on a parry with no
// shield: Yvarre's Dagger, the Temple guard's Mace. Parried with the
// guard's Medium shield it is taken, and g's parry with a shield row by one
// who carries a shield (the Mace first in hand) is taken too.
// ledger: brp/missile-parry
func TestBRPShieldRowsOnlyForAParryWithAShield(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Archer", creature: "cult_archer"}, {name: "Yvarre", creature: "yvarre"},
		{name: "Guard", creature: "temple_guard"}})
	a, y, g := f.ID("Archer"), f.ID("Yvarre"), f.ID("Guard")
	onRank(t, f, "Archer")
	f.Refuse(engine.Blow{Who: a, Blow: "attack", Foes: []int{y}, Answer: "parry", Guards: []string{"full_shield_missile"}},
		"A missile, full shield: 30% goes with a shield, not Yvarre's Dagger")
	f.Refuse(engine.Blow{Who: a, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 0, Guards: []string{"full_shield_missile"}},
		"A missile, full shield: 30% goes with a shield, not Guard's Mace")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 1, Guards: []string{"full_shield_missile"}}, 30, 20)
	if got := f.LastLog("Guard: Parry"); !strings.Contains(got, "vs 30 or less") {
		t.Errorf("the Medium shield's 30%%: %q", got)
	}
	toRound(t, f, 2)
	f.Must(engine.RollCheck{Who: g, Check: "parry", Modifiers: []string{"full_shield_missile"}}, 20)
	f.Refuse(engine.RollCheck{Who: y, Check: "parry", Modifiers: []string{"full_shield_missile"}}, "goes with a shield")
}
