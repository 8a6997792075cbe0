package content_test

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
)

// Staunching is "putting an empty hand over the wound"; a Stamina roll
// holds the wound closed, and held five rounds it stops for good (l.335,
// 339); each bleeding special's artery costs 1 a round from the round after
// its own (l.333). D's first wound is held shut in round 1; a second,
// cut in round 2, is not under the hand: it bleeds from round 3 (39 HP
// after round 3), and goes on bleeding after the held one has closed for
// good (34 after round 8: rounds 3 to 8). Undone, the hold lets go of it.
// ledger: brp/staunch-roll brp/staunch-five-rounds
func TestBRPHeldWoundIsTheOneUnderTheHand(t *testing.T) {
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}},
		{Name: "D", HP: 40, Stats: map[string]int{"DEX": 7, "CON": 10}}}})
	f.Must(engine.Start{})
	d := f.ID("D")
	f.Must(engine.Bleed{Who: d, Rate: 1})
	f.Must(engine.GiveCondition{Who: d, Condition: "held_shut"})
	for f.Current().Round < 2 {
		f.Next()
	}
	before := *f.Current()
	done := len(f.Done)
	f.Must(engine.Bleed{Who: d, Rate: 1}) // a second artery cut in round 2
	for f.Current().Round < 4 {
		f.Next()
	}
	if hp := f.Get("D").HP; hp != 39 {
		t.Errorf("after round 3, HP %d, want 39 (the new wound's 1, the held one none):\n%s", hp, logText(f))
	}
	for f.Current().Round < 9 {
		f.Next()
	}
	c := f.Get("D")
	if c.HP != 34 || c.Bleeding() != 1 || c.Has("held_shut") {
		t.Errorf("after round 8: HP %d, bleeding %d, want 34 and 1 (the held wound closed, the new one open):\n%s",
			c.HP, c.Bleeding(), logText(f))
	}
	for len(f.Done) > done {
		f.Undo()
	}
	if !reflect.DeepEqual(*f.Current(), before) {
		t.Error("undone to round 2, the fight differs")
	}
}
