package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.337, 619: one successful First Aid on a bleeding wound stops it and
// heals 1D3 on the wound its hit made. The bleeding list (b) says which
// wound its First Aid heals (the Swordmaster's special, not the Cultist's
// later hit of the same round); once it has, it offers no First Aid on the
// bleeding stopped, no closing by magic that would stop nothing, and no
// second First Aid on the healed wound; the Cultist's wound keeps its own.
// ledger: brp/first-aid-heals brp/first-aid-stops-bleeding
func TestBRPBleedingListOffersOnlyWhatStillHelps(t *testing.T) {
	m := armedFight(t, "brp", []string{"swordmaster", "cultist", "yvarre"}, nil)
	sm, cu, yv := combatant(m, "Swordmaster").ID, combatant(m, "Cultist").ID, combatant(m, "Yvarre").ID
	m = toRankOf(t, m, "Swordmaster")
	if _, err := m.fight().Do(engine.Blow{Who: sm, Blow: "attack", Foes: []int{yv}}, 15, 3, 1); err != nil {
		t.Fatal(err)
	}
	m = toRankOf(t, m, "Cultist")
	if _, err := m.fight().Do(engine.Blow{Who: cu, Blow: "attack", Foes: []int{yv}}, 40, 1); err != nil {
		t.Fatal(err)
	}
	if y := combatant(m, "Yvarre"); len(y.Harms) != 2 || len(y.Wounds) != 1 {
		t.Fatalf("Yvarre's wounds %+v, bleeding %+v: want two, one bleeding", y.Harms, y.Wounds)
	}
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "b")
	if s := screenText(m); !strings.Contains(s, "First Aid on the bleeding of wound 1  1 a round; heals 1d3") || !strings.Contains(s, "closed by magic") {
		t.Fatalf("the bleeding's First Aid does not say it heals wound 1:\n%s", s)
	}
	m, _ = keys(m, "esc")
	if _, err := m.fight().Do(engine.FirstAid{Who: yv, Treat: engine.TreatWound}, 10, 2); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "b")
	s := screenText(m)
	for _, no := range []string{"0 a round, treated", "closed by magic", "First Aid on wound 1", "bleeding of wound 1"} {
		if strings.Contains(s, no) {
			t.Errorf("after the bleeding's First Aid the list offers %q:\n%s", no, s)
		}
	}
	if !strings.Contains(s, "First Aid on wound 2") {
		t.Errorf("the Cultist's wound lost its own First Aid:\n%s", s)
	}
}
