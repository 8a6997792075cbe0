package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.594 (the shield arm useless) and l.557 (21-30, "not a shield"): the
// blow (A) at a guard who holds No shield, answered with a parry, does not
// offer its Medium shield to parry with: the mace, the one item left,
// answers it without asking.
// ledger: brp/arm-at-hp brp/major-wound-table
func TestBRPNoShieldNotOfferedFromTheKeys(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "temple_guard"}, map[string]map[string]int{"yvarre": {"skill": 100}})
	m = toRankOf(t, m, "Yvarre")
	m = selectByKeys(t, m, "Yvarre")
	m = do(t, m, engine.GiveCondition{Who: combatant(m, "Temple guard").ID, Condition: "no_shield"})
	m, _ = keys(m, "A", "enter", "enter") // Attack, at the guard
	if !strings.Contains(screenText(m), "answered with") {
		t.Fatalf("no answer asked:\n%s", screenText(m))
	}
	m, _ = keys(m, "down", "enter") // Parry
	for range 5 {
		s := screenText(m)
		if strings.Contains(s, "answers with") {
			t.Fatalf("the guard's shield is offered to parry with:\n%s", s)
		}
		if strings.Contains(logOf(m), "strikes at Temple guard") {
			break
		}
		m, _ = keys(m, "enter") // modifiers: none
	}
	if log := logOf(m); !strings.Contains(log, "strikes at Temple guard") || strings.Contains(log, "No shield: not with") {
		t.Errorf("the blow answered with the mace did not go through:\n%s\n%s", log, screenText(m))
	}
}
