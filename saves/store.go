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
}

// NewStore keeps fights in dir, finds their rulesets with rules, and stamps
// each save with the time now gives.
func NewStore(dir string, rules Rules, now func() time.Time) *Store {
	return &Store{dir: dir, rules: rules, now: now}
}

// List summarises the fights in the store's directory, the most recently
// changed first.
func (s *Store) List() ([]session.SaveInfo, error) { return List(s.dir) }

// NewPath is a path in the store's directory no file uses yet, for a new
// fight called name.
func (s *Store) NewPath(name string) string { return NewPath(s.dir, name) }

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

// Open (longer than 80 lines: the order of opening a fight, each step with
// the error it may meet, is the point of reading it whole) reads the fight
// saved at path, and the journal of changes made since,
// and takes the fight for writing unless another fray has it. A fight
// opened from a backup (path.bak) goes on in a new file: the save it backs
// up, broken or not, and the backup itself are left as they are.
func (s *Store) Open(path string) (*session.Saved, error) {
	real := resolve(path)
	main := mainPath(real)
	fromBak := main != real
	var notices []string
	lock, err := Acquire(main)
	switch {
	case errors.Is(err, session.ErrLocked):
	case err != nil:
		notices = append(notices, fmt.Sprintf("cannot lock %s (%v): it opens read-only", session.Safe(path), err))
	default:
		cleanFight(main)
	}
	release := func() {
		if lock != nil {
			lock.Release()
		}
	}
	l, j, jtime, jerr := s.read(path, real, main)
	if jerr != nil {
		release()
		return nil, jerr
	}
	sv := l.saved
	sv.Path = path
	sv.Notices = append(notices, sv.Notices...)
	changes, keep, kept := s.applyJournal(l, j, path, lock == nil, &sv.Notices)
	if lock == nil {
		sv.ReadOnly = true
		return sv, nil
	}
	changed := l.changed
	if changes > l.changes && jtime.After(changed) {
		changed = jtime // the journal's changes came after the save's
	}
	m := mirrorOf(sv.Name, sv.Hash, sv.Fight, sv.Source.State(), changes, changed)
	if fromBak {
		// Go on in a new file; the fight stays where it was.
		release()
		np := s.NewPath(sv.Name)
		snap, _ := m.snapshot()
		w, err := s.create(np, snap, false, changed)
		if err != nil {
			return nil, fmt.Errorf("%s opened, but cannot go on in %s: %w", session.Safe(path), np, err)
		}
		sv.Path, sv.Journal = np, w
		sv.Notices = append(sv.Notices, fmt.Sprintf("%s is a backup: the fight goes on in %s (%s and its backup are left as they are)", filepath.Base(path), filepath.Base(np), filepath.Base(main)))
		return sv, nil
	}
	jpath := journalPath(real)
	if _, err := os.Lstat(jpath); err == nil && j == nil {
		keep = true // there, but not read (a pipe, a device, no permission): kept, not overwritten
	}
	if keep {
		if err := keepAside(jpath); err != nil {
			release()
			return nil, fmt.Errorf("%s: cannot keep the journal aside before writing a new one: %w", session.Safe(path), err)
		}
	}
	if l.fight == "" || l.schema < Schema {
		// A save from before journals: write it as one first, so the save
		// and its journal name the same fight (the old file is the backup).
		l.fight = newFightID()
		snap, mt := m.snapshot()
		mt.fight = l.fight
		if err := s.writeSave(real, snap, mt, true); err != nil {
			release()
			return nil, fmt.Errorf("%s: %w", session.Safe(path), err)
		}
		l.changes, j, kept = changes, nil, nil
	}
	var f *os.File
	after := changes
	if j != nil && !keep && !j.torn && j.bad == "" && j.header.Fight == l.fight {
		f, err = os.OpenFile(jpath, os.O_WRONLY|os.O_APPEND, 0)
		after = j.header.After
	} else {
		// A journal written anew: the lines applied, from where they
		// start, or none, from the fight as it opens.
		if j != nil && j.header.Fight == l.fight && j.header.After <= changes {
			after = j.header.After
		} else {
			kept = nil
		}
		f, err = createJournal(jpath, sv.Name, l.fight, after, kept)
	}
	if err != nil {
		release()
		return nil, fmt.Errorf("%s: the journal: %w", session.Safe(path), err)
	}
	sv.Journal = startWriter(s, real, l.fight, lock, f, after, kept, m, l.changes, nil)
	return sv, nil
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
	data, err := readRegular(real)
	if err != nil {
		return nil, nil, time.Time{}, &LoadError{File: session.Safe(path), Msg: readProblem(err)}
	}
	l, err := decode(session.Safe(path), data, s.rules)
	if err != nil {
		return nil, nil, time.Time{}, err
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
		l.saved.Notices = append(l.saved.Notices, fmt.Sprintf("its journal cannot be read (%s): the changes in it are not shown", readProblem(err)))
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
func (s *Store) applyJournal(l *loaded, j *journalRead, path string, live bool, notices *[]string) (changes int, keep bool, kept []keptLine) {
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
		*notices = append(*notices, fmt.Sprintf("the last line of %s was cut short by a crash as it was written (it was never shown as saved): it is dropped", name))
	case j.bad != "" && last(j)+j.left <= l.changes:
		*notices = append(*notices, fmt.Sprintf("%s:%d: %s; the save holds the changes of that line and those after it, so nothing is lost (the journal is kept beside the save)", name, j.badAt, j.bad))
		keep = true
	case j.bad != "":
		*notices = append(*notices, fmt.Sprintf("%s:%d: %s: it and the %d line(s) after it are not applied; the journal is kept beside the save", name, j.badAt, j.bad, j.left-1))
		keep = true
	}
	if stopped != nil {
		*notices = append(*notices, fmt.Sprintf("%s: %v: the fight opens without the journal's changes from there on; the journal is kept beside the save", name, stopped))
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
// in it is lost when a new one is written.
func keepAside(jpath string) error {
	return os.Rename(jpath, jpath+".kept-"+time.Now().UTC().Format("20060102-150405.000"))
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
	lock, err := Acquire(real)
	if err != nil {
		return nil, err
	}
	cleanFight(real)
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
		if err := keepAside(jpath); err != nil {
			lock.Release()
			return nil, err
		}
	}
	// The first save is written by the fight's writer, first thing: the
	// fight is on the screen meanwhile, marked saving (Wait(0)).
	fight := newFightID()
	m := mirror{name: snap.Name, hash: snap.Hash, rng: snap.RNG, rules: snap.Rules, base: snap.Base, cur: snap.Current,
		done: slices.Clone(snap.Done), undone: slices.Clone(snap.Undone), changed: changed}
	return startWriter(s, real, fight, lock, nil, 0, nil, m, 0, &initialSave{snap: snap, meta: meta{fight: fight, changed: changed}}), nil
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
	if err := s.writeSave(real, snap, meta{fight: l.fight, changes: changes, changed: jtime}, true); err != nil {
		return fmt.Errorf("%s: folding its journal into it before it is replaced: %w", session.Safe(path), err)
	}
	return os.Remove(journalPath(real))
}

// writeSave writes a snapshot durably to path: the file written must read
// back as the snapshot before it replaces the save there.
func (s *Store) writeSave(path string, snap session.Snapshot, m meta, backup bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, err := encode(snap, m, s.now())
	if err != nil {
		return err
	}
	return writeFile(path, data, func(b []byte) error { return s.readsBack(path, b, snap, m) }, backup)
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
// old one) and opens it for appending.
func createJournal(jpath, name, fight string, after int, lines []keptLine) (*os.File, error) {
	var b []byte
	b = fmt.Appendf(b, "# fray journal: the changes made to %s since its save, one a line: its number,\n"+
		"# a checksum, the change (a step done, with its dice; an undo; a redo), what it logged.\n", commentText(fmt.Sprintf("%q", name)))
	var err error
	if b, err = appendLine(b, "journal", jheader{Version: journalVersion, Fight: fight, After: after}, ""); err != nil {
		return nil, err
	}
	for _, l := range lines {
		b = append(b, l.text...)
	}
	if err := writeFile(jpath, b, nil, false); err != nil {
		return nil, err
	}
	return os.OpenFile(jpath, os.O_WRONLY|os.O_APPEND, 0)
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
