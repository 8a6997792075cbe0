package content_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// Basic Roleplaying's worked examples, with the shipped ruleset and creatures.

// ledger: brp/round-and-dex brp/four-phases brp/statements-by-dex brp/actions-on-dex-ranks brp/weapon-length-first brp/extra-attacks brp/over-100-ranks
func TestBRPRanksAndExtraActions(t *testing.T) {
	// DEX ranks: the Swordmaster (DEX 16, 2 attacks) acts at 16 and 11; the
	// Zombie (DEX 4, 2 attacks) at 4, and its second at -1 is lost. At 11
	// the Swordmaster's broadsword (medium) goes before the Cultist's knife
	// (short): within a rank, the longer weapon first (l.71). Nobody states
	// a power: the Powers phase passes without a step.
	f, dice := startFight(t, "brp", []member{
		{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"},
		{name: "Swordmaster", creature: "swordmaster"},
		{name: "Zombie", hp: 15, stats: map[string]int{"DEX": 4, "INT": 1, "attacks": 2}},
	})
	round := func(r int) []string {
		p := fmt.Sprintf("r%d ", r)
		return []string{
			p + "statements Swordmaster@16", p + "statements Investigator@14", p + "statements Cultist@11", p + "statements Zombie@4",
			p + "action Swordmaster@16", p + "action Investigator@14", p + "action Swordmaster@11#2", p + "action Cultist@11", p + "action Zombie@4",
			p + "resolution",
		}
	}
	checkSteps(t, twoRounds(t, f), append(round(1), round(2)...))
	if dice.Left() != 0 || dice.Err != nil {
		t.Errorf("static ranks rolled dice: %v", dice.Err)
	}
	lost := map[int]int{}
	for _, e := range f.Log() {
		if e.Kind == engine.EvLost && narrate.Line(f.Rules, e) == "Zombie's second action at rank -1 is lost" {
			lost[e.Round]++
		}
	}
	if lost[1] != 1 || lost[2] != 1 {
		t.Errorf("lost action logged %v times by round, want once in each", lost)
	}
}

// Holding to a later DEX rank in the action phase; past rank 1 the action
// is lost. BRP has no wait: holding to a lower rank is its only hold.
// ledger: brp/delay-to-later-rank brp/power-delay-and-ties
func TestBRPHoldToALaterRank(t *testing.T) {
	rs, _ := shipped(t).Ruleset("brp")
	f := enginetest.New(t, rs.Ruleset, dice.NewSource(1))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Fast", HP: 9, Stats: map[string]int{"DEX": 18}},
		{Name: "Mid", HP: 9, Stats: map[string]int{"DEX": 12}},
		{Name: "Slow", HP: 9, Stats: map[string]int{"DEX": 6}},
	}})
	f.Must(engine.Start{})
	for f.Current().Phase != 2 { // to the action phase
		f.Next()
	}
	if f.Actor() != "Fast" {
		t.Fatalf("actor %s", f.Actor())
	}
	f.Refuse(engine.Wait{Who: f.ID("Fast")}, "has no wait")
	f.Refuse(engine.HoldTo{Who: f.ID("Fast"), To: 18}, "later point")
	f.Must(engine.HoldTo{Who: f.ID("Fast"), To: 8})
	if f.Actor() != "Mid" || f.Order() != "Mid,Fast,Slow" {
		t.Errorf("after holding to 8: actor %s, order %s", f.Actor(), f.Order())
	}
	f.Next()
	if f.Actor() != "Fast" {
		t.Errorf("Fast should act at 8, got %s", f.Actor())
	}
	// Holding past rank 1 loses the action.
	f.Next()
	ev := f.Must(engine.HoldTo{Who: f.ID("Slow"), To: 0})
	if !strings.Contains(narrate.Line(f.Rules, ev[0]), "the action is lost") || f.Current().Phase != 3 {
		t.Errorf("hold past rank 1: %v, phase %d", ev, f.Current().Phase)
	}
}

// A bleeding wound costs 1 HP on DEX rank 1 of every round after the round
// it was dealt in (brp.md l.333-339): nothing in round 1, then 1 in each of
// rounds 2 and 3, as the count passes rank 1, after everyone above it acts.
// ledger: brp/bleeding
func TestBRPBleedingOnRankOne(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"},
	})
	inv := f.ID("Investigator")
	hp := f.Get("Investigator").HP
	f.Must(engine.Bleed{Who: inv, Rate: 1})
	for f.Current().Round <= 3 {
		f.Next()
	}
	lost := map[int]int{}
	for i, e := range f.Log() {
		if e.Kind != engine.EvBleed || e.HP == 0 {
			continue
		}
		lost[e.Round] -= e.HP
		// Everyone in the action phase has acted, above rank 1; resolution follows.
		rest := f.Log()[i+1:]
		if next := slices.IndexFunc(rest, func(x engine.Event) bool { return x.Kind == engine.EvPhase || x.Kind == engine.EvTurn }); next < 0 || !strings.HasPrefix(narrate.Line(f.Rules, rest[next]), "Resolution") {
			t.Errorf("round %d: the bleeding is not the last thing before the resolution: %q", e.Round, narrate.Line(f.Rules, e))
		}
	}
	if lost[1] != 0 || lost[2] != 1 || lost[3] != 1 {
		t.Errorf("HP lost by round %v, want none in round 1 and 1 in rounds 2 and 3", lost)
	}
	if got := f.Get("Investigator").HP; got != hp-2 {
		t.Errorf("%d HP left, want %d", got, hp-2)
	}
}

// Tied DEX: in the statements, the higher skill first (l.29); in the
// action phase, the longer weapon first and then the skill (l.71), weapon
// length being the order of attacks only.
// ledger: brp/dex-ties brp/weapon-length-first
func TestBRPTiesByPhase(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Spear", hp: 10, stats: map[string]int{"DEX": 12, "skill": 40, "length": 3}},
		{name: "Knife", hp: 10, stats: map[string]int{"DEX": 12, "skill": 70, "length": 1}},
	})
	checkSteps(t, twoRounds(t, f)[:5], []string{
		"r1 statements Knife@12", "r1 statements Spear@12", "r1 action Spear@12", "r1 action Knife@12", "r1 resolution",
	})
}

// Weapon length is the weapon one is armed with (l.71): the cult archer
// with its bow (a missile, 4) goes before a spear (3) on their shared rank;
// its bow dropped, fighting with its knife (1), after it.
// ledger: brp/weapon-length-first
func TestBRPLengthOfTheWeaponInHand(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Archer", creature: "cult_archer"},
		{name: "Spear", hp: 10, stats: map[string]int{"DEX": 13, "skill": 40, "length": 3}},
	})
	var steps []string
	for where(f.Rules, f.Current()) != "r1 resolution" {
		steps = append(steps, where(f.Rules, f.Current()))
		f.Next()
	}
	f.Must(engine.Arm{Who: f.ID("Archer"), Weapon: 0, State: rules.FateDropped})
	for f.Current().Round <= 2 && len(steps) < 20 {
		steps = append(steps, where(f.Rules, f.Current()))
		f.Next()
	}
	var action []string
	for _, s := range steps {
		if strings.Contains(s, "action") {
			action = append(action, s)
		}
	}
	checkSteps(t, action, []string{"r1 action Archer@13", "r1 action Spear@13", "r2 action Spear@13", "r2 action Archer@13"})
}

// Once one of two tied fighters is down, the other no longer acts
// "together with" it: the log and the order pane leave it out.
// ledger: brp/dex-ties
func TestBRPTogetherEndsWhenOneIsDown(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "A", hp: 10, stats: map[string]int{"DEX": 12, "skill": 40, "length": 2}},
		{name: "B", hp: 10, stats: map[string]int{"DEX": 12, "skill": 40, "length": 2}},
	})
	f.Next()
	if !strings.Contains(logText(f), "together with") {
		t.Fatalf("tied, they act together:\n%s", logText(f))
	}
	f.Must(engine.Damage{Who: f.ID("A"), Amount: 12})
	toRound(t, f, 2)
	start := len(f.Log())
	toRound(t, f, 3)
	for _, e := range f.Log()[start:] {
		if l := narrate.Line(f.Rules, e); strings.Contains(l, "together with A") {
			t.Errorf("B acts together with one who is down: %q", l)
		}
	}
	if engine.Together(f.Rules, f.Current(), 0, engine.Ref{Who: f.ID("A")}, engine.Ref{Who: f.ID("B")}) {
		t.Errorf("the order pane still marks them together")
	}
}
