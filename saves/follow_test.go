package saves

import (
	"io/fs"
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
	t.Cleanup(w.crash) // a test that fails early lets the fight go before its folder is removed
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
	// Changes are made until the journal has been written anew twice, each
	// change followed. A snapshot writes it anew only once the backup it
	// leaves holds changes (the first keeps the new fight's save as the
	// backup, and with it the whole journal), and after its save is
	// written, in the background: the test looks for the journal written
	// anew, not for a count of changes.
	journal := func() os.FileInfo {
		fi, _ := os.Stat(journalPath(sess.Path))
		return fi
	}
	last, anew := journal(), 0
	for i := 0; anew < 2; i++ {
		if i*10 > 5*snapshotEvery {
			t.Fatalf("%d changes, the journal written anew %d times: snapshots are not taken", i*10, anew)
		}
		sess.Wait(play(t, sess, i, 10))
		now := journal()
		if last != nil && now != nil && !os.SameFile(now, last) {
			anew++
		}
		last = now
		seen("after a change")
	}
	// Each time the journal was written anew (snapshotEvery changes apart) a
	// later Poll read the fight again from its save (Follow read it once).
	if v.reloads-1 < anew {
		t.Fatalf("read from the save %d times after Follow: the journal was written anew %d times", v.reloads-1, anew)
	}

	// A line half written is left until it is whole.
	w.crash()
	n := w.durable
	seen("killed")
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

// A journal written anew may be given the inode of the one it replaced
// (freed, then given out again between two polls): the follower sees that
// its header differs, and reads the fight again from its save instead of
// reading the new journal from the old one's offset.
func TestFollowAJournalWithTheOldInode(t *testing.T) {
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	sess, w := newFightW(t, st, "countdown", 8)
	t.Cleanup(w.crash)
	v, err := st.Follow(sess.Path)
	if err != nil {
		t.Fatal(err)
	}
	sameFile = func(fs.FileInfo, fs.FileInfo) bool { return true }
	t.Cleanup(func() { sameFile = os.SameFile })
	sess.Wait(play(t, sess, 0, 10))
	if _, err := v.Poll(); err != nil {
		t.Fatal(err)
	}
	first, _ := os.Stat(journalPath(sess.Path))
	for i := 1; ; i++ {
		if i*10 > 5*snapshotEvery {
			t.Fatalf("%d changes: the journal was not written anew past the follower's offset", i*10)
		}
		sess.Wait(play(t, sess, i, 10))
		now, _ := os.Stat(journalPath(sess.Path))
		if now != nil && first != nil && !os.SameFile(now, first) && now.Size() > v.off {
			break
		}
	}
	reloads := v.reloads
	if _, err := v.Poll(); err != nil {
		t.Fatalf("the new journal read from the old one's offset: %v", err)
	}
	if v.reloads != reloads+1 {
		t.Fatal("the fight was not read again from its save")
	}
	got := v.Saved()
	sameFight(t, "after the journal was written anew", got.Fight, sess.Fight, got.Source.State(), sess.Source.State())
}
