package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// A critical taken as a special is the attacker's choice where the critical
// lands on the matrix (l.188, 232-233), made on the blow (A), which reads it
// from its results. g's Skill roll by itself reads no result with it: the
// choice would change nothing there, so g does not offer it, and the roll
// made with it is refused with the reason.
// ledger: brp/critical-or-special
func TestBRPCriticalAsSpecialNotOfferedOnTheSkillRoll(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m = toRankOf(t, m, "Ann")
	m, _ = keys(m, "g", "skill roll", "enter", "bob", "enter", "enter", "taken as")
	if s := screenText(m); !strings.Contains(s, "modifiers") || strings.Contains(s, "taken as a special") {
		t.Errorf("g's skill roll offers the critical taken as a special, which does nothing there:\n%s", s)
	}
	if err := m.check(engine.RollCheck{Who: combatant(m, "Ann").ID, Check: "skill", Target: combatant(m, "Bob").ID,
		Modifiers: []string{"as_special"}}); err == nil || !strings.Contains(err.Error(), "the blow's choice") {
		t.Errorf("g's skill roll taken with the critical as a special: %v", err)
	}
}
