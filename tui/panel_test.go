package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// The panel sums what attackers gain against the selected combatant.
// ledger: pathmaster/prone-defender pathmaster/stun-downed
func TestPanelShowsAttackerBonuses(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j")
	if strings.Contains(screenText(m), "Attackers:") {
		t.Fatal("attackers' bonus shown for an unhurt orc")
	}
	m, _ = keys(m, "s", "enter", "ctrl+u", "1", "enter") // 1 round Downed: prone too, counted in its +50
	if s := screenText(m); !strings.Contains(s, "Attackers +50 (Downed)") {
		t.Errorf("downed and prone: %s", s)
	}
}

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

// g offers to repair the armour a grievous hit damaged (countdown.txt
// l.26: PROT -1 until repaired), and only then: picked, PROT is back.
// ledger: countdown/grievous-protection
func TestRepairArmourInG(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	if _, err := m.fight().Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Knight", HP: 30, Stats: map[string]int{"PROT": 4}}}}); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "n")
	m = selectName(t, m, "Knight")
	m, _ = keys(m, "g")
	if s := screenText(m); strings.Contains(s, "Repair armour") {
		t.Errorf("armour with nothing lost is offered for repair:\n%s", s)
	}
	m, _ = keys(m, "esc")
	if _, err := m.fight().Do(engine.RollCheck{Who: combatant(m, "Fighter").ID, Check: "strike", Target: combatant(m, "Knight").ID}, 1); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "g", "repair")
	if s := screenText(m); !strings.Contains(s, "Knight's PROT back from 3 to 4") {
		t.Fatalf("no repair offered:\n%s", s)
	}
	m, _ = keys(m, "enter")
	if s := screenText(m); !strings.Contains(s, "PROT 4") || !strings.Contains(logOf(m), "Knight's armour is repaired: PROT 3 -> 4") {
		t.Errorf("the armour is not repaired:\n%s\n%s", s, logOf(m))
	}
}
