package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"fray/content"
	"fray/saves"
	"fray/tui"
)

// cmdTrack runs the tracker screen, on the save at path when given, or on a
// new demo fight. However the screen ends (quit, a signal, a panic), the
// fight is saved.
//
// Without a save to open, the content loads while Bubble Tea sets the
// terminal up and waits for its first frame (tui.Boot): start-up is then the
// longer of the two, not their sum. A save to open needs the content first:
// a save that does not load is reported before any screen.
func cmdTrack(path string, demo bool, stderr io.Writer) int {
	dir := saves.Dir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(stderr, "fray:", err)
		return 1
	}
	// Nothing may print while the screen is up: logs go to a file.
	if lf, err := os.OpenFile(filepath.Join(dir, "fray.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
		log.SetOutput(lf)
		defer lf.Close()
	}
	sess := &tui.Session{}
	defer sess.Close()
	opts := tui.Options{
		Seed:    func() uint64 { return uint64(now().UnixNano()) },
		NoColor: os.Getenv("NO_COLOR") != "",
		Demo:    demo,
	}
	ld := &loader{dir: dir}
	var root tea.Model
	if path != "" {
		ld.loadContent()
		if code := openSave(ld.st, sess, path, stderr); code != 0 {
			ld.report(stderr)
			return code
		}
		root = ld.model(sess, opts)
	} else {
		root = tui.NewBoot(func() tea.Model { return ld.boot(sess, opts) })
	}

	// Lip Gloss has detected the terminal's colours as the program started
	// (inside tmux that runs "tmux info", some 5 ms); Bubble Tea would do it
	// again before the first frame. 120 frames a second, the most Bubble Tea
	// allows: the first frame (and each key's) waits for the renderer's next
	// tick, 8 ms at most, not 17.
	p := tea.NewProgram(root, tea.WithoutSignalHandler(), tea.WithColorProfile(lipgloss.Writer.Profile), tea.WithFPS(120))
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sig)
	go func() {
		n := 0
		for range sig {
			if n++; n == 1 {
				p.Send(tui.QuitMsg{}) // save, then quit
			} else {
				p.Kill()
			}
		}
	}()
	_, runErr := p.Run()
	st := ld.finish()
	ld.report(stderr)
	var saveErr error
	if st != nil {
		saveErr = sess.SaveNow(st)
	}
	if saveErr != nil {
		fmt.Fprintf(stderr, "fray: the last save failed: %v\n", saveErr)
		log.Printf("final save: %v", saveErr)
	}
	if runErr != nil && !errors.Is(runErr, tea.ErrProgramKilled) {
		fmt.Fprintf(stderr, "fray: %v\n", runErr)
		log.Printf("program: %v", runErr)
		return 1
	}
	if sess.Path != "" && saveErr == nil {
		fmt.Fprintf(stderr, "fray: saved %s\n", sess.Path)
	}
	if saveErr != nil {
		return 1
	}
	return 0
}

// loader loads the content and builds the tracker, on the program's side
// or before it starts. finish waits for a load under way and stops one that
// has not begun, so the program's end never races its start.
type loader struct {
	dir string

	mu       sync.Mutex
	finished bool
	lib      *content.Library
	probs    []content.Problem
	st       *store
}

func (l *loader) loadContent() {
	l.lib, l.probs = content.Load(content.UserDir())
	l.st = newStore(l.dir, l.lib)
}

func (l *loader) model(sess *tui.Session, opts tui.Options) tea.Model {
	for _, p := range l.probs {
		opts.Notices = append(opts.Notices, fmt.Sprintf("%v (file skipped)", p))
	}
	return tui.New(library{l.lib}, l.st, sess, opts)
}

// boot loads and builds, unless the program has already ended.
func (l *loader) boot(sess *tui.Session, opts tui.Options) tea.Model {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.finished {
		return nil
	}
	l.loadContent()
	return l.model(sess, opts)
}

// finish returns the store, nil when nothing was loaded.
func (l *loader) finish() *store {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.finished = true
	return l.st
}

// report prints the content files that were skipped: the screen showed
// them too, but it is gone.
func (l *loader) report(stderr io.Writer) {
	for _, p := range l.probs {
		fmt.Fprintf(stderr, "fray: %v (file skipped)\n", p)
	}
}

// openSave loads and locks the save at path before the screen starts. A save
// that does not load is reported and left alone; its backup is offered.
func openSave(st *store, sess *tui.Session, path string, stderr io.Writer) int {
	s, err := st.Load(path)
	if err != nil {
		fmt.Fprintf(stderr, "fray: %v\n", err)
		if _, berr := st.Load(path + ".bak"); berr == nil {
			fmt.Fprintf(stderr, "fray: the backup loads: open it with  fray %s\n", path+".bak")
		}
		fmt.Fprintln(stderr, "fray: the file was not changed")
		return 1
	}
	unlock, err := st.Lock(path)
	readOnly := errors.Is(err, tui.ErrLocked)
	if err != nil && !readOnly {
		fmt.Fprintf(stderr, "fray: %s: %v\n", path, err)
		return 1
	}
	sess.Open(s, path, readOnly, unlock)
	for _, n := range s.Notices {
		log.Printf("%s: %s", path, n)
	}
	return 0
}
