package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Each of these is one choice among options, never two added up: the
// roll that marks both is refused with the reason (and `g` unmarks the
// other, rules.Check.Excluded).

// A Charge gives +20 reaching the foe within a single Move, +30 within a
// double Move (l.278-280): one or the other, never +50.
// ledger: pathmaster/charge
func TestChargeBonusIsOneMoveOrTwo(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"charge_one", "charge_two"}},
		"cannot be picked with")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"charge_two"}}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "120 + 30 = 150") {
		t.Errorf("the charge within two Moves: %q", line)
	}
}

// Grappling: each arm beyond the first two gives a cumulative +10
// (l.391-392): three arms +10, four +20; the two are one count, not +30.
// ledger: pathmaster/grappling
func TestGrapplingArmsAreOneCount(t *testing.T) {
	f, _ := pm(t)
	f.Refuse(engine.RollCheck{Who: f.ID("Gavvin"), Check: "attack", Target: f.ID("Orc 1"), Modifiers: []string{"arms_3", "arms_4"}},
		"cannot be picked with")
}

// A burst's options are "One of the following options is selected"
// (l.464, 478): Long-Burst concentrated +20 or wide +40, Full-Auto
// concentrated +30 or wide +60, never both of one mode.
// ledger: pathmaster/autofire-bursts pathmaster/full-auto
func TestBurstOptionIsOneOfTheMode(t *testing.T) {
	for _, pair := range [][]string{{"long_concentrated", "long_wide"}, {"auto_concentrated", "auto_wide"}} {
		f, b, o := fighter(t, map[string]int{"SHOTS": 30})
		f.Refuse(engine.RollCheck{Who: b, Check: "ranged", Target: o, Modifiers: pair}, "cannot be picked with")
		f.Must(engine.RollCheck{Who: b, Check: "ranged", Target: o, Modifiers: pair[1:]}, 50)
	}
}

// A Tumble gives +20 dodge against opportunity attacks during a Move
// (l.542-543), +40 during a Run (l.315-317): one tumble, one of the two,
// never -60 on the opportunity attack.
// ledger: pathmaster/run-tumble-and-defences
func TestTumbleDodgeIsMoveOrRun(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"AC": 60})
	f.Must(engine.Spend{Who: b, Action: "run"})
	f.Must(engine.RollCheck{Who: b, Check: "tumble"}, 65)
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: b, Modifiers: []string{"tumbled_move", "tumbled_run"}},
		"cannot be picked with")
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: b, Modifiers: []string{"tumbled_run"}}, 50)
}

// A charger's Dodge is -20 and its Shield and Parry are lost "versus
// Opportunity Attacks" (l.283-285): the +20 goes on an opportunity attack
// at one who is charging, never on another attack nor at one who is not.
// ledger: pathmaster/charge
func TestChargingFoeBonusOnlyOnAnOpportunityAttack(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	f.Refuse(engine.RollCheck{Who: o2, Check: "attack", Target: g, Modifiers: []string{"foe_charging"}}, "Charging")
	f.Must(engine.Spend{Who: g, Action: "charge"})
	f.Must(engine.RollCheck{Who: o2, Check: "attack", Target: g, Modifiers: []string{"foe_charging"}}, 50)
	if line := f.LastLog("Orc 2: Melee attack"); !strings.Contains(line, "[50] + 40 - 15 = 75 + 20 = 95") {
		t.Errorf("the opportunity attack on the charger: %q", line)
	}
	if c := f.Get("Orc 2"); c.Pools["interrupt"] != 0 {
		t.Errorf("the opportunity attack did not spend Orc 2's Interrupt: %v", c.Pools)
	}
	f2, _ := pm(t)
	f2.ToTurnOf("Orc 1")
	f2.Refuse(engine.RollCheck{Who: o1, Check: "attack", Target: g, Modifiers: []string{"foe_charging"}}, "Charging")
}

// The Run's Tumble is "a successful static Maneuver at -20 due to your
// speed" (l.315-317): after a Run the tumble takes the -20 by itself,
// named in the log; through a Move it is the plain Tumble (l.542-543).
// ledger: pathmaster/run-tumble-and-defences
func TestTumbleAfterARunTakesTheMinusTwenty(t *testing.T) {
	f, b, _ := fighter(t, map[string]int{"AC": 60})
	f.Must(engine.Spend{Who: b, Action: "run"})
	f.Must(engine.RollCheck{Who: b, Check: "tumble"}, 45)
	if line := f.LastLog("Blade: Acrobatics Tumble"); !strings.Contains(line, "[45] + 60 = 105 - 20 = 85 vs 101") {
		t.Errorf("the runner's tumble: %q", line)
	}
	f, b, _ = fighter(t, map[string]int{"AC": 60})
	f.Must(engine.Spend{Who: b, Action: "step"})
	f.Must(engine.RollCheck{Who: b, Check: "tumble"}, 45)
	if line := f.LastLog("Blade: Acrobatics Tumble"); !strings.Contains(line, "[45] + 60 = 105 vs 101") {
		t.Errorf("a Move's tumble: %q", line)
	}
}
