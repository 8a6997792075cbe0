package saves

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"fray/engine"
	"fray/session"
)

// eventsFight is a Pathmaster fight whose log holds at least n events: four
// fighters stepping turns and taking damage rolled on the dice.
func eventsFight(b *testing.B, n int) session.Saved {
	a := randomFight(b, "pathmaster", 4, 0)
	// randomFight may end on a few undos, here of the start itself: the
	// fight is taken back to where it was.
	for a.Fight.CanRedo() {
		if _, err := a.Fight.Redo(); err != nil {
			b.Fatal(err)
		}
	}
	events := len(a.Fight.Log())
	for events < n {
		for _, cmd := range []engine.Command{engine.Next{}, engine.Damage{Who: 1, Expr: "1d4"}} {
			ev, err := a.Fight.Do(cmd)
			if err != nil {
				b.Fatal(err)
			}
			events += len(ev)
		}
	}
	return a
}

// openFight saves a fight of n events in a new store and opens it, with
// its journal.
func openFight(b *testing.B, n int) (*Store, *session.Session, *writer) {
	st := NewStore(b.TempDir(), shippedRules, time.Now)
	a := eventsFight(b, n)
	a.Path = filepath.Join(st.dir, "bench.toml")
	j, err := st.Create(a.Path, a.Snapshot(), false)
	if err != nil {
		b.Fatal(err)
	}
	a.Journal = j
	sess := &session.Session{}
	sess.Open(&a)
	if err := sess.Wait(0); err != nil {
		b.Fatal(err)
	}
	return st, sess, j.(*writer)
}

// BenchmarkChange is one change made durable, as a GM's key makes it: the
// change made to the fight, handed to the journal, appended and synced. The
// changes are a step (the next turn) and its undo, in turn, so the fight
// stays the size it is; snapshots are taken as in play (every 256 changes,
// in the background), so what they cost the key path is in the figure.
//
// Changes come here as fast as the disk takes them, so a snapshot is
// written every quarter second or so, and the appends meanwhile wait on the
// same disk; at a table's pace it is once in twenty minutes. The
// no_snapshots figures are the change alone. disk_append_sync, run first,
// is the floor under them all: the disk's own append and sync.
func BenchmarkChange(b *testing.B) {
	b.Run("disk_append_sync", benchAppendSync)
	for _, n := range []int{100, 1000, 10000} {
		for _, snapshots := range []bool{true, false} {
			name := fmt.Sprintf("%d_events", n)
			if !snapshots {
				name += "_no_snapshots"
			}
			b.Run(name, func(b *testing.B) {
				if !snapshots {
					defer func(every int) { snapshotEvery = every }(snapshotEvery)
					snapshotEvery = 1 << 30
				}
				benchChange(b, n)
			})
		}
	}
}

func benchChange(b *testing.B, n int) {
	_, sess, _ := openFight(b, n)
	defer sess.Close()
	f := sess.Fight
	i := 0
	for b.Loop() {
		var k int
		if i%2 == 0 {
			if _, err := f.Do(engine.Next{}); err != nil {
				b.Fatal(err)
			}
			k = sess.Record(session.OpDo, f.Done[len(f.Done)-1])
		} else {
			s, ok := f.Undo()
			if !ok {
				b.Fatal("no undo")
			}
			k = sess.Record(session.OpUndo, s)
		}
		i++
		if err := sess.Wait(k); err != nil {
			b.Fatal(err)
		}
	}
}

// benchAppendSync is the floor under BenchmarkChange: a line appended to a
// file in the same folder and synced, nothing else. The disk sets it; run
// beside the changes, it says what fray adds.
func benchAppendSync(b *testing.B) {
	f, err := os.OpenFile(filepath.Join(b.TempDir(), "floor"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	line := []byte(`41 9b2e4f10 {do = {op = "damage", who = 2, expr = "1d6"}, faces = [4]}  # Orc 1 takes 4 damage` + "\n")
	for b.Loop() {
		if _, err := f.Write(line); err != nil {
			b.Fatal(err)
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSnapshot is a snapshot written as the journal writes one, off the
// key path: encoded, written to a temp file, synced, read back and checked,
// the old save kept as the backup, renamed, the directory synced.
func BenchmarkSnapshot(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%d_events", n), func(b *testing.B) {
			st := NewStore(b.TempDir(), shippedRules, time.Now)
			snap := eventsFight(b, n).Snapshot()
			p := filepath.Join(st.dir, "bench.toml")
			m := meta{fight: "0123456789abcdef", changes: 1}
			for b.Loop() {
				if _, err := st.writeSave(p, snap, m, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncode is the encoding alone.
func BenchmarkEncode(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%d_events", n), func(b *testing.B) {
			snap := eventsFight(b, n).Snapshot()
			for b.Loop() {
				if _, err := encode(snap, meta{}, time.Now()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpen is a fight opened: its save read and checked, its journal
// read, its lock taken and its journal's writer started (and stopped). The
// screen's first frame on top of it: BenchmarkOpenToFirstFrame, package
// main.
func BenchmarkOpen(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%d_events", n), func(b *testing.B) {
			st, sess, w := openFight(b, n)
			p := sess.Path
			for range 20 { // a journal to read: 20 turns since the save
				sess.Fight.Do(engine.Next{})
				sess.Wait(sess.Record(session.OpDo, sess.Fight.Done[len(sess.Fight.Done)-1]))
			}
			w.crash() // the journal stays as it is, to be read at each open
			sess, w = nil, nil
			runtime.GC() // the fight made here is not the garbage collector's to scan
			for b.Loop() {
				sv, err := st.Open(p)
				if err != nil || sv.ReadOnly {
					b.Fatal(err)
				}
				sv.Journal.Close()
			}
		})
	}
}

// BenchmarkReplay is what the screen replays of such a fight, a stretch at
// a time after its first frame, so that undo can reach back.
func BenchmarkReplay(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%d_events", n), func(b *testing.B) {
			a := eventsFight(b, n)
			data, _ := encode(a.Snapshot(), meta{}, time.Now())
			for b.Loop() {
				b.StopTimer()
				l, err := decode("b.toml", data, shippedRules)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := l.saved.Fight.Replay(-1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFilesChecked is what watching the files adds to each change:
// the journal and the save looked up by path and compared with the files
// fray wrote (three stat calls).
func BenchmarkFilesChecked(b *testing.B) {
	_, sess, w := openFight(b, 100)
	defer sess.Close()
	sess.Wait(sess.Record(session.OpDo, func() engine.Step {
		sess.Fight.Do(engine.Next{})
		return sess.Fight.Done[len(sess.Fight.Done)-1]
	}()))
	w.crash() // the files stay; the writer's goroutine is done with them
	for b.Loop() {
		if what, _ := w.moved(); what != "" {
			b.Fatal(what)
		}
	}
}

// BenchmarkJournalLine is the writer's work on a change before the disk's:
// a step (the next turn) of a four-fighter Pathmaster fight made its
// journal line, the command, the faces, the RNG and the comment.
func BenchmarkJournalLine(b *testing.B) {
	a := eventsFight(b, 100)
	rng := a.Source.State()
	if _, err := a.Fight.Do(engine.Next{}); err != nil {
		b.Fatal(err)
	}
	c := session.Change{Op: session.OpDo, Step: a.Fight.Done[len(a.Fight.Done)-1], State: *a.Fight.Current(), RNG: a.Source.State()}
	rs := a.Fight.Rules
	for b.Loop() {
		r, comment, err := recordOf(rs, c, rng)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := appendLine(nil, fmt.Sprint(101), r, comment); err != nil {
			b.Fatal(err)
		}
	}
}
