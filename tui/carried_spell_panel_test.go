package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// The panel of a caster whose spell was carried into this round says it
// begins this round, not "next round": during the declarations, before
// the round's initiative takes the spell up.
// ledger: countdown/spell-next-round
func TestCarriedSpellPanelSaysThisRound(t *testing.T) {
	m, enc, c := mageSelected(t)
	c.Casting = &engine.Casting{Spell: "Bolt", Time: 7, Off: 3, Carried: true, Round: enc.Round + 1}
	if s := screenText(m); !strings.Contains(s, "Casting Bolt: begins next") {
		t.Errorf("a spell carried to the next round:\n%s", s)
	}
	c.Casting.Round = enc.Round
	s := screenText(m)
	if strings.Contains(s, "begins next") || !strings.Contains(s, "Casting Bolt: begins this") {
		t.Errorf("a spell carried into this round:\n%s", s)
	}
}

// A spell carried into this round, its initiative rolled, begins at
// segment 10 (countdown.txt l.22): until the count reaches it the caster
// is not casting yet, and the panel says when its DEF goes (l.86, 97).
// ledger: countdown/casting-defence
func TestHeldSpellPanelSaysWhenItBegins(t *testing.T) {
	m, _, c := mageSelected(t)
	c.Stats = map[string]int{"dex_def": 5, "defense_skill": 5, "shield": 0}
	c.Casting = &engine.Casting{Spell: "Bolt", Time: 7, Off: 3, Held: true}
	s := screenText(m)
	if !strings.Contains(s, "Casting Bolt: begins at") || !strings.Contains(s, "segment 10 (movement), goes") ||
		!strings.Contains(s, "DEF -10 from then") || strings.Contains(s, "meanwhile") {
		t.Errorf("a spell held to segment 10:\n%s", s)
	}
}

// mageSelected is a countdown fight of the Mage and the Ogre with the Mage
// selected (its panel shown): the encounter and the Mage in it.
func mageSelected(t *testing.T) (Model, *engine.Encounter, *engine.Combatant) {
	t.Helper()
	m := fightIn(t, "countdown", "Mage", "Ogre")
	enc := m.fight().Current()
	id := combatant(m, "Mage").ID
	for range 3 {
		if sel := m.order.selected(); sel != nil && sel.ID == id {
			break
		}
		m, _ = keys(m, "j")
	}
	return m, enc, enc.Combatant(id)
}
