package saves

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"fray/engine"
	"fray/session"
)

// play makes n changes to the session's fight: steps, and now and then an
// undo or a redo, each recorded in its journal. It returns the number of
// the last change.
func play(t testing.TB, sess *session.Session, seed, n int) int {
	t.Helper()
	last := 0
	for i := range n {
		f := sess.Fight
		k := (seed*7 + i*13) % 10
		switch {
		case k == 0 && f.CanUndo():
			s, _ := f.Undo()
			last = sess.Record(session.OpUndo, s)
		case k == 1 && f.CanRedo():
			s, err := f.Redo()
			if err != nil {
				t.Fatal(err)
			}
			last = sess.Record(session.OpRedo, s)
		default:
			var cmd engine.Command = engine.Next{}
			if k < 5 {
				who := f.Current().Combatants[(seed+i)%len(f.Current().Combatants)].ID
				cmd = engine.Damage{Who: who, Expr: "1d3"}
				if rs := f.Rules; rs.Recorded() { // a wound record has no hit points
					cmd = engine.RecordWound{Who: who, Location: rs.Vitality.Locations[0].ID, Severity: rs.Vitality.Severities[0].ID}
				}
			}
			if _, err := f.Do(cmd); err != nil {
				t.Fatal(err)
			}
			last = sess.Record(session.OpDo, f.Done[len(f.Done)-1])
		}
	}
	return last
}

// newFight makes a fight of steps steps and its save at a new path.
func newFight(t testing.TB, st *Store, ruleset string, steps int) *session.Session {
	s, _ := newFightW(t, st, ruleset, steps)
	return s
}

// newFightW is newFight, with the fight's journal.
func newFightW(t testing.TB, st *Store, ruleset string, steps int) (*session.Session, *writer) {
	t.Helper()
	a := randomFight(t, ruleset, 1, steps)
	a.Path = st.NewPath(a.Name)
	j, err := st.Create(a.Path, a.Snapshot(), false)
	if err != nil {
		t.Fatal(err)
	}
	a.Journal = j
	sess := &session.Session{}
	sess.Open(&a)
	if err := sess.Wait(0); err != nil {
		t.Fatal(err)
	}
	return sess, j.(*writer)
}

// sameFight fails the test unless two fights are the same fight.
func sameFight(t testing.TB, what string, a, b *engine.Fight, ra, rb string) {
	t.Helper()
	// A long history is read after a fight opens: History has it all.
	ad, aerr := a.History()
	bd, berr := b.History()
	switch {
	case aerr != nil || berr != nil:
		t.Fatalf("%s: the history does not read: %v, %v", what, aerr, berr)
	case !engine.Same(*a.Current(), *b.Current()):
		t.Fatalf("%s: the fight differs", what)
	case len(ad) != len(bd) || len(a.Undone) != len(b.Undone):
		t.Fatalf("%s: %d done, %d undone; want %d, %d", what, len(ad), len(a.Undone), len(bd), len(b.Undone))
	case !sameLog(a.Log(), b.Log()):
		t.Fatalf("%s: the log differs", what)
	case ra != rb:
		t.Fatalf("%s: the dice differ", what)
	}
}

// The store is the tracker's: a new fight is saved at once; each change
// goes to the journal; closing writes a snapshot stamped with the store's
// clock; opening again is the fight as it was, undo and the next roll too.
func TestStore(t *testing.T) {
	dir := t.TempDir()
	at := time.Date(2031, 2, 3, 4, 5, 6, 0, time.FixedZone("east", 3*3600))
	st := NewStore(dir, shippedRules, func() time.Time { return at })
	sess := newFight(t, st, "brp", 12)
	p := sess.Path
	if filepath.Dir(p) != dir || filepath.Base(p) != "bridge-ambush.toml" {
		t.Fatalf("path %s", p)
	}
	if data, _ := os.ReadFile(p); !strings.Contains(string(data), "\nsaved = \"2031-02-03T01:05:06Z\"\n") {
		t.Errorf("the save is not stamped with the store's clock (in UTC):\n%s", data[:min(len(data), 400)])
	}
	if _, err := st.Create(p, sess.Saved().Snapshot(), false); !errors.Is(err, session.ErrLocked) {
		t.Errorf("a second Create of an open fight: %v", err)
	}
	n := play(t, sess, 1, 40)
	if err := sess.Wait(n); err != nil {
		t.Fatal(err)
	}
	journal, _ := os.ReadFile(journalPath(p))
	if lines := strings.Count(string(journal), "\n"); lines != 2+1+40 {
		t.Errorf("the journal has %d lines, want 2 of comment, the header and 40 changes:\n%s", lines, journal)
	}
	for _, want := range []string{"\njournal ", " {version = 1, fight = \"", "\n1 ", " {do = {op = ", "  # ", "\n40 "} {
		if !strings.Contains(string(journal), want) {
			t.Errorf("the journal lacks %q:\n%s", want, journal)
		}
	}
	// A second fray gets it read-only, journal and all.
	ro, err := st.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if !ro.ReadOnly || ro.Journal != nil {
		t.Fatal("a fight open in another fray opened writable")
	}
	sameFight(t, "read-only", ro.Fight, sess.Fight, ro.Source.State(), sess.Source.State())

	at = at.Add(time.Hour)
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); !strings.Contains(string(data), "\nsaved = \"2031-02-03T02:05:06Z\"\n") || !strings.Contains(string(data), "\nchanges = 40\n") {
		t.Error("closing did not write a snapshot of every change")
	}
	b, err := st.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Journal.Close()
	if len(b.Notices) > 0 || b.ReadOnly {
		t.Errorf("reopened: notices %v, read-only %v", b.Notices, b.ReadOnly)
	}
	sameFight(t, "reopened", b.Fight, sess.Fight, b.Source.State(), sess.Source.State())
	for b.Fight.CanUndo() {
		if _, ok := b.Fight.Undo(); !ok {
			t.Fatal(b.Fight.Broken())
		}
	}
	list, err := st.List()
	if err != nil || len(list) != 1 || list[0].Path != p || list[0].Name != "Bridge ambush" || list[0].Ruleset != "brp" {
		t.Errorf("List: %v %+v", err, list)
	}
	if _, err := st.Open(filepath.Join(dir, "missing.toml")); err == nil {
		t.Error("opening a missing file did not fail")
	}
}

// A long fight takes snapshots as it goes, off the key path: the save then
// holds the changes up to one, the backup those up to the one before, and
// the journal is cut to the changes after the backup, so the backup and
// the journal together are the whole fight too.
func TestSnapshotsAndTheBackup(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir, shippedRules, time.Now)
	sess := newFight(t, st, "pathmaster", 20)
	p := sess.Path
	n := play(t, sess, 2, 3*snapshotEvery+10)
	if err := sess.Wait(n); err != nil {
		t.Fatal(err)
	}
	// Snapshots are written in the background (each takes in the changes
	// synced by then): wait for two.
	changesOf := func(path string) int {
		l, _, _, err := st.read(path, path, path)
		if err != nil {
			return -1
		}
		return l.changes
	}
	journal := func() journalRead {
		data, _ := os.ReadFile(journalPath(p))
		return readJournal(data)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		// Read between two reads of the journal that agree: no snapshot
		// landed meanwhile.
		j := journal()
		saved, bak := changesOf(p), changesOf(p+".bak")
		if j2 := journal(); j.header.After == j2.header.After && j.header.After > 0 && saved > j.header.After {
			// A snapshot just written has made the old save the backup
			// before the journal is cut to it: the backup may hold more
			// than the journal leaves out for a moment, never less.
			if j.bad != "" || bak < j.header.After || j.lines[len(j.lines)-1].n != n {
				t.Fatalf("the journal starts after change %d (%s), the backup holds %d; want the same", j.header.After, j.bad, bak)
			}
			if bak == j.header.After {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no second snapshot settled: the journal starts after change %d, the save holds %d, the backup %d",
				j.header.After, saved, bak)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The backup shares the fight's lock: while the fight is open, another
	// fray gets the backup read-only (it once let the two write each other's
	// backups).
	if ro, err := st.Open(p + ".bak"); err != nil || !ro.ReadOnly {
		t.Fatalf("the backup of a fight open elsewhere: %v", err)
	}
	want := sess.Saved()
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	// The save is damaged: its backup and the journal hold the fight, and it
	// goes on in a new file.
	os.WriteFile(p, []byte("schema = 3\ngarbage"), 0o644)
	if _, err := st.Open(p); err == nil {
		t.Fatal("a damaged save opened")
	}
	b, err := st.Open(p + ".bak")
	if err != nil || b.ReadOnly || b.Path == p || b.Path == p+".bak" || !strings.Contains(strings.Join(b.Notices, ";"), "goes on in") {
		t.Fatalf("the backup: %v, path %s, notices %v", err, b.Path, b.Notices)
	}
	defer b.Journal.Close()
	if err := b.Journal.Wait(0); err != nil {
		t.Fatal(err)
	}
	sameFight(t, "backup and journal", b.Fight, want.Fight, b.Source.State(), want.Source.State())
	if got, _ := os.ReadFile(p); string(got) != "schema = 3\ngarbage" {
		t.Error("the damaged save was changed")
	}
	if list, _ := st.List(); len(list) != 2 {
		t.Errorf("the fight going on from the backup is not listed: %+v", list)
	}
}

// A fight saved before journals (schema 2) opens with its history, and is
// written as schema 3 before its first change, the old file kept as its
// backup.
func TestOldSaveGetsAJournal(t *testing.T) {
	dir := t.TempDir()
	old, _ := os.ReadFile("testdata/schema2-war-and-combat.toml")
	p := filepath.Join(dir, "old.toml")
	os.WriteFile(p, old, 0o644)
	st := NewStore(dir, shippedRules, time.Now)
	sv, err := st.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	sess := &session.Session{}
	sess.Open(sv)
	if bak, _ := os.ReadFile(p + ".bak"); string(bak) != string(old) {
		t.Error("the old save is not the backup")
	}
	n := play(t, sess, 3, 5)
	sess.Wait(n)
	// Killed here: no last snapshot. The save and the journal are the fight.
	want := sess.Saved()
	l, j, _, err := st.read(p, p, p)
	if err != nil || l.schema != Schema || j == nil || j.header.Fight != l.fight || len(j.lines) != 5 {
		t.Fatalf("after the first changes: %v, schema %d, journal %+v", err, l.schema, j)
	}
	var notes []string
	st.applyJournal(l, j, p, false, &notes)
	sameFight(t, "old save", l.saved.Fight, want.Fight, l.saved.Source.State(), want.Source.State())
	sess.Close()
}

// A save that is a link is written through to what it links to.
func TestSymlinkedSave(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir, shippedRules, time.Now)
	sess := newFight(t, st, "energy", 5)
	sess.Close()
	real := sess.Path
	link := filepath.Join(t.TempDir(), "link.toml")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	sv, err := st.Open(link)
	if err != nil {
		t.Fatal(err)
	}
	s2 := &session.Session{}
	s2.Open(sv)
	play(t, s2, 4, 3)
	if err := s2.Close(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	back, err := st.Open(real)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Journal.Close()
	if len(back.Fight.Done) != len(sv.Fight.Done) || !reflect.DeepEqual(*back.Fight.Current(), *sv.Fight.Current()) {
		t.Error("the changes made through the link are not in the file it links to")
	}
}

// Fights are listed by when they last changed, not when their save was
// last written: a fight left for a copy (Save as) is written as it closes,
// after the copy, yet the copy is the one that changed last.
func TestListOrdersByLastChange(t *testing.T) {
	dir := t.TempDir()
	clock := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	st := NewStore(dir, shippedRules, func() time.Time { clock = clock.Add(time.Second); return clock })
	a := newFight(t, st, "brp", 5)
	a.Wait(play(t, a, 1, 3))
	copyOf := a.Saved()
	copyOf.Name, copyOf.Path = "Copy", st.NewPath("Copy")
	j, err := st.Create(copyOf.Path, copyOf.Snapshot(), false)
	if err != nil {
		t.Fatal(err)
	}
	copyOf.Journal = j
	a.Open(&copyOf) // the first fight's journal closes, and writes its save, now
	b := a
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	list, _ := st.List()
	if len(list) != 2 || list[0].Name != "Copy" {
		t.Fatalf("listed %+v; want the copy first", list)
	}
	// Changes in the journal only (fray was killed) count too.
	c, err := st.Open(list[1].Path)
	if err != nil {
		t.Fatal(err)
	}
	s := &session.Session{}
	s.Open(c)
	s.Wait(play(t, s, 2, 2))
	c.Journal.(*writer).crash()
	if list, _ := st.List(); list[0].Name != "Bridge ambush" {
		t.Fatalf("listed %+v; want the fight changed last first", list)
	}
}

// A snapshot replaces the save only when the file written reads back as the
// snapshot: header, fight and history.
func TestReadsBack(t *testing.T) {
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	a := randomFight(t, "brp", 3, 30).Snapshot()
	m := meta{fight: "0123456789abcdef", changes: 7}
	data, err := encode(a, m, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.readsBack("x.toml", data, a, m); err != nil {
		t.Fatalf("a save does not read back as itself: %v", err)
	}
	other := a
	other.Done = slices.Clone(a.Done)
	other.Done[3].Cmd = engine.Roll{Expr: "1d6"} // another step than the one saved
	moved := a
	moved.Current = a.Current.Clone()
	moved.Current.Combatants[0].HP--
	for name, c := range map[string]struct {
		snap session.Snapshot
		m    meta
	}{
		"a step":         {other, m},
		"the fight":      {moved, m},
		"the changes":    {a, meta{fight: m.fight, changes: 8}},
		"the fight's id": {a, meta{fight: "fedcba9876543210", changes: 7}},
	} {
		if err := st.readsBack("x.toml", data, c.snap, c.m); err == nil {
			t.Errorf("%s differs, yet the save reads back as it", name)
		}
	}
}

// A change nobody waits for is written all the same: a Wait writes the
// change it waits for, and the journal's goroutine, not woken as each change
// comes, takes one that waited nudgeAfter.
func TestAChangeNobodyWaitsForIsWritten(t *testing.T) {
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	sess := newFight(t, st, "pathmaster", 10)
	defer sess.Close()
	n := play(t, sess, 3, 1)
	deadline := time.Now().Add(3 * time.Second)
	for {
		data, _ := os.ReadFile(journalPath(sess.Path))
		if j := readJournal(data); len(j.lines) > 0 && j.lines[len(j.lines)-1].n == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("change %d is not in the journal 3 s after it was made, and nothing waited for it", n)
		}
		time.Sleep(time.Millisecond)
	}
}

// Waits on many goroutines at once, as the screen's (one a change), with
// snapshots taken all the while: each returns, and the fight opens again
// as it was.
func TestWaitsOnManyGoroutines(t *testing.T) {
	defer func(every int) { snapshotEvery = every }(snapshotEvery)
	snapshotEvery = 5
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	sess := newFight(t, st, "pathmaster", 10)
	var mu sync.Mutex // the screen's: one change at a time
	var wg sync.WaitGroup
	errs := make(chan error, 8*40)
	for g := range 8 {
		wg.Go(func() {
			for i := range 40 {
				mu.Lock()
				f := sess.Fight
				var k int
				if (g+i)%5 == 4 && f.CanUndo() {
					s, _ := f.Undo()
					k = sess.Record(session.OpUndo, s)
				} else {
					var cmd engine.Command = engine.Next{}
					if i%2 == 0 {
						cmd = engine.Damage{Who: f.Current().Combatants[g%len(f.Current().Combatants)].ID, Expr: "1d3"}
					}
					if _, err := f.Do(cmd); err != nil {
						mu.Unlock()
						errs <- err
						return
					}
					k = sess.Record(session.OpDo, f.Done[len(f.Done)-1])
				}
				mu.Unlock()
				if err := sess.Wait(k); err != nil {
					errs <- fmt.Errorf("change %d: %w", k, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	want := sess.Saved()
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := st.Open(want.Path)
	if err != nil || got.ReadOnly {
		t.Fatalf("the fight does not open again: %v", err)
	}
	defer got.Journal.Close()
	sameFight(t, "opened again", got.Fight, want.Fight, got.Source.State(), want.Source.State())
}

// The journal closed while a Wait is writing on its own goroutine: the
// writer's goroutine, whose wake found the round taken, is woken again once
// the Wait is done, and ends the journal.
func TestCloseWhileAWaitWrites(t *testing.T) {
	defer func(d time.Duration) { nudgeAfter = d }(nudgeAfter)
	nudgeAfter = time.Hour // the Wait, not the writer's goroutine, writes the change
	st, ffs, _ := faultStore(t)
	sess := newFight(t, st, "pathmaster", 10)
	if err := sess.Wait(play(t, sess, 2, 1)); err != nil { // the journal is there, written to
		t.Fatal(err)
	}
	settle()
	jpath := journalPath(sess.Path)
	syncing, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	ffs.set(func(op, path string) error {
		if op == "sync" && path == jpath {
			once.Do(func() {
				close(syncing)
				<-release
			})
		}
		return nil
	})
	closed := make(chan error, 1)
	go func() {
		<-syncing // the Wait is in the journal's sync, the round its own
		go func() { closed <- sess.Close() }()
		time.Sleep(20 * time.Millisecond) // Close's wake comes while the round is taken
		close(release)
	}()
	if err := sess.Wait(play(t, sess, 3, 1)); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-closed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close has not returned 10 s after the Wait did")
	}
}

// A Wait whose round comes after the journal was closed under it does no
// round: the writer's goroutine ended the journal, let its lock go, and a
// snapshot that failed as it closed is not written after Close returned.
func TestNoRoundAfterTheJournalEnded(t *testing.T) {
	defer func(d time.Duration, every int) { nudgeAfter, snapshotEvery = d, every }(nudgeAfter, snapshotEvery)
	nudgeAfter = time.Hour // the Wait, not the writer's goroutine, would write the change
	snapshotEvery = 1      // set before the writer starts, which reads it
	st, ffs, clk := faultStore(t)
	sess, w := newFightW(t, st, "pathmaster", 10)
	if err := sess.Wait(play(t, sess, 2, 1)); err != nil {
		t.Fatal(err)
	}
	settle()
	ffs.set(func(op, path string) error { // snapshots fail; the journal is written
		if (op == "create" || op == "rename") && !journalFile(path) {
			return syscall.ENOSPC
		}
		return nil
	})
	var atClose []byte
	defer func() { writingNow = nil }()
	writingNow = func() {
		writingNow = nil
		if err := w.Close(); err == nil {
			t.Error("the last snapshot failed, and Close says nothing")
		}
		atClose, _ = os.ReadFile(sess.Path)
		ffs.set(nil) // the disk healed, and the snapshot's retry due
		clk.mu.Lock()
		clk.now = clk.now.Add(time.Hour)
		clk.mu.Unlock()
	}
	n := play(t, sess, 3, 1)
	if err := w.Wait(n); err != nil {
		t.Fatal(err) // the closing round wrote it
	}
	settle()
	if got, _ := os.ReadFile(sess.Path); !bytes.Equal(got, atClose) {
		t.Fatal("the save was written after the journal was closed and its lock let go")
	}
}
