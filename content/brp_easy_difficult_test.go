package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// Easy doubles the chance and Difficult halves it (l.121-123): each on the
// chance the others left, not each on the skill and summed. The archer's
// 50% at double range in darkness is Difficult twice, a quarter (13, the
// halves rounded up); point blank in darkness, Easy and Difficult, is the
// skill itself (l.504-513). Summed, the first was 0 and the second 75.
// ledger: brp/missile-range-modifiers
func TestBRPEasyAndDifficultCompound(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Archer", creature: "cult_archer"}, {name: "Yvarre", creature: "yvarre"}}, 90, 90, 90)
	a, y := f.ID("Archer"), f.ID("Yvarre")
	for _, c := range []struct {
		mods []string
		want string
	}{
		{[]string{"medium_range", "darkness"}, "vs 13 or less"},
		{[]string{"point_blank", "darkness"}, "vs 50 or less"},
		{[]string{"darkness", "point_blank"}, "vs 50 or less"},
	} {
		onRank(t, f, "Archer")
		if _, err := f.Do(engine.RollCheck{Who: a, Check: "skill", Target: y, Modifiers: c.mods}, 90); err != nil {
			t.Errorf("%v: refused: %v", c.mods, err)
			continue
		}
		if got := f.LastLog("Skill roll"); !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want %q", c.mods, got, c.want)
		}
	}
}

// One holding a wound shut attacks at Difficult (l.335), and attacks on a
// stunned target are Easy (l.347): both at once, 80% stays 80%, by the
// blow (A) and by g's skill roll alike. A staunching fighter's full
// shield against a missile (30%, l.484) parries at 15.
// ledger: brp/staunch-limits brp/stunned-defence-easy
func TestBRPStaunchingAttackerAgainstAStunnedTarget(t *testing.T) {
	rs := brpRules(t)
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d6"), Kinds: []string{"melee"}, Fields: map[string]int{"skill": 80}}
	start := func(a engine.NewCombatant) *enginetest.Fight {
		f := enginetest.New(t, rs, dice.Script())
		f.Must(engine.Add{Combatants: []engine.NewCombatant{a,
			{Name: "D", HP: 40, Stats: map[string]int{"DEX": 7, "parry": 60, "dodge": 60, "INT": 10}}}})
		f.Must(engine.Start{})
		f.Must(engine.GiveCondition{Who: f.ID("A"), Condition: "staunching"})
		f.Must(engine.GiveCondition{Who: f.ID("D"), Condition: "stunned", Rounds: 3})
		toPhase(t, f, 2)
		return f
	}
	f := start(engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{sword}})
	if _, err := f.Do(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("D")}}, 90); err != nil {
		t.Fatalf("the blow, 90 on Difficult and Easy 80%%: %v (a miss wants no more dice)", err)
	}
	if got := f.LastLog("A: Skill roll"); !strings.Contains(got, "vs 80 or less") {
		t.Errorf("the blow, Difficult and Easy on 80%%: %q, want 80", got)
	}
	g := start(engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15, "skill": 80, "parry": 80}})
	g.Must(engine.RollCheck{Who: g.ID("A"), Check: "skill", Target: g.ID("D")}, 90)
	if got := g.LastLog("A: Skill roll"); !strings.Contains(got, "vs 80 or less") {
		t.Errorf("g, Difficult and Easy on 80%%: %q, want 80", got)
	}
	g.Must(engine.RollCheck{Who: g.ID("A"), Check: "parry", Modifiers: []string{"full_shield_missile"}}, 10)
	if got := g.LastLog("A: Parry"); !strings.Contains(got, "vs 15 or less") {
		t.Errorf("a staunching fighter's full shield against a missile: %q, want 15", got)
	}
}
