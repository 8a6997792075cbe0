package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Easy is one level of difficulty (l.347, 256, 271): a target both stunned
// and helpless is attacked at twice the skill, not three times. The guard's
// 50 is 100, named once, by the first of the conditions that make it Easy.
// ledger: brp/stunned-defence-easy
func TestBRPEasyCountsOnce(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Guard", creature: "temple_guard"},
		{name: "T", hp: 30, stats: map[string]int{"DEX": 8, "INT": 10, "CON": 10, "parry": 45, "dodge": 40}}})
	tt, g := f.ID("T"), f.ID("Guard")
	toPhase(t, f, 2)
	f.Must(engine.GiveCondition{Who: tt, Condition: "stunned", Rounds: 2})
	f.Must(engine.GiveCondition{Who: tt, Condition: "helpless"})
	onRank(t, f, "Guard")
	f.Must(engine.RollCheck{Who: g, Check: "skill", Target: tt}, 90)
	if got := f.LastLog("Guard: Skill roll"); !strings.Contains(got, "vs 100 or less (50 + 50)") {
		t.Errorf("stunned and helpless: %q, want the skill doubled once, 100", got)
	}
}
