package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"fray/engine"
	"fray/engine/rules"
	"fray/session"
)

// When the writer takes a snapshot: every so many changes, when the fight
// has been left alone a while, and as it closes. How it retries a write
// that failed: after retryFirst, then twice as long each time, up to
// retryMost. How often it looks whether its files are still where it wrote
// them while the journal holds changes the save does not. How long a change
// nobody waits for stays queued before the writer's goroutine takes it (a
// change waited for is written by the Wait at once). (Variables: the crash
// test takes them more often, and a test that needs a Wait to write puts
// the nudge off.)
var (
	snapshotEvery = 256
	snapshotIdle  = 5 * time.Second
	retryFirst    = 500 * time.Millisecond
	retryMost     = 15 * time.Second
	watchEvery    = time.Second
	nudgeAfter    = time.Millisecond
)

// trace, when set, hears what the writer is doing (the crash test's child
// reports it, so the test knows what its kills interrupted).
var trace func(what string)

func tracef(what string) {
	if trace != nil {
		trace(what)
	}
}

// looped, when set, hears each time the writer has done what it was woken
// for (a test that turns the clock by hand waits for it).
var looped func()

// writingNow, when set, is called by writeNow between its look at the
// journal and its try for the turn (a test closes the journal there).
var writingNow func()

// writer is a fight's journal as the screen sees it (session.Journal): it
// takes changes in order and makes them durable, appending and syncing
// whatever has come in since its last sync (a change that comes while a
// sync is under way waits for the next, a millisecond at most, and shares
// it). The work is done a round at a time by whoever holds turn: the Wait
// for a change, when it finds no round under way (writeNow says when it
// leaves the change to the goroutine), or else the writer's own goroutine,
// woken by a Wait, Close, a timer, a snapshot written, or a change nobody
// waited for within nudgeAfter. The writer keeps a copy of the fight as
// the journal has it, so snapshots are taken from it, never from the
// screen's: a snapshot is encoded and written by another goroutine, and
// appending goes on meanwhile.
//
// A write that fails costs no change. The changes wait in memory, the
// failure is the journal's Trouble (the screen says what failed, and that
// fray retries), and the write is tried again after a while, longer each
// time (never on every change: a full disk is not asked for a snapshot at
// each key). As soon as a try succeeds, every change made since is on
// disk: appended to the journal, cut back first to where its last good
// line ends, or, when the journal cannot be trusted (it cannot be cut back,
// or is not the file at its path any more), in a save of the whole fight
// and a journal written anew.
//
// The journal and the save are watched: before a change is called durable,
// the writer checks that the file it appended to is still the journal at
// its path, and the save the one it wrote (a sync tool may have replaced
// one, or a cleanup deleted it); if not, the fight is written whole. While
// the journal holds changes the save does not, it looks every watchEvery
// too.
type writer struct {
	st    *Store
	fs    fileSys
	clock clock
	path  string // the save
	jpath string // its journal
	fight string // the fight's id
	lock  *Lock

	mu       sync.Mutex
	cond     sync.Cond // durable, trouble or ended moved, or err was set
	queue    []queued
	next     int // the number of the last change appended
	durable  int // the number of the last change durable
	err      error
	trouble  *session.Trouble
	ended    bool
	closing  bool
	crashed  bool        // as if fray were killed now: no last snapshot (tests)
	nudge    *time.Timer // set while changes are queued: the goroutine takes them if no Wait has
	nudged   bool
	wake     chan struct{}
	done     chan struct{}
	closeErr error

	// turn is held by whoever does the writer's work: its goroutine, or
	// a Wait that found it idle (writeNow). What follows is theirs.
	turn      sync.Mutex
	started   bool // the goroutine is at its loop (a new fight's first save is asked for)
	idle      timer
	retry     timer
	f         file        // the journal, once there is one
	size      int64       // how long it is, as far as written and synced
	journalID fs.FileInfo // the journal as opened: is it still at jpath?
	saveID    fs.FileInfo // the save as last read or written: is it still at path?
	// untrusted is set once a write to the journal failed: it may end in
	// part of a line. It is cut back to size before anything more is
	// appended, or written anew.
	untrusted bool
	// whole is set when the fight is to be written whole before anything
	// else: a new fight's first save, a file replaced under fray.
	whole    bool
	after    int        // the journal's header: changes before its first line
	kept     []keptLine // the journal's lines
	pending  []pendLine // changes taken in and not yet durable
	m        mirror     // the fight as far as durable
	saved    int        // changes the save holds
	bak      int        // changes the backup holds (the journal keeps those after)
	snapping bool       // a snapshot is being written in the background
	snapSoon bool       // a snapshot is due now (the journal was written anew)
	snapDone chan snapResult
	jfail    *failure // the journal's writes failing
	sfail    *failure // snapshots failing (the journal has every change)
	initial  bool     // the first save is still to be written (Wait(0))
	playing  int      // the fight as the store announced it open (0: not announced)
}

type queued struct {
	n int
	c session.Change
}

// pendLine is a change taken in, with its journal line.
type pendLine struct {
	n    int
	c    session.Change
	line keptLine
}

type keptLine struct {
	n    int
	text []byte
}

type snapResult struct {
	changes int
	res     saveResult
	err     error
}

// failure is a write that fails: what, why, and when to try again.
type failure struct {
	what  string
	err   error
	delay time.Duration
	at    time.Time
}

// mirror is the fight as far as the journal has it.
type mirror struct {
	name, hash, rng string
	rules           *rules.Ruleset
	base, cur       engine.Encounter
	done, undone    []engine.Step
	// earlier reads the steps before done[0] of a fight whose history is
	// read later (engine.ResumeLater); nil once they are in done.
	earlier func() ([]engine.Step, error)
	changes int
	changed time.Time // when the last change was made
}

func mirrorOf(name, hash string, f *engine.Fight, rng string, changes int, changed time.Time) mirror {
	return mirror{name: name, hash: hash, rng: rng, rules: f.Rules, base: f.Base, cur: *f.Current(),
		done: slices.Clone(f.Done), undone: slices.Clone(f.Undone), earlier: f.Later(), changes: changes, changed: changed}
}

// whole takes the history read later into done.
func (m *mirror) whole() error {
	if m.earlier == nil {
		return nil
	}
	steps, err := m.earlier()
	if err != nil {
		return fmt.Errorf("the fight's history does not read (%w): the save is left as it is, and the journal keeps every change", err)
	}
	m.done, m.earlier = append(slices.Clip(steps), m.done...), nil
	return nil
}

// apply takes a change in.
func (m *mirror) apply(c session.Change) {
	switch c.Op {
	case session.OpDo:
		m.done = append(m.done, c.Step)
		m.undone = nil
	case session.OpUndo:
		if len(m.done) == 0 && m.whole() != nil {
			// Not to be written whole again (snapshot fails): the
			// journal has the change.
			m.undone = append(m.undone, c.Step)
			break
		}
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

func (m *mirror) snapshot() (session.Snapshot, meta, error) {
	if err := m.whole(); err != nil {
		return session.Snapshot{}, meta{}, err
	}
	return session.Snapshot{Name: m.name, Hash: m.hash, RNG: m.rng, Rules: m.rules, Current: m.cur, Base: m.base,
		Done: slices.Clone(m.done), Undone: slices.Clone(m.undone)}, meta{changes: m.changes, changed: m.changed}, nil
}

// journalState is a journal open for appending, as a writer starts with
// it: the file (nil when there is none yet), its length, its header's
// count and its lines.
type journalState struct {
	f     file
	size  int64
	after int
	kept  []keptLine
}

// startWriter starts the journal of a fight whose save (saveID, when it has
// one) holds `saved` changes. A fight made new (initial) is saved whole
// first, once something asks for it (Wait, Append or Close): a new fight
// is on the screen at once, its first frame not sharing the processor with
// its save, and marked saving until Wait(0) returns.
func startWriter(st *Store, path, fight string, lock *Lock, j journalState, m mirror, saved int, saveID fs.FileInfo, initial bool) *writer {
	w := &writer{st: st, fs: st.fs, clock: st.clock, path: path, jpath: journalPath(path), fight: fight, lock: lock,
		next: m.changes, durable: m.changes, wake: make(chan struct{}, 1), done: make(chan struct{}),
		f: j.f, size: j.size, after: j.after, kept: j.kept, m: m, saved: saved, bak: j.after, saveID: saveID,
		snapDone: make(chan snapResult, 1), whole: initial, initial: initial}
	if j.f != nil {
		w.journalID, _ = j.f.Stat()
	}
	if initial {
		w.durable = -1 // Wait(0) waits for the first save
	} else {
		w.playing = st.announce.opened(path)
	}
	w.cond.L = &w.mu
	w.nudge = time.NewTimer(time.Hour)
	w.nudge.Stop()
	w.idle = w.clock.NewTimer(snapshotIdle)
	w.idle.Stop()
	w.retry = w.clock.NewTimer(time.Hour)
	w.retry.Stop()
	go w.run()
	return w
}

// Append queues a change; it returns its number. The change is written
// by the Wait for it, where writeNow can, or else, or when no Wait comes
// within nudgeAfter, by the writer's goroutine. That goroutine is not
// woken at once: made ready, it would wait on the caller's processor,
// which the runtime takes from the caller once the caller blocks in the
// disk's sync, so that the caller waits for one when its sync is done.
// With the goroutine woken for each change and the change handed back to
// its Wait, BenchmarkChange measured a change at 0.07 ms over the disk's
// own append and sync; now 0.03 ms.
func (w *writer) Append(c session.Change) int {
	w.mu.Lock()
	w.next++
	n := w.next
	w.queue = append(w.queue, queued{n, c})
	if !w.nudged {
		w.nudged = true
		w.nudge.Reset(nudgeAfter)
	}
	w.mu.Unlock()
	return n
}

// kick wakes the writer.
func (w *writer) kick() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Wait returns once change n is durable, or with what ended the journal
// before it was. While writes fail and are retried, it waits.
func (w *writer) Wait(n int) error {
	if w.writeNow(n) {
		return nil
	}
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

// writeNow makes change n durable on the caller's goroutine when the
// writer's is not at work: a change waited for is then not handed from one
// goroutine to another and back, each handing a thread woken. It leaves
// the change to the goroutine while a snapshot is written, before a new
// fight's first save, and once the journal is closing. It reports whether
// change n is durable.
func (w *writer) writeNow(n int) bool {
	w.mu.Lock()
	ready := w.durable >= n || w.err == nil && !w.closing && len(w.queue) > 0
	durable := w.durable >= n
	w.mu.Unlock()
	if durable {
		return true
	}
	if ready && writingNow != nil {
		writingNow()
	}
	if !ready || !w.turn.TryLock() {
		return false
	}
	// Closing may have begun since, and the goroutine's last round ended
	// the journal: no round after that.
	w.mu.Lock()
	closing := w.closing
	w.mu.Unlock()
	if w.started && !w.snapping && !w.initial && !closing {
		w.round(false, false, false)
	}
	w.turn.Unlock()
	w.handBack()
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.durable >= n
}

// Trouble returns the journal's trouble once it is other than seen.
func (w *writer) Trouble(seen *session.Trouble) (*session.Trouble, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.trouble == seen && !w.ended {
		w.cond.Wait()
	}
	return w.trouble, !w.ended
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
	if w.initial {
		select { // a new fight's first save waits until something asks for it
		case <-w.wake:
		case <-w.nudge.C:
		}
		w.kick() // the signal is for the loop below too
	}
	w.turn.Lock()
	w.started = true
	w.turn.Unlock()
	for {
		wasIdle, ticked, kicked := false, false, false
		var snap *snapResult
		select {
		case <-w.wake:
			kicked = true
		case <-w.nudge.C:
			kicked = true
		case r := <-w.snapDone:
			snap = &r
		case <-w.idle.C():
			wasIdle = true
		case <-w.retry.C():
			ticked = true
		}
		if kicked {
			// A Wait may be doing the round: it hands back what comes
			// in meanwhile (handBack).
			if !w.turn.TryLock() {
				continue
			}
		} else {
			w.turn.Lock()
		}
		if snap != nil {
			w.snapped(*snap)
		}
		over := w.round(wasIdle, ticked, true)
		w.turn.Unlock()
		if looped != nil {
			looped()
		}
		if over {
			return
		}
	}
}

// round is what the writer does when woken: the changes that came in
// made durable, the files watched, a snapshot taken when one is due, the
// timers set; and, when the journal is closing and mayFinish (the
// goroutine's own round), its end. It reports whether the journal is over.
// The caller holds turn.
func (w *writer) round(wasIdle, ticked, mayFinish bool) (over bool) {
	w.mu.Lock()
	batch, closing := w.queue, w.closing
	w.queue = nil
	if w.nudged {
		w.nudged = false
		w.nudge.Stop()
	}
	w.mu.Unlock()
	w.take(batch)
	if len(batch) > 0 {
		w.idle.Reset(snapshotIdle)
	}
	now := w.clock.Now()
	if w.needsWrite() && (w.jfail == nil || !now.Before(w.jfail.at)) {
		w.flush()
	} else if wasIdle || ticked && w.jfail == nil && w.m.changes > w.saved {
		w.watch() // a change looks as it is written; between changes, a tick
	}
	w.maybeSnapshot(now, wasIdle)
	if closing && mayFinish {
		w.mu.Lock()
		more := len(w.queue) > 0
		w.mu.Unlock()
		if !more {
			w.idle.Stop()
			w.retry.Stop()
			w.finish()
			return true
		}
	}
	if d, ok := w.nextTry(now); ok {
		w.retry.Reset(d)
	} else {
		w.retry.Stop()
	}
	w.publish() // last: once the screen hears of it, the retry is set
	return false
}

// handBack wakes the writer's goroutine, after a Wait's round, when
// changes came in meanwhile or the journal is closing: its kick may have
// found the turn taken.
func (w *writer) handBack() {
	w.mu.Lock()
	more := len(w.queue) > 0 || w.closing
	w.mu.Unlock()
	if more {
		w.kick()
	}
}

// take encodes the changes that came in as journal lines, to write.
func (w *writer) take(batch []queued) {
	if w.failed() != nil {
		return
	}
	rng := w.m.rng
	if len(w.pending) > 0 {
		rng = w.pending[len(w.pending)-1].c.RNG
	}
	for _, q := range batch {
		r, comment, err := recordOf(w.m.rules, q.c, rng)
		rng = q.c.RNG
		var text []byte
		if err == nil {
			text, err = appendLine(nil, strconv.Itoa(q.n), r, comment)
		}
		if err != nil {
			w.fail(fmt.Errorf("change %d: %w", q.n, err))
			return
		}
		w.pending = append(w.pending, pendLine{n: q.n, c: q.c, line: keptLine{n: q.n, text: text}})
	}
}

// needsWrite reports whether there is something to make durable.
func (w *writer) needsWrite() bool {
	return w.failed() == nil && (len(w.pending) > 0 || w.whole || w.untrusted && w.jfail != nil || w.f == nil && w.jfail != nil)
}

// nextTry is how long until a write or a snapshot that failed is tried
// again, or until the files are looked at, if either is due.
func (w *writer) nextTry(now time.Time) (time.Duration, bool) {
	var at time.Time
	switch {
	case w.jfail != nil && w.needsWrite():
		at = w.jfail.at
	case w.sfail != nil && w.m.changes > w.saved && !w.snapping:
		at = w.sfail.at
	case w.jfail == nil && w.m.changes > w.saved:
		at = now.Add(watchEvery)
	default:
		return 0, false
	}
	return max(at.Sub(now), time.Millisecond), true
}

func (w *writer) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// flush makes the pending changes durable: appended to the journal, or,
// when it cannot be trusted, in a journal written anew or with the whole
// fight (rewrite).
func (w *writer) flush() {
	switch {
	case w.whole, w.f == nil:
		// The fight is to be written whole; or there is no journal to
		// append to (a new fight's first change, or the last one could
		// not be written anew).
		w.rewrite()
		return
	case w.untrusted && !w.repair():
		w.rewrite()
		return
	}
	if len(w.pending) == 0 {
		w.recovered()
		return
	}
	buf := make([]byte, 0, 128*len(w.pending))
	for _, p := range w.pending {
		buf = append(buf, p.line.text...)
	}
	tracef("append")
	n, err := w.f.Write(buf)
	if err != nil {
		w.untrusted = true
		w.failJournal("appending to the journal", err)
		return
	}
	if err := w.f.Sync(); err != nil {
		w.untrusted = true
		w.failJournal("syncing the journal", err)
		return
	}
	tracef("synced")
	if what, save := w.moved(); what != "" {
		// Written to a file that is not the fight's journal any more, or
		// beside a save that is not the one fray wrote.
		w.noticed(what, save)
		w.rewrite()
		return
	}
	w.size += int64(n)
	w.commit()
	w.recovered()
}

// rewrite makes the pending changes durable without appending to the
// journal as it is. When the save is fray's, the journal is written anew
// first, with every line the backup does not hold and the pending ones
// (a few kilobytes: what only a deleted journal held is on disk again at
// once), and a snapshot follows in the background; else, or when the
// journal cannot be written, the whole fight is written as the save.
func (w *writer) rewrite() {
	if !w.whole {
		if err := w.newJournal(true); err == nil {
			w.commit()
			w.recovered()
			w.snapSoon = true
			return
		}
	}
	w.writeWhole()
}

// watch looks whether the journal and the save are still where fray
// wrote them; if not, what is missing is written again.
func (w *writer) watch() {
	if w.f == nil || w.untrusted || w.failed() != nil {
		return
	}
	if what, save := w.moved(); what != "" {
		w.noticed(what, save)
		w.rewrite()
		w.publish()
	}
}

// moved says how the journal or the save is not the file fray wrote (and
// whether it is the save), or "" when both are.
func (w *writer) moved() (what string, save bool) {
	if w.f != nil && w.journalID != nil {
		fi, err := w.fs.Stat(w.jpath)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "the journal was deleted or moved", false
		case err != nil:
			return fmt.Sprintf("the journal cannot be looked at (%v)", err), false
		case !os.SameFile(fi, w.journalID):
			return "the journal was replaced by another file", false
		}
	}
	if w.saveID != nil && !w.snapping {
		fi, err := w.fs.Stat(w.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "the save was deleted or moved", true
		case err != nil:
			return fmt.Sprintf("the save cannot be looked at (%v)", err), true
		case !os.SameFile(fi, w.saveID):
			return "the save was replaced by another file", true
		}
	}
	return "", false
}

// noticed logs that a file was found replaced: the journal is written
// anew, and the fight whole when it was the save.
func (w *writer) noticed(what string, save bool) {
	log.Printf("%s: %s while fray had the fight open: the fight is written again", session.Safe(w.path), what)
	w.untrusted = true
	w.whole = w.whole || save
}

// repair cuts the journal back to where its last good line ends, after a
// write that failed: reports whether it could.
func (w *writer) repair() bool {
	if what, save := w.moved(); what != "" {
		w.noticed(what, save)
		return false
	}
	if err := w.f.Truncate(w.size); err != nil {
		return false
	}
	if err := w.f.Sync(); err != nil {
		return false
	}
	w.untrusted = false
	return true
}

// commit takes the pending changes as durable.
func (w *writer) commit() {
	last := -1
	for _, p := range w.pending {
		w.m.apply(p.c)
		w.kept = append(w.kept, p.line)
		last = p.n
	}
	if len(w.pending) > 0 {
		w.m.changed = w.st.now()
	}
	w.pending = w.pending[:0]
	w.announceSaved()
	w.mu.Lock()
	if last >= 0 {
		w.durable = max(w.durable, last)
	}
	if w.initial {
		w.durable = max(w.durable, 0)
		w.initial = false
	}
	w.cond.Broadcast()
	w.mu.Unlock()
}

// announceSaved says, once a fight made new has its first save (before
// Wait(0) hears of it), that this process has it open: a viewer following
// the GM can read it now. Only the goroutine's rounds clear initial
// (writeNow leaves a new fight's first save to it).
func (w *writer) announceSaved() {
	if w.initial && w.playing == 0 {
		w.playing = w.st.announce.opened(w.path)
	}
}

// writeWhole writes the whole fight, the pending changes with it, as a
// save, and then the journal anew. Once the save is written, every change
// is durable, whatever becomes of the journal.
func (w *writer) writeWhole() {
	if w.snapping {
		w.snapped(<-w.snapDone)
	}
	m := w.m // a copy, which takes the pending changes only if the save is written
	m.done, m.undone = slices.Clone(m.done), slices.Clone(m.undone)
	for _, p := range w.pending {
		m.apply(p.c)
	}
	if len(w.pending) > 0 {
		m.changed = w.st.now()
	}
	snap, mt, err := m.snapshot()
	mt.fight = w.fight
	tracef("whole")
	var res saveResult
	if err == nil {
		res, err = w.st.writeSave(w.path, snap, mt, true)
	}
	if err != nil {
		tracef("whole failed")
		w.failJournal("writing the fight whole", err)
		return
	}
	tracef("whole written")
	for _, p := range w.pending {
		w.kept = append(w.kept, p.line)
	}
	last := -1
	if len(w.pending) > 0 {
		last = w.pending[len(w.pending)-1].n
	}
	w.pending = w.pending[:0]
	w.m, w.saveID, w.whole = m, res.info, false
	w.tookSave(res.backedUp, mt.changes)
	w.announceSaved()
	w.mu.Lock()
	w.durable = max(w.durable, last, 0)
	w.initial = false
	w.cond.Broadcast()
	w.mu.Unlock()
	// The old journal is done with: the next one starts from the backup.
	if w.f != nil {
		w.f.Close()
		w.f = nil
	}
	w.untrusted = false
	if err := w.newJournal(false); err != nil {
		w.failJournal("writing the journal anew", err)
		return
	}
	w.recovered()
}

// tookSave notes a save written with `changes` changes: the save it
// replaced is the backup now, or, when the backup was kept (it held more),
// the journal need keep nothing the save holds.
func (w *writer) tookSave(backedUp bool, changes int) {
	if backedUp {
		w.bak = w.saved
	} else {
		w.bak = changes
	}
	w.saved = changes
}

// newJournal writes the journal anew with the lines the backup does not
// hold (and the pending ones, when withPending) and opens it to append.
func (w *writer) newJournal(withPending bool) error {
	i := 0
	for i < len(w.kept) && w.kept[i].n <= w.bak {
		i++
	}
	kept := slices.Clone(w.kept[i:])
	lines := kept
	if withPending {
		for _, p := range w.pending {
			lines = append(lines, p.line)
		}
	}
	tracef("rotate")
	f, size, err := createJournal(w.fs, w.jpath, w.m.name, w.fight, w.bak, lines)
	if err != nil {
		tracef("rotate failed")
		if withPending {
			w.failJournal("writing the journal anew", err)
		}
		return err
	}
	if w.f != nil {
		w.f.Close()
	}
	w.f, w.size, w.after, w.kept, w.untrusted = f, size, w.bak, kept, false
	w.journalID, _ = f.Stat()
	tracef("rotated")
	return nil
}

// failJournal notes a write of the journal (or of the fight whole) that
// failed: it is tried again after a while, longer each time. It is logged
// once, not at each try.
func (w *writer) failJournal(what string, err error) {
	w.jfail = w.failure(w.jfail, what, err)
}

func (w *writer) failure(f *failure, what string, err error) *failure {
	now := w.clock.Now()
	if f == nil || f.what != what || f.err.Error() != err.Error() {
		if f == nil {
			f = &failure{delay: retryFirst}
		}
		log.Printf("%s: %s: %v (fray keeps the changes and tries again, every %v at most)", session.Safe(w.path), what, err, retryMost)
	} else {
		f.delay = min(f.delay*2, retryMost)
	}
	f.what, f.err, f.at = what, err, now.Add(f.delay)
	return f
}

// recovered notes that the journal's writes succeed again.
func (w *writer) recovered() {
	if w.jfail != nil {
		log.Printf("%s: written again: every change is on disk", session.Safe(w.path))
		w.jfail = nil
	}
}

// publish makes the writer's trouble the journal's Trouble, for the
// screen: a new value only when it says something new.
func (w *writer) publish() {
	var t *session.Trouble
	switch f := w.jfail; {
	case f != nil:
		t = &session.Trouble{What: f.what, Err: f.err, Saved: len(w.pending) == 0 && !w.whole, Retry: f.delay}
	case w.sfail != nil:
		f = w.sfail
		t = &session.Trouble{What: f.what, Err: f.err, Saved: true, Retry: f.delay}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	old := w.trouble
	if t == nil && old == nil || t != nil && old != nil && t.What == old.What && t.Err.Error() == old.Err.Error() && t.Saved == old.Saved {
		return
	}
	w.trouble = t
	w.cond.Broadcast()
}

// fail stops the journal: every later Wait reports err. It is for what no
// retry can mend (a change that cannot be written as a line).
func (w *writer) fail(err error) {
	log.Printf("%s: %v", session.Safe(w.jpath), err)
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.cond.Broadcast()
	w.mu.Unlock()
}

// maybeSnapshot takes a snapshot in the background when one is due: every
// snapshotEvery changes, or when the fight has been left alone. One that
// failed is tried again after a while, not at each change.
func (w *writer) maybeSnapshot(now time.Time, idle bool) {
	if w.snapping || w.untrusted || w.whole || w.f == nil || len(w.pending) > 0 || w.jfail != nil || w.failed() != nil {
		return
	}
	if w.m.changes <= w.saved {
		return
	}
	due := w.m.changes-w.saved >= snapshotEvery || idle || w.snapSoon
	if w.sfail != nil {
		due = !now.Before(w.sfail.at)
	}
	if due {
		w.snapshot()
	}
}

// snapshot writes a snapshot of the mirror in the background.
func (w *writer) snapshot() {
	w.snapping, w.snapSoon = true, false
	snap, m, err := w.m.snapshot()
	m.fight = w.fight
	if err != nil {
		w.snapped(snapResult{m.changes, saveResult{}, err})
		return
	}
	go func() {
		tracef("snapshot")
		res, err := w.st.writeSave(w.path, snap, m, true)
		tracef("snapshot written")
		w.snapDone <- snapResult{m.changes, res, err}
	}()
}

// snapped takes in a snapshot written: the old save is the backup now, and
// the journal keeps the lines after it.
func (w *writer) snapped(r snapResult) {
	w.snapping = false
	if r.err != nil {
		// The journal has every change; the snapshot is tried again later.
		w.sfail = w.failure(w.sfail, "writing a snapshot", r.err)
		return
	}
	if w.sfail != nil {
		log.Printf("%s: a snapshot was written again", session.Safe(w.path))
		w.sfail = nil
	}
	w.saveID = r.res.info
	w.tookSave(r.res.backedUp, r.changes)
	w.rotate()
}

// rotate writes the journal anew with the lines the backup does not hold.
func (w *writer) rotate() {
	if w.failed() != nil || w.untrusted || w.f == nil || len(w.pending) > 0 || w.bak <= w.after {
		return
	}
	if err := w.newJournal(false); err != nil {
		// The old journal is whole: appending goes on there.
		log.Printf("%s: %v", session.Safe(w.jpath), err)
	}
}

// crash stops the journal as a kill would, after the changes queued are
// written: no last snapshot. For tests.
func (w *writer) crash() {
	w.mu.Lock()
	w.crashed = true
	w.mu.Unlock()
	w.Close()
}

// finish ends the journal: what is pending is tried once more, whatever
// the wait between tries, then a last snapshot when there are changes the
// save does not hold; then the file and the lock are let go.
func (w *writer) finish() {
	if w.snapping {
		w.snapped(<-w.snapDone)
	}
	w.mu.Lock()
	crashed := w.crashed
	w.mu.Unlock()
	defer w.st.announce.closed(w.playing)
	if crashed {
		if w.f != nil {
			w.f.Close()
		}
		w.lock.Release()
		w.end(errors.New("the journal was closed"))
		return
	}
	if w.needsWrite() {
		w.flush()
	}
	var errs []error
	if err := w.failed(); err != nil {
		errs = append(errs, err)
	}
	switch {
	case len(errs) > 0:
	case w.jfail != nil && (len(w.pending) > 0 || w.whole):
		errs = append(errs, fmt.Errorf("not saved: %d change(s) could not be written (%s: %v)", len(w.pending), w.jfail.what, w.jfail.err))
	case w.m.changes > w.saved && !w.untrusted && w.f != nil:
		snap, m, err := w.m.snapshot()
		m.fight = w.fight
		var res saveResult
		if err == nil {
			res, err = w.st.writeSave(w.path, snap, m, true)
		}
		if err == nil {
			w.saveID = res.info
			w.tookSave(res.backedUp, m.changes)
			w.rotate()
		} else {
			errs = append(errs,
				fmt.Errorf("the last snapshot failed (%v); every change is in %s, and opens with the fight", err, filepath.Base(w.jpath)))
		}
	}
	if w.f != nil {
		if err := w.f.Close(); err != nil && len(errs) == 0 {
			errs = append(errs, err)
		}
	}
	w.lock.Release()
	w.closeErr = errors.Join(errs...)
	w.end(w.closeErr)
}

// end marks the journal closed: a Wait for a change that is not durable
// returns err.
func (w *writer) end(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ended = true
	if w.err == nil && w.durable < w.next {
		if err == nil {
			err = errors.New("the journal was closed")
		}
		w.err = err
	}
	w.cond.Broadcast()
}
