package engine

import (
	"flag"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Every step the engine's tests take is checked (CheckSteps), but in a
// benchmark, whose figure would be the check's: a write
// into a combatant the step did not make its own first (tx.mine) changes
// every state that shares it, undo history among them, and fails the test
// that took the step, naming the field.
func init() {
	CheckSteps(func() bool { f := flag.Lookup("test.bench"); return f == nil || f.Value.String() == "" })
}

// shareFight is a fight of three with no order, in setup.
func shareFight(t *testing.T) *Fight {
	rs := &rules.Ruleset{ID: "share", Name: "Share", Order: rules.OrderRules{Kind: rules.OrderNone}}
	if errs := rs.Validate(); len(errs) > 0 {
		t.Fatal(errs)
	}
	f := NewFight(rs, NewEncounter("share", rs), dice.NewSource(1))
	if _, err := f.Do(Add{Combatants: []NewCombatant{{Name: "A", HP: 10}, {Name: "B", HP: 10}, {Name: "C", HP: 10}}}); err != nil {
		t.Fatal(err)
	}
	return f
}

// A step copies only the combatants it changes: the rest are the very
// values of the state before, and the state before is as it was.
func TestAStepSharesWhatItDoesNotChange(t *testing.T) {
	f := shareFight(t)
	before := *f.Current()
	want := before.Clone()
	if _, err := f.Do(Damage{Who: before.Combatants[1].ID, Amount: 3}); err != nil {
		t.Fatal(err)
	}
	after := f.Current()
	if after.Combatants[0] != before.Combatants[0] || after.Combatants[2] != before.Combatants[2] {
		t.Error("a damage to B copied A or C: a step copies only what it changes")
	}
	if after.Combatants[1] == before.Combatants[1] {
		t.Error("the damage to B wrote into the B the state before holds")
	}
	if after.Combatants[1].HP != 7 || before.Combatants[1].HP != 10 {
		t.Errorf("B has %d hit points after and %d before, want 7 and 10", after.Combatants[1].HP, before.Combatants[1].HP)
	}
	if p := firstDifference(reflect.ValueOf(before), reflect.ValueOf(want), "state"); p != "" {
		t.Errorf("the state before changed at %s", p)
	}
}

// The check that runs on every step finds a write that did not make its
// combatant the step's own, and passes one that did.
func TestTheSharingCheckFindsAWriteIntoTheStateBefore(t *testing.T) {
	f := shareFight(t)
	old := checkShared
	defer func() { checkShared = old }()
	CheckSteps(func() bool { return true }) // benchmarks or not
	step := func(write func(tx *tx)) (msg string) {
		defer func() {
			if r := recover(); r != nil {
				msg = fmt.Sprint(r)
			}
		}()
		enc := *f.Current()
		defer checkShared(enc)()
		tx := &tx{rs: f.Rules, enc: enc.share(), sharing: newSharing()}
		write(tx)
		return ""
	}
	if msg := step(func(t *tx) { t.enc.Combatants = t.enc.Combatants[:1] }); msg != "" {
		t.Errorf("a change to the step's own list was taken for a write into the state before: %s", msg)
	}
	if msg := step(func(t *tx) { t.mine(t.enc.Combatants[1]).HP-- }); msg != "" {
		t.Errorf("a write into the step's own copy failed the check: %s", msg)
	}
	msg := step(func(t *tx) { t.enc.Combatants[1].HP-- })
	if !strings.Contains(msg, "state.Combatants[1].Vitals.HP") {
		t.Errorf("a write into a shared combatant passed the check (%q)", msg)
	}
}
