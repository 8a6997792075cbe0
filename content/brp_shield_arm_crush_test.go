package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// crushAtItem is the hit locations' fight of a club (1D6, damage modifier
// 1D4) at 50% against T, who parries at 45% with item (6 hit points): the
// club's special (05) parried at 30, the club's 4 and the doubled
// modifier's 2 and 3: 9 held against the item; then the resistance roll
// (9 against 6: 65% typed) made at 30, the item's 6 taken, 3 going on.
func crushAtItem(t *testing.T, item rules.Weapon, faces ...int) *enginetest.Fight {
	t.Helper()
	rs := brpWithLocations(t).Rules
	club := rules.Weapon{Name: "Club", Damage: dice.MustParse("1d6"), Bonus: dice.MustParse("1d4"), Kinds: []string{"crushing", "melee"}}
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50}, Weapons: []rules.Weapon{club}},
		{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2, "INT": 10, "CON": 10, "parry": 45, "dodge": 40}, Weapons: []rules.Weapon{item}},
	}})
	f.Must(engine.Start{})
	a, tt := f.ID("A"), f.ID("T")
	onRank(t, f, "A")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{tt}, Answer: "parry"}, 5, 30, 4, 2, 3)
	f.Must(engine.RollCheck{Who: a, Check: "crush_parried", Target: tt, Expr: "65"}, faces...)
	return f
}

// l.353: "If specific hit locations are being used and the parrying item
// was a shield, this further damage is automatically applied to the arm
// the target wore their shield upon ... If the parrying item was a weapon,
// the further damage is applied to a random hit location". A shield (held
// on the left arm, the shield kind) takes its 6 and the 3 left strike the
// left arm, no location rolled: then Stamina (80, failed) and 1D3 stunned.
// Undone and saved and resumed, the same. A sword parrying instead: the 3
// land where the d20 says (20: the head).
// ledger: brp/crushing-parry
func TestBRPCrushThroughAShieldLandsOnItsArm(t *testing.T) {
	shield := rules.Weapon{Name: "Shield", Damage: dice.MustParse("1d4"), Kinds: []string{"knockback", "melee", "shield"}, HP: 6}
	f := crushAtItem(t, shield, 30, 80, 2)
	log := logText(f)
	if !strings.Contains(log, "T is hit in the left arm: 3 there") || strings.Contains(log, "hit location roll") {
		t.Errorf("the crush through the shield does not strike its arm:\n%s", log)
	}
	if got := f.Get("T").Hits["left_arm"]; got != 3 {
		t.Errorf("the left arm has %d, want 3", got)
	}
	back := handResumed(t, f)
	if got := back.Get("T").Hits["left_arm"]; got != 3 {
		t.Errorf("saved and resumed, the left arm has %d, want 3", got)
	}
	f.Undo()
	if got := f.Get("T").Hits["left_arm"]; got != 0 {
		t.Errorf("undone, the left arm keeps %d", got)
	}
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}, HP: 6}
	f = crushAtItem(t, sword, 30, 20, 80, 2)
	if log := logText(f); !strings.Contains(log, "T hit location roll: 1d20: [20] = 20") || !strings.Contains(log, "T is hit in the head: 3 there") {
		t.Errorf("the crush through a sword is not at a rolled location:\n%s", log)
	}
}
