//go:build unix

package session

import (
	"os"
	"syscall"
)

// OpenRegular opens a file to read, if it is a regular one. The open does
// not wait for a writer, should the file be a pipe; what is opened is what
// is checked, so the file cannot be swapped in between.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return f, nil
}
