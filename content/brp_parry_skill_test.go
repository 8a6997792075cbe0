package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

func brpWeapon(name string, skill int, kinds ...string) rules.Weapon {
	w := rules.Weapon{Name: name, Damage: dice.MustParse("1d6"), Kinds: kinds}
	if skill > 0 {
		w.Fields = map[string]int{"skill": skill}
	}
	return w
}

// "Roll against the relevant combat skill to parry a blow" (l.115); "compare
// the result to your character's skill with the weapon or shield being
// used" (l.149). D (parry stat 40) parries A's blow with its sword (80%) or
// its shield (30%), picked in A: each at its own skill; g's parry reads
// the weapon in hand. A fighter typed with a parry stat and a weapon of no
// skill of its own parries at the parry stat.
// ledger: brp/parry
func TestBRPParryRollsTheParryingWeaponsSkill(t *testing.T) {
	for _, c := range []struct {
		guard int
		want  string
	}{{0, "vs 80 or less"}, {1, "vs 30 or less"}, {2, "vs 40 or less"}} {
		f := brpPair(t, engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{sword80("melee")}},
			engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 7, "parry": 40},
				Weapons: []rules.Weapon{brpWeapon("Sword", 80, "melee"), brpWeapon("Shield", 30, "knockback", "melee"),
					brpWeapon("Club", 0, "crushing", "melee")}})
		onRank(t, f, "A")
		f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("D")}, Answer: "parry", Guard: c.guard}, 50, 90, 1)
		if got := f.LastLog("D: Parry"); !strings.Contains(got, c.want) {
			t.Errorf("parried with weapon %d: %q, want %s", c.guard, got, c.want)
		}
	}
	f := brpPair(t, engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}},
		engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 7, "parry": 40},
			Weapons: []rules.Weapon{brpWeapon("Sword", 80, "melee")}})
	f.Must(engine.RollCheck{Who: f.ID("D"), Check: "parry"}, 90)
	if got := f.LastLog("D: Parry"); !strings.Contains(got, "vs 80 or less") {
		t.Errorf("g's parry with the sword in hand: %q, want 80", got)
	}
	g := brpPair(t, engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}},
		engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 7, "parry": 45}})
	g.Must(engine.RollCheck{Who: g.ID("D"), Check: "parry"}, 90)
	if got := g.LastLog("D: Parry"); !strings.Contains(got, "vs 45 or less") {
		t.Errorf("g's parry with no weapon kept: %q, want the parry stat, 45", got)
	}
}

// The improvised parry is "half of the weapon's skill rating" (l.121-123:
// the rifle's 58% attack gives 29%). A swordsman (parry 70) parries A's
// blow with a rifle of 58%, improvised: 29, not half its parry stat; the
// flat 20% stays 20.
// ledger: brp/improvised-parry
func TestBRPImprovisedParryHalvesTheWeaponsSkill(t *testing.T) {
	for _, c := range []struct {
		guard, want string
	}{{"improvised", "vs 29 or less"}, {"untrained", "vs 20 or less"}} {
		f := brpPair(t, engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{sword80("melee")}},
			engine.NewCombatant{Name: "S", HP: 40, Stats: map[string]int{"DEX": 7, "parry": 70},
				Weapons: []rules.Weapon{brpWeapon("Rifle", 58, "impaling", "missile")}})
		onRank(t, f, "A")
		f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("S")}, Answer: "parry", Guards: []string{c.guard}}, 40, 90, 1)
		if got := f.LastLog("S: Parry"); !strings.Contains(got, c.want) {
			t.Errorf("a rifle of 58%% parrying, %s: %q, want %s", c.guard, got, c.want)
		}
	}
}
