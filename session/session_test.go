package session

import (
	"errors"
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
		{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "A", HP: 5}, {Name: "B", HP: 5}}},
		{Op: engine.OpStart},
		{Op: engine.OpDamage, Who: 1, Amount: 2},
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
	if _, err := s.Fight.Do(engine.Command{Op: engine.OpDamage, Who: 2, Amount: 4}); err != nil {
		t.Fatal(err)
	}
	if len(snap.Done) != 3 || snap.Done[2].Cmd.Who != 1 || len(snap.Undone) != 0 || snap.Current.Combatant(1).HP != 3 || snap.Current.Combatant(2).HP != 5 {
		t.Error("the snapshot changed with the fight")
	}
}

type store struct {
	saved map[string]Snapshot
}

func (s *store) List() ([]SaveInfo, error)           { return nil, nil }
func (s *store) Load(string) (*Saved, error)         { return nil, errors.New("no") }
func (s *store) NewPath(name string) string          { return name }
func (s *store) Lock(string) (func(), error)         { return func() {}, nil }
func (s *store) Save(path string, sn Snapshot) error { s.saved[path] = sn; return nil }

// Open takes a fight and its lock, letting go of the last one's; SaveNow
// saves what there is to save; Close lets go once.
func TestSession(t *testing.T) {
	st := &store{saved: map[string]Snapshot{}}
	var sess Session
	if err := sess.SaveNow(st); err != nil || len(st.saved) != 0 {
		t.Fatal("an empty session saved something")
	}
	released := map[string]int{}
	unlock := func(p string) func() { return func() { released[p]++ } }

	a := testFight(t)
	a.Notices = []string{"changed"}
	sess.Open(&a, "a.toml", false, unlock("a"))
	if sess.Name != "Test" || sess.Path != "a.toml" || sess.Fight != a.Fight || sess.Hash != "h" || len(sess.Notices) != 1 {
		t.Errorf("open: %s %s %v %s %v", sess.Name, sess.Path, sess.Fight == a.Fight, sess.Hash, sess.Notices)
	}
	if got := sess.Saved(); got.Fight != a.Fight || got.Source != a.Source || got.Name != "Test" || got.Hash != "h" {
		t.Errorf("Saved: %+v", got)
	}
	if err := sess.SaveNow(st); err != nil || st.saved["a.toml"].Done[2].Cmd.Amount != 2 {
		t.Errorf("SaveNow: %v %+v", err, st.saved)
	}

	b := testFight(t)
	sess.Open(&b, "b.toml", true, unlock("b"))
	if released["a"] != 1 || released["b"] != 0 {
		t.Errorf("opening b released %v", released)
	}
	if _, ok := sess.Snapshot(); ok {
		t.Error("a read-only fight has a snapshot to save")
	}
	if err := sess.SaveNow(st); err != nil || len(st.saved) != 1 {
		t.Error("a read-only fight was saved")
	}
	sess.Close()
	sess.Close()
	if released["b"] != 1 {
		t.Errorf("Close twice released b %d times", released["b"])
	}
}
