package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Dying blows (the option, l.447): one with a fatal wound who makes the
// Stamina roll strikes once more on its next DEX rank, and then dies; a
// failed roll is death before the blow. Its parry stays refused: the
// fatal wound still allows no defence (l.575).
// ledger: brp/dying-blows
func TestBRPDyingBlow(t *testing.T) {
	members := []member{{name: "Yvarre", creature: "yvarre"}, {name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}}
	f, _ := startFight(t, "brp", members)
	onRank(t, f, "Yvarre")
	g := f.ID("Guard")
	f.Must(engine.Damage{Who: g, Amount: 20, Bare: true}) // 14 to -6: a fatal wound
	if _, err := f.Do(engine.RollCheck{Who: g, Check: "skill"}); err == nil {
		t.Fatalf("a fatally wounded guard attacks without a dying blow")
	}
	f.Must(engine.RollCheck{Who: g, Check: "dying_blow"}, 70) // CON 14: 70 or less
	gd := f.Get("Guard")
	if !gd.Has("dying_blow") || gd.Out || !gd.Has("fatal_wound") {
		t.Fatalf("Stamina made: dying blow %v, out %v, fatal wound %v", gd.Has("dying_blow"), gd.Out, gd.Has("fatal_wound"))
	}
	if _, err := f.Do(engine.RollCheck{Who: g, Check: "parry"}, 10); err == nil || !strings.Contains(err.Error(), "Fatal wound") {
		t.Errorf("the dying guard parries (%v): a fatal wound allows no defence", err)
	}
	f.Next() // Kallistor, 12
	f.Next() // the guard, 10: its last blow
	if w := where(f.Rules, f.Current()); w != "r1 action Guard@10" {
		t.Fatalf("the dying guard does not get its rank: %s", w)
	}
	f.Must(engine.Blow{Who: g, Blow: "attack", Foes: []int{f.ID("Yvarre")}}, 30, 1, 1)
	if f.Get("Guard").Has("dead") {
		t.Fatalf("dead before its blow is done")
	}
	f.Next()
	if gd := f.Get("Guard"); !gd.Has("dead") || gd.Has("dying_blow") || !gd.Out {
		t.Errorf("after its dying blow the guard should be dead: %v, out %v", gd.Conditions, gd.Out)
	}
	if log := logText(f); !strings.Contains(log, "Guard: Stamina for a dying blow: d100: [70] = 70 vs 70 or less: One last blow") ||
		!strings.Contains(log, "Guard is back in the fight") || !strings.Contains(log, "Guard is Dead") {
		t.Errorf("the log does not tell the dying blow:\n%s", log)
	}

	// A failed roll: death first, no blow.
	h, _ := startFight(t, "brp", members)
	k := h.ID("Kallistor")
	h.Must(engine.Damage{Who: k, Amount: 20, Bare: true})
	h.Must(engine.RollCheck{Who: k, Check: "dying_blow"}, 76) // CON 15: 75 or less
	if kc := h.Get("Kallistor"); !kc.Has("dead") || kc.Has("dying_blow") || !kc.Out {
		t.Errorf("a failed Stamina roll for a dying blow is death first: %v", kc.Conditions)
	}
	// And none for one who is not down.
	if _, err := h.Do(engine.RollCheck{Who: h.ID("Yvarre"), Check: "dying_blow"}, 10); err == nil ||
		!strings.Contains(err.Error(), "only one at 0 or less has a last action") {
		t.Errorf("a dying blow for one not down: %v", err)
	}
}
