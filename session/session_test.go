package session

import (
	"errors"
	"sync"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// A fight of two in a ruleset with no order, a step or two in.
func testFight(t *testing.T) Saved {
	t.Helper()
	rs := &rules.Ruleset{ID: "t", Name: "T", Order: rules.OrderRules{Kind: rules.OrderNone}}
	src := dice.NewSource(1)
	f := engine.NewFight(rs, engine.NewEncounter("Test", rs), src)
	for _, cmd := range []engine.Command{
		engine.Add{Combatants: []engine.NewCombatant{{Name: "A", HP: 5}, {Name: "B", HP: 5}}},
		engine.Start{},
		engine.Damage{Who: 1, Amount: 2},
	} {
		if _, err := f.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	return Saved{Name: "Test", Fight: f, Source: src, Hash: "h"}
}

// A snapshot is the fight as it stood: what the fight does next is not in it.
func TestSnapshotSharesNothing(t *testing.T) {
	s := testFight(t)
	snap := s.Snapshot()
	if snap.Name != "Test" || snap.Hash != "h" || snap.Rules != s.Fight.Rules || snap.RNG != s.Source.State() ||
		len(snap.Done) != 3 || snap.Current.Combatant(1).HP != 3 {
		t.Fatalf("snapshot: %+v", snap)
	}
	s.Fight.Undo()
	if _, err := s.Fight.Do(engine.Damage{Who: 2, Amount: 4}); err != nil {
		t.Fatal(err)
	}
	if len(snap.Done) != 3 || snap.Done[2].Cmd != engine.Command(engine.Damage{Who: 1, Amount: 2}) || len(snap.Undone) != 0 || snap.Current.Combatant(1).HP != 3 || snap.Current.Combatant(2).HP != 5 {
		t.Error("the snapshot changed with the fight")
	}
}

// journal records what it is handed.
type journal struct {
	mu      sync.Mutex
	changes []Change
	closed  int
	fail    error
}

func (j *journal) Append(c Change) int {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.changes = append(j.changes, c)
	return len(j.changes)
}

func (j *journal) Wait(n int) error { return j.fail }

func (j *journal) Trouble(*Trouble) (*Trouble, bool) { return nil, false }

func (j *journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.closed++
	return j.fail
}

// Open takes a fight and its journal, closing the last one's; Record hands
// each change with the fight as it stands; Close closes once and waits.
func TestSession(t *testing.T) {
	var sess Session
	if n := sess.Record(OpDo, engine.Step{}); n != 0 || sess.Wait(n) != nil || sess.Close() != nil {
		t.Fatal("an empty session recorded something")
	}

	a, ja := testFight(t), &journal{}
	a.Notices, a.Path, a.Journal = []string{"changed"}, "a.toml", ja
	sess.Open(&a)
	if sess.Name != "Test" || sess.Path != "a.toml" || sess.Fight != a.Fight || sess.Hash != "h" || len(sess.Notices) != 1 || sess.ReadOnly {
		t.Errorf("open: %s %s %v %s %v", sess.Name, sess.Path, sess.Fight == a.Fight, sess.Hash, sess.Notices)
	}
	if got := sess.Saved(); got.Fight != a.Fight || got.Source != a.Source || got.Name != "Test" || got.Hash != "h" || got.Path != "a.toml" {
		t.Errorf("Saved: %+v", got)
	}
	step, _ := a.Fight.Undo()
	n := sess.Record(OpUndo, step)
	if n != 1 || sess.Wait(n) != nil {
		t.Fatalf("Record: %d", n)
	}
	c := ja.changes[0]
	if c.Op != OpUndo || c.Step.Cmd.Op() != engine.OpDamage || c.State.Combatant(1).HP != 5 || c.RNG != a.Source.State() {
		t.Errorf("the change recorded: %+v", c)
	}

	b, jb := testFight(t), &journal{fail: errors.New("disk full")}
	b.Path, b.Journal = "b.toml", jb
	sess.Open(&b)
	if err := sess.Close(); err == nil || ja.closed != 1 || jb.closed != 1 {
		t.Errorf("Close: %v; a closed %d times, b %d", err, ja.closed, jb.closed)
	}
	if err := sess.Close(); err != nil || jb.closed != 1 {
		t.Errorf("Close twice: %v, b closed %d times", err, jb.closed)
	}

	ro := testFight(t)
	ro.ReadOnly = true
	sess.Open(&ro)
	if !sess.ReadOnly || sess.Record(OpDo, engine.Step{}) != 0 {
		t.Error("a read-only fight recorded a change")
	}
}
