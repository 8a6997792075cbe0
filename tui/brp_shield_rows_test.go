package tui

import (
	"strings"
	"testing"
)

// l.119: "your character can only parry missile weapons with a shield, at
// the shield's base chance" (l.484). The archer's blow at Yvarre (a Dagger,
// no shield) does not offer Parry at all: nothing it needs against a bow is
// hers. At the Temple guard (Mace and Medium shield) the parry offers the
// shield rows, and after one is picked the item is the shield, not asked.
// ledger: brp/missile-parry
func TestBRPShieldRowsOfferedOnlyToOneWithAShield(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "yvarre"}, nil)
	m = toRankOf(t, m, "Cult archer")
	m = selectByKeys(t, m, "Cult archer")
	m, _ = keys(m, "A", "enter", "yvarre", "enter", "enter") // Attack, at Yvarre, with the Short bow
	s := screenText(m)
	if !strings.Contains(s, "answered with") || strings.Contains(s, "  Parry") {
		t.Errorf("Yvarre, with no shield, offered a parry against the bow:\n%s", s)
	}

	m = armedFight(t, "brp", []string{"cult_archer", "temple_guard"}, nil)
	m = toRankOf(t, m, "Cult archer")
	m = selectByKeys(t, m, "Cult archer")
	m, _ = keys(m, "A", "enter", "temple", "enter", "enter", "down", "enter") // Parry
	if s := screenText(m); !strings.Contains(s, "A missile, full shield: 30%") {
		t.Fatalf("the guard's parry does not offer the full shield:\n%s", s)
	}
	m, _ = keys(m, "full shield", "enter")
	m, _ = keys(m, "Roll", "enter")
	if s := screenText(m); strings.Contains(s, "answers with") {
		t.Errorf("after a shield row the item is still asked (the Mace offered):\n%s", s)
	}
}
