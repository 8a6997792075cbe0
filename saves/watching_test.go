package saves

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestWatchingCountsLiveWatchers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fight.toml")
	if n := Watching(path); n != 0 {
		t.Fatalf("nobody watches yet, counted %d", n)
	}
	a := StartWatch(path, 1)
	// Another process's file, reached through the backup's name (the same fight).
	other := watchFile(path+".bak", os.Getpid()+1)
	if err := os.WriteFile(other, []byte("3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := Watching(path); n != 4 {
		t.Errorf("1 + 3 watching, counted %d", n)
	}
	a.Stop()
	if n := Watching(path); n != 3 {
		t.Errorf("after one stopped, counted %d", n)
	}
	old := time.Now().Add(-2 * WatchStale)
	os.Chtimes(other, old, old)
	if n := Watching(path); n != 0 {
		t.Errorf("a stale watcher still counts: %d", n)
	}
	if _, err := os.Stat(other); err == nil {
		t.Error("a stale watcher's file is left")
	}
}
