package saves

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"fray/engine"
	"fray/session"
)

// Store keeps fights in a directory: it is the tracker's session.Store.
type Store struct {
	dir   string
	rules Rules
	now   func() time.Time // when a save says it was saved
	mu    sync.Mutex       // one snapshot written at a time, whichever fight
	fs    fileSys          // how files are written (a test makes writes fail)
	clock clock            // when writes that failed are tried again
	// announce, when set (Announce), says which fight this process has
	// open, for the viewers that follow the GM.
	announce *announcer
	// reserved is the file of a new fight made ready before it is made
	// (Reserve), nil when there is none; resMu guards it.
	resMu    sync.Mutex
	reserved *reservation
}

// A reservation is the file of a new fight called name: its path, picked
// as NewPath picks it, and the lock of it, taken (nil when it could not
// be). They are set when ready is closed.
type reservation struct {
	name       string
	ready      chan struct{}
	path, real string
	lock       *Lock
}

// NewStore keeps fights in dir, finds their rulesets with rules, and stamps
// each save with the time now gives.
func NewStore(dir string, rules Rules, now func() time.Time) *Store {
	return &Store{dir: dir, rules: rules, now: now, fs: osFS{}, clock: realClock{}}
}

// List summarises the fights in the store's directory, the most recently
// changed first.
func (s *Store) List() ([]session.SaveInfo, error) { return List(s.dir) }

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

// NewPath is a path in the store's directory no file uses yet, for a new
// fight called name: the one Reserve made ready, when it was for that name.
func (s *Store) NewPath(name string) string {
	if r := s.reservation(); r != nil && r.name == name && r.lock != nil {
		return r.path
	}
	return NewPath(s.dir, name)
}

// Reserve makes the file of a new fight called name ready, on another
// goroutine, so that making the fight skips it: its path is picked, and
// its lock taken (a file made new: on a virtual machine's disk, a good part
// of a millisecond). fray demo reserves its fight's file while the content
// opens and its screen is made, off the way to its first frame. One file is
// reserved at a time; Unreserve lets go of it when it was not used.
func (s *Store) Reserve(name string) {
	s.Unreserve()
	r := &reservation{name: name, ready: make(chan struct{})}
	s.resMu.Lock()
	s.reserved = r
	s.resMu.Unlock()
	go func() {
		defer close(r.ready)
		path := NewPath(s.dir, name)
		real := resolve(path)
		if real != mainPath(real) {
			return
		}
		if lock, err := acquire(s.fs, real); err == nil { // else making the fight says why
			r.path, r.real, r.lock = path, real, lock
		}
	}()
}

// reservation is the file reserved, once it is ready; nil when none is.
func (s *Store) reservation() *reservation {
	s.resMu.Lock()
	r := s.reserved
	s.resMu.Unlock()
	if r != nil {
		<-r.ready
	}
	return r
}

// Unreserve lets go of the file Reserve made ready, if no fight was made in
// it. Its lock file stays, as every lock file does.
func (s *Store) Unreserve() {
	r := s.reservation()
	s.resMu.Lock()
	if s.reserved == r {
		s.reserved = nil
	} else {
		r = nil // taken meanwhile
	}
	s.resMu.Unlock()
	if r != nil && r.lock != nil {
		r.lock.Release()
	}
}

// takeReserved is the lock Reserve took of the file real, handed over to
// the fight made in it; nil when the file was not reserved.
func (s *Store) takeReserved(real string) *Lock {
	r := s.reservation()
	if r == nil || r.lock == nil || r.real != real {
		return nil
	}
	s.resMu.Lock()
	defer s.resMu.Unlock()
	if s.reserved != r {
		return nil
	}
	s.reserved = nil
	return r.lock
}

// journalPath is the journal of the save at path.
func journalPath(path string) string { return path + ".journal" }

// mainPath is the save a path belongs to: the save itself, or the save a
// backup is of. A save and its backup share one lock.
func mainPath(path string) string { return strings.TrimSuffix(path, ".bak") }

// resolve is the file a path names, through any symbolic links: a save that
// is a link is written through to what it links to, and locked there, so
// two frays that reach one fight by two names see one lock. A path that
// does not exist yet resolves to itself (its directory resolved).
func resolve(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	if d, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(d, filepath.Base(path))
	}
	return path
}

// Open reads the fight saved at path, and the journal of changes made since
// (each step of opening a fight in order, with the error it may meet), and
// takes the fight for writing unless another fray has it. A fight
// opened from a backup (path.bak) goes on in a new file: the save it backs
// up, broken or not, and the backup itself are left as they are.
func (s *Store) Open(path string) (*session.Saved, error) {
	real := resolve(path)
	main := mainPath(real)
	fromBak := main != real
	var notices []string
	readOnly := ""
	lock, err := acquire(s.fs, main)
	switch {
	case errors.Is(err, session.ErrLocked):
		readOnly = session.ErrLocked.Error()
	case err != nil:
		readOnly = "cannot take its lock (" + lockProblem(err) + ")"
		notices = append(notices, fmt.Sprintf("%s: %v: it opens read-only", session.Safe(path), err))
	default:
		cleanFight(main)
	}
	release := func() {
		if lock != nil {
			lock.Release()
		}
	}
	l, j, jtime, jerr := s.readAs(path, real, main, !fromBak)
	if jerr != nil {
		release()
		return nil, s.offerBackup(path, real, main, jerr)
	}
	sv := l.saved
	sv.Path = path
	sv.Notices = append(notices, sv.Notices...)
	changes, keep, kept := s.applyJournal(l, j, path, lock == nil, &sv.Notices)
	if lock == nil {
		sv.ReadOnly, sv.ReadOnlyWhy = true, readOnly
		return sv, nil
	}
	saveID, _ := s.fs.Stat(real)
	changed := l.changed
	if changes > l.changes && jtime.After(changed) {
		changed = jtime // the journal's changes came after the save's
	}
	m := mirrorOf(sv.Name, sv.Hash, sv.Fight, sv.Source.State(), changes, changed)
	if fromBak {
		// Go on in a new file; the fight stays where it was.
		release()
		np := s.NewPath(sv.Name)
		snap, _, err := m.snapshot()
		if err != nil {
			return nil, fmt.Errorf("%s opened, but cannot go on in %s: %w", session.Safe(path), np, err)
		}
		w, err := s.create(np, snap, false, changed)
		if err != nil {
			return nil, fmt.Errorf("%s opened, but cannot go on in %s: %w", session.Safe(path), np, err)
		}
		sv.Path, sv.Journal = np, w
		sv.Notices = append(sv.Notices,
			fmt.Sprintf("%s is a backup: the fight goes on in %s (%s and its backup are left as they are)", filepath.Base(path),
				filepath.Base(np), filepath.Base(main)))
		return sv, nil
	}
	jpath := journalPath(real)
	if _, err := os.Lstat(jpath); err == nil && j == nil {
		keep = true // there, but not read (a pipe, a device, no permission): kept, not overwritten
	}
	if keep {
		if err := s.keepAside(jpath); err != nil {
			release()
			return nil, fmt.Errorf("%s: cannot keep the journal aside before writing a new one: %w", session.Safe(path), err)
		}
		sv.Notices = append(sv.Notices, "the start screen offers the changes kept aside, to open them in a new file")
	}
	if l.fight == "" || l.schema < Schema {
		// A save from before journals, or of an older schema: write it as
		// this fray writes saves first, so the save and its journal name
		// the same fight (the old file is the backup).
		if l.fight == "" {
			l.fight = newFightID()
		}
		snap, mt, err := m.snapshot()
		mt.fight = l.fight
		var res saveResult
		if err == nil {
			res, err = s.writeSave(real, snap, mt, true)
		}
		if err != nil {
			release()
			return nil, fmt.Errorf("%s: %w", session.Safe(path), err)
		}
		saveID = res.info
		l.changes, j, kept = changes, nil, nil
	}
	// The journal goes on as it is when it is this fight's, whole, and
	// reaches the fight's last change (a save written whole while the
	// journal could not be written holds changes it does not: appending
	// there would leave a gap).
	js := journalState{after: changes}
	reaches := j != nil && j.header.Fight == l.fight && j.header.After <= changes &&
		(len(kept) > 0 && kept[len(kept)-1].n == changes || len(kept) == 0 && j.header.After == changes)
	if reaches && !keep && !j.torn && j.bad == "" {
		js.f, err = s.fs.OpenAppend(jpath)
		js.after, js.size, js.kept = j.header.After, int64(len(j.raw)), kept
	} else {
		// A journal written anew: the lines applied, from where they
		// start, or none, from the fight as it opens.
		if reaches {
			js.after, js.kept = j.header.After, kept
		}
		js.f, js.size, err = createJournal(s.fs, jpath, sv.Name, l.fight, js.after, js.kept)
	}
	if err != nil {
		release()
		return nil, fmt.Errorf("%s: the journal: %w", session.Safe(path), err)
	}
	sv.Journal = startWriter(s, real, l.fight, lock, js, m, l.changes, saveID, false)
	return sv, nil
}

// offerBackup adds to the error of a save that does not open that its
// backup does, when it does.
func (s *Store) offerBackup(path, real, main string, err error) error {
	var le *LoadError
	if real != main || !errors.As(err, &le) {
		return err
	}
	if s.Check(main+".bak") == nil {
		le.BackupPath = path + ".bak"
	}
	return err
}

// lockProblem says why a lock file could not be taken, without the path.
func lockProblem(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Check reads the save at path, and its journal, as Open would, and says
// why it would not open; it takes nothing and writes nothing.
func (s *Store) Check(path string) error {
	real := resolve(path)
	l, j, _, err := s.read(path, real, mainPath(real))
	if err != nil {
		return err
	}
	var notices []string
	s.applyJournal(l, j, path, true, &notices)
	return nil
}

// read reads a save and its journal (nil when there is none), and says
// when the journal last changed.
func (s *Store) read(path, real, main string) (*loaded, *journalRead, time.Time, error) {
	return s.readAs(path, real, main, false)
}

// readAs is read; later, a long history is read when first needed (see
// decodeAs).
func (s *Store) readAs(path, real, main string, later bool) (*loaded, *journalRead, time.Time, error) {
	data, err := readRegular(real)
	if err != nil {
		return nil, nil, time.Time{}, &LoadError{File: session.Safe(path), Msg: readProblem(err)}
	}
	l, err := decodeAs(session.Safe(path), data, s.rules, later)
	if err != nil {
		return nil, nil, time.Time{}, err
	}
	if l.damaged != "" {
		l.saved.Notices = append(l.saved.Notices,
			fmt.Sprintf("%s: its backup is kept as it is until the fight is saved whole again", filepath.Base(real)))
	}
	if l.changed.IsZero() {
		if fi, err := os.Stat(real); err == nil {
			l.changed = fi.ModTime() // a save from before journals
		}
	}
	jpath := journalPath(main)
	jdata, err := readRegular(jpath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return l, nil, time.Time{}, nil
	case err != nil:
		l.saved.Notices = append(l.saved.Notices,
			fmt.Sprintf("its journal cannot be read (%s): the changes in it are not shown", readProblem(err)))
		return l, nil, time.Time{}, nil
	}
	var mtime time.Time
	if fi, err := os.Stat(jpath); err == nil {
		mtime = fi.ModTime()
	}
	j := readJournal(jdata)
	return l, &j, mtime, nil
}

// applyJournal does the journal's changes again on a fight just read. It
// reports how many changes the fight has had, whether the journal is to be
// kept aside before a new one is written (it holds lines not applied), and
// the lines to carry over.
func (s *Store) applyJournal(l *loaded, j *journalRead, path string, live bool, notices *[]string) (changes int, keep bool,
	kept []keptLine) {
	sv := l.saved
	changes = l.changes
	name := filepath.Base(journalPath(path))
	if j == nil {
		return changes, false, nil
	}
	if j.header.Fight == "" && j.bad != "" {
		*notices = append(*notices, fmt.Sprintf("%s:%d: %s: it is not applied, and is kept beside the save", name, j.badAt, j.bad))
		return changes, true, nil
	}
	if j.header.Fight != l.fight || l.fight == "" {
		if len(j.lines) > 0 || j.bad != "" {
			*notices = append(*notices, fmt.Sprintf("%s is not this fight's (it names another): it is not applied, and is kept", name))
			return changes, true, nil
		}
		return changes, false, nil
	}
	var stopped error
	var state string
	changes, state, stopped = replayJournal(sv.Fight, *j, l.changes, sv.Source.State())
	if err := sv.Source.SetState(state); err != nil {
		stopped = errors.Join(stopped, err)
	}
	applied := 0
	for _, ln := range j.lines {
		if ln.n <= changes {
			applied++
		}
	}
	switch {
	case j.torn && j.left <= 1 && stopped == nil:
		if live {
			break // another fray is writing it
		}
		*notices = append(*notices,
			fmt.Sprintf("the last line of %s was cut short by a crash as it was written (it was never shown as saved): it is dropped",
				name))
	case j.bad != "" && last(j)+j.left <= l.changes:
		*notices = append(*notices,
			fmt.Sprintf("%s:%d: %s; the save holds the changes of that line and those after it, so nothing is lost (the journal is "+
				"kept beside the save)", name, j.badAt, j.bad))
		keep = true
	case j.bad != "":
		*notices = append(*notices,
			fmt.Sprintf("%s:%d: %s: it and the %d line(s) after it are not applied; the journal is kept beside the save", name, j.badAt,
				j.bad, j.left-1))
		keep = true
	}
	if stopped != nil {
		*notices = append(*notices,
			fmt.Sprintf("%s: %v: the fight opens without the journal's changes from there on; the journal is kept beside the save", name,
				stopped))
		keep = true
	}
	kept = make([]keptLine, 0, applied)
	for _, ln := range j.lines {
		if ln.n > changes {
			break
		}
		kept = append(kept, keptLine{n: ln.n, text: j.raw[lineStart(j.raw, ln.end):ln.end]})
	}
	return changes, keep, kept
}

// last is the number of a journal's last good change.
func last(j *journalRead) int {
	if len(j.lines) == 0 {
		return j.header.After
	}
	return j.lines[len(j.lines)-1].n
}

// lineStart is where the line ending just before end begins.
func lineStart(data []byte, end int) int {
	return bytes.LastIndexByte(data[:end-1], '\n') + 1
}

// keepAside renames a journal that holds what was not applied, so nothing
// in it is lost when a new one is written. The start screen offers it
// (Recover).
func (s *Store) keepAside(jpath string) error {
	return s.fs.Rename(jpath, jpath+".kept-"+time.Now().UTC().Format("20060102-150405.000"))
}

// keptRE names a journal kept aside: fight.toml.journal.kept-<when>.
var keptRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.+\.toml)\.journal\.kept-[^/]+$`) })

// Recover opens, in a new file, the fight a journal kept aside goes on
// from: the save or its backup (whichever its changes follow from and
// comes out with more of them), with the journal's changes done again.
// The save, its backup and the journal are left as they are; the journal
// is renamed .recovered-* once the new file is written, so that it is not
// offered again.
func (s *Store) Recover(kept string) (*session.Saved, error) {
	m := keptRE().FindStringSubmatch(filepath.Base(kept))
	if m == nil {
		return nil, fmt.Errorf("%s is not a journal kept aside", session.Safe(kept))
	}
	main := filepath.Join(filepath.Dir(kept), m[1])
	data, err := readRegular(kept)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", session.Safe(kept), readProblem(err))
	}
	j := readJournal(data)
	if j.header.Fight == "" {
		return nil, fmt.Errorf("%s: %s: nothing in it can be read", session.Safe(kept), j.bad)
	}
	var (
		best    *loaded
		from    string
		changes = -1
		notices []string
	)
	for _, base := range []string{main, main + ".bak"} {
		raw, err := readRegular(base)
		if err != nil {
			continue
		}
		l, err := decode(session.Safe(base), raw, s.rules)
		if err != nil || l.fight != j.header.Fight || l.changes < j.header.After {
			continue
		}
		var ns []string
		if n, _, _ := s.applyJournal(l, &j, kept, false, &ns); n > changes && n > l.changes {
			best, from, changes, notices = l, base, n, ns
		}
	}
	if best == nil {
		return nil, fmt.Errorf("%s: neither %s nor its backup is a save its changes go on from (they follow change %d of fight %s), "+
			"or they hold them all already: the files are left as they "+
			"are", session.Safe(kept), filepath.Base(main), j.header.After, j.header.Fight)
	}
	sv := best.saved
	np := s.NewPath(sv.Name)
	mir := mirrorOf(sv.Name, sv.Hash, sv.Fight, sv.Source.State(), changes, best.changed)
	snap, _, err := mir.snapshot()
	if err != nil {
		return nil, fmt.Errorf("%s: cannot go on in %s: %w", session.Safe(kept), np, err)
	}
	w, err := s.create(np, snap, false, s.now())
	if err != nil {
		return nil, fmt.Errorf("%s: cannot go on in %s: %w", session.Safe(kept), np, err)
	}
	if err := w.Wait(0); err != nil {
		w.Close()
		return nil, fmt.Errorf("%s: cannot go on in %s: %w", session.Safe(kept), np, err)
	}
	s.fs.Rename(kept, strings.Replace(kept, ".journal.kept-", ".journal.recovered-", 1))
	sv.Path, sv.Journal = np, w
	sv.Notices = append(notices,
		fmt.Sprintf("the %d change(s) kept aside in %s are done again on %s: the fight goes on in %s (%s is left as it is)",
			changes-best.changes, filepath.Base(kept), filepath.Base(from), filepath.Base(np), filepath.Base(from)))
	return sv, nil
}

// Create writes a fight to a new save at path and returns its journal.
func (s *Store) Create(path string, snap session.Snapshot, replace bool) (session.Journal, error) {
	return s.create(path, snap, replace, s.now())
}

func (s *Store) create(path string, snap session.Snapshot, replace bool, changed time.Time) (*writer, error) {
	real := resolve(path)
	main := mainPath(real)
	if main != real {
		return nil, fmt.Errorf("%s is a backup's name: pick another", session.Safe(path))
	}
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		return nil, err
	}
	// A fight whose lock file is made here (a new fight's, reserved or
	// not) has no temp files to clean: every write is made under the lock.
	lock := s.takeReserved(real)
	if lock == nil {
		_, lerr := os.Lstat(real + ".lock")
		var err error
		if lock, err = acquire(s.fs, real); err != nil {
			return nil, err
		}
		if !errors.Is(lerr, os.ErrNotExist) {
			cleanFight(real)
		}
	}
	jpath := journalPath(real)
	if _, err := os.Lstat(real); err == nil {
		if !replace {
			lock.Release()
			return nil, session.ErrExists
		}
		// The fight replaced becomes the backup, whole: its journal's
		// changes are folded into it first.
		if err := s.fold(path, real); err != nil {
			lock.Release()
			return nil, err
		}
	}
	if _, err := os.Lstat(jpath); err == nil {
		if err := s.keepAside(jpath); err != nil {
			lock.Release()
			return nil, err
		}
	}
	// The first save is written by the fight's writer, first thing: the
	// fight is on the screen meanwhile, marked saving (Wait(0)).
	m := mirror{name: snap.Name, hash: snap.Hash, rng: snap.RNG, rules: snap.Rules, base: snap.Base, cur: snap.Current,
		done: slices.Clone(snap.Done), undone: slices.Clone(snap.Undone), changed: changed}
	return startWriter(s, real, newFightID(), lock, journalState{}, m, 0, nil, true), nil
}

// fold writes the fight at real, with its journal's changes, as one save, so
// that when a new fight replaces it, its backup is all of it. A save that
// does not load is left for keepBackup to keep as it is.
func (s *Store) fold(path, real string) error {
	l, j, jtime, err := s.read(path, real, real)
	if err != nil || j == nil || len(j.lines) == 0 {
		return nil
	}
	var notices []string
	changes, keep, _ := s.applyJournal(l, j, path, false, &notices)
	if changes == l.changes || keep {
		return nil
	}
	snap := l.saved.Snapshot()
	if _, err := s.writeSave(real, snap, meta{fight: l.fight, changes: changes, changed: jtime}, true); err != nil {
		return fmt.Errorf("%s: folding its journal into it before it is replaced: %w", session.Safe(path), err)
	}
	return s.fs.Remove(journalPath(real))
}

// saveResult is a save written: the file (to tell when it is replaced), and
// whether the save it replaced was kept as the backup.
type saveResult struct {
	info     fs.FileInfo
	backedUp bool
}

// writeSave writes a snapshot durably to path: the file written must read
// back as the snapshot before it replaces the save there.
func (s *Store) writeSave(path string, snap session.Snapshot, m meta, backup bool) (saveResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, err := encode(snap, m, s.now())
	if err != nil {
		return saveResult{}, err
	}
	backedUp, err := writeFile(s.fs, path, data, func(b []byte) error { return s.readsBack(path, b, snap, m) }, backup)
	if err != nil {
		return saveResult{}, err
	}
	info, _ := s.fs.Stat(path)
	return saveResult{info: info, backedUp: backedUp}, nil
}

// readsBack checks that data, a save just written, is the snapshot.
func (s *Store) readsBack(path string, data []byte, snap session.Snapshot, m meta) error {
	l, err := decode(session.Safe(path), data, s.rules)
	if err != nil {
		return err
	}
	f := l.saved.Fight
	switch {
	case l.fight != m.fight || l.changes != m.changes || l.saved.Name != snap.Name || l.saved.Source.State() != snap.RNG:
		return errors.New("its header reads back otherwise")
	case !engine.Same(*f.Current(), snap.Current) || !engine.Same(f.Base, snap.Base):
		return errors.New("the fight reads back otherwise")
	case !sameSteps(f.Done, snap.Done, true) || !sameSteps(f.Undone, snap.Undone, false):
		return errors.New("its history reads back otherwise")
	}
	return nil
}

// sameSteps compares histories as lines hold them: a step read back is the
// step written when it writes the same line (an empty list is none, text
// that is not UTF-8 reads back with U+FFFD, and both write alike).
func sameSteps(a, b []engine.Step, withLog bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if withLog && engine.Same(a[i], b[i]) {
			continue // the same values write the same line, and comparing them is cheaper
		}
		x, errX := lineOfStep(a[i], withLog)
		y, errY := lineOfStep(b[i], withLog)
		if errX != nil || errY != nil || !bytes.Equal(x, y) {
			return false
		}
	}
	return true
}

// lineOfStep is a step's line, with what it logged or without.
func lineOfStep(s engine.Step, withLog bool) ([]byte, error) {
	cmd, err := lineOf(s.Cmd)
	if err != nil {
		return nil, err
	}
	l := hline{Cmd: cmd, Faces: s.Faces}
	if withLog {
		for _, e := range s.Events {
			le, err := loggedOf(e)
			if err != nil {
				return nil, err
			}
			l.Log = append(l.Log, le)
		}
	}
	return marshalInline(nil, l)
}

// createJournal writes a new journal durably (a temp file renamed over the
// old one) and opens it for appending; it returns its length too.
func createJournal(fsys fileSys, jpath, name, fight string, after int, lines []keptLine) (file, int64, error) {
	var b []byte
	b = fmt.Appendf(b, "# fray journal: the changes made to %s since its save, one a line: its number,\n"+
		"# a checksum, the change (a step done, with its dice; an undo; a redo), what it logged.\n", commentText(fmt.Sprintf("%q", name)))
	var err error
	if b, err = appendLine(b, "journal", jheader{Version: journalVersion, Fight: fight, After: after}, ""); err != nil {
		return nil, 0, err
	}
	for _, l := range lines {
		b = append(b, l.text...)
	}
	if _, err := writeFile(fsys, jpath, b, nil, false); err != nil {
		return nil, 0, err
	}
	f, err := fsys.OpenAppend(jpath)
	if err != nil {
		return nil, 0, err
	}
	return f, int64(len(b)), nil
}

func newFightID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// readProblem says why a file could not be read, without the path.
func readProblem(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, session.ErrNotRegular):
		return "not a regular file (a pipe, a device or a directory): not read"
	case errors.Is(err, ErrTooLarge):
		return fmt.Sprintf("larger than %d MB: not read", MaxFileSize>>20)
	}
	return err.Error()
}
