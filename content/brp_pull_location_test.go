package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// l.391: the impaled's failed STR pull: "they take an additional 1D3 hit
// points of damage (to the same hit location, if used)". With hit
// locations on, S's spear impales Yvarre's right leg (a special: 1 + 1);
// her pull fails and its 1D3 (2) lands on the right leg, no location
// rolled anew. Undone, the leg is back at 2.
// ledger: brp/impaled-weapon
func TestBRPFailedPullHurtsTheSameLocation(t *testing.T) {
	f := brpWithLocations(t)
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "S", HP: 14, Stats: map[string]int{"DEX": 16},
		Weapons: []rules.Weapon{{Name: "Spear", Damage: dice.MustParse("1d6"), Kinds: []string{"impaling", "melee"},
			Fields: map[string]int{"skill": 60}}}}}})
	onRank(t, f, "S")
	f.Must(engine.Blow{Who: f.ID("S"), Blow: "attack", Foes: []int{f.ID("Yvarre")}, Location: "right_leg"}, 5, 1, 1)
	if !f.Get("Yvarre").Has("impaled") || f.Get("Yvarre").Hits["right_leg"] != 2 {
		t.Fatalf("not impaled in the right leg: %v\n%s", f.Get("Yvarre").Hits, logText(f))
	}
	// 19 would be the head, were a location rolled.
	if _, err := f.Do(engine.RollCheck{Who: f.ID("Yvarre"), Check: "pull_impaled", Expr: "10"}, 90, 2, 19); err == nil {
		t.Fatalf("the failed pull rolled a location:\n%s", logText(f))
	}
	f.Must(engine.RollCheck{Who: f.ID("Yvarre"), Check: "pull_impaled", Expr: "10"}, 90, 2)
	if hits := f.Get("Yvarre").Hits; hits["right_leg"] != 4 || hits["head"] != 0 {
		t.Errorf("the failed pull's 2: hits %v, want right_leg 4 (2 + 2), head 0\n%s", hits, logText(f))
	}
	f.Undo()
	if hits := f.Get("Yvarre").Hits; hits["right_leg"] != 2 {
		t.Errorf("the pull undone: hits %v", hits)
	}
}
