package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// l.133: against bullets and arrows "your character is only able to
// attempt a Dodge against the first such missile weapon in a combat
// round". The first arrow at D this round goes unanswered and hits; the
// second is not the first, and D may not dodge it: it is unanswered too.
// A javelin thrown first (l.131: thrown weapons are dodged as any) spends
// nothing, and the arrow after it is dodged, Difficult.
// ledger: brp/missile-dodge-difficult
func TestBRPOnlyTheRoundsFirstMissileIsDodged(t *testing.T) {
	bow := rules.Weapon{Name: "Bow", Damage: dice.MustParse("1d6"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"skill": 60}}
	javelin := rules.Weapon{Name: "Javelin", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile", "thrown"},
		Fields: map[string]int{"skill": 60}}
	fight := func(first rules.Weapon) *enginetest.Fight {
		f := enginetest.New(t, brpRules(t), dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{first}},
			{Name: "B", HP: 20, Stats: map[string]int{"DEX": 12}, Weapons: []rules.Weapon{bow}},
			{Name: "D", HP: 40, Stats: map[string]int{"DEX": 7, "dodge": 60}}}})
		f.Must(engine.Start{})
		onRank(t, f, "A")
		f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("D")}}, 40, 2) // unanswered: a hit
		onRank(t, f, "B")
		return f
	}
	f := fight(bow)
	f.Must(engine.Blow{Who: f.ID("B"), Blow: "attack", Foes: []int{f.ID("D")}, Answer: "dodge", Guards: []string{"missile"}}, 40, 2)
	if got := f.LastLog("D: Dodge"); got != "" {
		t.Errorf("the round's second arrow at D is dodged (l.133: only the first): %q", got)
	}
	if got := f.LastLog("once a round"); got == "" || f.Get("D").HP != 36 {
		t.Errorf("the second arrow unanswered, D at 36: HP %d\n%s", f.Get("D").HP, logText(f))
	}

	f = fight(javelin)
	f.Must(engine.Blow{Who: f.ID("B"), Blow: "attack", Foes: []int{f.ID("D")}, Answer: "dodge", Guards: []string{"missile"}}, 40, 10)
	if got := f.LastLog("D: Dodge"); !strings.Contains(got, "vs 30 or less") {
		t.Errorf("after a javelin, the round's first arrow is dodged at half D's 60: %q\n%s", got, logText(f))
	}
}
