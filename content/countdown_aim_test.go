package content_test

import (
	"fmt"
	"strings"
	"testing"

	"fray/engine"
)

// Careful aim (countdown.txt l.181-182) loses the DEF that comes from DEX
// and the Defense skill (the stats dex_def and defense_skill), and keeps
// the rest (armour, shield, magic).
// ledger: countdown/careful-aim
func TestCountdownCarefulAimLosesDefence(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Archer", hp: 20, stats: map[string]int{"DEF": 35, "dex_def": 10, "defense_skill": 5, "attacks": 2}},
		{name: "Ogre", creature: "ogre"},
	}, 5, 5, 5)
	f.Must(engine.Declare{Who: f.ID("Archer"), Declaration: "careful_aim"})
	if got := engine.StatNow(f.Rules, f.Get("Archer"), "DEF"); got != 20 {
		t.Errorf("the aimer's DEF: %d, want 35 - 10 - 5 = 20", got)
	}
}

// A ranged weapon in melee (countdown.txt l.194-197): a specialist's and a
// double specialist's smaller penalties are offered beside the base ones
// (a double specialist with a hand crossbow has none: no modifier).
// ledger: countdown/ranged-in-melee
func TestCountdownRangedInMeleeSpecialists(t *testing.T) {
	for _, c := range []struct {
		mod    string
		target int
	}{
		{"hand_crossbow_melee_specialist", 67},
		{"crossbow_melee_specialist", 57}, {"crossbow_melee_double", 62},
		{"bow_melee_specialist", 52}, {"bow_melee_double", 62},
	} {
		f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Guard", hp: 30, stats: map[string]int{"DEF": 40}}}, 5, 5)
		f.Must(engine.RollCheck{Who: f.ID("Fighter"), Check: "strike", Target: f.ID("Guard"), Modifiers: []string{c.mod}}, 50)
		want := fmt.Sprintf("vs %d or less (72 - %d): ", c.target, 72-c.target)
		if log := logText(f); !strings.Contains(log, want) {
			t.Errorf("%s: log lacks %q:\n%s", c.mod, want, log)
		}
	}
}
