package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// pickHint is the hint of the open list ("": none open).
func pickHint(m Model) string {
	switch d := m.dlg.(type) {
	case *pick[engine.Blow]:
		return d.hint
	case *pick[int]:
		return d.hint
	case *pick[string]:
		return d.hint
	}
	return ""
}

// pickDetail is the detail of the open list's item labelled label.
func pickDetail(m Model, label string) string {
	if d, ok := m.dlg.(*pick[int]); ok {
		for _, it := range d.items {
			if it.label == label {
				return it.detail
			}
		}
	}
	return ""
}

// An attack made to destroy a parrying weapon or shield takes its damage
// off the item's hit points, the rest striking the holder (l.490; the
// items' armour and hit points, l.117). The book here gives no weapon its
// hit points (its equipment chapter does), and no shipped creature's
// weapon keeps any, so the damage is only logged: A's lists say so before
// the attack is spent, the blow's, the target's and the item's, and how
// to give an item its hit points; one given them in the add line
// (weapon=Buckler:1d4:hp=8) keeps them, and the lists say nothing of it.
// ledger: brp/attack-on-shield
func TestBRPAttackOnTheShieldSaysNoHitPointsAreKept(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "temple_guard"}, nil)
	m = toRankOf(t, m, "Yvarre")
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "A")
	if h := pickHint(m); !strings.Contains(h, "Attack a parrying weapon or shield: no weapon or shield here keeps hit points") ||
		!strings.Contains(h, "weapon=Shield:1d4:hp=12") || !strings.Contains(h, "hp = 12") {
		t.Fatalf("the blow's list does not say no item keeps hit points: %q\n%s", h, screenText(m))
	}
	m, _ = keys(m, "down", "enter") // Attack a parrying weapon or shield
	if h, d := pickHint(m), pickDetail(m, "Temple guard"); !strings.Contains(d, "no hit points kept") ||
		!strings.Contains(h, "takes all the damage, only logged") {
		t.Fatalf("the target's list: %q, %q", d, h)
	}
	m, _ = keys(m, "enter", "enter") // at the guard, no defence: aimed at an item
	if h, d := pickHint(m), pickDetail(m, "Medium shield"); !strings.HasPrefix(d, "no hit points kept") ||
		!strings.Contains(h, "takes all the damage, only logged") {
		t.Fatalf("the item's list: %q, %q", d, h)
	}
	m, _ = keys(m, "esc")
	for m.dlg != nil {
		m, _ = keys(m, "esc")
	}

	// An item given its hit points as it joins.
	m, _ = keys(m, "a", "Duelist weapon=Buckler:1d4:hp=8 side=foes", "enter")
	if d := combatant(m, "Duelist"); d == nil || len(d.Weapons) != 1 || d.Weapons[0].HP != 8 {
		t.Fatalf("weapon=Buckler:1d4:hp=8 did not keep its hit points: %+v", d)
	}
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "A")
	if h := pickHint(m); strings.Contains(h, "no weapon or shield here keeps hit points") {
		t.Errorf("the Duelist's buckler keeps hit points, yet the list says none does: %q", h)
	}
	m, _ = keys(m, "down", "enter")
	if d := pickDetail(m, "Duelist"); strings.Contains(d, "no hit points kept") {
		t.Errorf("the Duelist's buckler keeps hit points: %q", d)
	}
	if _, err := Newcomers(shippedLib, m.fight().Rules, map[string]bool{}, "new: Hero weapon=Buckler:1d4:hp=0"); err == nil ||
		!strings.Contains(err.Error(), "a weapon's hit points are a whole number from 1") {
		t.Errorf("hp=0 on a weapon: %v", err)
	}
}
