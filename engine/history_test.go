package engine_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// That undo and redo are exact in every shipped ruleset is tested beside
// the rulesets, in package content.

func TestNewStepClearsRedo(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "none", Name: "No order", Order: rules.OrderRules{Kind: rules.OrderNone}})
	f := engine.NewFight(rs, engine.NewEncounter("x", rs), dice.NewSource(1))
	f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "A", HP: 5}}})
	f.Do(engine.Notes{Who: 1, Text: "first"})
	f.Undo()
	if !f.CanRedo() {
		t.Fatal("nothing to redo after an undo")
	}
	f.Do(engine.Notes{Who: 1, Text: "second"})
	if f.CanRedo() {
		t.Fatal("a new step must clear the redo stack")
	}
	if _, err := f.Redo(); err == nil {
		t.Fatal("redo with nothing to redo")
	}
}

func TestTypedDice(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "none", Name: "No order", Order: rules.OrderRules{Kind: rules.OrderNone}})
	f := engine.NewFight(rs, engine.NewEncounter("x", rs), dice.NewSource(1))
	f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "A", HP: 50}}})
	// The GM rolled 6 and 2 at the table.
	if _, err := f.Do(engine.Damage{Who: 1, Expr: "2d6"}, 6, 2); err != nil {
		t.Fatal(err)
	}
	if hp := f.Current().Combatant(1).HP; hp != 42 {
		t.Errorf("HP %d, want 42", hp)
	}
	if _, err := f.Do(engine.Damage{Who: 1, Expr: "2d6"}, 7, 2); err == nil {
		t.Error("a 7 on a d6 accepted")
	}
	if _, err := f.Do(engine.Damage{Who: 1, Expr: "2d6"}, 1); err == nil {
		t.Error("too few faces accepted")
	}
	if _, err := f.Do(engine.Damage{Who: 1, Expr: "1d6"}, 1, 2); err == nil {
		t.Error("too many faces accepted")
	}
	if hp := f.Current().Combatant(1).HP; hp != 42 {
		t.Errorf("a refused step changed HP to %d", hp)
	}
}
