package saves

import (
	"reflect"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/session"
)

// A fight whose combatants carry weapons and armour, with blows struck (a
// dagger left stuck, a weapon readied again), saves and opens again as it
// was: the gear, the log with every die, and undo past the blows.
func TestBlowsSaveAndOpen(t *testing.T) {
	rs, hash, _ := shippedRules("brp")
	src := dice.NewSource(5)
	f := engine.NewFight(rs, engine.NewEncounter("Temple", rs), src)
	var add []engine.NewCombatant
	for i, id := range []string{"yvarre", "temple_guard", "cultist"} {
		c, ok := lib.Creature("brp", id)
		if !ok {
			t.Fatalf("no creature %s", id)
		}
		n := engine.FromTemplate(c.Template, c.Name)
		init := 20 - i
		n.Init = &init
		add = append(add, n)
	}
	steps := []struct {
		cmd   engine.Command
		faces []int
	}{
		{engine.Add{Combatants: add}, nil},
		{engine.Start{}, nil},
		{engine.Next{}, nil}, {engine.Next{}, nil}, {engine.Next{}, nil}, // the statements, on to Yvarre's rank
		// Yvarre's special at the guard, who parries and fails: impaled.
		{engine.Blow{Who: 1, Blow: "attack", Foes: []int{2}, Answer: "parry"}, []int{10, 90, 2, 3, 1, 50, 30}}, // the last: the major wound table and the Luck roll
		{engine.Arm{Who: 1, Weapon: 0}, nil},
		{engine.Next{}, nil}, // on to the guard's rank: attacks are made on one's own rank
		// The guard's mace at Yvarre, parried by nothing: a hit.
		{engine.Blow{Who: 2, Blow: "attack", Foes: []int{1}}, []int{40, 1, 1}},
	}
	for _, s := range steps {
		if _, err := f.Do(s.cmd, s.faces...); err != nil {
			t.Fatalf("%s: %v", s.cmd.Op(), err)
		}
	}
	if c := f.Current().Combatant(2); len(c.Weapons) != 2 || len(c.Armor) != 1 || c.HP >= c.MaxHP { // a mace and a shield
		t.Fatalf("the guard: %+v", c.Gear)
	}
	a := session.Saved{Name: "Temple", Fight: f, Source: src, Hash: hash}
	data, err := Encode(a.Snapshot(), time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Decode("x.toml", data, shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Notices) > 0 {
		t.Fatalf("notices: %v", b.Notices)
	}
	if !reflect.DeepEqual(*f.Current(), *b.Fight.Current()) {
		t.Fatalf("the fight differs once opened:\n%+v\n%+v", f.Current().Combatants, b.Fight.Current().Combatants)
	}
	if !sameLog(f.Log(), b.Fight.Log()) {
		t.Fatal("the log differs once opened")
	}
	for range 4 { // the two blows, the arming and the step between
		if _, ok := b.Fight.Undo(); !ok {
			t.Fatalf("undo: %v", b.Fight.Broken())
		}
	}
	if c := b.Fight.Current().Combatant(2); c.HP != c.MaxHP || !b.Fight.Current().Combatant(1).Weapons[0].Ready() {
		t.Errorf("undone past the blows, the guard has %d of %d HP", c.HP, c.MaxHP)
	}
}
