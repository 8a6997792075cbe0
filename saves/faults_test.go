package saves

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// faultFS is the file system with faults on demand: fail, when set, is
// asked before each operation (op is "open", "create", "write", "sync",
// "truncate", "rename", "link", "remove", "mkdir", "syncdir" or "lock";
// path the file's, a rename's target) and what it returns is the
// operation's error. A write that fails writes part of its bytes first, as
// a disk filling up does. It counts the operations asked for.
type faultFS struct {
	osFS
	mu   sync.Mutex
	fail func(op, path string) error
	ops  map[string]int
}

func newFaultFS() *faultFS { return &faultFS{ops: map[string]int{}} }

func (f *faultFS) check(op, path string) error {
	f.mu.Lock()
	fail := f.fail
	f.ops[op]++
	f.mu.Unlock()
	if fail == nil {
		return nil
	}
	return fail(op, path)
}

// set changes the faults; nil heals the disk.
func (f *faultFS) set(fail func(op, path string) error) {
	f.mu.Lock()
	f.fail = fail
	f.mu.Unlock()
}

// count is how many operations of a kind were asked for.
func (f *faultFS) count(op string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ops[op]
}

func (f *faultFS) wrap(fl file, err error, path string) (file, error) {
	if err != nil {
		return nil, err
	}
	return &faultFile{file: fl, fs: f, path: path}, nil
}

func (f *faultFS) OpenAppend(path string) (file, error) {
	if err := f.check("open", path); err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	fl, err := f.osFS.OpenAppend(path)
	return f.wrap(fl, err, path)
}

func (f *faultFS) CreateTemp(dir, pattern string) (file, error) {
	if err := f.check("create", dir+"/"+pattern); err != nil {
		return nil, &fs.PathError{Op: "createtemp", Path: dir + "/" + pattern, Err: err}
	}
	fl, err := f.osFS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return f.wrap(fl, nil, fl.Name())
}

func (f *faultFS) Create(path string) (file, error) {
	if err := f.check("create", path); err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	fl, err := f.osFS.Create(path)
	return f.wrap(fl, err, path)
}

func (f *faultFS) Rename(from, to string) error {
	if err := f.check("rename", to); err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return f.osFS.Rename(from, to)
}

func (f *faultFS) Link(from, to string) error {
	if err := f.check("link", to); err != nil {
		return &os.LinkError{Op: "link", Old: from, New: to, Err: err}
	}
	return f.osFS.Link(from, to)
}

func (f *faultFS) Remove(path string) error {
	if err := f.check("remove", path); err != nil {
		return &fs.PathError{Op: "remove", Path: path, Err: err}
	}
	return f.osFS.Remove(path)
}

func (f *faultFS) MkdirAll(dir string) error {
	if err := f.check("mkdir", dir); err != nil {
		return &fs.PathError{Op: "mkdir", Path: dir, Err: err}
	}
	return f.osFS.MkdirAll(dir)
}

func (f *faultFS) SyncDir(dir string) error {
	if err := f.check("syncdir", dir); err != nil {
		return &fs.PathError{Op: "sync", Path: dir, Err: err}
	}
	return f.osFS.SyncDir(dir)
}

func (f *faultFS) OpenLock(path string) (*os.File, error) {
	if err := f.check("lock", path); err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return f.osFS.OpenLock(path)
}

// faultFile is a file written through a faultFS.
type faultFile struct {
	file
	fs   *faultFS
	path string
}

func (f *faultFile) Write(p []byte) (int, error) {
	if err := f.fs.check("write", f.path); err != nil {
		n := 0
		if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EIO) {
			n, _ = f.file.Write(p[:len(p)/2]) // part of it goes in, as on a disk filling up
		}
		return n, &fs.PathError{Op: "write", Path: f.path, Err: err}
	}
	return f.file.Write(p)
}

func (f *faultFile) Sync() error {
	if err := f.fs.check("sync", f.path); err != nil {
		return &fs.PathError{Op: "sync", Path: f.path, Err: err}
	}
	return f.file.Sync()
}

func (f *faultFile) Truncate(size int64) error {
	if err := f.fs.check("truncate", f.path); err != nil {
		return &fs.PathError{Op: "truncate", Path: f.path, Err: err}
	}
	return f.file.Truncate(size)
}

// journalFile reports whether a path is a journal's, or a journal's temp
// file, or a rename onto one: what making the journal immutable stops.
func journalFile(path string) bool {
	return strings.HasSuffix(path, ".journal") || strings.Contains(path, ".journal.tmp-")
}

// fakeClock is a clock turned by hand (advance): the writer's retries and
// snapshots come when the test says.
type fakeClock struct {
	tb     testing.TB // told when the writer never takes in a tick
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	clock *fakeClock
	c     chan time.Time
	at    time.Time
	on    bool
}

func newFakeClock(tb testing.TB) *fakeClock {
	return &fakeClock{tb: tb, now: time.Date(2030, 1, 1, 20, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) NewTimer(d time.Duration) timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{clock: c, c: make(chan time.Time, 1), at: c.now.Add(d), on: true}
	c.timers = append(c.timers, t)
	return t
}

// advance moves the time on, firing the timers it passes, and waits for
// the writer to take in what fired.
func (c *fakeClock) advance(d time.Duration) {
	before := loops.Load()
	c.mu.Lock()
	c.now = c.now.Add(d)
	fired := false
	for _, t := range c.timers {
		if t.on && !t.at.After(c.now) {
			t.on = false
			select {
			case t.c <- c.now:
				fired = true
			default:
			}
		}
	}
	c.mu.Unlock()
	if fired {
		c.settled(before)
	}
}

// settled waits until every tick fired has been taken and a writer has
// gone round its loop since before; a writer that has not after ten
// seconds is stuck, and fails the test.
func (c *fakeClock) settled(before int64) {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		waiting := 0
		for _, t := range c.timers {
			waiting += len(t.c)
		}
		c.mu.Unlock()
		if waiting == 0 && loops.Load() > before {
			return
		}
		time.Sleep(50 * time.Microsecond)
	}
	c.tb.Helper()
	c.tb.Fatalf("the writer took in no tick of the clock in 10 s: it is stuck")
}

// loops counts the writers' rounds of their loops, for the fake clock.
var loops atomic.Int64

func init() { looped = func() { loops.Add(1) } }

func (t *fakeTimer) C() <-chan time.Time { return t.c }

func (t *fakeTimer) Stop() bool {
	t.clock.mu.Lock()
	defer t.clock.mu.Unlock()
	was := t.on
	t.on = false
	select {
	case <-t.c:
	default:
	}
	return was
}

func (t *fakeTimer) Reset(d time.Duration) bool {
	t.clock.mu.Lock()
	defer t.clock.mu.Unlock()
	was := t.on
	select {
	case <-t.c:
	default:
	}
	t.at, t.on = t.clock.now.Add(d), true
	return was
}
