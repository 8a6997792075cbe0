package tui

import (
	"testing"
)

// A number prompt opens with its default selected: typing replaces it (stun
// 3 is 3 rounds, not 13), and enter alone takes the default.
func TestNumberPromptsTypeOverTheirDefault(t *testing.T) {
	m, _, _ := demo(t)
	m = selectName(t, m, "Orc 2")
	m, _ = keys(m, "s", "enter", "3", "enter")
	if got := combatant(m, "Orc 2").StunTotal(); got != 3 {
		t.Errorf("stun typed 3: %d rounds", got)
	}
	m, _ = keys(m, "b", "enter", "3", "enter")
	if w := combatant(m, "Orc 2").Wounds; len(w) != 1 || w[0].Rate != 3 {
		t.Errorf("a wound typed 3: %+v", w)
	}
	m, _ = keys(m, "b", "enter", "enter")
	if w := combatant(m, "Orc 2").Wounds; len(w) != 2 || w[1].Rate != 1 {
		t.Errorf("a wound with the default: %+v", w)
	}
	m, _ = keys(m, "b", "enter", "backspace", "2", "enter")
	if w := combatant(m, "Orc 2").Wounds; len(w) != 3 || w[2].Rate != 2 {
		t.Errorf("backspace then 2: %+v", w)
	}
}
