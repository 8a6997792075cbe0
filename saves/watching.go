package saves

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Who is watching a fight: each process that shows its player view (fray
// watch, fray serve) keeps a small file beside the saves saying how many
// viewers it has, written again every WatchRefresh; the GM's fray adds up
// the files written lately. A watcher killed without a goodbye drops out
// of the count once its file is WatchStale old. Nothing here touches the
// fight's own files.

// WatchRefresh is how often a watcher writes its file; WatchStale how old
// a file may be before it no longer counts.
const (
	WatchRefresh = 2 * time.Second
	WatchStale   = 3 * WatchRefresh
)

// watchFile is where the process pid says how many watch the fight at path
// ("" for no fight: nowhere).
func watchFile(path string, pid int) string {
	if path == "" {
		return ""
	}
	real := mainPath(resolve(path))
	return filepath.Join(filepath.Dir(real), "watching", fmt.Sprintf("%s.%d", filepath.Base(real), pid))
}

// Watch says that n viewers of this process watch the fight at path, until
// the watch is stopped. Set changes the number.
type Watch struct {
	mu   sync.Mutex
	file string
	n    int
	gone bool // stopped: nothing is written again
	stop chan struct{}
	done chan struct{}
}

// StartWatch begins saying so; the file is written at once and then every
// WatchRefresh. A path of "" (no fight yet) says nothing until Move.
func StartWatch(path string, n int) *Watch {
	w := &Watch{file: watchFile(path, os.Getpid()), n: n, stop: make(chan struct{}), done: make(chan struct{})}
	w.write()
	go func() {
		defer close(w.done)
		t := time.NewTicker(WatchRefresh)
		defer t.Stop()
		for {
			select {
			case <-w.stop:
				w.mu.Lock()
				w.gone = true
				os.Remove(w.file)
				w.mu.Unlock()
				return
			case <-t.C:
				w.write()
			}
		}
	}()
	return w
}

// Set changes how many viewers this process has. A nil Watch counts
// nothing.
func (w *Watch) Set(n int) {
	if w == nil {
		return
	}
	w.mu.Lock()
	w.n = n
	w.mu.Unlock()
	w.write()
}

// Move says the viewers now watch the fight at path: the file for the
// fight watched before goes, and one for path is written.
func (w *Watch) Move(path string) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.gone {
		return
	}
	file := watchFile(path, os.Getpid())
	if file == w.file {
		return
	}
	if w.file != "" {
		os.Remove(w.file)
	}
	w.file = file
	w.writeLocked()
}

// Stop removes the file.
func (w *Watch) Stop() {
	close(w.stop)
	<-w.done
}

func (w *Watch) write() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writeLocked()
}

// writeLocked writes the file (the caller holds w.mu).
func (w *Watch) writeLocked() {
	if w.gone || w.file == "" {
		return
	}
	os.MkdirAll(filepath.Dir(w.file), 0o755)
	tmp := w.file + ".tmp"
	if os.WriteFile(tmp, []byte(strconv.Itoa(w.n)+"\n"), 0o644) == nil {
		os.Rename(tmp, w.file)
	}
}

// Watching is how many viewers watch the fight at path now. Files gone
// stale are removed.
func Watching(path string) int {
	real := mainPath(resolve(path))
	dir, prefix := filepath.Join(filepath.Dir(real), "watching"), filepath.Base(real)+"."
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	total := 0
	for _, e := range entries {
		name := e.Name()
		pid, ok := strings.CutPrefix(name, prefix)
		if !ok || strings.Contains(pid, ".") || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if time.Since(info.ModTime()) > WatchStale {
			os.Remove(filepath.Join(dir, name))
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if n, err2 := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && err2 == nil && n > 0 && n < 1<<20 {
			total += n
		}
	}
	return total
}
