package content_test

import (
	"testing"

	"fray/engine"
)

// Attacks are made on the attacker's own DEX ranks in the action phase
// (l.69-73, 99): one on each, as many a round as its attacks give ranks.
// A DEX 10 fighter with one attack cannot attack in the statements, nor
// on another's rank 15, nor a second time on its own rank 10; with two
// attacks it strikes on 10 and again on 5, and no third time.
// ledger: brp/actions-on-dex-ranks brp/extra-attacks brp/attack
func TestBRPAttacksOnTheirOwnRanks(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Fast", hp: 12, stats: map[string]int{"DEX": 15}},
		{name: "One", hp: 12, stats: map[string]int{"DEX": 10}},
		{name: "Two", hp: 12, stats: map[string]int{"DEX": 9, "attacks": 2}},
	})
	fast, one, two := f.ID("Fast"), f.ID("One"), f.ID("Two")
	at := func(who, foe int) engine.RollCheck { return engine.RollCheck{Who: who, Check: "skill", Target: foe} }
	f.Refuse(at(one, fast), "One attacks on its own rank in the Action phase, not in the Statements phase")
	onRank(t, f, "Fast")
	f.Refuse(at(one, fast), "One attacks on its own rank: this step is Fast's")
	f.Must(at(fast, one), 90)
	f.Refuse(at(fast, one), "Fast has attacked on this rank")
	onRank(t, f, "One")
	f.Must(at(one, fast), 90)
	f.Refuse(at(one, fast), "One has attacked on this rank")
	onRank(t, f, "Two")
	if r := f.Current().Entry(f.Current().Cur).Value; r != 9 {
		t.Fatalf("Two's first attack at rank %d, want 9", r)
	}
	f.Must(at(two, one), 90)
	onRank(t, f, "Two")
	if enc := f.Current(); enc.Round != 1 || enc.Entry(enc.Cur).Value != 4 {
		t.Fatalf("Two's second attack in round %d at rank %d, want round 1 rank 4", enc.Round, enc.Entry(enc.Cur).Value)
	}
	f.Must(at(two, one), 90)
	f.Refuse(at(two, one), "Two has attacked on this rank")
	f.Next()
	f.Refuse(at(two, one), "Two attacks on its own rank")
}

// Tied past every tie-break, two fighters act at once (l.29): on the first
// one's step the other may make its attack of that rank too, with no step
// on first; its own step then has no second attack at that rank.
// ledger: brp/dex-ties
func TestBRPTogetherAttacksOnOneAnothersStep(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "A", hp: 20, stats: map[string]int{"DEX": 12, "skill": 40, "length": 2}},
		{name: "B", hp: 20, stats: map[string]int{"DEX": 12, "skill": 40, "length": 2}},
	})
	a, b := f.ID("A"), f.ID("B")
	toPhase(t, f, 2)
	first, second := a, b
	if f.Current().Cur.Who == b {
		first, second = b, a
	}
	f.Must(engine.RollCheck{Who: first, Check: "skill", Target: second}, 90)
	f.Must(engine.RollCheck{Who: second, Check: "skill", Target: first}, 90)
	f.Next()
	if f.Current().Cur.Who != second {
		t.Fatalf("the next step is not the second of the tied pair:\n%s", logText(f))
	}
	f.Refuse(engine.RollCheck{Who: second, Check: "skill", Target: first}, "has attacked on this rank")
}
