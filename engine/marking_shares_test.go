package engine_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/narrate"
)

// A fireball's damage shared out: one roll, each orc its share (one saved
// for half, one takes double, one none, one an amount typed for it), one
// step, one undo, each one's line in the log.
func TestMarkedDamageSharedOutPerTarget(t *testing.T) {
	f := orcs(t, enginetest.Rules(t, baseRules()))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{who("Orc 4", 5, 40, nil)}})
	ids := append(orcIDs(f), f.ID("Orc 4"))
	before := f.Current().Clone()
	steps := len(f.Done)
	ev := f.Must(engine.Marked{Targets: ids, Shares: []engine.Share{engine.ShareHalf, engine.ShareDouble, engine.ShareNone, "4"},
		Step: engine.Damage{Expr: "3d6"}}, 6, 5, 4)
	want := []string{
		"Damage for Orc 1, Orc 2, Orc 3, Orc 4: 3d6: [6, 5, 4] = 15",
		"Orc 1 takes 7, half of 15 (40 -> 33 HP)",
		"Orc 2 takes 30, double 15 (40 -> 10 HP)",
		"Orc 3 takes 0, none of 15 (40 -> 40 HP)",
		"Orc 4 takes 4, typed in place of 15 (40 -> 36 HP)",
	}
	var log []string
	for _, e := range ev {
		log = append(log, narrate.Line(f.Rules, e))
	}
	if !reflect.DeepEqual(log, want) {
		t.Errorf("log:\n%s\nwant:\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	if len(f.Done) != steps+1 {
		t.Errorf("%d steps: shared out, the damage is still one", len(f.Done)-steps)
	}
	if _, ok := f.Undo(); !ok || !reflect.DeepEqual(*f.Current(), before) {
		t.Error("one undo must restore all four")
	}
	// Shares are for damage, one each, each a share.
	f.Refuse(engine.Marked{Targets: ids[:2], Shares: []engine.Share{engine.ShareHalf}, Step: engine.Damage{Amount: 4}}, "1 shares for 2 marked")
	f.Refuse(engine.Marked{Targets: ids[:1], Shares: []engine.Share{"third"}, Step: engine.Damage{Amount: 4}}, "a share is whole, half")
	f.Refuse(engine.Marked{Targets: ids[:1], Shares: []engine.Share{engine.ShareHalf}, Step: engine.Heal{Amount: 4}}, "only damage is shared out")
	if err := f.Verify(); err != nil {
		t.Error(err)
	}
}

// Each one's share of its own roll, where the ruleset rolls for each.
func TestMarkedDamageSharedOutOfEachOnesRoll(t *testing.T) {
	base := baseRules()
	base.Marked.RollEach = true
	f := orcs(t, enginetest.Rules(t, base))
	f.Must(engine.Marked{Targets: orcIDs(f)[:2], Shares: []engine.Share{engine.ShareHalf, engine.ShareWhole}, Step: engine.Damage{Expr: "1d6"}}, 5, 3)
	if a, b := f.Get("Orc 1").HP, f.Get("Orc 2").HP; a != 38 || b != 37 {
		t.Errorf("half of 5 and all of 3: %d and %d hit points left, want 38 and 37", a, b)
	}
}
