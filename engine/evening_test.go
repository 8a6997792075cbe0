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

// The GM's evening: acting on several marked combatants at once, groups
// on one place in the order, timed events, durations that end on someone
// else's turn or on a save.

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

// TestOrcsX6AsAGroupInEachOrderKind: "Orc x6" added as a group has one
// place in the order of each kind; each orc keeps its own state, and the
// group's turn is a turn of each of them (their wounds bleed).
func TestOrcsX6AsAGroupInEachOrderKind(t *testing.T) {
	for _, k := range rules.OrderKinds {
		t.Run(string(k), func(t *testing.T) {
			base := baseRules()
			withKind(k)(&base)
			if k != rules.OrderNone {
				base.Ticks = []rules.Tick{{ID: "bleed", Name: "Bleeding", Effect: rules.EffectBleed, When: rules.AtOwnTurnStart}}
			}
			f := enginetest.New(t, enginetest.Rules(t, base), dice.NewSource(11))
			add := []engine.NewCombatant{who("Hero", 30, 40, nil)}
			for i := range 6 {
				o := who(fmt.Sprintf("Orc %d", i+1), 10, 12, nil)
				o.Group = true
				add = append(add, o)
			}
			f.Must(engine.Add{Combatants: add})
			f.Must(engine.Start{})
			lead := f.ID("Orc 1")
			for i := range 6 {
				if c := f.Get(fmt.Sprintf("Orc %d", i+1)); c.Group != lead {
					t.Errorf("%s is in group %d, want %d", c.Name, c.Group, lead)
				}
			}
			f.Must(engine.Bleed{Who: f.ID("Orc 4"), Rate: 2})
			f.Must(engine.Damage{Who: f.ID("Orc 3"), Amount: 5})
			for range 4 {
				f.Next()
			}
			enc := f.Current()
			for _, e := range enc.Entries {
				if c := enc.Combatant(e.Who); c.Group != 0 && e.Who != lead {
					t.Errorf("%s has an entry of its own: %+v", c.Name, e)
				}
			}
			if k == rules.OrderNone {
				if len(enc.Entries) != 0 {
					t.Errorf("no order, no entries: %+v", enc.Entries)
				}
				return
			}
			groupEntries := 0
			for _, e := range enc.Entries {
				if e.Who == lead {
					groupEntries++
				}
			}
			if groupEntries != 1 {
				t.Errorf("the group has %d entries, want 1: %s", groupEntries, f.Order())
			}
			if turns := strings.Count(logText(f), "Orc 1 acts"); turns != 2 {
				t.Errorf("the group acted %d times in two rounds, want 2:\n%s", turns, logText(f))
			}
			if strings.Contains(logText(f), "Orc 2 acts") {
				t.Errorf("a member acted on its own:\n%s", logText(f))
			}
			if hp := f.Get("Orc 4").HP; hp != 12-2*2 {
				t.Errorf("Orc 4 has %d hit points: its wound must bleed on the group's turns\n%s", hp, logText(f))
			}
			if hp := f.Get("Orc 3").HP; hp != 7 {
				t.Errorf("Orc 3 has %d hit points, want its own 7", hp)
			}
			if err := f.Verify(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestJoinAndLeaveAGroup(t *testing.T) {
	f := orcs(t, enginetest.Rules(t, baseRules()))
	o1, o2, o3 := f.ID("Orc 1"), f.ID("Orc 2"), f.ID("Orc 3")
	f.Must(engine.Marked{Targets: []int{o2, o3}, Step: engine.JoinGroup{With: o1}})
	if got := f.Order(); got != "Hero,Orc 1" {
		t.Errorf("order %q", got)
	}
	f.Refuse(engine.JoinGroup{Who: o1, With: f.ID("Hero")}, "leads a group")
	// The leader leaves: Orc 2 leads the group on its place.
	f.Must(engine.LeaveGroup{Who: o1})
	if got := f.Order(); got != "Hero,Orc 2,Orc 1" && got != "Hero,Orc 1,Orc 2" {
		t.Errorf("order %q", got)
	}
	if c := f.Get("Orc 3"); c.Group != o2 {
		t.Errorf("Orc 3 follows %d, want Orc 2", c.Group)
	}
	f.Must(engine.Remove{Who: o2})
	if c := f.Get("Orc 3"); c.Group != 0 {
		t.Errorf("a group of one is no group: %+v", c)
	}
	if got := f.Order(); !strings.Contains(got, "Orc 3") {
		t.Errorf("Orc 3 lost its place: %q", got)
	}
	if err := f.Verify(); err != nil {
		t.Error(err)
	}
}

func TestEffectEndsAtTheEndOfTheCastersNextTurn(t *testing.T) {
	base := baseRules()
	base.Conditions = []rules.ConditionDef{{ID: "blessed", Name: "Blessed"}}
	f := orcs(t, enginetest.Rules(t, base))
	// Hero acts and blesses Orc 2 until the end of Hero's next turn.
	f.Must(engine.GiveCondition{Who: f.ID("Orc 2"), Condition: "blessed", Duration: engine.UntilTurnEnd, Anchor: f.ID("Hero")})
	if !strings.Contains(logText(f), "Orc 2 is Blessed until the end of Hero's next turn") {
		t.Errorf("log:\n%s", logText(f))
	}
	f.ToTurnOf("Orc 3")
	if !f.Get("Orc 2").Has("blessed") {
		t.Fatal("the blessing ended with the turn it was given in")
	}
	f.ToTurnOf("Hero")
	if !f.Get("Orc 2").Has("blessed") {
		t.Fatal("the blessing ended before Hero's next turn did")
	}
	f.Next()
	if f.Get("Orc 2").Has("blessed") {
		t.Fatalf("the blessing outlived Hero's next turn:\n%s", logText(f))
	}
	if got := f.LastLog("Blessed"); got != "Orc 2 is no longer Blessed (the end of Hero's turn)" {
		t.Errorf("last: %q", got)
	}
	// Until the start of someone's next turn.
	f.Must(engine.GiveCondition{Who: f.ID("Hero"), Condition: "blessed", Duration: engine.UntilTurnStart, Anchor: f.ID("Orc 3")})
	f.ToTurnOf("Orc 3")
	if f.Get("Hero").Has("blessed") {
		t.Error("the blessing outlived the start of Orc 3's turn")
	}
}

func TestSaveEndsRolledAtTheEndOfOwnTurn(t *testing.T) {
	base := baseRules()
	base.Conditions = []rules.ConditionDef{{ID: "prone", Name: "Prone"}}
	base.Checks = []rules.Check{{ID: "save", Name: "Save", Roll: ex("d20"), Target: ex("10"), Succeeds: rules.AtLeast,
		Outcomes: []rules.Outcome{{ID: "made", Name: "Made", Result: rules.Success}, {ID: "failed", Name: "Failed", Result: rules.Failure}}}}
	base.SaveEnds = rules.SaveEnds{Check: "save"}
	f := orcs(t, enginetest.Rules(t, base))
	f.Must(engine.GiveCondition{Who: f.ID("Hero"), Condition: "prone", Duration: engine.SaveEnds})
	f.Must(engine.Next{}, 4) // Hero's turn ends: the save fails
	if !f.Get("Hero").Has("prone") || !strings.Contains(logText(f), "Hero: Save against Prone: d20: [4] = 4") {
		t.Fatalf("log:\n%s", logText(f))
	}
	f.ToTurnOf("Hero")
	f.Must(engine.Next{}, 15)
	if f.Get("Hero").Has("prone") {
		t.Fatalf("a made save must end it:\n%s", logText(f))
	}
	if got := f.LastLog("Prone"); got != "Hero is no longer Prone (saved)" {
		t.Errorf("last: %q", got)
	}
}

func TestTimersFireAtTheirPointAndUndo(t *testing.T) {
	f := orcs(t, enginetest.Rules(t, baseRules()))
	f.Must(engine.SetTimer{Text: "Reinforcements", At: rules.EventRoundStart, Rounds: 2})
	f.Must(engine.SetTimer{Text: "Torch gutters", At: rules.EventCount, Count: 12, Every: 1})
	if got := len(engine.Upcoming(f.Rules, f.Current())); got != 1 {
		t.Errorf("upcoming this round: %d, want the torch only", got)
	}
	for range 11 {
		f.Next()
	}
	log := logText(f)
	if strings.Count(log, "Timer: Reinforcements") != 1 || strings.Count(log, "Timer: Torch gutters") != 3 {
		t.Errorf("log:\n%s", log)
	}
	// The torch falls between Orc 2 (15) and Orc 3 (10).
	if !strings.Contains(log, "Orc 2 acts at initiative 15\nTimer: Torch gutters\nOrc 3 acts") {
		t.Errorf("the torch is not where it falls:\n%s", log)
	}
	if !strings.Contains(log, "Round 3 begins\nTimer: Reinforcements") {
		t.Errorf("reinforcements are not at round 3's start:\n%s", log)
	}
	if n := len(f.Current().Timers); n != 1 {
		t.Errorf("%d timers left: the one-off goes once it fires", n)
	}
	// A timer at a count the round has passed fires from the next round.
	f.ToTurnOf("Orc 2")
	f.Must(engine.SetTimer{Text: "Late", At: rules.EventCount, Count: 25})
	f.Next()
	if strings.Contains(logText(f), "Timer: Late") {
		t.Errorf("a timer at 25 set at 15 fired in the same round:\n%s", logText(f))
	}
	f.ToTurnOf("Orc 1")
	if !strings.Contains(logText(f), "Hero acts at initiative 30\nTimer: Late\nOrc 1 acts") {
		t.Errorf("the late timer did not fire next round:\n%s", logText(f))
	}
	f.Must(engine.StopTimer{Timer: 2})
	if len(f.Current().Timers) != 0 {
		t.Error("the timer is still there")
	}
	f.Undo()
	if len(f.Current().Timers) != 1 {
		t.Error("undo must bring the timer back")
	}
}

// A group acts while any of it can: its leader down, the others act on its
// place; all down, the group's place is passed over.
func TestGroupActsWhileAnyOfItCan(t *testing.T) {
	f := orcs(t, enginetest.Rules(t, baseRules()))
	o1, o2, o3 := f.ID("Orc 1"), f.ID("Orc 2"), f.ID("Orc 3")
	f.Must(engine.Marked{Targets: []int{o2, o3}, Step: engine.JoinGroup{With: o1}})
	f.Must(engine.Damage{Who: o1, Amount: 50})
	f.Next()
	if f.Actor() != "Orc 1" {
		t.Fatalf("the group did not act with its leader down: %s acts\n%s", f.Actor(), logText(f))
	}
	f.Must(engine.Marked{Targets: []int{o2, o3}, Step: engine.Damage{Amount: 50}})
	f.Next() // Hero, in round 2
	f.Next()
	if f.Actor() != "Hero" || f.Current().Round != 3 {
		t.Errorf("a group all down still acts: %s\n%s", f.Actor(), logText(f))
	}
	if err := f.Verify(); err != nil {
		t.Error(err)
	}
}
