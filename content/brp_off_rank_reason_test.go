package content_test

import (
	"testing"

	"fray/engine"
)

// l.99: an attack is made "on their DEX rank", one a rank; l.29: tied past
// every tie-break, two act at once, so either may strike on the other's
// step. One of two acting at once that has made its attack of the rank is
// told so on the other's step (not sent to a rank it is at); one with no
// rank this round is told what it stated: a full move does nothing but
// parry or dodge (l.95), fighting defensively gives up the attack (l.137).
// ledger: brp/actions-on-dex-ranks
func TestBRPOffRankAttackSaysWhy(t *testing.T) {
	f, first, second := tiedPair(t)
	at := func(who, foe int) engine.RollCheck { return engine.RollCheck{Who: who, Check: "skill", Target: foe} }
	f.Must(at(first, second), 90)
	f.Must(engine.Next{})
	if f.Current().Cur.Who != second {
		t.Fatalf("the step after the first's is not the second's: %+v", f.Current().Cur)
	}
	name := f.Current().Combatant(first).Name
	f.Refuse(at(first, second), name+" has attacked on this rank: one attack a rank")
	club, _ := f.Rules.Check("skill")
	if got := engine.AttackRefused(f.Rules, f.Current(), f.Current().Combatant(first), club); got != name+
		" has attacked on this rank: one attack a rank, the next on its next rank" {
		t.Errorf("A on the one that struck, on the other's step: %q", got)
	}

	g, _ := startFight(t, "brp", []member{
		{name: "Hero", hp: 12, stats: map[string]int{"DEX": 14}},
		{name: "Guard", hp: 12, stats: map[string]int{"DEX": 11}},
		{name: "Runner", hp: 12, stats: map[string]int{"DEX": 11}},
	})
	g.Must(engine.Declare{Who: g.ID("Guard"), Declaration: "defensive"})
	g.Must(engine.Declare{Who: g.ID("Runner"), Declaration: "move_full"})
	onRank(t, g, "Hero")
	skill, _ := g.Rules.Check("skill")
	for who, want := range map[string]string{
		"Guard":  "Guard fights defensively this round: no attacks",
		"Runner": "Runner stated Full move (about 30 m): no rank and no attack this round",
	} {
		enc := g.Current()
		if got := engine.AttackRefused(g.Rules, enc, enc.Combatant(g.ID(who)), skill); got != want {
			t.Errorf("%s's attack on Hero's step (A, g): %q, want %q", who, got, want)
		}
	}
}
