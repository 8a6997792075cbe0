package tui

import (
	"reflect"
	"strings"
	"testing"
)

// Marking from the keys: three orcs marked for one fireball, and a
// condition given to all the marked until the end of the caster's next turn.

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
	m, _ = keys(m, "6d6", "enter", "enter") // each takes all of it
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
	if !strings.Contains(screenText(m), "All foes of the party") {
		t.Errorf("V offers no foes:\n%s", screenText(m))
	}
	m, _ = keys(m, "down", "down", "down", "enter") // the last item: nobody
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
