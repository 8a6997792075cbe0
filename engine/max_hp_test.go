package engine_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The most hit points changed mid-fight: raised, the hurt taken stays;
// lowered, the hit points are cut to it; never to nothing.
func TestSetMaxHP(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10")},
	})
	g := enginetest.Start(t, rs, nil, "X")
	g.Must(engine.Damage{Who: 1, Amount: 4})
	hp := func() (int, int) { c := g.Current().Combatant(1); return c.HP, c.MaxHP }
	start, most := hp()
	g.Must(engine.SetMaxHP{Who: 1, Amount: most + 10})
	if h, m := hp(); h != start+10 || m != most+10 {
		t.Fatalf("raised by 10: %d/%d from %d/%d", h, m, start, most)
	}
	g.Must(engine.SetMaxHP{Who: 1, Amount: 2})
	if h, m := hp(); h != 2 || m != 2 {
		t.Fatalf("lowered to 2: %d/%d", h, m)
	}
	g.Refuse(engine.SetMaxHP{Who: 1, Amount: 0}, "from 1")
	g.Refuse(engine.SetMaxHP{Who: 9, Amount: 5}, "no combatant")
}
