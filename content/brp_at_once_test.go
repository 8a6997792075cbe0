package content_test

import (
	"strconv"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// tiedPair is two fighters tied past every tie-break at DEX rank 12 (the
// same skill and weapon length), each with a club, at the first of their
// steps in the action phase; first and second in the order's sequence.
func tiedPair(t *testing.T) (f *enginetest.Fight, first, second int) {
	t.Helper()
	club := rules.Weapon{Name: "Club", Damage: dice.MustParse("1d6"), Kinds: []string{"crushing", "melee"}}
	f = enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 10, Stats: map[string]int{"DEX": 12, "skill": 40, "length": 2}, Weapons: []rules.Weapon{club}},
		{Name: "B", HP: 10, Stats: map[string]int{"DEX": 12, "skill": 40, "length": 2}, Weapons: []rules.Weapon{club}}}})
	f.Must(engine.Start{})
	toPhase(t, f, 2)
	first, second = f.ID("A"), f.ID("B")
	if f.Current().Cur.Who == second {
		first, second = second, first
	}
	return f, first, second
}

// Tied past every tie-break, "the actions occur simultaneously" (l.29):
// the first one's blow fells the second, whose blow of that rank lands all
// the same. On the first one's step the felled one strikes back (the blow,
// A), and the log says it strikes as it falls; it strikes once, and its own
// step then passes. Undone, its blow is gone and it may strike again.
// ledger: brp/dex-ties
func TestBRPTiedBlowsLandAtOnce(t *testing.T) {
	f, first, second := tiedPair(t)
	f.Must(engine.Damage{Who: second, Amount: 12}) // the first one's blow: a fatal wound
	if !f.Current().Combatant(second).Out {
		t.Fatalf("12 on 10 HP did not fell it:\n%s", logText(f))
	}
	n := f.Current().Combatant(first).HP
	f.Must(engine.Blow{Who: second, Blow: "attack", Foes: []int{first}}, 30, 4)
	if got := f.Current().Combatant(first).HP; got != n-4 {
		t.Errorf("the felled fighter's blow at the same rank: HP %d, want %d\n%s", got, n-4, logText(f))
	}
	if !strings.Contains(logText(f), "strikes as it falls") {
		t.Errorf("the log does not say the blow lands at once:\n%s", logText(f))
	}
	f.Refuse(engine.Blow{Who: second, Blow: "attack", Foes: []int{first}}, "down")
	f.Next()
	if f.Current().Cur.Who == second {
		t.Errorf("the felled one's own step came after it struck:\n%s", logText(f))
	}
	f.Undo() // the step on
	f.Undo() // the blow
	if got := f.Current().Combatant(first).HP; got != n {
		t.Errorf("undone, the blow stays: HP %d", got)
	}
	f.Must(engine.Blow{Who: second, Blow: "attack", Foes: []int{first}}, 30, 4)
}

// The order keeps the felled one's step at the tied rank until its blow is
// struck (l.29): the GM who steps on before it strikes comes to its step,
// where its attack is made; its next round's step, down, does not come.
// ledger: brp/dex-ties
func TestBRPFelledAtATiedRankKeepsItsStep(t *testing.T) {
	f, first, second := tiedPair(t)
	f.Must(engine.Damage{Who: second, Amount: 12})
	f.Next()
	if f.Current().Cur.Who != second {
		t.Fatalf("the felled one's step at the tied rank did not come:\n%s", logText(f))
	}
	if !strings.Contains(f.LastLog("acts"), "together with") {
		t.Errorf("its step: %q", f.LastLog("acts"))
	}
	f.Must(engine.RollCheck{Who: second, Check: "skill", Target: first}, 90)
	f.Refuse(engine.RollCheck{Who: second, Check: "skill", Target: first}, "down")
	toRound(t, f, 2)
	for range 6 {
		if f.Current().Cur.Who == second {
			t.Fatalf("the felled one acts again in round %d:\n%s", f.Current().Round, logText(f))
		}
		f.Next()
	}
}

// One felled at its rank by a fighter it is not tied with has no blow of
// that rank: only the tie acts at once.
// ledger: brp/dex-ties
func TestBRPFelledByAnotherRankStrikesNot(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Fast", hp: 10, stats: map[string]int{"DEX": 15, "skill": 40}},
		{name: "Slow", hp: 10, stats: map[string]int{"DEX": 12, "skill": 40}},
	})
	onRank(t, f, "Fast")
	f.Must(engine.Damage{Who: f.ID("Slow"), Amount: 12})
	f.Refuse(engine.RollCheck{Who: f.ID("Slow"), Check: "skill", Target: f.ID("Fast")}, "Slow is down")
}

// Tied INT ranks past the power's skill and POW: "the powers occur
// simultaneously" (l.55). The first one's power fells the second, whose
// power goes off on its INT rank all the same: its step comes, said as it
// falls, and its power points are spent.
// ledger: brp/power-delay-and-ties
func TestBRPTiedPowersGoOffTogether(t *testing.T) {
	mage := map[string]int{"DEX": 10, "INT": 14, "POW": 12, "power": 60}
	f, _ := startFight(t, "brp", []member{{name: "A", hp: 10, stats: mage}, {name: "B", hp: 10, stats: mage}})
	a, b := f.ID("A"), f.ID("B")
	f.Must(engine.Declare{Who: a, Declaration: "power", Amount: 2})
	f.Must(engine.Declare{Who: b, Declaration: "power", Amount: 2})
	for f.Current().Phase < 1 {
		f.Next()
	}
	second := b
	if f.Current().Cur.Who == b {
		second = a
	}
	f.Must(engine.Damage{Who: second, Amount: 12}) // the first one's power: a fatal wound
	f.Next()
	if f.Current().Cur.Who != second {
		t.Fatalf("the felled caster's INT rank did not come:\n%s", logText(f))
	}
	if !strings.Contains(logText(f), "strikes as it falls") {
		t.Errorf("the log does not say its power goes off at once:\n%s", logText(f))
	}
	f.Next()
	if got := f.Current().Combatant(second).Pools["pp"]; got != 10 {
		t.Errorf("the felled caster's power: %d power points left, want 10 (12 less 2)\n%s", got, logText(f))
	}

}

// One who joins in the statements phase has its DEX rank at once (l.5,
// 13-19): it acts on it in that round's action phase and every round
// after, as one who joins in the action phase does.
// ledger: brp/round-and-dex
func TestBRPJoinedInTheStatementsActsOnItsDEX(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "A", hp: 10, stats: map[string]int{"DEX": 16}},
		{name: "H", hp: 10, stats: map[string]int{"DEX": 15}},
	})
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "I", HP: 10, Stats: map[string]int{"DEX": 14}}}})
	for _, round := range []int{1, 2} {
		toRound(t, f, round)
		toPhase(t, f, 2)
		var got []string
		for f.Current().Round == round && f.Current().Phase == 2 {
			enc := f.Current()
			got = append(got, f.Actor()+"@"+strconv.Itoa(enc.Entry(enc.Cur).Value))
			f.Next()
		}
		if strings.Join(got, " ") != "A@16 H@15 I@14" {
			t.Errorf("round %d's action phase: %v, want A@16 H@15 I@14\n%s", round, got, logText(f))
		}
	}
}
