package tui

import (
	"strings"
	"testing"
)

// l.119, 133: an arrow is parried only at a shield's base chance and
// dodged only Difficult. g's skill roll at a foe with a bow in hand does
// not offer a plain Parry or Dodge (the full skill; the engine refuses
// them): the list says the blow (A) asks how. With a knife in hand they
// are offered.
// ledger: brp/missile-parry brp/missile-dodge-difficult
func TestBRPSkillRollWithABowOffersNoPlainAnswer(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "cultist"}, nil)
	m = toRankOf(t, m, "Cult archer")
	m = selectByKeys(t, m, "Cult archer")
	m, _ = keys(m, "g", "skill roll", "enter", "cultist", "enter")
	s := screenText(m)
	if !strings.Contains(s, "answered with") || strings.Contains(s, "› Parry") || strings.Contains(s, "  Parry") ||
		strings.Contains(s, "  Dodge") {
		t.Errorf("g with the bow in hand offers a plain parry or dodge:\n%s", s)
	}
	if !strings.Contains(s, "its Short bow: Parry, Dodge in the blow (A)") {
		t.Errorf("the list does not say where the answer is:\n%s", s)
	}
	m = armedFight(t, "brp", []string{"cultist", "cult_archer"}, nil)
	m = toRankOf(t, m, "Cultist")
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "g", "skill roll", "enter", "archer", "enter")
	if s := screenText(m); !strings.Contains(s, "  Parry") || !strings.Contains(s, "  Dodge") {
		t.Errorf("g with a knife in hand offers no parry or dodge:\n%s", s)
	}
}
