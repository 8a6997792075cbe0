package tui

import (
	"strings"
	"testing"

	"fray/narrate"
)

// selectByKeys moves the order's selection to the named combatant.
func selectByKeys(t *testing.T, m Model, name string) Model {
	t.Helper()
	for range 2 * len(m.fight().Current().Combatants) {
		if sel := m.order.selected(); sel != nil && sel.Name == name {
			return m
		}
		m, _ = keys(m, "j")
		if sel := m.order.selected(); sel != nil && sel.Name == name {
			return m
		}
	}
	for range len(m.fight().Current().Combatants) {
		m, _ = keys(m, "k")
		if sel := m.order.selected(); sel != nil && sel.Name == name {
			return m
		}
	}
	t.Fatalf("cannot select %s", name)
	return m
}

// f withdraws the selected from melee: the GM picks the foes who take a
// free attack (one barred by Full Defense says why), each rolled at once;
// fleeing gives Fled, and f again brings it back; undo takes it back.
// ledger: countdown/withdraw
func TestWithdrawKey(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre", "Goblin")
	m = selectByKeys(t, m, "Goblin")
	m, _ = keys(m, "D", "full defense", "enter")
	m, _ = keys(m, "n")
	m = selectByKeys(t, m, "Fighter")
	m, _ = keys(m, "f")
	s := screenText(m)
	if !strings.Contains(s, "Withdraw from melee") || !strings.Contains(s, "Flee the fight") {
		t.Fatalf("f:\n%s", s)
	}
	m, _ = keys(m, "enter", "goblin", "enter")
	if s := screenText(m); !strings.Contains(s, "Goblin declared Full defense: no free attack") {
		t.Errorf("a foe in Full Defense was taken:\n%s", s)
	}
	m, _ = keys(m, "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "ogre", "enter")
	if s := screenText(m); !strings.Contains(s, "✓ Ogre") || !strings.Contains(s, "a free attack for Ogre") {
		t.Fatalf("the Ogre is not marked:\n%s", s)
	}
	m, _ = keys(m, "enter", "+5", "enter")
	var withdrew, attack bool
	for _, e := range m.fight().Log() {
		withdrew = withdrew || strings.Contains(narrate.Line(m.fight().Rules, e), "Fighter withdraws from melee") && strings.Contains(narrate.Line(m.fight().Rules, e), "a free attack for Ogre")
		attack = attack || strings.Contains(narrate.Line(m.fight().Rules, e), "Ogre: Strike against Fighter (Free attack on one withdrawing (no shield DEF) +0)")
	}
	if !withdrew || !attack {
		t.Errorf("the withdrawal and the free attack are not logged:\n%s", screenText(m))
	}
	m, _ = keys(m, "u")
	m, _ = keys(m, "f", "down", "enter", "enter")
	if !combatant(m, "Fighter").Has("fled") {
		t.Fatalf("f flee: not fled\n%s", screenText(m))
	}
	if s := screenText(m); !strings.Contains(s, "Fled") {
		t.Errorf("the panel does not say it fled:\n%s", s)
	}
	m, _ = keys(m, "f", "y")
	if combatant(m, "Fighter").Has("fled") {
		t.Errorf("f y did not bring it back:\n%s", screenText(m))
	}
}

// The key help leaves out the keys of mechanics a ruleset lacks.
func TestKeyHelpFollowsTheRuleset(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		has     bool
	}{{"countdown", true}, {"war-and-combat", false}} {
		m := fightIn(t, c.ruleset, "A", "B")
		m, _ = keys(m, "?")
		s := screenText(m)
		for _, want := range []string{"withdraw from melee", "declare (before", "cast a spell"} {
			if strings.Contains(s, want) != c.has {
				t.Errorf("%s: %q shown %v, want %v:\n%s", c.ruleset, want, !c.has, c.has, s)
			}
		}
	}
}

// With no order, `i` is offered where it rolls the ruleset's initiative
// action (Energy's once-a-round Initiative roll), and J/K are not.
func TestKeyHelpInitiativeWithoutOrder(t *testing.T) {
	m := fightIn(t, "energy", "A", "B")
	m, _ = keys(m, "?")
	s := screenText(m)
	if !strings.Contains(s, "set initiative") || strings.Contains(s, "move earlier") {
		t.Errorf("energy's keys: i offered, J/K not:\n%s", s)
	}
}
