package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Energy's rules read again from the book (energy.txt): the start of a
// fight, bleeding, the order row, actions ended early.

// A creature with Constitution 0 has no Stamina: it starts the fight
// unconscious (l.57, 72), joining mid-fight too, and rolls to wake each round.
// ledger: energy/stamina-zero-at-start
func TestEnergyNoStaminaStartsUnconscious(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Husk", hp: 10, stats: map[string]int{"con": 0}}, {name: "Ash", creature: "adventurer"}})
	h := f.Get("Husk")
	if !h.Has("knocked_out") || !h.Has("unconscious") || h.Pools["energy"] != 0 {
		t.Fatalf("a creature at Stamina 0 starts %v with %v", h.Conditions, h.Pools)
	}
	if f.Get("Ash").Has("knocked_out") {
		t.Fatalf("Ash starts knocked out")
	}
	if _, err := f.Do(engine.Spend{Who: f.ID("Husk"), Action: "shift"}); err == nil {
		t.Fatalf("an unconscious creature shifted")
	}
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Shell", HP: 8, Stats: map[string]int{"con": 0}}}})
	if !f.Get("Shell").Has("knocked_out") {
		t.Fatalf("one joining at Stamina 0 is %v", f.Get("Shell").Conditions)
	}
	f.Must(engine.Next{}, 3, 4) // the waking rolls: neither wakes
	if !f.Get("Shell").Has("knocked_out") || f.Get("Shell").Pools["energy"] != 0 {
		t.Fatalf("a 4 woke Shell: %v", f.Get("Shell").Conditions)
	}
}

// An action ended early pays for what happened (l.138-146): a Run of a
// third of one's Speed is 1 Energy, a melee attack broken off before its
// roll 1 Energy; at least 1, and less than the whole.
// ledger: energy/incomplete-actions
func TestEnergyActionEndedEarly(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Spend{Who: ash, Action: "run", Part: 1})
	if got := f.Get("Ash").Pools["energy"]; got != 4 {
		t.Fatalf("a third of a Run: Energy %d, want 4", got)
	}
	f.Must(engine.Spend{Who: ash, Action: "melee", Part: 1})
	for _, bad := range []int{3, 4, -1} {
		if _, err := f.Do(engine.Spend{Who: ash, Action: "run", Part: bad}); err == nil {
			t.Errorf("a Run ended early for %d Energy was accepted", bad)
		}
	}
	if _, err := f.Do(engine.Spend{Who: ash, Action: "initiative", Part: 1}); err == nil {
		t.Errorf("an Initiative roll ended early was accepted")
	}
	log := logText(f)
	for _, want := range []string{"Ash: Run, ended early (Energy 5 -> 4)", "Ash: Melee attack, ended early (Energy 4 -> 3)"} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}

// What each action costs (l.9-41), as the book's sections have it (the
// ranged attack and picking up at 1: the sections, not the table).
// ledger: energy/run energy/ranged-attack-cost energy/quick-run energy/pick-up-cost energy/stand-up
// ledger: energy/shift-with-agility energy/jump-cost energy/kneel-cost energy/defend-cost energy/equip
func TestEnergyActionCosts(t *testing.T) {
	for action, want := range map[string]map[string]int{
		"run": {"energy": 3}, "sprint": {"energy": 3, "stamina": 1}, "ranged": {"energy": 1}, "quick_run": {"energy": 2},
		"pick_up": {"energy": 1}, "stand": {"energy": 1}, "shift_agility": {"agility": 2}, "jump_running": {"energy": 1, "stamina": 1},
		"jump": {"energy": 2, "stamina": 1}, "kneel": {"energy": 1}, "defend": {"energy": 1}, "equip_light": {"energy": 1},
		"equip": {"energy": 2},
	} {
		f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
		before := f.Get("Ash").Pools
		f.Must(engine.Spend{Who: f.ID("Ash"), Action: action})
		after := f.Get("Ash").Pools
		for _, pool := range []string{"energy", "stamina", "agility"} {
			if got := before[pool] - after[pool]; got != want[pool] {
				t.Errorf("%s costs %d %s, want %d", action, got, pool, want[pool])
			}
		}
	}
}

// Defend ends an Exposure of one's own (l.35, 460); Unguarded of one's own
// ends with the round (l.468), Shaken lasts until a Short Rest (l.509, 666);
// a round is 5 seconds (l.103).
// ledger: energy/defend-ends-exposed energy/unguarded-duration energy/shaken-lasts energy/round-length
func TestEnergyHowLongTheyLast(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.Spend{Who: ash, Action: "pick_up"})
	if !f.Get("Ash").Has("exposed") {
		t.Fatalf("picking up does not Expose")
	}
	f.Must(engine.Spend{Who: ash, Action: "defend"})
	if f.Get("Ash").Has("exposed") {
		t.Errorf("Defend leaves an Exposure of one's own")
	}
	f.Must(engine.Spend{Who: bo, Action: "kneel"})
	f.Must(engine.GiveCondition{Who: bo, Condition: "shaken"})
	f.Must(engine.Next{})
	f.Must(engine.Next{})
	if b := f.Get("Bo"); b.Has("unguarded") || !b.Has("shaken") {
		t.Errorf("two rounds on: %v, want Shaken and no Unguarded", b.Conditions)
	}
	f.Must(engine.Spend{Who: bo, Action: "short_rest"})
	if f.Get("Bo").Has("shaken") {
		t.Errorf("a Short Rest leaves Shaken")
	}
	if log := logText(f); !strings.Contains(log, "Round 3 begins, 10 s into the fight") {
		t.Errorf("no 5-second rounds in the log:\n%s", log)
	}
}

// Non-lethal damage takes Aura above 0 like any other (l.505); the Death
// roll's other rows (l.632, 634, 637): 20 a scratch, 10-14 Exhausted until
// a Short Rest, 1 dead.
// ledger: energy/nonlethal-reduces-aura energy/death-roll-other-rows
func TestEnergyDeathRollOtherRows(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Damage{Who: ash, Amount: 5, NonLethal: true})
	if got := f.Get("Ash").HP; got != 15 {
		t.Fatalf("non-lethal 5 leaves %d Aura, want 15", got)
	}
	f.Must(engine.Damage{Who: ash, Amount: 15})
	f.Must(engine.Damage{Who: ash, Amount: 1}, 20)
	if a := f.Get("Ash"); len(a.Conditions) != 0 {
		t.Fatalf("a 20 on the Death roll: %v", a.Conditions)
	}
	f.Must(engine.Damage{Who: ash, Amount: 1}, 12)
	f.Must(engine.Next{})
	f.Must(engine.Next{})
	if !f.Get("Ash").Has("exhausted") {
		t.Fatalf("10-14: Exhausted ends before a Short Rest: %v", f.Get("Ash").Conditions)
	}
	f.Must(engine.Spend{Who: ash, Action: "short_rest"})
	if f.Get("Ash").Has("exhausted") {
		t.Fatalf("a Short Rest leaves Exhausted")
	}
	f.Must(engine.Damage{Who: ash, Amount: 1}, 1)
	if !f.Get("Ash").Has("dead") {
		t.Errorf("a 1 on the Death roll: %v", f.Get("Ash").Conditions)
	}
}

// The Chance roll (l.372): 10 or more; a DC 5 for the Shaken dropping what
// they handle (l.666), DC 15 for a ranged weapon's non-lethal damage.
// ledger: energy/chance-roll energy/shaken-drop energy/nonlethal-chance
func TestEnergyChanceRoll(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.RollCheck{Who: ash, Check: "chance"}, 10)
	f.Must(engine.RollCheck{Who: ash, Check: "chance"}, 9)
	f.Must(engine.RollCheck{Who: ash, Check: "chance", Modifiers: []string{"dc5"}}, 5)
	f.Must(engine.RollCheck{Who: ash, Check: "chance", Modifiers: []string{"dc15"}}, 14)
	log := logText(f)
	for _, want := range []string{"d20: [10] = 10 vs 10 or more: Succeeds", "d20: [9] = 9 vs 10 or more: Fails",
		"d20: [5] = 5 + 5 = 10 vs 10 or more: Succeeds", "d20: [14] = 14 - 5 = 9 vs 10 or more: Fails"} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
}
