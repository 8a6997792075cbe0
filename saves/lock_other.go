//go:build !unix

package saves

import (
	"os"

	"fray/session"
)

// Without flock, a lock is only as good as this process's own bookkeeping.
var held = map[string]bool{}

func lockFile(f *os.File) error {
	if held[f.Name()] {
		return session.ErrLocked
	}
	held[f.Name()] = true
	return nil
}

func unlockFile(f *os.File) { delete(held, f.Name()) }
