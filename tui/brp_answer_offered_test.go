package tui

import (
	"strings"
	"testing"
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
