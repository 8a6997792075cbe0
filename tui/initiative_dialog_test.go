package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// i on a combatant with several attacks this round asks which one.
func TestInitKeyPicksTheAction(t *testing.T) {
	m := fightIn(t, "countdown", "Ogre")
	if _, err := m.fight().Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Twin", HP: 20, Stats: map[string]int{"attacks": 2}}}}); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "n")
	for range 3 {
		if sel := m.order.selected(); sel != nil && sel.Name == "Twin" {
			break
		}
		m, _ = keys(m, "j")
	}
	if sel := m.order.selected(); sel == nil || sel.Name != "Twin" {
		t.Fatalf("selected %v", sel)
	}
	m, _ = keys(m, "i")
	if !strings.Contains(screenText(m), "which action?") {
		t.Fatalf("i with two attacks:\n%s", screenText(m))
	}
	m, _ = keys(m, "down", "enter", "12", "enter")
	var got []int
	for _, e := range m.fight().Current().Entries {
		if e.Who == combatant(m, "Twin").ID && e.Action == 1 {
			got = append(got, e.Value)
		}
	}
	if len(got) != 1 || (got[0] != 12 && got[0] != 11) {
		t.Errorf("the second action: %v, want 12 (11 on a tie)\n%s", got, screenText(m))
	}
}
