package tui

import (
	"strings"
	"testing"
)

func TestGroupKeyAndOrcsX3Group(t *testing.T) {
	m := fightIn(t, "war-and-combat", "Hero", "Orc 1", "Orc 2")
	m.order.sel = combatant(m, "Orc 2").ID
	m, _ = keys(m, "v")
	m.order.sel = combatant(m, "Orc 1").ID
	m, _ = keys(m, "G")
	if c := combatant(m, "Orc 2"); c.Group != combatant(m, "Orc 1").ID {
		t.Fatalf("G with Orc 2 marked and Orc 1 selected: %+v, status %q", c, m.status.text)
	}
	if !strings.Contains(screenText(m), "+Orc 2") {
		t.Errorf("the group is not shown:\n%s", screenText(m))
	}
	// G on one in a group: it leaves (the join cleared the marks).
	if len(m.order.marked()) != 0 {
		t.Fatalf("the join left %d marked", len(m.order.marked()))
	}
	m.order.sel = combatant(m, "Orc 2").ID
	m, _ = keys(m, "G")
	if c := combatant(m, "Orc 2"); c.Group != 0 {
		t.Fatalf("G on a member: %+v, status %q", c, m.status.text)
	}
	// Added as a group.
	m, _ = keys(m, "a", "Goblin x3 group", "enter")
	g := combatant(m, "Goblin 1")
	if g == nil || g.Group != g.ID || combatant(m, "Goblin 3").Group != g.ID {
		t.Fatalf("Goblin x3 group: %+v, status %q", g, m.status.text)
	}
	n := 0
	for _, e := range m.fight().Current().Entries {
		if c := m.fight().Current().Combatant(e.Who); strings.HasPrefix(c.Name, "Goblin") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the goblins have %d places, want 1", n)
	}
}
