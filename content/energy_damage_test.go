package content_test

import (
	"maps"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
)

// Energy's damage multipliers: Weakness doubles a blow's damage of its
// type, Resistance halves it (rounded down), after the armour; one of each
// cancels (l.376-386). Not proficient with the weapon: half damage too,
// and -1 AV in melee, 1 Energy more a shot (l.525-529).

// energyFight is a fight of the shipped Energy creatures, each changed as
// edit says before it joins.
func energyFight(t *testing.T, edit func(name string, n *engine.NewCombatant), faces []int, members ...member) *enginetest.Fight {
	t.Helper()
	lib := shipped(t)
	rs, _ := lib.Ruleset("energy")
	var add []engine.NewCombatant
	for _, m := range members {
		c, ok := lib.Creature("energy", m.creature)
		if !ok {
			t.Fatalf("no creature %s", m.creature)
		}
		n := engine.FromTemplate(c.Template, m.name)
		if edit != nil {
			edit(m.name, &n)
		}
		add = append(add, n)
	}
	f := enginetest.New(t, rs.Ruleset, dice.Script(faces...))
	f.Must(engine.Add{Combatants: add})
	f.Must(engine.Start{})
	return f
}

// ledger: energy/weakness-resistance
func TestEnergyWeaknessAndResistance(t *testing.T) {
	for _, tc := range []struct {
		name  string
		takes map[string][]string
		faces []int // the Combat roll, the spear's d8
		want  string
		aura  int
	}{
		// A Combat roll of 15 is past the brute's Armor Coverage 10: 4 + 2.
		{"weakness", map[string][]string{"weakness": {"piercing"}}, []int{15, 4}, "Weakness on Gor: 6 becomes 12", 26 - 12},
		{"resistance", map[string][]string{"resistance": {"piercing"}}, []int{15, 5}, "Resistance on Gor: 7 becomes 3", 26 - 3},
		{"cancel", map[string][]string{"weakness": {"piercing"}, "resistance": {"piercing"}}, []int{15, 4},
			"Weakness and Resistance cancel out on Gor: 6 becomes 6", 26 - 6},
		// On the armour (5 under its Coverage): 6 less its Rating 2, then doubled.
		{"after armour", map[string][]string{"weakness": {"piercing"}}, []int{5, 4}, "Weakness on Gor: 4 becomes 8", 26 - 8},
		{"other kind", map[string][]string{"weakness": {"blunt"}}, []int{15, 4}, "Gor takes 6", 26 - 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := energyFight(t, func(name string, n *engine.NewCombatant) {
				if name == "Gor" {
					n.Multipliers = tc.takes
				}
			}, nil, member{name: "Ash", creature: "adventurer"}, member{name: "Gor", creature: "brute"})
			f.Must(engine.Blow{Who: f.ID("Ash"), Blow: "attack", Foes: []int{f.ID("Gor")}}, tc.faces...)
			log := logText(f)
			if !strings.Contains(log, tc.want) {
				t.Errorf("want %q in the log:\n%s", tc.want, log)
			}
			if got := f.Get("Gor").HP; got != tc.aura {
				t.Errorf("Gor has %d Aura, want %d", got, tc.aura)
			}
		})
	}
}

// The demo's gnoll brute resists blunt blows: a raider's great club
// would do half; the scout's arrows and the spear do full damage.
// ledger: energy/weakness-resistance
func TestEnergyBruteResistsBlunt(t *testing.T) {
	f := energyFight(t, nil, nil, member{name: "Gor", creature: "brute"}, member{name: "Hal", creature: "brute"})
	f.Must(engine.Blow{Who: f.ID("Gor"), Blow: "attack", Foes: []int{f.ID("Hal")}}, 15, 3, 4)
	log := logText(f)
	if want := "Resistance on Hal: 10 becomes 5"; !strings.Contains(log, want) {
		t.Errorf("want %q in the log:\n%s", want, log)
	}
}

// Not proficient (the wielder's MPL under the weapon's MPR): a melee
// weapon deals half damage at -1 AV; a ranged one half damage for 1 Energy
// more a shot.
// ledger: energy/proficiency
func TestEnergyNotProficient(t *testing.T) {
	f := energyFight(t, func(name string, n *engine.NewCombatant) {
		if name == "Ash" || name == "Sly" {
			n.Stats = maps.Clone(n.Stats)
			n.Stats["mpl"] = 0
		}
	}, nil, member{name: "Ash", creature: "adventurer"}, member{name: "Sly", creature: "scout"}, member{name: "Bo", creature: "raider"})
	ash, sly, bo := f.ID("Ash"), f.ID("Sly"), f.ID("Bo")
	// The spear (MPR 1) at AV 18 + 1 - 1: an Evasion roll of 9 + 9 = 18
	// does not beat it; a Combat roll of 10 is past the hide: (5 + 2) / 2.
	f.Must(engine.Blow{Who: ash, Blow: "attack", Foes: []int{bo}, Answer: "evasion"}, 10, 9, 5)
	// The short bow (MPR 1): a Hit roll of 15, past the armour: 5 / 2, and
	// the shot costs 2 Energy.
	f.Must(engine.Blow{Who: sly, Blow: "ranged", Foes: []int{bo}}, 15, 5)
	log := logText(f)
	for _, want := range []string{
		"vs more than 18: Hit",
		"Not proficient on Bo: 7 becomes 3",
		"Not proficient on Bo: 5 becomes 2",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
	if got := f.Get("Bo").HP; got != 14-3-2 {
		t.Errorf("Bo has %d Aura, want 14 - 3 - 2", got)
	}
	if got := f.Get("Sly").Pools["energy"]; got != 5-2 {
		t.Errorf("an unproficient shot left %d Energy, want 3", got)
	}
	// Proficient, the spear is at its full AV and damage.
	g := energyFight(t, nil, nil, member{name: "Ash", creature: "adventurer"}, member{name: "Bo", creature: "raider"})
	g.Must(engine.Blow{Who: g.ID("Ash"), Blow: "attack", Foes: []int{g.ID("Bo")}, Answer: "evasion"}, 10, 9, 5)
	if log := logText(g); !strings.Contains(log, "vs more than 19: Hit") || strings.Contains(log, "Not proficient") || g.Get("Bo").HP != 14-7 {
		t.Errorf("a proficient spear:\n%s", log)
	}
}
