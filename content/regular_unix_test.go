//go:build unix

package content

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A pipe named like a content file, or a link to a device, is skipped with
// a problem: it hung fray as it started, and fray check.
func TestOnlyRegularFilesAreRead(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.toml"))
	done := make(chan []Problem, 3)
	go func() {
		_, probs := Load(dir)
		done <- probs
		done <- Check(dir)
		done <- Check(filepath.Join(dir, "pipe.toml"))
	}()
	for i, want := range []int{2, 2, 1} {
		select {
		case probs := <-done:
			if len(probs) != want {
				t.Fatalf("call %d: %d problems, want %d: %v", i, len(probs), want, probs)
			}
			for _, p := range probs {
				if !strings.Contains(p.Msg, "not a regular file") || !strings.HasSuffix(p.File, ".toml") {
					t.Errorf("problem %v", p)
				}
			}
		case <-time.After(2 * time.Second):
			t.Fatal("hung on a pipe or a device")
		}
	}
}
