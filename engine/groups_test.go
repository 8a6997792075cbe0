package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

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

// A group has one place in the order, at its leader's initiative: one set
// on the leader is every member's, and the one who takes the place on when
// the leader leaves the fight holds it at the place's initiative.
func TestGroupInitiativeIsEveryMembers(t *testing.T) {
	for _, k := range []rules.OrderKind{rules.OrderFixed, rules.OrderRound} {
		t.Run(string(k), func(t *testing.T) {
			base := baseRules()
			withKind(k)(&base)
			f := enginetest.New(t, enginetest.Rules(t, base), dice.NewSource(3))
			f.Must(engine.Add{Combatants: []engine.NewCombatant{who("Hero", 35, 20, nil), who("Orc 1", 10, 12, nil), who("Orc 2", 24, 12, nil)}})
			f.Must(engine.Start{})
			f.Must(engine.JoinGroup{Who: f.ID("Orc 2"), With: f.ID("Orc 1")})
			f.Must(engine.SetInit{Who: f.ID("Orc 1"), Init: 30})
			if o2 := f.Get("Orc 2"); o2.Init != 30 {
				t.Errorf("Orc 2's initiative %d, want the group's 30", o2.Init)
			}
			f.Must(engine.SetInit{Who: f.ID("Orc 2"), Init: 5}) // a member's own: the place stays at 30
			f.Must(engine.Remove{Who: f.ID("Orc 1")})
			if err := f.Verify(); err != nil {
				t.Fatal(err)
			}
			if o2 := f.Get("Orc 2"); o2.Init != 30 {
				t.Errorf("Orc 2 holds the place at %d, want the group's 30", o2.Init)
			}
		})
	}
}
