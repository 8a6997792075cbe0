package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// A grievous hit's PROT loss shows on the panel and in the damage prompt,
// as the engine counts it.
// ledger: countdown/grievous-protection
func TestArmorLostShows(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	if _, err := m.fight().Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Knight", HP: 30, Stats: map[string]int{"PROT": 4}}}}); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "n")
	knight := combatant(m, "Knight").ID
	if _, err := m.fight().Do(engine.RollCheck{Who: combatant(m, "Fighter").ID, Check: "strike", Target: knight}, 1); err != nil {
		t.Fatal(err)
	}
	m = selectName(t, m, "Knight")
	if s := screenText(m); !strings.Contains(s, "PROT 3") {
		t.Errorf("the panel does not show PROT 4 - 1:\n%s", s)
	}
	m, _ = keys(m, "d")
	if s := screenText(m); !strings.Contains(s, "less PROT 3") {
		t.Errorf("the damage prompt:\n%s", s)
	}
}
