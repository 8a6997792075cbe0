package tui

import (
	"testing"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
)

// War & Combat rolls initiative after the shock phase (order.roll_after):
// in round 2's shock phase, before the roll, the order pane keeps the
// fighters in the order of the initiative they last rolled (Archer 22,
// Veteran 15, Sergeant 14, Brigand 11), not the order they joined in.
// ledger: war-and-combat/round-sequence
func TestOrderBeforeTheRollKeepsTheLastOrder(t *testing.T) {
	l, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	rs, _ := l.Ruleset("war-and-combat")
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("test", rs.Ruleset), dice.Script(1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6))
	var add []engine.NewCombatant
	for _, n := range []struct{ name, id string }{{"Veteran", "veteran"}, {"Sergeant", "sergeant"}, {"Brigand", "brigand"}, {"Archer", "brigand_archer"}} {
		c, _ := l.Creature("war-and-combat", n.id)
		add = append(add, engine.FromTemplate(c.Template, n.name))
	}
	for _, cmd := range []engine.Command{engine.Add{Combatants: add}, engine.Start{}, engine.Next{}} {
		if _, err := f.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	names := func() (s string) {
		for _, c := range rows(f.Current()) {
			s += c.Name + " "
		}
		return s
	}
	want := names()
	if want != "Archer Veteran Sergeant Brigand " {
		t.Fatalf("round 1's order: %s", want)
	}
	for f.Current().Round == 1 {
		if _, err := f.Do(engine.Next{}); err != nil {
			t.Fatal(err)
		}
	}
	if len(f.Current().Entries) != 0 {
		t.Fatalf("round 2 has its order before the shock phase is over")
	}
	if got := names(); got != want {
		t.Errorf("in round 2's shock phase the order reads %s, want %s", got, want)
	}
}
