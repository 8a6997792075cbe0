package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// l.383: "If the weapon is a hand weapon, the attacker may immediately
// attempt a Difficult weapon skill roll": one attempt, as the impale strikes
// home. A spear's impale gives one pull at once; a second at once is
// refused, failed or not. An arrow is no hand weapon: the archer's pull at
// once is refused; its way back is the Grab (l.387).
// ledger: brp/impaled-weapon
func TestBRPPullAtOnceOnlyOnceAndOnlyAHandWeapon(t *testing.T) {
	spear := rules.Weapon{Name: "Spear", Damage: dice.MustParse("1d8+1"), Kinds: []string{"impaling", "melee"},
		Fields: map[string]int{"skill": 80}}
	f := onRankAgainst(t, "Ann", spear, engine.NewCombatant{Name: "Bo", HP: 40, Stats: map[string]int{"DEX": 10}})
	ann, bo := f.ID("Ann"), f.ID("Bo")
	f.Must(engine.Blow{Who: ann, Blow: "attack", Foes: []int{bo}}, 10, 1, 1)
	if !f.Get("Bo").Has("impaled") {
		t.Fatalf("10 at 80 did not impale:\n%s", logText(f))
	}
	f.Must(engine.RollCheck{Who: ann, Check: "pull_weapon", Target: bo}, 90)
	if !f.Get("Bo").Has("impaled") {
		t.Fatalf("90 at 40 pulled the spear out:\n%s", logText(f))
	}
	f.Refuse(engine.RollCheck{Who: ann, Check: "pull_weapon", Target: bo}, "Pull an impaling weapon back out at once")
	f.Undo()
	f.Must(engine.RollCheck{Who: ann, Check: "pull_weapon", Target: bo}, 10)
	if f.Get("Bo").Has("impaled") {
		t.Errorf("undone, the one pull at once is there again:\n%s", logText(f))
	}

	bow := rules.Weapon{Name: "Bow", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"skill": 60}}
	f = onRankAgainst(t, "Archer", bow, engine.NewCombatant{Name: "Target", HP: 40, Stats: map[string]int{"DEX": 10}})
	ar, tg := f.ID("Archer"), f.ID("Target")
	f.Must(engine.Blow{Who: ar, Blow: "attack", Foes: []int{tg}}, 5, 4, 4)
	if !f.Get("Target").Has("impaled") {
		t.Fatalf("no impale:\n%s", logText(f))
	}
	f.Refuse(engine.RollCheck{Who: ar, Check: "pull_weapon", Target: tg}, "Pull an impaling weapon back out at once")
}
