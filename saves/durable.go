package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"fray/session"
)

// MaxFileSize is the largest save or journal fray reads (a fight of 100,000
// events saves in some 12 MB).
const MaxFileSize = 64 << 20

// WriteFile replaces path with data durably: a temp file in the same
// directory is written, synced, closed, read back and checked with verify
// (when not nil) before anything is replaced; the previous file is kept as
// path.bak (unless path.bak holds more: backup.go); the temp file is
// renamed over path and the directory synced. If any step fails the old
// file is untouched.
func WriteFile(path string, data []byte, verify func([]byte) error) error {
	_, err := writeFile(osFS{}, path, data, verify, true)
	return err
}

// writeFile is WriteFile through fsys; backup says whether to keep a
// backup at all, and backedUp whether one was kept.
func writeFile(fsys fileSys, path string, data []byte, verify func([]byte) error, backup bool) (backedUp bool, err error) {
	dir := filepath.Dir(path)
	if err := fsys.MkdirAll(dir); err != nil {
		return false, err
	}
	tmp, err := fsys.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return false, err
	}
	name := tmp.Name()
	defer func() {
		if err != nil {
			fsys.Remove(name)
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	if verify != nil {
		back, err := os.ReadFile(name)
		if err != nil {
			return false, err
		}
		if err := verify(back); err != nil {
			return false, fmt.Errorf("the new save does not load, so the old one was kept: %w", err)
		}
	}
	if backup {
		if backedUp, err = keepBackup(fsys, path); err != nil {
			return false, err
		}
	}
	if err := fsys.Rename(name, path); err != nil {
		return false, err
	}
	return backedUp, fsys.SyncDir(dir)
}

func copyFile(fsys fileSys, from, to string) error {
	in, err := session.OpenRegular(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := fsys.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	// Some file systems cannot sync a directory (EINVAL); the rename stands.
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}

// ErrTooLarge is a file larger than MaxFileSize.
var ErrTooLarge = fmt.Errorf("larger than %d MB", MaxFileSize>>20)

// readRegular reads a regular file of at most MaxFileSize bytes.
func readRegular(path string) ([]byte, error) {
	f, err := session.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	if st, err := f.Stat(); err == nil && st.Size() <= MaxFileSize {
		buf.Grow(int(st.Size()) + 512) // one allocation, as os.ReadFile does
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, MaxFileSize+1)); err != nil {
		return nil, err
	}
	if buf.Len() > MaxFileSize {
		return nil, ErrTooLarge
	}
	return buf.Bytes(), nil
}
