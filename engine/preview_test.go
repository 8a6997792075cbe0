package engine_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// TestPreviewChangesNothing previews a damage roll: the dice it rolls, the
// encounter it makes with the lowest faces or with faces typed at the table,
// and the refusals, while the fight stays exactly as it was.
func TestPreviewChangesNothing(t *testing.T) {
	rs := &rules.Ruleset{ID: "t", Name: "Test", HP: rules.HPRules{Name: "HP"}}
	f := engine.NewFight(rs, engine.NewEncounter("t", rs), dice.NewSource(1))
	if _, err := f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Orc", HP: 20}}}); err != nil {
		t.Fatal(err)
	}
	before, done := f.Current().Clone(), len(f.Done)
	who := f.Current().Combatants[0].ID
	hit := engine.Damage{Who: who, Expr: "2d6"}

	p, err := f.Preview(hit)
	if err != nil || !reflect.DeepEqual(p.Dice, []int{6, 6}) || p.Next.Combatants[0].HP != 18 || len(p.Events) == 0 {
		t.Errorf("lowest faces: dice %v, HP %d, %d events, err %v", p.Dice, p.Next.Combatants[0].HP, len(p.Events), err)
	}
	if p, err := f.Preview(hit, 6, 5); err != nil || p.Next.Combatants[0].HP != 9 {
		t.Errorf("typed 6 5: HP %d, err %v", p.Next.Combatants[0].HP, err)
	}
	for _, c := range []struct {
		typed []int
		want  string
	}{{[]int{6}, "too few faces: the roll uses 2, 1 typed"}, {[]int{6, 5, 4}, "too many faces: the roll uses 2, 3 typed"}, {[]int{7, 1}, "does not fit a d6"}} {
		if _, err := f.Preview(hit, c.typed...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("typed %v: err %v, want %q", c.typed, err, c.want)
		}
	}
	if _, err := f.Preview(engine.Damage{Who: who + 1, Amount: 3}); err == nil {
		t.Error("damage to nobody previewed")
	}
	if p, err := f.Preview(engine.Damage{Who: who, Amount: 3}); err != nil || p.Dice != nil {
		t.Errorf("a fixed amount rolls %v (err %v)", p.Dice, err)
	}
	// An open-ended d100 wants one die unless it comes up high or low: the
	// preview does not ask for a second one it may never need.
	if p, err := f.Preview(engine.Roll{Expr: "d100oe"}); err != nil || !reflect.DeepEqual(p.Dice, []int{100}) {
		t.Errorf("d100oe wants %v (err %v), want one d100", p.Dice, err)
	}
	if p, err := f.Preview(engine.Roll{Expr: "d100oe"}, 97); err == nil || !reflect.DeepEqual(p.Dice, []int{100, 100}) {
		t.Errorf("d100oe with 97 typed wants %v (err %v), want a second d100", p.Dice, err)
	}
	if len(f.Done) != done || !reflect.DeepEqual(*f.Current(), before) {
		t.Error("a preview changed the fight")
	}
}
