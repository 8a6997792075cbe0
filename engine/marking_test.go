package engine_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// Marking: one step on several marked combatants at once. (orcs, orcIDs
// and logText serve the groups', timers' and durations' tests too.)

// orcs is a fight of Hero (initiative 30) and Orc 1-3 (40 hit points each,
// initiative 20, 15, 10), started.
func orcs(t *testing.T, rs *rules.Ruleset) *enginetest.Fight {
	t.Helper()
	f := enginetest.New(t, rs, dice.NewSource(7))
	add := []engine.NewCombatant{who("Hero", 30, 40, nil)}
	for i := range 3 {
		add = append(add, who(fmt.Sprintf("Orc %d", i+1), 20-5*i, 40, nil))
	}
	f.Must(engine.Add{Combatants: add})
	f.Must(engine.Start{})
	return f
}

func orcIDs(f *enginetest.Fight) []int {
	return []int{f.ID("Orc 1"), f.ID("Orc 2"), f.ID("Orc 3")}
}

func TestFireballOneRollForThreeMarkedOrcsOneUndo(t *testing.T) {
	rs := enginetest.Rules(t, baseRules())
	f := orcs(t, rs)
	before := f.Current().Clone()
	ev := f.Must(engine.Marked{Targets: orcIDs(f), Step: engine.Damage{Expr: "6d6"}}, 1, 2, 3, 4, 5, 6)
	var log []string
	for _, e := range ev {
		log = append(log, narrate.Line(f.Rules, e))
	}
	want := []string{
		"Damage for Orc 1, Orc 2, Orc 3: 6d6: [1, 2, 3, 4, 5, 6] = 21",
		"Orc 1 takes 21 (40 -> 19 HP)", "Orc 2 takes 21 (40 -> 19 HP)", "Orc 3 takes 21 (40 -> 19 HP)",
	}
	if !reflect.DeepEqual(log, want) {
		t.Errorf("log:\n%s\nwant:\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	if len(f.Done) != 3 {
		t.Errorf("%d steps: the fireball must be one", len(f.Done))
	}
	if _, ok := f.Undo(); !ok {
		t.Fatal("no undo")
	}
	if !reflect.DeepEqual(*f.Current(), before) {
		t.Errorf("one undo must restore all three:\n%+v\nwant\n%+v", f.Current().Combatants, before.Combatants)
	}
	if err := f.Verify(); err != nil {
		t.Error(err)
	}
}

func TestMarkedRollEachRollsForEachOne(t *testing.T) {
	base := baseRules()
	base.Marked.RollEach = true
	f := orcs(t, enginetest.Rules(t, base))
	f.Must(engine.Marked{Targets: orcIDs(f), Step: engine.Damage{Expr: "2d6"}}, 1, 1, 2, 2, 3, 3)
	for i, hp := range []int{38, 36, 34} {
		if c := f.Get(fmt.Sprintf("Orc %d", i+1)); c.HP != hp {
			t.Errorf("%s has %d hit points, want %d", c.Name, c.HP, hp)
		}
	}
	if strings.Count(logText(f), "damage: 2d6") != 3 {
		t.Errorf("three rolls, one each:\n%s", logText(f))
	}
}

func TestMarkedConditionStunAndBleedingInOneStep(t *testing.T) {
	base := baseRules()
	stunCondition(rules.StunNoAction)(&base)
	base.Conditions = append(base.Conditions, rules.ConditionDef{ID: "blessed", Name: "Blessed"})
	f := orcs(t, enginetest.Rules(t, base))
	ids := orcIDs(f)
	f.Must(engine.Marked{Targets: ids, Step: engine.GiveCondition{Condition: "blessed", Rounds: 2}})
	f.Must(engine.Marked{Targets: ids, Step: engine.Stun{Expr: "1d4"}}, 3)
	f.Must(engine.Marked{Targets: ids, Step: engine.Bleed{Rate: 2}})
	f.Must(engine.Marked{Targets: ids, Step: engine.Heal{Amount: 1}})
	for _, id := range ids {
		c := f.Current().Combatant(id)
		if !c.Has("blessed") || !c.Has("stunned") || c.Bleeding() != 2 {
			t.Errorf("%s: %+v", c.Name, c)
		}
	}
	for _, want := range []string{"Orc 3 is Blessed for 2 rounds", "Rounds of stun for Orc 1, Orc 2, Orc 3: 1d4: [3] = 3", "Orc 2 is Stunned for 3 rounds", "Orc 1 bleeds 2 a round"} {
		if !strings.Contains(logText(f), want) {
			t.Errorf("log lacks %q:\n%s", want, logText(f))
		}
	}
	// One marked that cannot take it refuses the whole step.
	f.Refuse(engine.Marked{Targets: append(ids, 99), Step: engine.GiveCondition{Condition: "blessed"}}, "no combatant #99")
	// Only a step that may be done to several is marked (engine.Markable: notes
	// cannot be); and it names none of them itself.
	f.Refuse(engine.Marked{Targets: ids, Step: engine.Bleed{Who: ids[0], Rate: 1}}, "names no one else")
}

func logText(f *enginetest.Fight) string {
	var b strings.Builder
	for _, e := range f.Log() {
		b.WriteString(narrate.Line(f.Rules, e) + "\n")
	}
	return b.String()
}
