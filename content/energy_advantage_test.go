package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Advantage and Disadvantage in Energy: each time a die of the roll would
// be rolled once (every explosion of a Defense roll too) it is rolled
// twice, the better or the worse kept; one of each cancels, two of one are
// one.

// A Prone defender evades with Disadvantage, each explosion rolled twice;
// its Ranged Evasion too; its own Combat roll is as ever.
// ledger: energy/advantage-disadvantage energy/prone-disadvantage
func TestEnergyProneDisadvantage(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	bo, ash := f.ID("Bo"), f.ID("Ash")
	f.Must(engine.GiveCondition{Who: bo, Condition: "prone"})
	// 10 and 10: the worse is a 10, which explodes; then 3 and 8: a 3.
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "evasion"}, 10, 10, 8, 3)
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "ranged_evasion"}, 4, 1)
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "combat"}, 17)
	log := logText(f)
	for _, want := range []string{
		"Bo: Evasion roll against Ash (Prone: Disadvantage): d10! + evasion - min(1, max(0, hand_mpr - mpl)), with Disadvantage: [10! (not 10), 3 (not 8)] + 9 - min(1, max(0, 1 - 1)) = 22",
		"Bo: Ranged Evasion roll against Ash (Prone: Disadvantage): d4! + ranged_evasion, with Disadvantage: [1 (not 4)]",
		"Bo: Combat roll against Ash: d20: [17] = 17",
		"Bo: Ranged Evasion roll against Ash (Prone: Disadvantage): d4! + ranged_evasion, with Disadvantage: [1 (not 4)] + ",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// Dazed: Disadvantage on Defense rolls (Evasion, Fortitude, Will) and the
// Combat roll; the Death Save is no such roll.
// ledger: energy/dazed-disadvantage energy/fortitude-roll energy/will-roll
func TestEnergyDazedDisadvantage(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	bo, ash := f.ID("Bo"), f.ID("Ash")
	f.Must(engine.GiveCondition{Who: ash, Condition: "dazed"})
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "combat"}, 20, 2)
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "will"}, 9, 6)
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "fortitude"}, 5, 7)
	f.Must(engine.RollCheck{Who: ash, Check: "death_save"}, 12)
	log := logText(f)
	for _, want := range []string{
		"Ash: Combat roll against Bo (Dazed: Disadvantage): d20, with Disadvantage: [2 (not 20)] = 2",
		"Ash: Will roll against Bo (Dazed: Disadvantage): d10! + will, with Disadvantage: [6 (not 9)]",
		"Ash: Fortitude roll against Bo (Dazed: Disadvantage): d10! + fortitude, with Disadvantage: [5 (not 7)]",
		"Ash: Death Save: d20: [12] = 12",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// Blinded: Disadvantage on the Combat roll and Evasion, not on Fortitude.
// ledger: energy/blinded-disadvantage
func TestEnergyBlindedDisadvantage(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	bo, ash := f.ID("Bo"), f.ID("Ash")
	f.Must(engine.GiveCondition{Who: bo, Condition: "blinded"})
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "combat"}, 14, 19)
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "evasion"}, 2, 6)
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "fortitude"}, 4)
	log := logText(f)
	for _, want := range []string{
		"Bo: Combat roll against Ash (Blinded: Disadvantage): d20, with Disadvantage: [14 (not 19)] = 14",
		"Bo: Evasion roll against Ash (Blinded: Disadvantage): d10! + evasion - min(1, max(0, hand_mpr - mpl)), with Disadvantage: [2 (not 6)]",
		"Bo: Fortitude roll against Ash: d10! + fortitude: [4]",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// Surprised: Disadvantage on Defense rolls, not on its Combat roll.
// ledger: energy/surprise-disadvantage
func TestEnergySurprisedDisadvantage(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	bo, ash := f.ID("Bo"), f.ID("Ash")
	f.Must(engine.GiveCondition{Who: bo, Condition: "surprised"})
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "evasion"}, 8, 5)
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "will"}, 3, 4)
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "combat"}, 11)
	log := logText(f)
	for _, want := range []string{
		"Bo: Evasion roll against Ash (Surprised: Disadvantage): d10! + evasion - min(1, max(0, hand_mpr - mpl)), with Disadvantage: [5 (not 8)]",
		"Bo: Will roll against Ash (Surprised: Disadvantage): d10! + will, with Disadvantage: [3 (not 4)]",
		"Bo: Combat roll against Ash: d20: [11] = 11",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// Attacked from where one is not facing: Disadvantage on Evasion, chosen
// at the roll; Prone as well is still one Disadvantage (two dice a roll,
// not three).
// ledger: energy/facing-defence energy/advantage-disadvantage
func TestEnergyFacingDisadvantage(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	bo, ash := f.ID("Bo"), f.ID("Ash")
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "evasion", Modifiers: []string{"unfaced"}}, 7, 9)
	f.Must(engine.GiveCondition{Who: bo, Condition: "prone"})
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "ranged_evasion", Modifiers: []string{"unfaced"}}, 3, 2)
	log := logText(f)
	for _, want := range []string{
		"Bo: Evasion roll against Ash (Not facing the attack: Disadvantage): d10! + evasion - min(1, max(0, hand_mpr - mpl)), with Disadvantage: [7 (not 9)]",
		"Bo: Ranged Evasion roll against Ash (Not facing the attack: Disadvantage, Prone: Disadvantage): d4! + ranged_evasion, with Disadvantage: [2 (not 3)]",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// An Agile Move is earned by each Energy spent on an action that does not
// move: none before, three after a melee attack, none for a Run.
// ledger: energy/agile-move-limit
func TestEnergyAgileMoveOncePerEnergy(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	if _, err := f.Do(engine.Spend{Who: ash, Action: "agile_move"}); err == nil {
		t.Fatalf("an Agile Move with no Energy spent was accepted:\n%s", logText(f))
	}
	f.Must(engine.Spend{Who: ash, Action: "shift"})
	if _, err := f.Do(engine.Spend{Who: ash, Action: "agile_move"}); err == nil {
		t.Fatalf("an Agile Move after only moving was accepted:\n%s", logText(f))
	}
	f.Must(engine.Spend{Who: ash, Action: "defend"})
	f.Must(engine.Spend{Who: ash, Action: "agile_move"})
	if _, err := f.Do(engine.Spend{Who: ash, Action: "agile_move"}); err == nil {
		t.Fatalf("two Agile Moves for 1 Energy were accepted:\n%s", logText(f))
	}
	f.Must(engine.Next{})
	if got := f.Get("Ash").Pools["agile_moves"]; got != 0 {
		t.Fatalf("a new round starts with %d Agile Moves earned", got)
	}
}

// One holding Defending wins ties on its Defense rolls with nothing
// picked; without it a tie is a hit.
// ledger: energy/defend-wins-ties
func TestEnergyDefendingWinsTies(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	bo, ash := f.ID("Bo"), f.ID("Ash")
	// Ash's Evasion 10 against Bo's AV 16 and his scimitar's +1: a 7 ties.
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "evasion"}, 7)
	f.Must(engine.Spend{Who: ash, Action: "defend"})
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "evasion"}, 7)
	log := logText(f)
	for _, want := range []string{
		"Ash: Evasion roll against Bo: d10! + evasion - min(1, max(0, hand_mpr - mpl)): [7] + 10 - min(1, max(0, 1 - 2)) = 17 vs more than 17: Hit",
		"Ash: Evasion roll against Bo (Defending +1): d10! + evasion - min(1, max(0, hand_mpr - mpl)): [7] + 10 - min(1, max(0, 1 - 2)) = 17 + 1 = 18 vs more than 17: Defended",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}
