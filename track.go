package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	tty "github.com/charmbracelet/x/term"

	"fray/content"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// cmdTrack runs the tracker screen, on the save at path when given, or on a
// new demo fight. However the screen ends (quit, a signal, a panic), the
// fight is saved.
func cmdTrack(path string, demo bool, stderr io.Writer) int {
	// What there is comes from the content's index, at once; the demo's
	// ruleset is read on another core while the saves' folder is made
	// ready on this one, the demo's file reserved and the screen made. The
	// tracker waits for the ruleset only as it makes the demo fight.
	lib, probs := openContent()
	demoName := ""
	if ds := lib.Tracker().Demos(); demo && path == "" && len(ds) > 0 {
		demoName = ds[0].Name
		go lib.Ruleset(ds[0].Ruleset.ID)
	}
	dir := saves.Dir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(stderr, "fray:", err)
		return 1
	}
	st := saves.NewStore(dir, lib.Tracker().Ruleset, time.Now)
	if demoName != "" {
		st.Reserve(demoName) // on another goroutine, before the ones below take the cores
		defer st.Unreserve() // had the demo not been made in it
	}
	// Signals are caught before the first frame is drawn (they are kept
	// until the program can take them): one that came after it and before
	// the program ran would leave the terminal on fray's screen. Asking
	// for them starts a thread of the runtime's own and waits on it three
	// times, most of a millisecond: it is done beside the rest, once the
	// ruleset's read has a core (started before it, the read waited for
	// that thread, 0.6 ms more to the first frame).
	sig, caught := make(chan os.Signal, 2), make(chan struct{})
	go func() {
		signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
		close(caught)
	}()
	defer func() {
		<-caught
		signal.Stop(sig)
	}()
	// The terminal's colours, worked out beside the rest too (Lip Gloss was
	// kept from doing it as the program started: internal/quietstart).
	colours := make(chan colorprofile.Profile, 1)
	go func() { colours <- colorprofile.Detect(os.Stdout, withoutTmux(os.Environ())) }()
	// Nothing may print while the screen is up: logs go to a file, made
	// safe to read on a terminal (they quote names and files).
	if lf, err := os.OpenFile(filepath.Join(dir, "fray.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
		log.SetOutput(session.SafeWriter(lf))
		defer lf.Close()
	}
	// Skipped content files are shown in the status line, and printed when
	// the screen is gone (printed before it, they would be hidden by it).
	notices := skippedNotices(content.UserDir(), probs)
	defer func() {
		for _, p := range probs {
			fmt.Fprintf(stderr, "fray: %v (file skipped)\n", p)
		}
	}()
	st.Announce() // the fight open here is the one the players' screens follow
	sess := &session.Session{}
	if path != "" {
		if code := openSave(st, sess, path, stderr); code != 0 {
			return code
		}
	}
	defer sess.Close()

	m := tracker(lib, st, sess, demo, notices)
	profile := <-colours
	lipgloss.Writer.Profile = profile
	<-caught
	// Temp files of saves a killed fray was writing go (those of fights
	// another fray has open stay: they are its own), once the first frame
	// is drawn and before the first key is read.
	runErr := runScreen(m, profile, sig, func() { saves.Clean(dir) })
	// However the program ended, the journal is closed: what is queued is
	// written, a last snapshot taken, the lock let go.
	closeErr := sess.Close()
	if closeErr != nil {
		fmt.Fprintf(stderr, "fray: %v\n", closeErr)
		log.Printf("closing the fight: %v", closeErr)
	}
	if runErr != nil && !errors.Is(runErr, tea.ErrProgramKilled) {
		fmt.Fprintf(stderr, "fray: %v\n", runErr)
		log.Printf("program: %v", runErr)
		return 1
	}
	if msg := farewell(sess, closeErr); msg != "" {
		fmt.Fprintln(stderr, msg)
	}
	if closeErr != nil {
		return 1
	}
	return 0
}

// tracker is the tracker screen as fray starts it, on the fight sess holds
// or (with demo) a new demo fight. The ledgers are handed over to be read
// when B asks for book lines, never before.
func tracker(lib *content.Catalog, st *saves.Store, sess *session.Session, demo bool, notices []string) tea.Model {
	return tui.New(lib.Tracker(), st, sess, tui.Options{
		Seed:     func() uint64 { return uint64(time.Now().UnixNano()) },
		NoColor:  os.Getenv("NO_COLOR") != "",
		Demo:     demo,
		Notices:  notices,
		Watching: saves.Watching,
		Book:     lib.Book(),
		Parties:  parties(),
	})
}

// farewell is what fray says of the fight as it ends: where it was saved,
// or that nothing was (a read-only fight is never called saved).
func farewell(sess *session.Session, closeErr error) string {
	switch {
	case sess.Path == "" || closeErr != nil:
		return ""
	case sess.ReadOnly:
		return fmt.Sprintf("fray: %s was open read-only (%s): nothing was saved", sess.Path, sess.ReadOnlyWhy)
	}
	return fmt.Sprintf("fray: saved %s", sess.Path)
}

// runScreen runs the tracker's screen until it quits or is killed: its
// first frame drawn at once, then drawn called (before any key is read),
// the first signal asking it to save and quit, a second killing it.
//
// The screen is drawn in the colours profile gives, found from the
// environment and terminfo. Inside tmux that is all but tmux's own answer,
// which only tells whether the terminal outside takes 24-bit colours as
// well as 256 ("tmux info", a process of its own, some 5 ms). Bubble Tea
// would ask as it starts, before it reads a key, and the tmux server
// answering it is the one drawing fray's first frame; so fray asks, on
// another goroutine, once the first frame has had time to be shown
// (askTmuxAfter), and draws the screen again if the answer changes the
// colours.
func runScreen(m tea.Model, profile colorprofile.Profile, sig <-chan os.Signal, drawn func()) error {
	prepainted := false
	if w, h, ok := terminalSize(); ok {
		m = prepaint(os.Stdout, profile, m, w, h)
		prepainted = true
	}
	drawn()
	// 120 frames a second, the most Bubble Tea allows: each key's frame
	// waits for the renderer's next tick, 8 ms at most, not 17.
	p := tea.NewProgram(m, tea.WithoutSignalHandler(), tea.WithFPS(120), tea.WithColorProfile(profile))
	if os.Getenv("TMUX") != "" {
		go func() {
			time.Sleep(askTmuxAfter)
			recolour(p.Send, profile, colorprofile.Detect(os.Stdout, os.Environ()))
		}()
	}
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
	_, err := p.Run()
	if prepainted && err != nil {
		// Killed before its first frame, Bubble Tea leaves the screen as
		// it found it: the one fray drew.
		unpaint(os.Stdout)
	}
	return err
}

// withoutTmux is the environment env less TMUX: colour detection without
// asking tmux.
func withoutTmux(env []string) []string {
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return strings.HasPrefix(kv, "TMUX=") })
}

// askTmuxAfter is how long after the first frame fray asks tmux for its
// colours: the frame is on the screen by then, with time to spare on a
// busy machine, and a 24-bit colour drawn 256 for that long is not seen.
const askTmuxAfter = 50 * time.Millisecond

// recolour has the screen drawn again, whole, in the colour profile found
// (tmux's answer included) when it is not the one drawn so far.
func recolour(send func(tea.Msg), drawn, found colorprofile.Profile) {
	if found == drawn {
		return
	}
	send(tea.ColorProfileMsg{Profile: found})
	send(tea.ClearScreen())
}

// terminalSize is the size of the terminal fray runs in, when both its input
// and its output are that terminal.
func terminalSize() (w, h int, ok bool) {
	if runtime.GOOS == "windows" || !tty.IsTerminal(os.Stdin.Fd()) || !tty.IsTerminal(os.Stdout.Fd()) {
		return 0, 0, false // a Windows console reads escapes only once Bubble Tea has set it up
	}
	w, h, err := tty.GetSize(os.Stdout.Fd())
	return w, h, err == nil && w > 0 && h > 0
}

// prepaint draws the model's first frame at once, on the alternate screen.
// Bubble Tea draws only on its renderer's ticks, and the first comes 8 ms
// after it starts (at its most, 120 frames a second), so fray's start-up
// was mostly that wait. Bubble Tea's first tick erases the screen and draws
// the same frame in one write: nothing flickers, and from then on the
// screen is Bubble Tea's alone.
func prepaint(out io.Writer, profile colorprofile.Profile, m tea.Model, w, h int) tea.Model {
	m, _ = m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	frame := m.View().Content
	// One write, the screen switched and the frame drawn: the terminal (or
	// tmux) reads it whole, not a piece at a time.
	var buf bytes.Buffer
	buf.Grow(len(frame) + 64)
	buf.WriteString(ansi.SetModeAltScreenSaveCursor + ansi.HideCursor + ansi.CursorHomePosition)
	io.WriteString(&colorprofile.Writer{Forward: &buf, Profile: profile}, frame)
	out.Write(buf.Bytes())
	return m
}

// unpaint leaves the alternate screen prepaint entered.
func unpaint(out io.Writer) {
	io.WriteString(out, ansi.ResetModeAltScreenSaveCursor+ansi.ShowCursor)
}

// openSave opens the save at path before the screen starts. A save that
// does not load is reported and left alone; its backup is offered.
func openSave(st *saves.Store, sess *session.Session, path string, stderr io.Writer) int {
	s, err := st.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "fray: %v\n", err)
		var offer session.BackupOffer
		if errors.As(err, &offer) && offer.Backup() != "" {
			fmt.Fprintf(stderr, "fray: open it, with the changes made since from the journal: fray %s\n", offer.Backup())
		}
		fmt.Fprintln(stderr, "fray: the file was not changed")
		return 1
	}
	sess.Open(s)
	for _, n := range s.Notices {
		log.Printf("%s: %s", path, n)
	}
	return 0
}

// skippedNotices are the status line's words for content files skipped,
// most important first, so that a narrow screen cuts the least: that a
// file was skipped, which (below the content directory dir), where and
// why.
func skippedNotices(dir string, probs []content.Problem) []string {
	var out []string
	for _, p := range probs {
		file := p.File
		if rel, err := filepath.Rel(dir, p.File); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
		out = append(out, fmt.Sprintf("skipped %s:%d:%d: %s (fray check)", file, p.Line, p.Col, p.Msg))
	}
	return out
}
