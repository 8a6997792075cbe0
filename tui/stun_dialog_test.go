package tui

import (
	"strings"
	"testing"

	"fray/narrate"
)

// ledger: pathmaster/stun-ladder
func TestStunBleedConditionKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j") // an orc
	c := m.fight().Current().Combatant(m.order.sel)
	m, _ = keys(m, "s", "down", "down", "enter", "ctrl+u", "3", "enter") // 3 rounds of Stunned
	if got := combatant(m, c.Name); got.StunTotal() != 3 || got.Stun[2] != 3 {
		t.Fatalf("s: stun %v", got.Stun)
	}
	if !strings.Contains(screenText(m), "Now Stunned") {
		t.Error("the panel does not say what stun allows")
	}
	m, _ = keys(m, "b", "enter", "ctrl+u", "7", "enter")
	if got := combatant(m, c.Name); got.Bleeding() != 7 {
		t.Fatalf("b: bleeding %d", got.Bleeding())
	}
	// First Aid on that wound by Gavvin: the dice are seeded, so check the log.
	m, _ = keys(m, "b", "down", "enter", "gav", "enter")
	if log := m.fight().Log(); !strings.Contains(narrate.Line(m.fight().Rules, log[len(log)-1]), "First Aid on "+c.Name) {
		t.Errorf("first aid: %q", narrate.Line(m.fight().Rules, log[len(log)-1]))
	}
	m, _ = keys(m, "c", "prone", "enter", "enter")
	if !combatant(m, c.Name).Has("prone") {
		t.Fatal("c: not prone")
	}
	m, _ = keys(m, "c", "prone", "enter")
	if combatant(m, c.Name).Has("prone") {
		t.Fatal("c again: still prone")
	}
	m, _ = keys(m, "c", "paraly", "enter", "enter", "c", "helpl", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "comes with Paralyzed") {
		t.Errorf("removing an implied condition: %s", screenText(m))
	}
}

// The stun key stuns each ruleset's way: countdown's for the rest of the
// round at once, its remaining attacks lost; War & Combat's for rounds of
// no action, as dice fray rolls.
// ledger: countdown/hit-stun war-and-combat/stun
func TestStunKeyByKind(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "s")
	if c := combatant(m, "Fighter"); !c.Has("stunned") || m.dlg != nil {
		t.Fatalf("countdown: s did not stun at once: %v, dialog %v", c.Conditions, m.dlg != nil)
	}
	m = fightIn(t, "war-and-combat", "Veteran", "Brigand")
	m, _ = keys(m, "s", "enter") // the prompt offers the condition's own 1d6
	c := combatant(m, "Veteran")
	if !c.Has("stunned") || c.Conditions[0].Left < 1 || c.Conditions[0].Left > 6 {
		t.Fatalf("W&C: 1d6 rounds of stun: %+v", c.Conditions)
	}
	if log := m.fight().Log(); !strings.Contains(narrate.Line(m.fight().Rules, log[len(log)-2]), "1d6: [") {
		t.Errorf("the 1d6 is not logged: %q", narrate.Line(m.fight().Rules, log[len(log)-2]))
	}
}
