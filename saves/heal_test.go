package saves

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"fray/engine"
	"fray/session"
)

// faultStore is a store whose writes go through a faultFS and whose
// writers keep the time of a fakeClock.
func faultStore(t testing.TB) (*Store, *faultFS, *fakeClock) {
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	ffs, clk := newFaultFS(), newFakeClock(t)
	st.fs, st.clock = ffs, clk
	return st, ffs, clk
}

// until turns the clock on a tenth of a second at a time, letting the
// writer run between, until cond holds; it fails after limit of the
// clock's time.
func until(t testing.TB, clk *fakeClock, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	start := clk.Now()
	for !cond() {
		if clk.Now().Sub(start) > limit {
			t.Fatalf("%s: not after %v", what, limit)
		}
		clk.advance(100 * time.Millisecond)
		time.Sleep(time.Millisecond)
	}
}

// settle lets the writer take in what it was handed (the clock still).
func settle() { time.Sleep(20 * time.Millisecond) }

// troubleSoon waits, the clock still, until the writer reports trouble:
// a write that fails is tried as the change comes, however long the
// writer takes to be scheduled.
func troubleSoon(t testing.TB, w *writer) *session.Trouble {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		if tr := w.troubleNow(); tr != nil {
			return tr
		}
		if time.Now().After(deadline) {
			t.Fatal("no trouble reported: the write that fails was not tried")
		}
	}
}

func (w *writer) durableNow() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.durable
}

func (w *writer) troubleNow() *session.Trouble {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.trouble
}

// logsOf gathers what the package logs while a test runs.
func logsOf(t *testing.T) *syncBuffer {
	b := &syncBuffer{}
	old, flags := log.Writer(), log.Flags()
	log.SetOutput(b)
	log.SetFlags(0)
	t.Cleanup(func() { log.SetOutput(old); log.SetFlags(flags) })
	return b
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) lines(with string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Count(s.b.String(), with)
}

// reopened opens the fight at p as the next fray would after a kill, and
// checks that it is the session's fight, every change there.
func reopened(t *testing.T, p string, want *session.Session, notices ...string) *session.Saved {
	t.Helper()
	sv, err := NewStore(filepath.Dir(p), shippedRules, time.Now).Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Journal.Close() })
	for _, n := range sv.Notices {
		ok := false
		for _, allowed := range notices {
			ok = ok || strings.Contains(n, allowed)
		}
		if !ok {
			t.Errorf("notice: %s", n)
		}
	}
	sameFight(t, "reopened", sv.Fight, want.Fight, sv.Source.State(), want.Source.State())
	return sv
}

// A journal made immutable under fray (chattr +i) stopped saving for the
// session: every later change was lost. Now the change waits, the journal
// says what failed, and at the next try the fight is written whole (the
// journal can be neither appended to nor cut back); once the journal can
// be written again, it is, and changes are appended as before. The
// failure is logged once, and so is the end of it.
func TestAFailedAppendCostsNoChange(t *testing.T) {
	logs := logsOf(t)
	st, ffs, clk := faultStore(t)
	sess, w := newFightW(t, st, "pathmaster", 10)
	p := sess.Path
	sess.Wait(play(t, sess, 9, 1)) // the journal is there, written to
	immutable := func(op, path string) error {
		if journalFile(path) {
			return syscall.EPERM
		}
		return nil
	}
	ffs.set(immutable)
	n := play(t, sess, 3, 1)
	tr := troubleSoon(t, w)
	if tr.Saved || tr.What != "appending to the journal" || !errors.Is(tr, syscall.EPERM) || tr.Short() != "no permission" {
		t.Fatalf("trouble: %+v", tr)
	}
	if w.durableNow() >= n {
		t.Fatal("a change the journal refused is called durable")
	}
	// Four more changes while it lasts: none is tried at once.
	writes := ffs.count("write")
	last := play(t, sess, 4, 4)
	settle()
	if ffs.count("write") != writes {
		t.Errorf("%d writes on changes made while the journal is failing: they wait for the next try", ffs.count("write")-writes)
	}
	// The next try writes the fight whole: every change durable, though
	// the journal itself still cannot be written.
	until(t, clk, 2*time.Second, "the fight written whole", func() bool { return w.durableNow() >= last })
	if tr := w.troubleNow(); tr == nil || !tr.Saved {
		t.Errorf("the journal still fails, every change saved: trouble %+v", tr)
	}
	// chattr -i: the journal is written again, and the trouble is over.
	ffs.set(nil)
	until(t, clk, retryMost+time.Second, "the journal written again", func() bool { return w.troubleNow() == nil })
	last = play(t, sess, 5, 3)
	if err := sess.Wait(last); err != nil {
		t.Fatal(err)
	}
	if got := logs.lines("fray keeps the changes"); got != 2 {
		t.Errorf("%d failures logged, want 2 (the append, then the journal written anew):\n%s", got, logs.b.String())
	}
	if logs.lines("written again") != 1 {
		t.Errorf("the recovery is not logged once:\n%s", logs.b.String())
	}
	w.crash() // killed: the journal and the save must be the fight
	reopened(t, p, sess)
}

// Quitting while the journal cannot be written still saves the fight: the
// last try writes it whole.
func TestQuitWhileTheJournalFails(t *testing.T) {
	st, ffs, _ := faultStore(t)
	sess, _ := newFightW(t, st, "brp", 10)
	p := sess.Path
	sess.Wait(play(t, sess, 9, 1)) // the journal is there, written to
	ffs.set(func(op, path string) error {
		if journalFile(path) {
			return syscall.EPERM
		}
		return nil
	})
	play(t, sess, 2, 5)
	settle()
	if err := sess.Close(); err != nil {
		t.Fatalf("closing: %v", err)
	}
	reopened(t, p, sess)
}

// A full disk: the append fails part way. The journal is cut back to its
// last whole line and the append tried again, after half a second, then
// twice as long each time up to 15 s: never at each change, and never a
// snapshot of the whole fight meanwhile. Once there is room, every change
// made meanwhile is written at the next try.
func TestAFullDiskIsRetriedWithBackoff(t *testing.T) {
	logs := logsOf(t)
	st, ffs, clk := faultStore(t)
	sess, w := newFightW(t, st, "pathmaster", 30)
	p := sess.Path
	sess.Wait(play(t, sess, 9, 1)) // the journal is there, written to
	creates := ffs.count("create")
	ffs.set(func(op, path string) error {
		if op == "write" {
			return syscall.ENOSPC
		}
		return nil
	})
	writes := ffs.count("write")
	last := 0
	for i := range 60 { // a change a second for a minute
		last = play(t, sess, i, 1)
		settle()
		clk.advance(time.Second)
	}
	settle()
	tr := w.troubleNow()
	if tr == nil || tr.Saved || tr.Short() != "disk full" || w.durableNow() >= last {
		t.Fatalf("trouble %+v, durable %d of %d", tr, w.durableNow(), last)
	}
	// 0.5 + 1 + 2 + 4 + 8 + 15 + 15 + 15 s: 9 tries in the minute, the
	// first as the first change came.
	if tries := ffs.count("write") - writes; tries < 5 || tries > 10 {
		t.Errorf("%d writes tried in a minute of 60 changes; want 9 or so", tries)
	}
	if got := ffs.count("create") - creates; got != 0 {
		t.Errorf("%d files made while the disk was full: the journal is cut back, not the fight written whole", got)
	}
	if got := logs.lines("no space left on device"); got != 1 {
		t.Errorf("the full disk logged %d times:\n%s", got, logs.b.String())
	}
	ffs.set(nil)
	until(t, clk, retryMost+time.Second, "every change written once there is room", func() bool { return w.durableNow() >= last && w.troubleNow() == nil })
	w.crash()
	reopened(t, p, sess)
}

// A journal or save deleted, moved or replaced under fray is noticed
// before the next change is called durable, and the fight is written
// whole: a kill right after loses nothing. It was: fray went on appending
// to the deleted file.
func TestFilesReplacedUnderFray(t *testing.T) {
	other := func(t *testing.T, dir string) string { // a file that is not the fight's
		p := filepath.Join(dir, "other.toml")
		os.WriteFile(p, []byte("schema = 4\n"), 0o644)
		return p
	}
	cases := map[string]func(t *testing.T, p string){
		"journal deleted":  func(t *testing.T, p string) { os.Remove(journalPath(p)) },
		"journal moved":    func(t *testing.T, p string) { os.Rename(journalPath(p), p+".moved") },
		"journal replaced": func(t *testing.T, p string) { os.Rename(other(t, filepath.Dir(p)), journalPath(p)) },
		"save deleted":     func(t *testing.T, p string) { os.Remove(p) },
		"save moved":       func(t *testing.T, p string) { os.Rename(p, p+".moved") },
		"save replaced by its backup": func(t *testing.T, p string) {
			data, _ := os.ReadFile(p + ".bak")
			os.WriteFile(p+".old", data, 0o644)
			os.Rename(p+".old", p)
		},
	}
	for name, tamper := range cases {
		t.Run(name, func(t *testing.T) {
			st, ffs, clk := faultStore(t)
			sess, w := newFightW(t, st, "war-and-combat", 10)
			p := sess.Path
			sess.Wait(play(t, sess, 1, 20))
			sess.Close() // a snapshot: the save, its backup
			sv, err := st.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			sess.Open(sv)
			w = sv.Journal.(*writer)
			sess.Wait(play(t, sess, 2, 12))
			tamper(t, p)
			// Nothing can be written for now: the next change is not
			// called saved, appended to a file that is not the journal.
			ffs.set(func(op, path string) error {
				if op == "create" {
					return syscall.ENOSPC
				}
				return nil
			})
			n := play(t, sess, 3, 1)
			settle()
			if w.durableNow() >= n {
				t.Fatal("a change called saved, with the journal or the save not fray's")
			}
			ffs.set(nil)
			until(t, clk, 2*time.Second, "written again", func() bool { return w.durableNow() >= n })
			w.crash()
			reopened(t, p, sess)
		})
	}
}

// While the journal holds changes the save does not, fray looks every
// second whether it is still there: a journal deleted while the GM thinks
// is written again before the next change.
func TestAJournalDeletedBetweenChanges(t *testing.T) {
	st, _, clk := faultStore(t)
	sess, w := newFightW(t, st, "countdown", 10)
	p := sess.Path
	sess.Wait(play(t, sess, 1, 8))
	os.Remove(journalPath(p))
	until(t, clk, 2*watchEvery, "the fight written whole", func() bool {
		w.mu.Lock()
		defer w.mu.Unlock()
		_, err := os.Stat(journalPath(p))
		return err == nil
	})
	w.crash()
	reopened(t, p, sess)
}

// saveOf reads what a save on disk says of itself.
func saveOf(t *testing.T, p string) selfReport {
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return inspect(data)
}

// snapshotted plays n changes and closes the fight: the save then holds
// them all, and the save before is the backup.
func snapshotted(t *testing.T, st *Store, sess *session.Session, seed, n int) {
	t.Helper()
	sv, err := st.Open(sess.Path)
	if err != nil {
		t.Fatal(err)
	}
	sess.Open(sv)
	sess.Wait(play(t, sess, seed, n))
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
}

// A save cut short just after its [history] line opened with a few of its
// steps, and at the next snapshot the backup, whole, was replaced by it.
// Now it is refused, saying so, and the backup is offered; a save whose
// history is shorter than its head counts opens saying so, and its
// snapshots leave the backup as it is.
func TestACutSaveKeepsItsBackup(t *testing.T) {
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	sess := newFight(t, st, "pathmaster", 10)
	p := sess.Path
	sess.Close()
	snapshotted(t, st, sess, 1, 73)
	snapshotted(t, st, sess, 2, 32)
	bak, _ := os.ReadFile(p + ".bak")
	whole, _ := os.ReadFile(p)
	hist := bytes.Index(whole, []byte("\n[history]\n")) + len("\n[history]\n")

	os.WriteFile(p, whole[:hist], 0o644)
	_, err := st.Open(p)
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "has no done list") || !strings.Contains(err.Error(), "edited by hand, or damaged") || le.Backup() != p+".bak" {
		t.Fatalf("a save cut after [history]: %v", err)
	}

	// Steps lost from the middle of its history: it opens, and says so.
	done := hist + len("done = [\n")
	cut := done
	for range 40 {
		cut += bytes.IndexByte(whole[cut:], '\n') + 1
	}
	short := append(bytes.Clone(whole[:done]), whole[cut:]...)
	os.WriteFile(p, short, 0o644)
	sv, err := st.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(sv.Notices, "\n")
	for _, want := range []string{"edited by hand, or damaged", "its head counts", "its backup is kept as it is"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notices lack %q:\n%s", want, notes)
		}
	}
	sess.Open(sv)
	sess.Wait(play(t, sess, 4, 3))
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p + ".bak"); !bytes.Equal(got, bak) {
		t.Error("the backup, whole, was replaced by a save cut short")
	}
	if f := saveOf(t, p); !f.intact || f.changes != saveOf(t, p+".bak").changes+32+3 {
		t.Errorf("the new save: %+v", f)
	}
}

// A save replaced by an older copy while fray was down: its journal goes on
// from a later change, so it is kept aside as the fight opens. The
// snapshot that follows no longer makes the older save the backup in place
// of the newer one, and the start screen offers the changes kept aside,
// which open, on the newer backup, as the whole fight.
func TestAnOlderSaveKeepsTheNewerBackup(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir, shippedRules, time.Now)
	sess := newFight(t, st, "war-and-combat", 10)
	p := sess.Path
	old, _ := os.ReadFile(p) // the first save: 0 changes
	sess.Close()
	snapshotted(t, st, sess, 1, 40)
	sv, err := st.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	sess.Open(sv)
	last := play(t, sess, 2, snapshotEvery+60)
	sess.Wait(last)
	deadline := time.Now().Add(30 * time.Second)
	for saveOf(t, p).changes < snapshotEvery && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond) // the snapshot is written in the background
	}
	sv.Journal.(*writer).crash()
	want := sess.Saved()
	newer, _ := os.ReadFile(p + ".bak")
	if saveOf(t, p+".bak").changes != 40 {
		t.Fatalf("the backup holds %d changes", saveOf(t, p+".bak").changes)
	}

	os.WriteFile(p, old, 0o644) // an older copy, put back
	sv, err = st.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(sv.Notices, "\n"); !strings.Contains(notes, "kept beside the save") || !strings.Contains(notes, "start screen") {
		t.Errorf("notices: %s", notes)
	}
	s2 := &session.Session{}
	s2.Open(sv)
	s2.Wait(play(t, s2, 3, 2))
	if err := s2.Close(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p + ".bak"); !bytes.Equal(got, newer) {
		t.Fatal("the newer backup was replaced by the older save")
	}
	list, _ := st.List()
	if len(list) != 1 || len(list[0].Kept) != 1 {
		t.Fatalf("the journal kept aside is not offered: %+v", list)
	}
	rec, err := st.Recover(list[0].Kept[0])
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Journal.Close()
	if rec.Path == p || !strings.Contains(strings.Join(rec.Notices, ";"), "goes on in") {
		t.Errorf("recovered into %s: %v", rec.Path, rec.Notices)
	}
	sameFight(t, "recovered", rec.Fight, want.Fight, rec.Source.State(), want.Source.State())
	if list, _ := st.List(); len(list) != 2 || len(list[0].Kept)+len(list[1].Kept) != 0 {
		t.Errorf("once recovered, the journal is still offered: %+v", list)
	}
	if _, err := st.Recover(list[0].Kept[0]); err == nil {
		t.Error("a journal recovered twice")
	}
}

// The save carries a checksum of its content: a byte changed anywhere is
// named as the save opens ("edited by hand, or damaged"); the save is then
// checked as any other, and opens if it passes (the next snapshot has a
// checksum of its own), or is refused saying where, its backup offered.
func TestChecksum(t *testing.T) {
	a := randomFight(t, "brp", 4, 30)
	good, _ := Encode(a.Snapshot(), time.Now())
	if has, ok := checksumMatches(good); !has || !ok {
		t.Fatal("a save as fray writes it does not match its checksum")
	}
	if b, err := Decode("x.toml", good, shippedRules); err != nil || len(b.Notices) > 0 {
		t.Fatalf("%v %v", err, b.Notices)
	}
	// Every byte changed: noticed, or refused; never taken silently.
	for i := 0; i < len(good); i += 7 {
		bad := bytes.Clone(good)
		bad[i] ^= 0x01
		b, err := Decode("x.toml", bad, shippedRules)
		if err == nil && (len(b.Notices) == 0 || !strings.Contains(b.Notices[0], "edited by hand, or damaged")) {
			t.Fatalf("byte %d (%q) changed: opened with notices %v", i, good[max(i-20, 0):min(i+20, len(good))], b.Notices)
		}
	}
	// A name edited by hand opens, named, and is saved with a checksum.
	dir := t.TempDir()
	p := filepath.Join(dir, "edited.toml")
	os.WriteFile(p, bytes.Replace(good, []byte(`name = "Bridge ambush"`), []byte(`name = "Bridge ambush, edited"`), 1), 0o644)
	st := NewStore(dir, shippedRules, time.Now)
	sv, err := st.Open(p)
	if err != nil || len(sv.Notices) == 0 || !strings.Contains(sv.Notices[0], "edited.toml: its checksum does not match its content: edited by hand, or damaged; it was checked, and opens") || sv.Name != "Bridge ambush, edited" {
		t.Fatalf("%v %v", err, sv.Notices)
	}
	sess := &session.Session{}
	sess.Open(sv)
	sess.Wait(play(t, sess, 1, 1))
	sess.Close()
	if data, _ := os.ReadFile(p); !bytes.Contains(data, []byte("edited")) {
		t.Fatal("the edit was lost")
	} else if _, ok := checksumMatches(data); !ok {
		t.Error("the next snapshot has no checksum of its own")
	}
	// One that does not pass is refused, where and why, the backup offered.
	os.WriteFile(p, bytes.Replace(good, []byte("\nround = "), []byte("\nround = x"), 1), 0o644)
	_, err = st.Open(p)
	var le *LoadError
	if !errors.As(err, &le) || le.Line != 14 || !strings.Contains(err.Error(), "(its checksum does not match its content: edited by hand, or damaged)") || le.Backup() != p+".bak" {
		t.Fatalf("%v", err)
	}
}

// Counts no fray could have made are refused: changes =
// 9223372036854775807 made every change of the journal vanish.
func TestAbsurdCounts(t *testing.T) {
	good, _ := Encode(randomFight(t, "energy", 1, 5).Snapshot(), time.Now())
	for _, c := range []struct{ from, to, want string }{
		{"\nchanges = 0\n", "\nchanges = 9223372036854775807\n", "changes = 9223372036854775807 is not a count fray could have made"},
		{"\nchanges = 0\n", "\nchanges = -3\n", "changes = -3 is not a count"},
		{"\nround = ", "\nround = 1000000001\n#", "round = 1000000001 is not a count"},
		{"\ndone_steps = ", "\ndone_steps = 5000000000\n#", "done_steps = 5000000000 is not a count"},
		{"\nundone_steps = ", "\n#", "counts its steps"},
	} {
		bad := resum(bytes.Replace(good, []byte(c.from), []byte(c.to), 1))
		_, err := Decode("x.toml", bad, shippedRules)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "x.toml:") {
			t.Errorf("%s: %v", c.to, err)
		}
	}
	// A journal whose header counts so many changes before it.
	j := readJournal(mustLine(t, "journal", jheader{Version: 1, Fight: "abc", After: 1 << 62}))
	if !strings.Contains(j.bad, "not a count fray could have made") {
		t.Errorf("journal: %q", j.bad)
	}
}

func mustLine(t *testing.T, tag string, v any) []byte {
	b, err := appendLine(nil, tag, v, "")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// deepHead is a save whose head holds a value nested 10,000 deep: 60 KB
// that took the TOML library seconds and gigabytes to read.
func deepHead(t testing.TB) []byte {
	good, _ := Encode(randomFight(t, "pathmaster", 1, 3).Snapshot(), time.Now())
	at := bytes.Index(good, []byte("\n[current]\n"))
	deep := "\nx = " + strings.Repeat("{a=", 10000) + "1" + strings.Repeat("}", 10000) + "\n"
	return append(append(bytes.Clone(good[:at]), deep...), good[at:]...)
}

// Nesting is bounded before the TOML library sees a save: a deep head is
// refused at once, where it goes too deep, by fray FILE, fray export and
// fray ls alike.
func TestADeepSaveIsRefused(t *testing.T) {
	data := deepHead(t)
	line := bytes.Count(data[:bytes.Index(data, []byte("\nx = "))+1], []byte("\n")) + 1
	_, err := Decode("x.toml", data, shippedRules)
	want := fmt.Sprintf("x.toml:%d:%d: nested more than 32 deep", line, 5+3*32)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("%v; want %s", err, want)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "deep.toml")
	os.WriteFile(p, data, 0o644)
	st := NewStore(dir, shippedRules, time.Now)
	if _, err := st.Follow(p); err == nil || !strings.Contains(err.Error(), "nested more than 32 deep") {
		t.Errorf("followed (fray export): %v", err)
	}
	if list, _ := st.List(); len(list) != 1 || !strings.Contains(list[0].Problem, "nested too deep") {
		t.Errorf("listed: %+v", list)
	}
	// Schema 2 saves are read whole by the library: bounded the same.
	legacy := []byte("schema = 2\nname = \"x\"\n" + "x = " + strings.Repeat("[", 10000) + "\n")
	if _, err := Decode("old.toml", legacy, shippedRules); err == nil || !strings.Contains(err.Error(), "old.toml:3:") {
		t.Errorf("schema 2: %v", err)
	}
}

// BenchmarkDeepSave is the deep save refused.
func BenchmarkDeepSave(b *testing.B) {
	data := deepHead(b)
	for b.Loop() {
		if _, err := Decode("x.toml", data, shippedRules); err == nil {
			b.Fatal("opened")
		}
	}
}

// A lock file that cannot be opened (a directory the GM cannot write)
// opens the fight read-only, saying why: it said another fray had it.
func TestALockThatCannotBeTaken(t *testing.T) {
	st, ffs, _ := faultStore(t)
	sess := newFight(t, st, "pathmaster", 5)
	p := sess.Path
	sess.Close()
	ffs.set(func(op, path string) error {
		if op == "lock" {
			return syscall.EACCES
		}
		return nil
	})
	sv, err := st.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if !sv.ReadOnly || sv.Journal != nil || !strings.Contains(sv.ReadOnlyWhy, "permission denied") || strings.Contains(sv.ReadOnlyWhy, "another fray") {
		t.Errorf("read-only %v, why %q", sv.ReadOnly, sv.ReadOnlyWhy)
	}
	s := &session.Session{}
	s.Open(sv)
	if s.ReadOnlyWhy != sv.ReadOnlyWhy {
		t.Errorf("the session says %q", s.ReadOnlyWhy)
	}
	if _, err := st.Create(filepath.Join(filepath.Dir(p), "new.toml"), sess.Saved().Snapshot(), false); err == nil || !strings.Contains(err.Error(), "permission denied") || errors.Is(err, session.ErrLocked) {
		t.Errorf("create: %v", err)
	}
}

// A backup whose save is gone is listed, as a backup; it opens, going on
// in a new file. It was not listed at all.
func TestAnOrphanedBackupIsListed(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir, shippedRules, time.Now)
	sess := newFight(t, st, "brp", 5)
	p := sess.Path
	sess.Close()
	snapshotted(t, st, sess, 1, 4)
	os.Remove(p)
	os.Remove(journalPath(p))
	list, err := st.List()
	if err != nil || len(list) != 1 || !list[0].Backup || list[0].Path != p+".bak" || list[0].Name != "Bridge ambush" || list[0].Problem != "" {
		t.Fatalf("%v %+v", err, list)
	}
	sv, err := st.Open(list[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Journal.Close()
	if sv.Path == p+".bak" || !strings.Contains(strings.Join(sv.Notices, ";"), "goes on in") {
		t.Errorf("%s %v", sv.Path, sv.Notices)
	}
}

// The schema 3 fixtures (each ruleset's, as the last fray wrote them) open,
// their phases by position, their history replayed to state each event's
// facts; opened in a store, they are written as schema 4 first, the old file
// kept as the backup, and read back the same, facts and all.
func TestSchema3SavesOpen(t *testing.T) {
	for _, id := range []string{"brp", "countdown", "energy", "pathmaster", "war-and-combat"} {
		f := filepath.Join("testdata", "schema3-"+id+".toml")
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, _ := os.ReadFile(f)
			sv, err := Decode(f, data, schema3Rules)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range sv.Notices {
				if !strings.Contains(n, "has changed since") && !strings.Contains(n, "every step is kept") {
					t.Errorf("notice: %s", n)
				}
			}
			dir := t.TempDir()
			p := filepath.Join(dir, "old.toml")
			os.WriteFile(p, data, 0o644)
			st := NewStore(dir, schema3Rules, time.Now)
			opened, err := st.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			opened.Journal.Close()
			if bak, _ := os.ReadFile(p + ".bak"); !bytes.Equal(bak, data) {
				t.Error("the schema 3 save is not the backup")
			}
			now, _ := os.ReadFile(p)
			if !bytes.Contains(now, []byte("\nschema = 4\n")) || !bytes.Contains(now, []byte("\nfight = \"5ca1ab1e0ddba11d\"\n")) {
				t.Error("not written as schema 4, or under another id")
			}
			back, err := Decode(p, now, schema3Rules)
			if err != nil {
				t.Fatal(err)
			}
			_, faulty := faulted[filepath.Base(f)]
			for _, e := range sv.Fight.Log() {
				if _, legacy := e.Fact.(engine.Legacy); legacy != faulty {
					t.Fatalf("an event kept as its words (%v, want %v): %+v", legacy, faulty, e)
				}
			}
			if !engine.Same(*back.Fight.Current(), *sv.Fight.Current()) || !engine.Same(back.Fight.Done, sv.Fight.Done) || !engine.Same(back.Fight.Undone, sv.Fight.Undone) {
				t.Error("read back otherwise")
			}
		})
	}
}

// faulted are the schema 3 fixtures whose histories hold a fault of the
// fray that played them, fixed since: they no longer replay to the saved
// state, and open as saved, every event kept as its words.
var faulted = map[string]string{
	"schema3-brp.toml": "Late (5) joined in round 1's statements phase and was left with no DEX rank; " +
		"one who joins there has its rank at once now, and acts on it",
}

// Killed after the fight was written whole while its journal could not be
// written anew: the journal left behind ends before the save's last
// change. The next fray writes a journal of its own rather than append
// after a gap (which would cost every change after it at the open after).
func TestAJournalBehindItsSave(t *testing.T) {
	st, ffs, clk := faultStore(t)
	sess, w := newFightW(t, st, "brp", 10)
	p := sess.Path
	sess.Wait(play(t, sess, 9, 2))
	ffs.set(func(op, path string) error {
		if journalFile(path) {
			return syscall.EPERM
		}
		return nil
	})
	last := play(t, sess, 3, 4)
	until(t, clk, 5*time.Second, "the fight written whole", func() bool { return w.durableNow() >= last })
	w.crash()
	ffs.set(nil)
	sv := reopened(t, p, sess)
	sess.Open(sv)
	w = sv.Journal.(*writer)
	sess.Wait(play(t, sess, 4, 5))
	w.crash()
	reopened(t, p, sess)
}
