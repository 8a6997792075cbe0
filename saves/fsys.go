package saves

import (
	"io/fs"
	"os"
	"time"
)

// fileSys is the file operations that write a fight: a journal appended,
// a save or a journal written anew, a backup kept, a lock taken. The store
// does them through this seam (osFS) so that a test can make any of them
// fail, as a full disk, a file made read-only or a dying disk would.
// Reading goes straight to the files: what fails there is reported as the
// fight opens.
type fileSys interface {
	// OpenAppend opens a file to append to it (a journal).
	OpenAppend(path string) (file, error)
	// CreateTemp makes a new temp file in dir, as os.CreateTemp.
	CreateTemp(dir, pattern string) (file, error)
	// Create makes a new file to write (an error if there is one).
	Create(path string) (file, error)
	Rename(from, to string) error
	Link(from, to string) error
	Remove(path string) error
	Stat(path string) (fs.FileInfo, error)
	MkdirAll(dir string) error
	SyncDir(dir string) error
	// OpenLock opens (making it if need be) a fight's lock file.
	OpenLock(path string) (*os.File, error)
}

// file is a file open to write.
type file interface {
	Name() string
	Write(p []byte) (int, error)
	Sync() error
	Truncate(size int64) error
	Stat() (fs.FileInfo, error)
	Close() error
}

// osFS is the file system itself.
type osFS struct{}

func (osFS) OpenAppend(path string) (file, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, err // not a nil *os.File in an interface
	}
	return f, nil
}

func (osFS) CreateTemp(dir, pattern string) (file, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (osFS) Create(path string) (file, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (osFS) Rename(from, to string) error          { return os.Rename(from, to) }
func (osFS) Link(from, to string) error            { return os.Link(from, to) }
func (osFS) Remove(path string) error              { return os.Remove(path) }
func (osFS) Stat(path string) (fs.FileInfo, error) { return os.Stat(path) }
func (osFS) MkdirAll(dir string) error             { return os.MkdirAll(dir, 0o755) }
func (osFS) SyncDir(dir string) error              { return syncDir(dir) }
func (osFS) OpenLock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
}

// clock is the time as the writer sees it: when to retry a write that
// failed, when a fight has been left alone long enough for a snapshot. A
// test turns it by hand.
type clock interface {
	Now() time.Time
	NewTimer(d time.Duration) timer
}

// timer is a time.Timer as the clock makes it.
type timer interface {
	C() <-chan time.Time
	Stop() bool
	Reset(d time.Duration) bool
}

// realClock is the time itself.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }
func (realClock) NewTimer(d time.Duration) timer {
	return realTimer{time.NewTimer(d)}
}

type realTimer struct{ t *time.Timer }

func (t realTimer) C() <-chan time.Time        { return t.t.C }
func (t realTimer) Stop() bool                 { return t.t.Stop() }
func (t realTimer) Reset(d time.Duration) bool { return t.t.Reset(d) }
