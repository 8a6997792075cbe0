package saves

import (
	"fmt"
	"os"
	"sync"
)

// Lock is held while a fray may write a save. It lives in path.lock and is
// released by the operating system if fray dies, so it never goes stale.
// A save's backup (path.bak) is locked with it.
type Lock struct {
	f    *os.File
	path string
}

// held is the saves this process has locked.
var held = struct {
	sync.Mutex
	paths map[string]bool
}{paths: map[string]bool{}}

// Acquire takes the lock of the save at path, or returns session.ErrLocked
// (another fray has it), or why the lock file cannot be opened (a
// directory or lock file that is not the GM's to write, say).
func Acquire(path string) (*Lock, error) { return acquire(osFS{}, path) }

func acquire(fsys fileSys, path string) (*Lock, error) {
	path = mainPath(path)
	f, err := fsys.OpenLock(path + ".lock")
	if err != nil {
		return nil, fmt.Errorf("cannot take its lock: %w", err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	f.Truncate(0)
	fmt.Fprintf(f, "%d\n", os.Getpid())
	held.Lock()
	held.paths[path] = true
	held.Unlock()
	return &Lock{f: f, path: path}, nil
}

// Release lets go of the lock. The lock file stays: removing it would let
// two frays lock two different files of the same name.
func (l *Lock) Release() {
	if l != nil && l.f != nil {
		held.Lock()
		delete(held.paths, l.path)
		held.Unlock()
		unlockFile(l.f)
		l.f.Close()
		l.f = nil
	}
}

// isHeldHere reports whether this process holds the save's lock.
func isHeldHere(path string) bool {
	held.Lock()
	defer held.Unlock()
	return held.paths[mainPath(path)]
}
