//go:build unix

package saves

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The hostile files a save's folder may hold are never read: a pipe (it
// would hang fray), a device (it would fill memory), a directory.
func TestOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir, shippedRules, time.Now)
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.toml"))
	os.Mkdir(filepath.Join(dir, "dir.toml"), 0o755)
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		list, err := st.List()
		if err != nil {
			t.Error(err)
		}
		for _, s := range list {
			if !strings.Contains(s.Problem, "not a regular file") {
				t.Errorf("%s listed as %+v", s.Path, s)
			}
		}
		for _, name := range []string{"zero.toml", "pipe.toml", "dir.toml"} {
			if _, err := st.Open(filepath.Join(dir, name)); err == nil || !strings.Contains(err.Error(), "not a regular file") || !strings.Contains(err.Error(), name) {
				t.Errorf("%s: %v", name, err)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("hung on a file that is not a regular one")
	}
}

// A journal that is not a regular file is not read, and not overwritten
// either: it is kept aside, and the fight goes on with a journal of its own.
func TestJournalThatIsAPipe(t *testing.T) {
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	sess := newFight(t, st, "brp", 3)
	sess.Close()
	jp := journalPath(sess.Path)
	os.Remove(jp)
	if err := syscall.Mkfifo(jp, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		sv, err := st.Open(sess.Path)
		if err != nil || !strings.Contains(strings.Join(sv.Notices, ""), "not a regular file") {
			t.Errorf("open: %v %v", err, sv)
			return
		}
		defer sv.Journal.Close()
		if kept, _ := filepath.Glob(jp + ".kept-*"); len(kept) != 1 {
			t.Errorf("the pipe was not kept aside: %v", kept)
		}
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("hung on a journal that is a pipe")
	}
}
