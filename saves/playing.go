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

// Which fight the GM has open, for the viewers that follow it (fray watch
// and fray serve without a FILE). A tracker whose store announces (Store.
// Announce) keeps a small file in playing/ beside the saves, named by its
// process id: the fight it opened for writing last and still has, and
// when it opened it. The file is written anew every PlayRefresh while the
// tracker has a fight, and removed when it has none (the fight closed,
// the tracker quit). Playing reads the files: the fight opened last by a
// tracker still running. A tracker killed without a goodbye leaves a file
// that stops being written: once it is PlayStale old it no longer counts.
//
// Nothing a viewer shows depends on the file being durable: it is a hint,
// written whole (a temp file renamed over it) so it is never read torn,
// and rebuilt every PlayRefresh; after a crash of the machine no tracker
// runs, and the viewers stay on the fight they show.

// PlayRefresh is how often a tracker writes its file; PlayStale how old a
// file may be before it no longer counts.
const (
	PlayRefresh = 2 * time.Second
	PlayStale   = 3 * PlayRefresh
)

// playRefresh is PlayRefresh (tests take it more often).
var playRefresh = PlayRefresh

// playingDir is where the trackers' files are, for saves in dir.
func playingDir(dir string) string { return filepath.Join(dir, "playing") }

// announcer is a tracker's file in playing/: the fights this process has
// open for writing, the newest one named in the file.
type announcer struct {
	file  string
	every time.Duration // how often the file is written again

	mu      sync.Mutex
	open    []announced // in the order they were opened
	next    int
	refresh chan struct{} // closed to stop the refresh; nil while none runs
}

type announced struct {
	id    int
	path  string
	since time.Time
}

// Announce makes the fights this store opens for writing known as the
// fight this process has open, for viewers to follow (Playing). The
// tracker's store announces; others (fray new, tests) do not.
func (s *Store) Announce() {
	s.announce = &announcer{file: filepath.Join(playingDir(s.dir), strconv.Itoa(os.Getpid())), every: playRefresh}
}

// opened says that this process has the fight at path open (resolved)
// and returns what closed takes.
func (a *announcer) opened(path string) int {
	if a == nil {
		return 0
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.next++
	a.open = append(a.open, announced{id: a.next, path: path, since: time.Now()})
	a.write()
	if a.refresh == nil {
		stop := make(chan struct{})
		a.refresh = stop
		go func() {
			t := time.NewTicker(a.every)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					a.mu.Lock()
					if a.refresh == stop {
						a.write()
					}
					a.mu.Unlock()
				}
			}
		}()
	}
	return a.next
}

// closed says the fight opened as id is let go.
func (a *announcer) closed(id int) {
	if a == nil || id == 0 {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for i, o := range a.open {
		if o.id == id {
			a.open = append(a.open[:i], a.open[i+1:]...)
			break
		}
	}
	a.write()
	if len(a.open) == 0 && a.refresh != nil {
		close(a.refresh)
		a.refresh = nil
	}
}

// write writes the file anew, or removes it when no fight is open (the
// caller holds a.mu).
func (a *announcer) write() {
	if len(a.open) == 0 {
		os.Remove(a.file)
		return
	}
	o := a.open[len(a.open)-1]
	os.MkdirAll(filepath.Dir(a.file), 0o755)
	tmp := a.file + ".tmp"
	if os.WriteFile(tmp, []byte(fmt.Sprintf("%d\n%s\n", o.since.UnixNano(), o.path)), 0o644) == nil {
		os.Rename(tmp, a.file)
	}
}

// playAbandoned is how old a tracker's file is before a reader removes it:
// far past PlayStale, so a tracker only paused (a stopped process, a
// suspended laptop) that writes again has long been counted out.
const playAbandoned = time.Hour

// Playing is the fight the GM has open, for saves in dir: of the trackers
// running, the fight opened last. ok is false when no tracker has a fight
// open (none runs, or each is on its start screen).
func Playing(dir string) (path string, ok bool) {
	pdir := playingDir(dir)
	entries, err := os.ReadDir(pdir)
	if err != nil {
		return "", false
	}
	var newest int64
	for _, e := range entries {
		name := e.Name()
		if _, err := strconv.Atoi(name); err != nil || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if age := time.Since(info.ModTime()); age > PlayStale {
			if age > playAbandoned {
				os.Remove(filepath.Join(pdir, name))
			}
			continue
		}
		since, p, good := readPlaying(filepath.Join(pdir, name))
		if good && (!ok || since > newest) {
			newest, path, ok = since, p, true
		}
	}
	return path, ok
}

// readPlaying reads a tracker's file: when it opened its fight, and where
// the fight is.
func readPlaying(file string) (since int64, path string, ok bool) {
	data, err := os.ReadFile(file)
	if err != nil || len(data) > 64<<10 {
		return 0, "", false
	}
	first, rest, found := strings.Cut(string(data), "\n")
	path = strings.TrimSuffix(rest, "\n")
	since, err = strconv.ParseInt(first, 10, 64)
	if !found || err != nil || !filepath.IsAbs(path) {
		return 0, "", false
	}
	return since, path, true
}

// SameFight reports whether two paths name one fight: the same save,
// through any symbolic link, or a save and its backup.
func SameFight(a, b string) bool {
	return a == b || mainPath(resolve(a)) == mainPath(resolve(b))
}
