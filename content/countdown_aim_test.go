package content_test

import (
	"fmt"
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
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

// Careful aim with a single attack (countdown.txt l.182: one combat action
// to aim, the attack lost for the round): the aim takes the round's only
// action, and holds into the next round, where the shot has its +15 and
// nothing more is given up; the round after, it is gone.
// ledger: countdown/careful-aim
func TestCountdownCarefulAimWithOneAttack(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Archer", hp: 20, stats: map[string]int{"SC": 60, "DEF": 25, "dex_def": 5, "attacks": 1, "dex_mod": 1}},
		{name: "Ogre", hp: 30, stats: map[string]int{"SC": 90, "DEF": 20, "attacks": 1}},
	},
		// Round 1: the Archer has no action; the Ogre rolls 4 - 0.
		4,
		// Round 2: the Archer 6 + 1, the Ogre 3.
		6, 3)
	archer, ogre := f.ID("Archer"), f.ID("Ogre")
	f.Must(engine.Declare{Who: archer, Declaration: "careful_aim"})
	f.Next()
	if got := engine.StatNow(f.Rules, f.Get("Archer"), "DEF"); got != 20 {
		t.Errorf("round 1, the aimer's DEF: %d, want 25 - 5 = 20", got)
	}
	panel := func(want string) {
		t.Helper()
		a := f.Get("Archer")
		if len(a.Declared) != 1 {
			t.Fatalf("the Archer's declarations: %+v", a.Declared)
		}
		if got := narrate.Declared(f.Rules, a, a.Declared[0]); got != want {
			t.Errorf("the panel's line: %q, want %q", got, want)
		}
	}
	panel("Careful aim (gives up an action, DEF -5, SC +15), holds into the next round")
	for f.Current().Round < 2 {
		f.Next()
	}
	f.Next() // round 2's initiative
	// SC 60 + 15 = 75 against DEF 20: 55 or less.
	panel("Careful aim (DEF -5, SC +15), held from the round before")
	f.Must(engine.RollCheck{Who: archer, Check: "strike", Target: ogre}, 55)
	if got := engine.StatNow(f.Rules, f.Get("Archer"), "DEF"); got != 20 {
		t.Errorf("round 2, still aiming until the shot's round ends: DEF %d, want 20", got)
	}
	for f.Current().Round < 3 {
		f.Next()
	}
	if got := engine.StatNow(f.Rules, f.Get("Archer"), "DEF"); got != 25 {
		t.Errorf("round 3, the aim spent: DEF %d, want 25", got)
	}
	log := logText(f)
	for _, want := range []string{
		"Archer gives up 1 of 1 action this round (Careful aim, held into the next round)",
		"Archer's Careful aim holds into this round",
		"Archer: Strike against Ogre (Careful aim: SC +15): d100: [55] = 55 vs 55 or less: Hit",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Count(log, "gives up 1 of 1") != 1 {
		t.Errorf("the aim given up more than once:\n%s", log)
	}
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
}
