package content_test

import (
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
)

// l.333: "If fatigue points are used, the target loses 1 additional fatigue
// point each round they are bleeding." A fighter given a total of fatigue
// points (FP) loses 1 of them a round while it bleeds, with the hit point
// of each wound on DEX rank 1 (two wounds: 2 HP, still 1 fatigue point);
// one who keeps none (FP 0) loses only hit points. Undone, the point comes
// back; saved and resumed, what is left stays.
//
// ledger: brp/bleeding-fatigue
func TestBRPBleedingCostsFatigue(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Tired", hp: 14, stats: map[string]int{"DEX": 12, "FP": 20}},
		{name: "Fresh", hp: 14, stats: map[string]int{"DEX": 10}},
	})
	tired, fresh := f.ID("Tired"), f.ID("Fresh")
	if got := f.Get("Tired").Pools["fp"]; got != 20 {
		t.Fatalf("Tired begins with %d fatigue points, want its 20", got)
	}
	f.Must(engine.Bleed{Who: tired, Rate: 1})
	f.Must(engine.Bleed{Who: tired, Rate: 1})
	f.Must(engine.Bleed{Who: fresh, Rate: 1})
	for f.Current().Round <= 3 {
		f.Next()
	}
	// Round 1 is the wounds' own: they bleed in rounds 2 and 3.
	if c := f.Get("Tired"); c.Pools["fp"] != 18 || c.HP != 10 {
		t.Errorf("Tired after two bleeding rounds: %d FP, %d HP, want 18 FP (1 a round) and 10 HP (2 a round)\n%s",
			c.Pools["fp"], c.HP, logText(f))
	}
	if c := f.Get("Fresh"); c.Pools["fp"] != 0 || c.HP != 12 {
		t.Errorf("Fresh, keeping no fatigue points: %d FP, %d HP, want 0 and 12", c.Pools["fp"], c.HP)
	}
	text := logText(f)
	if !strings.Contains(text, "Tired: Bleeding: loses 1 Fatigue points (19 -> 18)") {
		t.Errorf("the fatigue point is not logged with the bleeding:\n%s", text)
	}
	if strings.Contains(text, "Fresh: Bleeding: loses") {
		t.Errorf("Fresh, with no fatigue points, is logged losing some:\n%s", text)
	}

	// Undo the last round's step back to before its bleeding: the point returns.
	for f.Get("Tired").Pools["fp"] == 18 {
		if _, ok := f.Undo(); !ok {
			t.Fatal("nothing left to undo")
		}
	}
	if got := f.Get("Tired").Pools["fp"]; got != 19 {
		t.Errorf("undone past the round 3 bleeding, %d FP, want 19", got)
	}
	f.Next()
	for f.Current().Round <= 3 {
		f.Next()
	}
	rs, _ := shipped(t).Ruleset("brp")
	data, err := saves.Encode(session.Saved{Name: "fatigue", Fight: f.Fight, Source: dice.NewSource(5), Hash: rs.Hash}.Snapshot(),
		time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("fatigue.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs.Ruleset, rs.Hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Fight.Current().Combatant(tired).Pools["fp"]; got != 18 {
		t.Errorf("resumed, Tired has %d FP, want 18", got)
	}
}
