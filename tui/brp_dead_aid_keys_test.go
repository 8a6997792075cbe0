package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.577: medical attention saves a fatal wound only in its round or the
// next; after that the fighter is dead, and First Aid's 1D3 (l.619) is
// healing as h's is. The bleeding list (b) offers the dead no First Aid,
// and h refuses the dead at the key, before asking for a wound or an
// amount.
// ledger: brp/fatal-wound
func TestBRPDeadGetNoFirstAidFromTheKeys(t *testing.T) {
	m := armedFight(t, "brp", []string{"swordmaster", "cultist", "yvarre"}, nil)
	sm, yv := combatant(m, "Swordmaster").ID, combatant(m, "Yvarre").ID
	m = toRankOf(t, m, "Swordmaster")
	if _, err := m.fight().Do(engine.Blow{Who: sm, Blow: "attack", Foes: []int{yv}}, 15, 3, 1); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "b")
	if s := screenText(m); !strings.Contains(s, "First Aid on wound 1") {
		t.Fatalf("the living's wound is offered no First Aid:\n%s", s)
	}
	m, _ = keys(m, "esc")
	if _, err := m.fight().Do(engine.GiveCondition{Who: yv, Condition: "dead"}); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "b")
	if s := screenText(m); strings.Contains(s, "First Aid on") {
		t.Errorf("the dead are offered First Aid:\n%s", s)
	}
	m, _ = keys(m, "esc")
	m, _ = keys(m, "h")
	s := screenText(m)
	if !strings.Contains(s, "healing does not bring one back") || strings.Contains(s, "Heal which wound") || strings.Contains(s, "Heal Yvarre") {
		t.Errorf("h on the dead is not refused at the key:\n%s", s)
	}
	if _, err := m.fight().Do(engine.FirstAid{Who: yv, Healer: sm, Treat: engine.TreatWound}, 10, 2); err == nil ||
		!strings.Contains(err.Error(), "First Aid does not bring one back") {
		t.Errorf("First Aid on the dead: %v", err)
	}
}
