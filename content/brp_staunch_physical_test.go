package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// While a hand holds the wound, "any attacks, parries, or physical actions
// they attempt are Difficult" (l.335): the Agility roll too (kind
// physical), and a stunned fighter's Agility roll needs no Idea roll.
//
// ledger: brp/staunch-limits
func TestBRPStaunchingMakesPhysicalRollsDifficult(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "T", hp: 30, stats: map[string]int{"DEX": 10, "CON": 10, "INT": 10, "skill": 60}},
		{name: "U", hp: 30, stats: map[string]int{"DEX": 9}}})
	tt := f.ID("T")
	toPhase(t, f, 2)
	f.Must(engine.Bleed{Who: tt, Rate: 1})
	f.Must(engine.GiveCondition{Who: tt, Condition: "staunching"})
	f.Must(engine.RollCheck{Who: tt, Check: "agility"}, 90)
	if got := f.LastLog("Agility roll"); !strings.Contains(got, "vs 25 or less") {
		t.Errorf("Agility while staunching: %q, want Difficult, 25", got)
	}
	f.Must(engine.GiveCondition{Who: tt, Condition: "stunned"}, 2)
	f.Must(engine.RollCheck{Who: tt, Check: "agility"}, 10)
	if log := logText(f); strings.Contains(log, "Idea roll") {
		t.Errorf("a stunned fighter's Agility roll asks an Idea roll:\n%s", log)
	}
}
