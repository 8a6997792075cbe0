//go:build !unix

package saves

import (
	"os"
	"sync"

	"fray/session"
)

// Without flock, a lock is only as good as this process's own bookkeeping.
var locked sync.Map

func lockFile(f *os.File) error {
	if _, dup := locked.LoadOrStore(f.Name(), true); dup {
		return session.ErrLocked
	}
	return nil
}

func unlockFile(f *os.File) { locked.Delete(f.Name()) }
