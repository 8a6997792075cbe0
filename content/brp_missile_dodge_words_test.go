package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// l.133: "only able to attempt a Dodge against the first such missile
// weapon in a combat round". D does not dodge the round's first arrow; the
// second's dodge is refused, and the words say why as it was: the first
// arrow came, not that D dodged it.
// ledger: brp/missile-dodge-difficult
func TestBRPSecondMissileRefusalSaysTheFirstCame(t *testing.T) {
	bow := rules.Weapon{Name: "Bow", Damage: dice.MustParse("1d6"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"skill": 60}}
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{bow}},
		{Name: "B", HP: 20, Stats: map[string]int{"DEX": 12}, Weapons: []rules.Weapon{bow}},
		{Name: "D", HP: 40, Stats: map[string]int{"DEX": 7, "dodge": 60}}}})
	f.Must(engine.Start{})
	onRank(t, f, "A")
	f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("D")}}, 40, 2) // not dodged
	onRank(t, f, "B")
	f.Must(engine.Blow{Who: f.ID("B"), Blow: "attack", Foes: []int{f.ID("D")}, Answer: "dodge", Guards: []string{"missile"}}, 40, 2)
	got := f.LastLog("once a round")
	if !strings.Contains(got, "the round's first missile or firearm weapon at D has come, answered or not") ||
		strings.Contains(got, "D has had it") {
		t.Errorf("the second arrow's dodge refused: %q, want the first arrow's coming named, not a dodge D never made", got)
	}
	_, err := f.Do(engine.RollCheck{Who: f.ID("D"), Check: "dodge", Target: f.ID("B"), Modifiers: []string{"missile"}}, 20)
	if err == nil || !strings.Contains(err.Error(), "first missile or firearm weapon at D has come") {
		t.Errorf("g's dodge against a missile after the first came: %v", err)
	}
}
