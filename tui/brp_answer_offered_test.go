package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// The blow's answer offers only the choices the defender may make against
// it (A): against a knife, no missile's dodge or parry choices (BRP l.131:
// a melee blow is dodged at the full skill; l.133: the Difficult dodge is
// for bullets and arrows), and no free defensive dodge or parry for one
// who did not state the stance (l.13, 137).
// ledger: brp/missile-dodge-difficult brp/missile-parry brp/fight-defensively-limits
func TestBRPBlowAnswerOffersOnlyItsChoices(t *testing.T) {
	for _, c := range []struct{ keys []string }{{[]string{"down"}}, {[]string{"down", "down"}}} {
		m := armedFight(t, "brp", []string{"cultist", "swordmaster"}, nil)
		m = toRankOf(t, m, "Cultist")
		m = selectByKeys(t, m, "Cultist")
		m, _ = keys(m, "A", "enter", "enter") // Attack, at the Swordmaster
		m, _ = keys(m, append(c.keys, "enter")...)
		s := screenText(m)
		if !strings.Contains(s, "modifiers") {
			t.Fatalf("no modifiers list for the answer:\n%s", s)
		}
		if strings.Contains(s, "missile") || strings.Contains(s, "thrown") || strings.Contains(s, "Fighting defensively") {
			t.Errorf("the answer to a knife offers a missile's or an unstated stance's choice:\n%s", s)
		}
	}
}

// A dodge does not go with a parry rolled this round unless fighting
// defensively (BRP l.145): after the Swordmaster's parry, the answer lists
// of g's skill roll and of A's blow offer a second parry (at -30%, l.139),
// not a dodge that would be refused.
// ledger: brp/parry-dodge-combine
func TestBRPAnswerListsLeaveOutADodgeAfterAParry(t *testing.T) {
	m := armedFight(t, "brp", []string{"cultist", "swordmaster"}, nil)
	m = toRankOf(t, m, "Cultist")
	// The Swordmaster's parry of another's blow: the Cultist's attack is
	// still to come on its rank (one a rank, l.99).
	sm := combatant(m, "Swordmaster").ID
	if _, err := m.fight().Do(engine.RollCheck{Who: sm, Check: "parry"}, 10); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "g", "skill roll", "enter", "swordmaster", "enter")
	if s := screenText(m); !strings.Contains(s, "answered with") || !strings.Contains(s, "  Parry") || strings.Contains(s, "  Dodge") {
		t.Errorf("g's answers after a parry:\n%s", s)
	}
	m, _ = keys(m, "esc", "esc", "esc")
	m, _ = keys(m, "A", "enter", "enter")
	if s := screenText(m); !strings.Contains(s, "answered with") || !strings.Contains(s, "  Parry") || strings.Contains(s, "  Dodge") {
		t.Errorf("A's answers after a parry:\n%s", s)
	}
}
