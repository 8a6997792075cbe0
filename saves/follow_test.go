package saves

import (
	"os"
	"strconv"
	"testing"
	"time"
)

// A viewer follows a fight as it is played, without a lock: each change as
// its line is synced, a line still being written when it is whole, and the
// fight read again from its save when a snapshot writes the journal anew.
func TestFollow(t *testing.T) {
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	sess, w := newFightW(t, st, "countdown", 8)
	v, err := st.Follow(sess.Path)
	if err != nil {
		t.Fatal(err)
	}
	seen := func(what string) {
		t.Helper()
		if _, err := v.Poll(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		got := v.Saved()
		sameFight(t, what, got.Fight, sess.Fight, got.Source.State(), sess.Source.State())
	}
	seen("before any change")
	// Snapshots are written in the background, each snapshotEvery changes
	// after the last began: the third may still be under way when the
	// change that called for it is durable, so the fight goes on until it
	// is read (and fails if five snapshots' worth of changes never are).
	for i := 0; v.reloads < 3; i++ {
		if i == 5*snapshotEvery/10 {
			t.Fatalf("read from the save %d times in %d changes: the journal was not written anew as snapshots were taken", v.reloads, 10*i)
		}
		sess.Wait(play(t, sess, i, 10))
		seen("after a change")
	}

	// A line half written is left until it is whole.
	n := w.durable
	w.crash()
	f := v.Saved().Fight
	if !f.CanUndo() {
		t.Fatal("nothing to undo")
	}
	line, _ := appendLine(nil, strconv.Itoa(n+1), record{Undo: true}, "")
	jf, _ := os.OpenFile(journalPath(sess.Path), os.O_WRONLY|os.O_APPEND, 0)
	defer jf.Close()
	jf.Write(line[:len(line)/2])
	if changed, err := v.Poll(); changed || err != nil {
		t.Fatalf("half a line read: %v %v", changed, err)
	}
	jf.Write(line[len(line)/2:])
	if changed, err := v.Poll(); !changed || err != nil || v.Changes() != n+1 || len(v.Saved().Fight.Undone) != len(sess.Fight.Undone)+1 {
		t.Fatalf("the whole line: %v %v, %d changes", changed, err, v.Changes())
	}
}
