package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// A lair event at count 20 in Pathmaster: its order counts initiative
// down, and the lair acts as the count reaches 20, before Orc 1 (at 20)
// and after Gavvin (30).
func TestPathmasterLairAtCount20(t *testing.T) {
	lib := shipped(t)
	shippedRS, _ := lib.Ruleset("pathmaster")
	rs := *shippedRS.Ruleset
	rs.Events = []rules.TimedEvent{{Name: "Lair", Text: "the cave's roof sheds stones", When: rules.EventCount, Count: 20}}
	f := enginetest.New(t, enginetest.Rules(t, rs), dice.NewSource(5))
	var add []engine.NewCombatant
	for i, name := range []string{"Gavvin", "Orc 1", "Orc 2", "Orc 3"} {
		id := "orc"
		if i == 0 {
			id = "gavvin"
		}
		c, _ := lib.Creature("pathmaster", id)
		init := 30 - 5*i - 5*min(i, 1)
		add = append(add, engine.NewCombatant{Name: name, Template: id, HP: c.HP, Stats: c.Stats, Init: &init})
	}
	f.Must(engine.Add{Combatants: add})
	f.Must(engine.Start{})
	if up := engine.Upcoming(f.Rules, f.Current()); len(up) != 1 || up[0].Count != 20 {
		t.Errorf("upcoming: %+v", up)
	}
	for range 5 {
		f.Next()
	}
	log := logText(f)
	want := "Gavvin acts at initiative 30\nLair: the cave's roof sheds stones\nOrc 1 acts at initiative 20"
	if strings.Count(log, want) != 2 {
		t.Errorf("the lair must act at 20 in each round, after Gavvin and before Orc 1:\n%s", log)
	}
}
