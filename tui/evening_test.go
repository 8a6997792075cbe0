package tui

import (
	"reflect"
	"strings"
	"testing"

	"fray/engine"
)

// The GM's evening from the keys: marking three orcs for one fireball,
// groups, timers, and durations that end on someone's turn.

func TestFireballOnThreeMarkedOrcsFromTheKeys(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2", "Orc 3")
	before := m.fight().Current().Clone()
	m, _ = keys(m, "j", "v", "j", "v", "j", "v")
	if len(m.order.marked()) != 3 || !strings.Contains(m.status.text, "3 marked: Orc 1, Orc 2, Orc 3") {
		t.Fatalf("marked: %d, status %q", len(m.order.marked()), m.status.text)
	}
	if s := screenText(m); strings.Count(s, " *") < 3 {
		t.Errorf("the marks are not shown:\n%s", s)
	}
	m, _ = keys(m, "d")
	if s := screenText(m); !strings.Contains(s, "Damage to 3 marked") || !strings.Contains(s, "one roll for all") {
		t.Fatalf("the dialog does not say it is for the three:\n%s", s)
	}
	m, _ = keys(m, "6d6", "enter")
	hp := combatant(m, "Orc 1").HP
	if hp >= 30 || combatant(m, "Orc 2").HP != hp || combatant(m, "Orc 3").HP != hp || combatant(m, "Gavvin").HP != 30 {
		t.Fatalf("one roll for the three: %d %d %d, Gavvin %d", hp, combatant(m, "Orc 2").HP, combatant(m, "Orc 3").HP, combatant(m, "Gavvin").HP)
	}
	if !strings.Contains(screenText(m), "Damage for Orc 1, Orc 2, Orc 3: 6d6") {
		t.Errorf("the roll is not in the log:\n%s", screenText(m))
	}
	m, _ = keys(m, "u")
	if !reflect.DeepEqual(*m.fight().Current(), before) {
		t.Error("one undo must restore all three")
	}
	// V: nobody; the next d is on the selected alone.
	m, _ = keys(m, "V")
	if !strings.Contains(screenText(m), "All foes of") {
		t.Errorf("V offers no foes:\n%s", screenText(m))
	}
	m, _ = keys(m, "up", "enter") // the last item: nobody
	if len(m.order.marked()) != 0 {
		t.Fatalf("V Nobody left %d marked", len(m.order.marked()))
	}
}

func TestMarkedConditionUntilTheEndOfTheCastersNextTurn(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2")
	m, _ = keys(m, "j", "v", "j", "v")
	m, _ = keys(m, "c", "shaken", "enter", "t", "enter")
	if !strings.Contains(screenText(m), "Until the end of whose next turn?") {
		t.Fatalf("no pick of whose turn:\n%s", screenText(m))
	}
	m, _ = keys(m, "enter") // Gavvin, acting now
	for _, n := range []string{"Orc 1", "Orc 2"} {
		c := combatant(m, n)
		if !c.Has("shaken") || c.Conditions[0].Anchor != combatant(m, "Gavvin").ID {
			t.Fatalf("%s: %+v", n, c.Conditions)
		}
	}
	m, _ = keys(m, "n", "n", "n") // Orc 1, Orc 2, then Gavvin's next turn
	if !combatant(m, "Orc 1").Has("shaken") || actorName(m) != "Gavvin" {
		t.Fatal("Shaken ended before the end of Gavvin's next turn")
	}
	m, _ = keys(m, "n")
	if combatant(m, "Orc 1").Has("shaken") {
		t.Fatalf("Shaken outlived Gavvin's next turn:\n%s", screenText(m))
	}
	if !strings.Contains(m.status.text, "ends: Orc 1 is no longer Shaken (the end of Gavvin's turn); Orc 2 is no longer Shaken") {
		t.Errorf("status: %q", m.status.text)
	}
}

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
	// G on one in a group: it leaves.
	m, _ = keys(m, "V", "up", "enter")
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

func TestTimerKeyShowsItWhereItFalls(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2")
	m, _ = keys(m, "T", "enter", "The roof groans", "enter", "down", "down", "enter", "19", "enter", "0 every 1", "enter")
	tms := m.fight().Current().Timers
	if len(tms) != 1 || tms[0].Count != 19 || tms[0].Every != 1 {
		t.Fatalf("timers: %+v, status %q\n%s", tms, m.status.text, screenText(m))
	}
	s := screenText(m)
	if !strings.Contains(s, "19    ~ The roof groans") {
		t.Fatalf("the timer is not in the order:\n%s", s)
	}
	// Orc 1 (19) acts after it, Gavvin (20) before.
	lines := strings.Split(s, "\n")
	at := func(sub string) int {
		for i, l := range lines {
			if strings.Contains(l, sub) {
				return i
			}
		}
		return -1
	}
	if !(at("Gavvin") < at("The roof groans") && at("The roof groans") < at("Orc 1")) {
		t.Errorf("the timer is not where it falls:\n%s", s)
	}
	m, _ = keys(m, "n")
	if !strings.Contains(screenText(m), "Timer: The roof groans") {
		t.Errorf("the timer did not fire:\n%s", screenText(m))
	}
	// A timer is the GM's until shown to the table, and back.
	if m.fight().Current().Timers[0].Public {
		t.Fatal("a new timer is for the table")
	}
	m, _ = keys(m, "T", "down", "down", "enter")
	if !m.fight().Current().Timers[0].Public {
		t.Fatalf("the timer is not for the table:\n%s", screenText(m))
	}
	m, _ = keys(m, "T", "down", "down", "enter")
	if m.fight().Current().Timers[0].Public {
		t.Fatalf("the timer is still for the table:\n%s", screenText(m))
	}
	m, _ = keys(m, "T", "down", "enter")
	if len(m.fight().Current().Timers) != 0 {
		t.Errorf("the timer was not taken away")
	}
	_ = engine.OpTimer
}
