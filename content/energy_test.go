package content_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
)

// Energy's rules (energy.txt), with the shipped ruleset and creatures.

// ledger: energy/no-turn-order energy/energy-each-round energy/agility energy/agility-bonus
func TestEnergyHasNoOrder(t *testing.T) {
	f, dice := startFight(t, "energy", []member{
		{name: "Adventurer", creature: "adventurer"}, {name: "Raider", creature: "raider"},
		{name: "Tired", hp: 10, stats: map[string]int{"con": 2}},
	})
	checkSteps(t, twoRounds(t, f), []string{"r1 -", "r2 -"})
	if dice.Left() != 0 || dice.Err != nil {
		t.Errorf("dice: %v", dice.Err)
	}
	enc := f.Current()
	for name, want := range map[string][3]int{"Adventurer": {5, 3, 12}, "Raider": {5, 4, 8}, "Tired": {2, 3, 2}} {
		for _, c := range enc.Combatants {
			if c.Name == name && (c.Pools["energy"] != want[0] || c.Pools["agility"] != want[1] || c.Pools["stamina"] != want[2]) {
				t.Errorf("%s pools %v, want energy %d agility %d stamina %d", name, c.Pools, want[0], want[1], want[2])
			}
		}
	}
	if enc.Actor() != nil {
		t.Errorf("energy has an actor: %v", enc.Actor())
	}
}

// The Energy per Round table: as much Energy as Stamina left, 5 at most;
// no Stamina left knocks out (and then no Energy).
// ledger: energy/energy-each-round energy/stamina-costs energy/energy-from-stamina
// ledger: energy/stamina-loss-knocks-out energy/max-stamina
func TestEnergyFromStamina(t *testing.T) {
	var ms []member
	names := []string{"S0", "S1", "S2", "S3", "S4", "S5", "S6"}
	for _, n := range names {
		ms = append(ms, member{name: n, hp: 20, stats: map[string]int{"con": 6}})
	}
	f, _ := startFight(t, "energy", ms)
	for i, n := range names {
		for range 6 - i {
			f.Must(engine.Spend{Who: f.ID(n), Action: "strain"})
		}
	}
	if !f.Get("S0").Has("knocked_out") || !f.Get("S0").Has("unconscious") || f.Get("S1").Has("knocked_out") {
		t.Fatalf("no Stamina left must knock out: S0 %v, S1 %v", f.Get("S0").Conditions, f.Get("S1").Conditions)
	}
	f.Must(engine.Next{}, 5) // S0's waking roll: 5, still out
	for i, n := range names {
		if got, want := f.Get(n).Pools["energy"], min(i, 5); got != want {
			t.Errorf("%s: Stamina %d gives %d Energy, want %d", n, f.Get(n).Pools["stamina"], got, want)
		}
	}
}

// Exhausted: 2 less Energy at each round's start and no Stamina to spend,
// to the end of the next round.
// ledger: energy/sprint energy/exhausted
func TestEnergyExhausted(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.GiveCondition{Who: ash, Condition: "exhausted"})
	f.Refuse(engine.Spend{Who: ash, Action: "sprint"}, "Ash is Exhausted: no Stamina may be spent")
	f.Must(engine.Next{})
	if e := f.Get("Ash").Pools["energy"]; e != 3 {
		t.Errorf("Exhausted with 12 Stamina: %d Energy, want 3", e)
	}
	if !strings.Contains(logText(f), "Ash: Energy 3 (Exhausted -2)") {
		t.Errorf("the log does not say why:\n%s", logText(f))
	}
	f.Must(engine.Next{})
	if f.Get("Ash").Has("exhausted") || f.Get("Ash").Pools["energy"] != 5 {
		t.Errorf("round 3: Exhausted ran out at the end of round 2: %v, Energy %d", f.Get("Ash").Conditions, f.Get("Ash").Pools["energy"])
	}
}

// Once a round 1 Stamina stands in for 1 Energy, and only when the Energy
// left does not pay; a melee attack at 2 Energy with the stand-in spent is
// refused with the reason.
// ledger: energy/melee-attack-cost energy/unarmed-attack energy/shift energy/stamina-for-energy
func TestEnergyStaminaStandsInOnceARound(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Spend{Who: ash, Action: "melee"}) // 5 -> 2 Energy
	f.Must(engine.Spend{Who: ash, Action: "melee"}) // 2 Energy + 1 Stamina
	if c := f.Get("Ash"); c.Pools["energy"] != 0 || c.Pools["stamina"] != 11 || c.Pools["push"] != 0 {
		t.Fatalf("the stand-in: %v", c.Pools)
	}
	if !strings.Contains(logText(f), "Ash: Melee attack (exchanging Stamina for 1 Energy)\n") {
		t.Errorf("the log does not show the stand-in:\n%s", logText(f))
	}
	f.Refuse(engine.Spend{Who: ash, Action: "shift"}, "Shift costs 1 Energy; Ash has Stamina 11, Energy 0, Agility 3, Stamina for Energy 0")
	f.Must(engine.Next{})
	f.Must(engine.Spend{Who: ash, Action: "melee"})
	f.Must(engine.Spend{Who: ash, Action: "unarmed"})
	f.Must(engine.Spend{Who: ash, Action: "shift"}) // the stand-in, again this round
	f.Refuse(engine.Spend{Who: ash, Action: "shift"},
		"Shift costs 1 Energy; Ash has Stamina 10, Energy 0, Agility 3, Stamina for Energy 0")
}

// ledger: energy/melee-attack-cost energy/stamina-for-energy energy/shaken
func TestEnergyMeleeRefusedAtTwoEnergy(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.GiveCondition{Who: ash, Condition: "shaken"}) // no Stamina to stand in
	f.Must(engine.Spend{Who: ash, Action: "melee"})
	f.Refuse(engine.Spend{Who: ash, Action: "melee"},
		"Melee attack costs 3 Energy; Ash has Stamina 12, Energy 2, Agility 3, Stamina for Energy 1")
}

// Slowed: no Agility; Restrained: no movement or attack; Restraining: no
// attack, and Slowed.
// ledger: energy/agile-move energy/restrained energy/restraining energy/slowed
// ledger: energy/restrained-no-attack
func TestEnergyBlockedActions(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: ash, Condition: "restraining"})
	f.Refuse(engine.Spend{Who: ash, Action: "agile_move"}, "Agile move costs 1 Agility + 1 Agile moves earned; Ash is Slowed: no Agility may be spent")
	f.Refuse(engine.Spend{Who: ash, Action: "melee"}, "Ash is Restraining: no attacks (Melee attack)")
	f.Must(engine.GiveCondition{Who: bo, Condition: "restrained"})
	f.Refuse(engine.Spend{Who: bo, Action: "run"}, "Bo is Restrained: cannot move (Run)")
	f.Refuse(engine.Spend{Who: bo, Action: "melee"}, "Bo is Restrained: no attacks (Melee attack)")
	f.Must(engine.Spend{Who: bo, Action: "escape"})
	if !f.Get("Bo").Has("exposed") {
		t.Error("Restrained brings Exposed")
	}
}

// Stamina is spent and regained: Sprint and Jump spend it, Catch your
// breath gives 1 back for 3 Energy or all that is left, a Short Rest all.
// ledger: energy/sprint energy/jump-landing energy/catch-breath energy/stamina-costs
// ledger: energy/short-rest-stamina energy/max-stamina energy/shaken
func TestEnergyStaminaRegained(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Spend{Who: ash, Action: "sprint"}) // 12 -> 11, Energy 2
	f.Must(engine.Spend{Who: ash, Action: "catch_breath"})
	if c := f.Get("Ash"); c.Pools["stamina"] != 12 || c.Pools["energy"] != 0 || c.Pools["push"] != 1 {
		t.Errorf("catching one's breath with 2 Energy left takes both, not the Stamina: %v", c.Pools)
	}
	f.Must(engine.Next{})
	f.Must(engine.Spend{Who: ash, Action: "catch_breath"})
	if c := f.Get("Ash"); c.Pools["stamina"] != 12 || c.Pools["energy"] != 2 {
		t.Errorf("no more than the most Stamina: %v", c.Pools)
	}
	f.Must(engine.Spend{Who: ash, Action: "jump"})
	if c := f.Get("Ash"); c.Pools["stamina"] != 11 || !c.Has("unguarded") || !c.Has("exposed") {
		t.Errorf("a jump: %v %v", c.Pools, c.Conditions)
	}
	f.Must(engine.GiveCondition{Who: ash, Condition: "shaken"})
	f.Must(engine.Spend{Who: ash, Action: "short_rest"})
	if c := f.Get("Ash"); c.Pools["stamina"] != 12 || c.Has("shaken") {
		t.Errorf("a Short Rest: %v %v", c.Pools, c.Conditions)
	}
}

// Dazed and Prone, Dazed ends: Exposed stays; Prone ends too: Exposed goes
// with it; a daughter cannot be removed while a parent holds.
// ledger: energy/kneel-from-prone energy/defend-ends-unguarded energy/defend-ends-on-attack
// ledger: energy/unguarded energy/parent-conditions energy/dazed energy/prone
func TestEnergyParentConditions(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.GiveCondition{Who: ash, Condition: "dazed"})
	f.Must(engine.GiveCondition{Who: ash, Condition: "prone"})
	f.Refuse(engine.TakeCondition{Who: ash, Condition: "exposed"}, "Exposed comes with Dazed and Prone: remove that instead")
	f.Must(engine.Next{}) // Dazed ends with the round
	if c := f.Get("Ash"); c.Has("dazed") || !c.Has("exposed") {
		t.Fatalf("Dazed ended: %v", c.Conditions)
	}
	f.Must(engine.Spend{Who: ash, Action: "kneel"}) // no longer Prone, Unguarded
	if c := f.Get("Ash"); c.Has("prone") || !c.Has("unguarded") || !c.Has("exposed") {
		t.Fatalf("kneeling: %v", c.Conditions)
	}
	f.Must(engine.Spend{Who: ash, Action: "defend"})
	if c := f.Get("Ash"); c.Has("unguarded") || c.Has("exposed") || !c.Has("defending") {
		t.Fatalf("Defend: %v", c.Conditions)
	}
	f.Must(engine.Spend{Who: ash, Action: "swift"})
	if f.Get("Ash").Has("defending") {
		t.Error("an attack ends Defend")
	}
	f.Must(engine.GiveCondition{Who: ash, Condition: "prone"})
	f.Must(engine.TakeCondition{Who: ash, Condition: "prone"})
	if f.Get("Ash").Has("exposed") {
		t.Error("Exposed goes with Prone, its only parent")
	}
}

// Every parent the book gives.
// ledger: energy/unguarded energy/surprised energy/parent-conditions energy/restrained
// ledger: energy/restraining energy/unconscious energy/dazed energy/blinded energy/prone
func TestEnergyParents(t *testing.T) {
	rs, _ := shipped(t).Ruleset("energy")
	for parent, want := range map[string][]string{
		"unguarded": {"exposed"}, "dazed": {"exposed"}, "prone": {"exposed"}, "restrained": {"exposed"},
		"blinded": {"unguarded"}, "surprised": {"unguarded"}, "unconscious": {"unguarded"}, "restraining": {"slowed"},
	} {
		d, ok := rs.Condition(parent)
		if !ok || !reflect.DeepEqual(d.Implies, want) {
			t.Errorf("%s implies %v, want %v", parent, d.Implies, want)
		}
	}
	for _, id := range []string{"shaken", "stabilized", "exhausted", "slowed", "defending"} {
		if _, ok := rs.Condition(id); !ok {
			t.Errorf("no %s", id)
		}
	}
}

// Surprised ends with the first round; Defend leaves the Unguarded it
// brings; picking up Exposes.
// ledger: energy/defend-ends-unguarded energy/pick-up-exposes energy/surprised
// ledger: energy/parent-conditions
func TestEnergySurprise(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.GiveCondition{Who: ash, Condition: "surprised"})
	f.Must(engine.Spend{Who: ash, Action: "defend"})
	if c := f.Get("Ash"); !c.Has("unguarded") || !c.Has("exposed") {
		t.Errorf("Defend while Surprised: %v", c.Conditions)
	}
	if !strings.Contains(logText(f), "Ash stays Unguarded: Unguarded comes with Surprised") {
		t.Errorf("the log does not say why:\n%s", logText(f))
	}
	f.Must(engine.Spend{Who: bo, Action: "pick_up"})
	if !f.Get("Bo").Has("exposed") {
		t.Error("picking up Exposes")
	}
	f.Must(engine.Next{})
	if c := f.Get("Ash"); len(c.Conditions) != 1 || !c.Has("defending") {
		t.Errorf("round 2: %v", c.Conditions)
	}
}

// The Combat roll's outcomes fall on the right side: a 20 Exposes the
// target (to the end of the round), 1-3 the roller to the end of the next.
// ledger: energy/combat-roll energy/critical-hit
func TestEnergyCombatRoll(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	f.Must(engine.RollCheck{Who: ash, Target: bo, Check: "combat"}, 20)
	if !f.Get("Bo").Has("exposed") || f.Get("Ash").Has("exposed") {
		t.Fatal("a 20 Exposes the target")
	}
	f.Must(engine.RollCheck{Who: bo, Target: ash, Check: "combat"}, 2)
	f.Must(engine.Next{})
	if !f.Get("Bo").Has("exposed") {
		t.Error("Bo rolled a 2: Exposed to the end of round 2")
	}
	f.Must(engine.Next{})
	if f.Get("Bo").Has("exposed") {
		t.Error("round 3: Bo's Exposure ran out")
	}
}

// Defence dice explode on their top face.
// ledger: energy/melee-hit energy/defense-rolls-explode energy/evasion-roll
func TestEnergyDefenceExplodes(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	f.Must(engine.RollCheck{Who: f.ID("Bo"), Target: f.ID("Ash"), Check: "evasion"}, 10, 10, 3)
	if !strings.Contains(logText(f), "Bo: Evasion roll against Ash: d10! + evasion - min(1, max(0, hand_mpr - mpl)): [10!, 10!, 3] + 9 - min(1, max(0, 1 - 1)) = 32 vs more than 19: Defended") {
		t.Errorf("log:\n%s", logText(f))
	}
}

// Aura stops at 0; damage at 0 rolls the Death roll; bleeding out saves at
// each round start; the Death roll's 2-4 leaves one unconscious.
// ledger: energy/aura-damage energy/death-at-zero-aura energy/death-roll-table
// ledger: energy/death-save-table energy/death-unconscious
func TestEnergyDeathRoll(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Damage{Who: ash, Amount: 26})
	if c := f.Get("Ash"); c.HP != 0 || strings.Contains(logText(f), "Death roll") {
		t.Fatalf("the blow that takes Aura to 0: HP %d\n%s", c.HP, logText(f))
	}
	f.Must(engine.Damage{Who: ash, Amount: 3}, 17)
	if c := f.Get("Ash"); c.HP != 0 || !c.Has("exhausted") || c.Has("bleeding_out") {
		t.Fatalf("a 17: %v", c.Conditions)
	}
	f.Must(engine.Damage{Who: ash, Amount: 3}, 7)
	if c := f.Get("Ash"); !c.Has("bleeding_out") {
		t.Fatalf("a 7: %v", c.Conditions)
	}
	f.Must(engine.Next{}, 12) // the Death Save: bleeds on
	f.Must(engine.Damage{Who: ash, Amount: 1}, 3)
	if c := f.Get("Ash"); !c.Has("unconscious") || !c.Has("bleeding_out") {
		t.Fatalf("a 3: %v", c.Conditions)
	}
	f.Must(engine.Next{}, 20) // stabilised
	if c := f.Get("Ash"); c.Has("bleeding_out") || !c.Has("stabilized") || !c.Has("unconscious") {
		t.Fatalf("a 20 on the save: %v", c.Conditions)
	}
	if !strings.Contains(logText(f), "Ash: Death roll: d20: [7] = 7 vs 20 or more: A major injury, bleeding out") {
		t.Errorf("log:\n%s", logText(f))
	}
}

// Non-lethal damage at 0 Aura: no Death roll; Shaken and 5 Stamina less,
// which may knock out; a knocked-out combatant wakes on a 20 with 1 Stamina.
// ledger: energy/stamina-loss-knocks-out energy/no-negative-stamina energy/nonlethal-no-death-roll
// ledger: energy/nonlethal-at-zero energy/unconscious
func TestEnergyNonLethal(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Bo", creature: "raider"}})
	bo := f.ID("Bo")
	f.Must(engine.Damage{Who: bo, Amount: 20})
	f.Must(engine.Damage{Who: bo, Amount: 4, NonLethal: true})
	if c := f.Get("Bo"); !c.Has("shaken") || c.Pools["stamina"] != 3 || strings.Contains(logText(f), "Death roll") {
		t.Fatalf("non-lethal at 0: %v %v", c.Conditions, c.Pools)
	}
	f.Must(engine.Damage{Who: bo, Amount: 4, NonLethal: true})
	if c := f.Get("Bo"); !c.Has("knocked_out") || c.Pools["stamina"] != 0 {
		t.Fatalf("no Stamina left: %v %v", c.Conditions, c.Pools)
	}
	f.Must(engine.Next{}, 19)
	if c := f.Get("Bo"); !c.Has("knocked_out") || c.Pools["energy"] != 0 {
		t.Fatalf("a 19: %v %v", c.Conditions, c.Pools)
	}
	f.Refuse(engine.Spend{Who: bo, Action: "shift"}, "Bo is Unconscious")
	f.Must(engine.Next{}, 20)
	if c := f.Get("Bo"); c.Has("knocked_out") || c.Has("unconscious") || c.Pools["stamina"] != 1 {
		t.Fatalf("a 20 wakes with 1 Stamina: %v %v", c.Conditions, c.Pools)
	}
	f.Must(engine.Next{})
	if e := f.Get("Bo").Pools["energy"]; e != 1 {
		t.Errorf("1 Stamina: %d Energy", e)
	}
}

// The Initiative roll and the Swift attack, once a round each.
// ledger: energy/swift-attack energy/initiative-once-a-round energy/initiative-roll
func TestEnergyOnceARound(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Spend{Who: ash, Action: "initiative"}, 11)
	if !strings.Contains(logText(f), "Ash Initiative roll: d20 + init_bonus: [11] + 2 = 13") {
		t.Errorf("log:\n%s", logText(f))
	}
	// A second in the round fails, rolled for nothing (l.126).
	f.Must(engine.Spend{Who: ash, Action: "initiative"})
	if log := logText(f); !strings.Contains(log, "Ash: Initiative roll again this round: it fails") || strings.Count(log, "Ash Initiative roll: ") != 1 {
		t.Errorf("a second Initiative roll:\n%s", log)
	}
	f.Must(engine.Spend{Who: ash, Action: "swift"})
	f.Refuse(engine.Spend{Who: ash, Action: "swift"}, "Swift attack costs 1 Energy + 1 Swift attack")
	f.Must(engine.Next{})
	f.Must(engine.Spend{Who: ash, Action: "initiative"}, 4)
	f.Must(engine.Spend{Who: ash, Action: "swift"})
}

// Undo is exact through every mechanic above.
func TestEnergyUndoExact(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"}})
	ash, bo := f.ID("Ash"), f.ID("Bo")
	steps := []struct {
		cmd   engine.Command
		faces []int
	}{
		{engine.GiveCondition{Who: ash, Condition: "prone"}, nil},
		{engine.Spend{Who: ash, Action: "kneel"}, nil},
		{engine.Spend{Who: ash, Action: "melee"}, nil},
		{engine.Spend{Who: ash, Action: "catch_breath"}, nil},
		{engine.Spend{Who: ash, Action: "shift"}, nil},
		{engine.Spend{Who: ash, Action: "initiative"}, []int{9}},
		{engine.RollCheck{Who: bo, Target: ash, Check: "combat"}, []int{20}},
		{engine.Damage{Who: bo, Amount: 30}, nil},
		{engine.Damage{Who: bo, Amount: 2}, []int{3}},
		{engine.Damage{Who: bo, Amount: 2, NonLethal: true}, nil},
		{engine.Next{}, []int{8}},
		{engine.GiveCondition{Who: ash, Condition: "exhausted"}, nil},
		{engine.Next{}, []int{8}},
	}
	for _, s := range steps {
		before := f.Current().Clone()
		f.Must(s.cmd, s.faces...)
		f.Undo()
		if !reflect.DeepEqual(*f.Current(), before) {
			t.Fatalf("undo of %v is not exact:\n got  %+v\n want %+v", s.cmd, *f.Current(), before)
		}
		f.Must(s.cmd, s.faces...)
	}
	if err := f.Verify(); err != nil {
		t.Error(err)
	}
}

// Energy has no order to set: the initiative key takes the Initiative roll.
// ledger: energy/no-turn-order energy/aura-damage
func TestEnergyAuraAtZeroKeepsActing(t *testing.T) {
	rs, _ := shipped(t).Ruleset("energy")
	f := enginetest.Start(t, rs.Ruleset, nil, "X")
	f.Refuse(engine.SetInit{Who: 1, Init: 3}, "no initiative order")
	f.Must(engine.Damage{Who: 1, Amount: 40})
	if c := f.Current().Combatant(1); c.Out || c.HP != 0 {
		t.Errorf("energy keeps combatants at 0 Aura in the fight, Aura at 0: %+v", c)
	}
}

// A roll with outcomes on the clock (energy.txt, Unconsciousness and the
// Death Save): at the start of each round a knocked-out combatant rolls a
// d20 and wakes on a 20; one bleeding out makes a Death Save, stabilised on
// a 20, unconscious on 2-4 (waking then is the GM's call), dead on a 1.
// ledger: energy/stamina-loss-knocks-out energy/death-save-table energy/stabilized
// ledger: energy/head-blow-knockout energy/death-unconscious
func TestEnergyRollsOnTheClock(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", hp: 10}, {name: "Brand", hp: 10}})
	ash, brand := f.ID("Ash"), f.ID("Brand")
	f.Must(engine.GiveCondition{Who: ash, Condition: "knocked_out"})
	f.Must(engine.GiveCondition{Who: brand, Condition: "bleeding_out"})
	f.Must(engine.Next{}, 7, 12) // round 2: Ash 7 stays out; Brand 12 bleeds on
	if !f.Get("Ash").Has("unconscious") || !f.Get("Brand").Has("bleeding_out") {
		t.Fatal("a 7 woke Ash or a 12 stopped Brand's bleeding")
	}
	if !strings.Contains(logText(f), "Ash: Waking: d20: [7] = 7 vs 20 or more: Still out") {
		t.Errorf("the waking roll is not logged:\n%s", logText(f))
	}
	f.Must(engine.Next{}, 20, 3) // round 3: Ash wakes; Brand falls unconscious
	if f.Get("Ash").Has("unconscious") || f.Get("Ash").Has("knocked_out") || !f.Get("Brand").Has("unconscious") || !f.Get("Brand").Has("bleeding_out") {
		t.Fatalf("round 3: Ash %v, Brand %v", f.Get("Ash").Conditions, f.Get("Brand").Conditions)
	}
	f.Must(engine.Next{}, 20) // round 4: Brand is stabilised, and stays out
	if b := f.Get("Brand"); b.Has("bleeding_out") || !b.Has("stabilized") || !b.Has("unconscious") {
		t.Fatalf("round 4: Brand %v", b.Conditions)
	}
	f.Must(engine.GiveCondition{Who: ash, Condition: "bleeding_out"})
	f.Must(engine.Next{}, 1) // round 5: Ash dies
	if !f.Get("Ash").Has("dead") {
		t.Errorf("a 1 on the Death Save: Ash %v", f.Get("Ash").Conditions)
	}
}

// fray roll --rules energy --check combat --faces 20 is a critical, 2
// exposes the roller, 1 fails: the check as the shipped ruleset has it.
// ledger: energy/combat-roll energy/critical-hit
func TestEnergyCombatRollFaces(t *testing.T) {
	rs, _ := shipped(t).Ruleset("energy")
	ch, ok := rs.Check("combat")
	if !ok {
		t.Fatal("no check combat")
	}
	for face, want := range map[int]string{20: "critical", 2: "exposed_past_armor", 1: "critical_failure"} {
		res, err := engine.RunCheck(rs.Ruleset, ch, nil, dice.StatMap(map[string]int{"armor_coverage": 0}), dice.Expr{}, dice.Script(face))
		if err != nil || res.Outcome.ID != want {
			t.Errorf("a %d: %s (%v), want %s", face, res.Outcome.ID, err, want)
			continue
		}
		var to []string
		for _, e := range res.Outcome.Effects {
			to = append(to, string(e.To)+" "+e.Give+" "+string(e.Duration))
		}
		got := strings.Join(to, ", ")
		switch face {
		case 20:
			if got != "target exposed " {
				t.Errorf("a 20 Exposes the target: %q", got)
			}
		default:
			if got != "actor exposed end_of_next_round" {
				t.Errorf("a %d Exposes the roller to the end of the next round: %q", face, got)
			}
		}
	}
}

// Gaining Aura stabilises one bleeding out: no more Death Saves.
// ledger: energy/death-roll-table energy/stabilized
func TestEnergyHealingStabilises(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}})
	ash := f.ID("Ash")
	f.Must(engine.Damage{Who: ash, Amount: 20})
	f.Must(engine.Damage{Who: ash, Amount: 1}, 6)
	f.Must(engine.Heal{Who: ash, Amount: 3})
	if c := f.Get("Ash"); c.Has("bleeding_out") || !c.Has("stabilized") || !c.Has("exhausted") {
		t.Fatalf("healed: %v", c.Conditions)
	}
	f.Must(engine.Next{}) // no Death Save: no face scripted
}

// Between fights a party rests as the book says: a Short Rest gives all
// Stamina back, ends Shaken, and each Recovery Surge spent restores the
// Recovery Value in Aura (the Aura Modifier, at least 1); a Long Rest gives
// all Aura, Surges and Stamina back. Surges spent stay spent from one fight
// to the next: 5 + half the Constitution modifier.
// ledger: energy/recovery-surges energy/long-rest
func TestEnergyRestsBetweenFights(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("energy")
	f, _ := startFight(t, "energy", []member{{name: "Ash", hp: 30, stats: map[string]int{"aura_mod": 3, "con_mod": 3, "con": 12}}})
	ash := f.ID("Ash")
	if c := f.Get("Ash"); c.Pools["surges"] != 6 {
		t.Fatalf("5 + half of 3 Surges: %v", c.Pools)
	}
	f.Must(engine.Damage{Who: ash, Amount: 20})
	f.Must(engine.Spend{Who: ash, Action: "sprint"})
	f.Must(engine.GiveCondition{Who: ash, Condition: "shaken"})
	f.Must(engine.End{})
	p, _, err := engine.Party{Name: "Band"}.Keep(rs.Ruleset, f.Current(), []int{ash})
	if err != nil {
		t.Fatal(err)
	}
	m := p.Members[0]
	if m.HP != 10 || m.MaxHP != 30 || m.Carried == nil || m.Carried.Pools["surges"] != 6 || m.Carried.Pools["stamina"] != 11 {
		t.Fatalf("kept: %d/%d %+v", m.HP, m.MaxHP, m.Carried)
	}
	short, _ := rs.Rest("short")
	m, d, err := engine.Rest(rs.Ruleset, m, short, 2, dice.Script())
	if err != nil {
		t.Fatal(err)
	}
	if m.HP != 16 || d.Spent != 2 || m.Carried.Pools["surges"] != 4 || m.Carried.Pools["stamina"] != 12 || !slices.Contains(d.Ended, "shaken") {
		t.Errorf("a Short Rest spending 2 Surges: %d/%d %+v %+v", m.HP, m.MaxHP, d, m.Carried)
	}
	weak := m
	weak.Stats = map[string]int{"aura_mod": -2, "con_mod": 3, "con": 12}
	if w, d, _ := engine.Rest(rs.Ruleset, weak, short, 1, dice.Script()); w.HP != 17 || d.Healed != 1 {
		t.Errorf("a Recovery Value is at least 1: %d %+v", w.HP, d)
	}

	// The next fight: the Surges spent are not back.
	g := enginetest.New(t, rs.Ruleset, dice.Script())
	joining, err := p.Joining(rs.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	joining[0] = m
	g.Must(engine.Add{Combatants: joining})
	g.Must(engine.Start{})
	if c := g.Get("Ash"); c.Pools["surges"] != 4 || c.HP != 16 || c.MaxHP != 30 {
		t.Errorf("the next fight: %d/%d %v", c.HP, c.MaxHP, c.Pools)
	}

	long, _ := rs.Rest("long")
	m, d, err = engine.Rest(rs.Ruleset, m, long, 0, dice.Script())
	if err != nil {
		t.Fatal(err)
	}
	if m.HP != 30 || m.Carried.Pools["surges"] != 6 || m.Carried.Pools["stamina"] != 12 {
		t.Errorf("a Long Rest: %d/%d %+v %+v", m.HP, m.MaxHP, d, m.Carried)
	}
}
