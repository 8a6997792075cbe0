package saves

import (
	"os"
	"testing"
	"time"

	"fray/engine"
	"fray/session"
)

// A long fight opens on its saved state with the last steps of its
// history read, and the rest read when first needed: the history, undo to
// the first step, the log and the next save are the fight's, whole, as a
// save read at once has them. A save whose checksum does not match is read
// whole as it opens (what it holds is not known to read).
func TestOpenReadsTheHistoryLater(t *testing.T) {
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	a := randomFight(t, "pathmaster", 1, 200)
	for a.Fight.CanRedo() {
		a.Fight.Redo()
	}
	for i := 0; len(a.Fight.Done) <= readLaterFrom+100; i++ {
		var cmd engine.Command = engine.Next{}
		if i%2 == 1 {
			cmd = engine.Damage{Who: 1, Expr: "1d4"}
		}
		if _, err := a.Fight.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	a.Fight.Undo() // one to redo
	path := st.NewPath(a.Name)
	j, err := st.Create(path, a.Snapshot(), false)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Decode("x", data, shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Fight.Done) <= readLaterFrom {
		t.Fatalf("%d steps done: too few to be read later", len(whole.Fight.Done))
	}

	sv, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f := sv.Fight
	if len(f.Done) != laterTail || f.Later() == nil || !f.CanUndo() || len(sv.Notices) > 0 {
		t.Fatalf("opened with %d steps done read (want the last %d), notices %v", len(f.Done), laterTail, sv.Notices)
	}
	all, err := f.History()
	if err != nil || !sameSteps(all, whole.Fight.Done, true) || !sameSteps(f.Undone, whole.Fight.Undone, false) ||
		!engine.Same(*f.Current(), *whole.Fight.Current()) {
		t.Fatalf("the history read later is not the save's: %v", err)
	}
	sameFight(t, "read later", f, whole.Fight, sv.Source.State(), whole.Source.State())

	// A change made before the history is taken in, and one undone after:
	// the next save has the whole history and both.
	if _, err := f.Do(engine.Notes{Who: 1, Text: "before"}); err != nil {
		t.Fatal(err)
	}
	sess := &session.Session{}
	sess.Open(sv)
	sess.Record(session.OpDo, f.Done[len(f.Done)-1])
	s, ok := f.Undo()
	if !ok {
		t.Fatal("undo refused")
	}
	sess.Record(session.OpUndo, s)
	s, ok = f.Undo()
	if !ok || f.Later() != nil {
		t.Fatal("undo into the history read later refused, or the history not taken in")
	}
	sess.Record(session.OpUndo, s)
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	sameFight(t, "saved again", again.Fight, f, again.Source.State(), sv.Source.State())
	for f.CanUndo() {
		if _, ok := f.Undo(); !ok {
			t.Fatalf("undo refused at step %d: %v", len(f.Done), f.Broken())
		}
	}
	if len(f.Done) != 0 || !engine.Same(*f.Current(), f.Base) {
		t.Fatalf("undo stopped at step %d: %v", len(f.Done), f.Broken())
	}
	again.Journal.Close()

	// A checksum that does not match: read whole, with its notice.
	data, _ = os.ReadFile(path)
	data[2] ^= 0x20 // the first comment's text
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	edited, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer edited.Journal.Close()
	if edited.Fight.Later() != nil || len(edited.Fight.Done) <= laterTail || len(edited.Notices) == 0 {
		t.Fatalf("a save edited by hand opened with %d steps read, notices %v", len(edited.Fight.Done), edited.Notices)
	}
}
