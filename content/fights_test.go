package content

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// member is a combatant for a test fight: a shipped creature (by id) or an
// ad hoc one, under a name of its own.
type member struct {
	name     string
	creature string
	hp       int
	stats    map[string]int
}

func startFight(t *testing.T, ruleset string, members []member, faces ...int) (*engine.Fight, *dice.Scripted) {
	t.Helper()
	lib, probs := LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	rs, ok := lib.Ruleset(ruleset)
	if !ok {
		t.Fatalf("no ruleset %s", ruleset)
	}
	var add []engine.NewCombatant
	for _, m := range members {
		n := engine.NewCombatant{Name: m.name, HP: m.hp, Stats: m.stats}
		if m.creature != "" {
			c, ok := lib.Creature(ruleset, m.creature)
			if !ok {
				t.Fatalf("no creature %s", m.creature)
			}
			n = engine.NewCombatant{Name: m.name, Template: c.ID, Side: c.Side, HP: c.HP, Stats: c.Stats}
		}
		add = append(add, n)
	}
	dice := dice.Script(faces...)
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("test", rs.Ruleset), dice)
	if _, err := f.Do(engine.Command{Op: engine.OpAdd, Add: add}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Do(engine.Command{Op: engine.OpStart}); err != nil {
		t.Fatal(err)
	}
	return f, dice
}

// where describes the current step: round, phase, actor, value and action.
func where(rs *rules.Ruleset, enc *engine.Encounter) string {
	ph := "-"
	if phases := rs.RoundPhases(); len(phases) > 0 {
		ph = phases[enc.Phase].ID
	}
	if enc.Cur.Who == 0 {
		return fmt.Sprintf("r%d %s", enc.Round, ph)
	}
	c := enc.Combatant(enc.Cur.Who)
	s := fmt.Sprintf("r%d %s %s@%d", enc.Round, ph, c.Name, enc.Entry(enc.Cur).Value)
	if enc.Cur.Action > 0 {
		s += fmt.Sprintf("#%d", enc.Cur.Action+1)
	}
	return s
}

// twoRounds steps the fight until round 3 begins and returns every step.
func twoRounds(t *testing.T, f *engine.Fight) []string {
	t.Helper()
	var steps []string
	for i := 0; f.Current().Round <= 2; i++ {
		if i > 200 {
			t.Fatal("two rounds never ended")
		}
		steps = append(steps, where(f.Rules, f.Current()))
		if _, err := f.Do(engine.Command{Op: engine.OpNext}); err != nil {
			t.Fatal(err)
		}
	}
	return steps
}

func checkSteps(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("steps:\n got  %s\n want %s", strings.Join(got, " | "), strings.Join(want, " | "))
	}
}

func logText(f *engine.Fight) string {
	var b strings.Builder
	for _, e := range f.Log() {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

func TestPathmasterFixedOrder(t *testing.T) {
	// 2d10 + QU once: Gavvin 7+3+10 = 20, Orc 1 8+2+5 = 15, Orc 2 9+6+5 = 20,
	// Orc 3 4+6+5 = 15. Gavvin beats Orc 2 on Basic Speed (6 to 5); Orc 1
	// and Orc 3 tie on BS and QU and roll off with 1d10: 3 against 8.
	f, dice := startFight(t, "pathmaster", []member{
		{name: "Gavvin", creature: "gavvin"}, {name: "Orc 1", creature: "orc"},
		{name: "Orc 2", creature: "orc"}, {name: "Orc 3", creature: "orc"},
	}, 7, 3, 8, 2, 9, 6, 4, 6, 3, 8)
	checkSteps(t, twoRounds(t, f), []string{
		"r1 turns Gavvin@20", "r1 turns Orc 2@20", "r1 turns Orc 3@15", "r1 turns Orc 1@15",
		"r2 turns Gavvin@20", "r2 turns Orc 2@20", "r2 turns Orc 3@15", "r2 turns Orc 1@15",
	})
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left: the order must be rolled once, not each round", dice.Err, dice.Left())
	}
	log := logText(f)
	for _, want := range []string{
		"Gavvin initiative: 2d10 + QU: [7, 3] + 10 = 20",
		"Orc 1 roll-off for a tie at 15: 1d10: [3] = 3",
		"Orc 3 roll-off for a tie at 15: 1d10: [8] = 8",
		"Round 2 begins",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	// The per-turn budget refilled at the start of Gavvin's own turn.
	if g := f.Current().Combatant(1); g.Pools["attack"] != 1 || g.Pools["free"] != 2 || g.Pools["step"] != 1 {
		t.Errorf("Gavvin's pools: %v", g.Pools)
	}
}

func TestWarAndCombatRoundsAndPhases(t *testing.T) {
	// Round 1, 3d6 + rank: Veteran 9+12 = 21, Brigand 1 18+6 = 24, Brigand 2 3+6 = 9.
	// Round 2: all three at 15; the Veteran wins on rank, the brigands roll off 1d6: 2 and 5.
	f, dice := startFight(t, "war-and-combat", []member{
		{name: "Veteran", creature: "veteran"}, {name: "Brigand 1", creature: "brigand"}, {name: "Brigand 2", creature: "brigand"},
	}, 3, 3, 3, 6, 6, 6, 1, 1, 1)
	dice.Faces = append(dice.Faces, 1, 1, 1, 3, 3, 3, 3, 3, 3, 2, 5)
	dice.Faces = append(dice.Faces, 2, 2, 2, 4, 4, 4, 5, 5, 5) // round 3 begins
	checkSteps(t, twoRounds(t, f), []string{
		"r1 shock",
		"r1 movement Brigand 1@24", "r1 movement Veteran@21", "r1 movement Brigand 2@9",
		"r1 flurry Brigand 1@24", "r1 flurry Veteran@21", "r1 flurry Brigand 2@9",
		"r1 adjustment Brigand 2@9", "r1 adjustment Veteran@21", "r1 adjustment Brigand 1@24",
		"r1 morale",
		"r2 shock",
		"r2 movement Veteran@15", "r2 movement Brigand 2@15", "r2 movement Brigand 1@15",
		"r2 flurry Veteran@15", "r2 flurry Brigand 2@15", "r2 flurry Brigand 1@15",
		"r2 adjustment Brigand 1@15", "r2 adjustment Brigand 2@15", "r2 adjustment Veteran@15",
		"r2 morale",
	})
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
}

func TestBRPRanksAndExtraActions(t *testing.T) {
	// DEX ranks: the Swordmaster (DEX 16, 2 attacks) acts at 16 and 11; the
	// Zombie (DEX 4, 2 attacks) at 4, and its second at -1 is lost.
	f, dice := startFight(t, "brp", []member{
		{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"},
		{name: "Swordmaster", creature: "swordmaster"},
		{name: "Zombie", hp: 15, stats: map[string]int{"DEX": 4, "INT": 1, "attacks": 2}},
	})
	round := func(r int) []string {
		p := fmt.Sprintf("r%d ", r)
		return []string{
			p + "statements Swordmaster@16", p + "statements Investigator@14", p + "statements Cultist@11", p + "statements Zombie@4",
			p + "powers Investigator@14", p + "powers Swordmaster@16", p + "powers Cultist@11", p + "powers Zombie@4",
			p + "action Swordmaster@16", p + "action Investigator@14", p + "action Cultist@11", p + "action Swordmaster@11#2", p + "action Zombie@4",
			p + "resolution",
		}
	}
	checkSteps(t, twoRounds(t, f), append(round(1), round(2)...))
	if dice.Left() != 0 || dice.Err != nil {
		t.Errorf("static ranks rolled dice: %v", dice.Err)
	}
	lost := map[int]int{}
	for _, e := range f.Log() {
		if e.Kind == engine.EvLost && e.Text == "Zombie's second action at rank -1 is lost" {
			lost[e.Round]++
		}
	}
	if lost[1] != 1 || lost[2] != 1 {
		t.Errorf("lost action logged %v times by round, want once in each", lost)
	}
}

func TestCountdownSegments(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Ogre", creature: "ogre"}, {name: "Goblin", creature: "goblin"},
		{name: "Zombie", hp: 20, stats: map[string]int{"dex_mod": -8}},
	},
		// Round 1: Fighter 1d10 8+2 = 10, then 1d8 8+2 = 10 again: one segment
		// later, 9. Ogre 1-1 = 0. Goblin 10+1 = 11. Zombie 2-8 = -6: lost.
		8, 8, 1, 10, 2,
		// Round 2: Fighter 3+2 = 5 and 7+2 = 9, Ogre 10-1 = 9, Goblin 5+1 = 6, Zombie 10-8 = 2.
		3, 7, 10, 5, 10,
		// Round 3 begins.
		1, 1, 1, 1, 1)
	checkSteps(t, twoRounds(t, f), []string{
		"r1 declarations",
		"r1 countdown Goblin@11", "r1 countdown Fighter@10", "r1 countdown Fighter@9#2", "r1 countdown Ogre@0",
		"r2 declarations",
		"r2 countdown Fighter@9#2", "r2 countdown Ogre@9", "r2 countdown Goblin@6", "r2 countdown Fighter@5", "r2 countdown Zombie@2",
	})
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
	log := logText(f)
	for _, want := range []string{
		"Fighter initiative, second action: 1d8 + dex_mod: [8] + 2 = 10",
		"Zombie's first action at segment -6 is lost",
		"Goblin acts at segment 11 (before movement)",
		"Ogre acts at segment 0 (after movement)",
		"Fighter acts at segment 9 (movement), second action",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

func TestEnergyHasNoOrder(t *testing.T) {
	f, dice := startFight(t, "energy", []member{
		{name: "Adventurer", creature: "adventurer"}, {name: "Raider", creature: "raider"},
		{name: "Tired", hp: 10, stats: map[string]int{"stamina": 2}},
	})
	checkSteps(t, twoRounds(t, f), []string{"r1 -", "r2 -"})
	if dice.Left() != 0 || dice.Err != nil {
		t.Errorf("dice: %v", dice.Err)
	}
	enc := f.Current()
	for name, want := range map[string][2]int{"Adventurer": {5, 3}, "Raider": {4, 4}, "Tired": {2, 3}} {
		for _, c := range enc.Combatants {
			if c.Name == name && (c.Pools["energy"] != want[0] || c.Pools["agility"] != want[1]) {
				t.Errorf("%s pools %v, want energy %d agility %d", name, c.Pools, want[0], want[1])
			}
		}
	}
	if enc.Actor() != nil {
		t.Errorf("energy has an actor: %v", enc.Actor())
	}
}
