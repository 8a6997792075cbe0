package saves

import (
	"fmt"
	"os"
)

// Lock is held while a fray may write a save. It lives in path.lock and is
// released by the operating system if fray dies, so it never goes stale.
type Lock struct {
	f *os.File
}

// Acquire takes the lock of the save at path, or returns session.ErrLocked.
func Acquire(path string) (*Lock, error) {
	f, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	f.Truncate(0)
	fmt.Fprintf(f, "%d\n", os.Getpid())
	return &Lock{f: f}, nil
}

// Release lets go of the lock. The lock file stays: removing it would let
// two frays lock two different files of the same name.
func (l *Lock) Release() {
	if l != nil && l.f != nil {
		unlockFile(l.f)
		l.f.Close()
		l.f = nil
	}
}
