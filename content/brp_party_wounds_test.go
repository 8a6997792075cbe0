package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
)

// A wound held shut when the fight ends stays shut: "If the bleeding is
// stopped for five combat rounds, it stops entirely on its own" (l.339),
// and between two fights far more than five rounds pass with it held. D's
// first wound is held shut in round 1; a second, cut in round 2, is not
// under the hand. The fight ends in round 3; kept, D carries the open wound
// only, and in the next fight bleeds 1 a round, not 2.
// ledger: brp/staunch-five-rounds
func TestBRPWoundHeldShutStaysShutAfterTheFight(t *testing.T) {
	rs := brpRules(t)
	f := enginetest.New(t, rs, dice.Script())
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
	f.Must(engine.Bleed{Who: d, Rate: 1}) // a second artery, not under the hand
	for f.Current().Round < 3 {
		f.Next()
	}
	f.Must(engine.End{})
	p, _, err := engine.Party{Name: "Band"}.Keep(rs, f.Current(), []int{d})
	if err != nil {
		t.Fatal(err)
	}
	m := p.Members[0]
	if m.Carried == nil || m.Carried.Bleeding() != 1 {
		t.Fatalf("kept D carries %+v, want the one open wound (1 a round)", m.Carried)
	}
	joining, err := p.Joining(rs)
	if err != nil {
		t.Fatal(err)
	}
	g := enginetest.New(t, rs, dice.Script())
	g.Must(engine.Add{Combatants: append(joining, engine.NewCombatant{Name: "Guard", HP: 12, Stats: map[string]int{"DEX": 15}})})
	g.Must(engine.Start{})
	hp := g.Get("D").HP
	for g.Current().Round < 3 {
		g.Next()
	}
	if lost := hp - g.Get("D").HP; lost != 2 {
		t.Errorf("two rounds of the next fight cost D %d HP, want 2 (the open wound only):\n%s", lost, logText(g))
	}
}
