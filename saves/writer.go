package saves

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"fray/engine"
	"fray/engine/rules"
	"fray/session"
)

// When the writer takes a snapshot: every so many changes, when the fight
// has been left alone a while, and as it closes. (Variables: the crash
// test takes them more often.)
var (
	snapshotEvery = 256
	snapshotIdle  = 5 * time.Second
)

// trace, when set, hears what the writer is doing (the crash test's child
// reports it, so the test knows what its kills interrupted).
var trace func(what string)

func tracef(what string) {
	if trace != nil {
		trace(what)
	}
}

// writer is a fight's journal as the screen sees it (session.Journal): it
// takes changes in order and makes them durable, one goroutine appending
// and syncing whatever has come in since its last sync (a change that comes
// while a sync is under way waits for the next, a millisecond at most, and
// shares it). The same goroutine keeps a copy of the fight as the journal
// has it, so snapshots are taken from it, never from the screen's: a
// snapshot is encoded and written by another goroutine, and appending goes
// on meanwhile.
type writer struct {
	st    *Store
	path  string // the save
	jpath string // its journal
	fight string // the fight's id
	lock  *Lock

	mu       sync.Mutex
	cond     sync.Cond // durable moved, or err was set
	queue    []queued
	next     int // the number of the last change appended
	durable  int // the number of the last change synced
	err      error
	closing  bool
	crashed  bool // as if fray were killed now: no last snapshot (tests)
	wake     chan struct{}
	done     chan struct{}
	closeErr error

	// The goroutine's own.
	initial  *initialSave // a new fight's first save, to write first
	f        *os.File     // the journal, once there is one
	after    int          // the journal's header: changes before its first line
	kept     []keptLine   // the journal's lines
	m        mirror
	saved    int // changes the save holds
	bak      int // changes the backup holds (the journal keeps those after)
	snapping bool
	snapDone chan snapResult
}

// initialSave is the first save of a fight made new (Store.Create). It is
// written by the writer, not by Create, once something asks for it (Wait,
// Append or Close): a new fight is on the screen at once, its first frame
// not sharing the processor with its save, and marked saving until Wait(0)
// returns.
type initialSave struct {
	snap session.Snapshot
	meta meta
}

type queued struct {
	n int
	c session.Change
}

type keptLine struct {
	n    int
	text []byte
}

type snapResult struct {
	changes int
	err     error
}

// mirror is the fight as far as the journal has it.
type mirror struct {
	name, hash, rng string
	rules           *rules.Ruleset
	base, cur       engine.Encounter
	done, undone    []engine.Step
	changes         int
	changed         time.Time // when the last change was made
}

func mirrorOf(name, hash string, f *engine.Fight, rng string, changes int, changed time.Time) mirror {
	return mirror{name: name, hash: hash, rng: rng, rules: f.Rules, base: f.Base, cur: *f.Current(),
		done: slices.Clone(f.Done), undone: slices.Clone(f.Undone), changes: changes, changed: changed}
}

func (m *mirror) apply(c session.Change) {
	switch c.Op {
	case session.OpDo:
		m.done = append(m.done, c.Step)
		m.undone = nil
	case session.OpUndo:
		s := m.done[len(m.done)-1]
		m.done = m.done[:len(m.done)-1]
		m.undone = append(m.undone, engine.Step{Cmd: s.Cmd, Faces: s.Faces})
	case session.OpRedo:
		m.undone = m.undone[:len(m.undone)-1]
		m.done = append(m.done, c.Step)
	}
	m.cur, m.rng = c.State, c.RNG
	m.changes++
}

func (m *mirror) snapshot() (session.Snapshot, meta) {
	return session.Snapshot{Name: m.name, Hash: m.hash, RNG: m.rng, Rules: m.rules, Current: m.cur, Base: m.base,
		Done: slices.Clone(m.done), Undone: slices.Clone(m.undone)}, meta{changes: m.changes, changed: m.changed}
}

// startWriter starts the journal of a fight whose save holds `saved`
// changes (and the journal, open at f for appending, those after `after`,
// lines kept in kept).
func startWriter(st *Store, path, fight string, lock *Lock, f *os.File, after int, kept []keptLine, m mirror, saved int, initial *initialSave) *writer {
	w := &writer{st: st, path: path, jpath: journalPath(path), fight: fight, lock: lock,
		next: m.changes, durable: m.changes, wake: make(chan struct{}, 1), done: make(chan struct{}),
		f: f, after: after, kept: kept, m: m, saved: saved, bak: after, snapDone: make(chan snapResult, 1), initial: initial}
	if initial != nil {
		w.durable = -1 // Wait(0) waits for the first save
	}
	w.cond.L = &w.mu
	go w.run()
	return w
}

// Append queues a change; it returns its number.
func (w *writer) Append(c session.Change) int {
	w.mu.Lock()
	w.next++
	n := w.next
	w.queue = append(w.queue, queued{n, c})
	w.mu.Unlock()
	w.kick()
	return n
}

// kick wakes the writer.
func (w *writer) kick() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Wait returns once change n is durable, or with what stopped it.
func (w *writer) Wait(n int) error {
	w.kick()
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.durable < n && w.err == nil {
		w.cond.Wait()
	}
	if w.durable >= n {
		return nil
	}
	return w.err
}

// Close writes what is queued and a last snapshot, and lets the fight go.
func (w *writer) Close() error {
	w.mu.Lock()
	if w.closing {
		w.mu.Unlock()
		<-w.done
		return nil
	}
	w.closing = true
	w.mu.Unlock()
	w.kick()
	<-w.done
	return w.closeErr
}

func (w *writer) run() {
	defer close(w.done)
	if w.initial != nil {
		<-w.wake
		w.kick() // the signal is for the loop below too
		if err := w.st.writeSave(w.path, w.initial.snap, w.initial.meta, true); err != nil {
			w.fail(err)
		} else {
			w.mu.Lock()
			w.durable = max(w.durable, 0)
			w.cond.Broadcast()
			w.mu.Unlock()
		}
		w.initial = nil
	}
	idle := time.NewTimer(snapshotIdle)
	idle.Stop()
	for {
		select {
		case <-w.wake:
		case r := <-w.snapDone:
			w.snapped(r)
		case <-idle.C:
			if w.m.changes > w.saved && !w.snapping && w.failed() == nil {
				w.snapshot()
			}
		}
		w.mu.Lock()
		batch, closing := w.queue, w.closing
		w.queue = nil
		w.mu.Unlock()
		if len(batch) > 0 {
			w.write(batch)
			idle.Reset(snapshotIdle)
		}
		if w.m.changes-w.saved >= snapshotEvery && !w.snapping && w.failed() == nil {
			w.snapshot()
		}
		if closing {
			w.mu.Lock()
			more := len(w.queue) > 0
			w.mu.Unlock()
			if !more {
				idle.Stop()
				w.finish()
				return
			}
		}
	}
}

func (w *writer) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// write appends a batch of changes to the journal and syncs it once.
func (w *writer) write(batch []queued) {
	if err := w.failed(); err != nil {
		return
	}
	var buf []byte
	rng := w.m.rng
	start := len(buf)
	var lines []keptLine
	for _, q := range batch {
		r, comment, err := recordOf(w.m.rules, q.c, rng)
		rng = q.c.RNG
		if err == nil {
			buf, err = appendLine(buf, fmt.Sprint(q.n), r, comment)
		}
		if err != nil {
			w.fail(fmt.Errorf("change %d: %w", q.n, err))
			return
		}
		lines = append(lines, keptLine{n: q.n, text: buf[start:len(buf):len(buf)]})
		start = len(buf)
	}
	if w.f == nil {
		f, err := createJournal(w.jpath, w.m.name, w.fight, w.after, w.kept)
		if err != nil {
			w.fail(fmt.Errorf("the journal: %w", err))
			return
		}
		w.f = f
	}
	tracef("append")
	if _, err := w.f.Write(buf); err != nil {
		w.fail(fmt.Errorf("writing the journal: %w", err))
		return
	}
	if err := w.f.Sync(); err != nil {
		w.fail(fmt.Errorf("syncing the journal: %w", err))
		return
	}
	tracef("synced")
	w.kept = append(w.kept, lines...)
	for _, q := range batch {
		w.m.apply(q.c)
	}
	w.m.changed = w.st.now()
	w.mu.Lock()
	w.durable = batch[len(batch)-1].n
	w.cond.Broadcast()
	w.mu.Unlock()
}

// fail stops the journal: every later Wait reports err. Nothing more is
// appended after a failed write, so no good line ever follows a broken one.
func (w *writer) fail(err error) {
	log.Printf("%s: %v", session.Safe(w.jpath), err)
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.cond.Broadcast()
	w.mu.Unlock()
}

// snapshot writes a snapshot of the mirror in the background.
func (w *writer) snapshot() {
	w.snapping = true
	snap, m := w.m.snapshot()
	m.fight = w.fight
	go func() {
		tracef("snapshot")
		err := w.st.writeSave(w.path, snap, m, true)
		tracef("snapshot written")
		w.snapDone <- snapResult{m.changes, err}
	}()
}

// snapped takes in a snapshot written: the old save is the backup now, and
// the journal keeps the lines after it.
func (w *writer) snapped(r snapResult) {
	w.snapping = false
	if r.err != nil {
		log.Printf("%s: snapshot: %v", session.Safe(w.path), r.err)
		return // the journal has every change; the next snapshot tries again
	}
	w.bak, w.saved = w.saved, r.changes
	w.rotate()
}

// rotate writes the journal anew with the lines the backup does not hold.
func (w *writer) rotate() {
	if w.failed() != nil || w.bak <= w.after {
		return
	}
	i := 0
	for i < len(w.kept) && w.kept[i].n <= w.bak {
		i++
	}
	kept := slices.Clone(w.kept[i:])
	tracef("rotate")
	f, err := createJournal(w.jpath, w.m.name, w.fight, w.bak, kept)
	tracef("rotated")
	if err != nil {
		// The old journal is whole: appending goes on there.
		log.Printf("%s: %v", session.Safe(w.jpath), err)
		return
	}
	if w.f != nil {
		w.f.Close()
	}
	w.f, w.after, w.kept = f, w.bak, kept
}

// crash stops the journal as a kill would, after the changes queued are
// written: no last snapshot. For tests.
func (w *writer) crash() {
	w.mu.Lock()
	w.crashed = true
	w.mu.Unlock()
	w.Close()
}

// finish ends the journal: a last snapshot when there are changes the save
// does not hold, then the file and the lock are let go.
func (w *writer) finish() {
	if w.snapping {
		w.snapped(<-w.snapDone)
	}
	w.mu.Lock()
	crashed := w.crashed
	w.mu.Unlock()
	if crashed {
		if w.f != nil {
			w.f.Close()
		}
		w.lock.Release()
		return
	}
	var errs []error
	if err := w.failed(); err != nil {
		errs = append(errs, err)
	}
	if w.m.changes > w.saved && len(errs) == 0 {
		snap, m := w.m.snapshot()
		m.fight = w.fight
		err := w.st.writeSave(w.path, snap, m, true)
		if err == nil {
			w.bak, w.saved = w.saved, m.changes
			w.rotate()
		} else if len(errs) == 0 {
			errs = append(errs, fmt.Errorf("the last snapshot failed (%v); every change is in %s, and opens with the fight", err, filepath.Base(w.jpath)))
		}
	}
	if w.f != nil {
		if err := w.f.Close(); err != nil && len(errs) == 0 {
			errs = append(errs, err)
		}
	}
	w.lock.Release()
	w.closeErr = errors.Join(errs...)
}
