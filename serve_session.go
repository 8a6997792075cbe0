package main

import (
	"context"
	"runtime/debug"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	bm "charm.land/wish/v2/bubbletea"

	"fray/playerview"
)

// A player's session of fray serve: a Bubble Tea program of its own, fed
// by the one follower of the fight, in a window of the player's size but
// never drawn larger than playerview.MaxWidth x MaxHeight. What a client
// says cannot set what the server spends on it:
//
//   - The program (and so its renderer, whose two buffers are sized by the
//     window it is told: some 220 bytes a cell in all) is told at most
//     MaxWidth x MaxHeight; the view notes the window's own size.
//   - Window changes are read as they come, whatever the program is doing,
//     and the program is handed the newest at most once a resizeEvery, and
//     the server's programs at most one between them each resizeGap: a
//     storm of them, from any number of sessions, costs a few redraws a
//     second, and the connection is never held up behind a queue of them
//     (it was: a session went on drawing a departed client's queued
//     resizes, at its full size, for tens of seconds, and the GM's header
//     went on counting it).
//   - When the connection ends the program is stopped at once, not asked
//     to finish what it had queued.

// resizeEvery is the least time between two window sizes handed to a
// session's program; resizeGap between two handed to any of them. A
// resize redraws the whole window, and growing to the largest (MaxWidth x
// MaxHeight) makes its renderer's buffers anew: some 18 MB.
const (
	resizeEvery = 250 * time.Millisecond
	resizeGap   = 100 * time.Millisecond
)

// viewSize is the size a session's program draws in, for a window.
func viewSize(w ssh.Window) (int, int) {
	return min(w.Width, playerview.MaxWidth), min(w.Height, playerview.MaxHeight)
}

// playerView is the middleware that runs a session's program until the
// player presses q or the connection ends; release is called as it ends.
func playerView(fd *feed, noColor bool, gate *resizeGate, release func()) wish.Middleware {
	return func(next ssh.Handler) ssh.Handler {
		return func(s ssh.Session) {
			runView(s, fd, noColor, gate)
			release()
			next(s)
		}
	}
}

func runView(s ssh.Session, fd *feed, noColor bool, gate *resizeGate) {
	// (charm.land/ssh v0.4.2 writes a window change into the session's
	// terminal without a lock, so reading it here races with a change sent
	// as the session begins: the race detector reports it, in the library.
	// From here on the sizes come from winch alone.)
	pty, winch, ok := s.Pty()
	if !ok {
		wish.Fatalln(s, "fray serve: the player view needs a terminal (ssh -t)")
		return
	}
	// The program ends with the connection, at once: nothing is owed to a
	// client that has gone.
	ctx, cancel := context.WithCancel(s.Context())
	defer cancel()
	w, h := viewSize(pty.Window)
	opts := append(bm.MakeOptions(s), tea.WithFPS(60), tea.WithWindowSize(w, h), tea.WithContext(ctx))
	p := tea.NewProgram(playerview.New(fd.current(), noColor), opts...)

	win := &windowSizes{fresh: make(chan struct{}, 1), gate: gate, drawn: ssh.Window{Width: w, Height: h}}
	win.set(pty.Window)
	// winch is read until the session's requests end, however long after
	// the program: a window change must never wait.
	go func() {
		for w := range winch {
			win.set(w)
		}
	}()
	go win.hand(ctx, p.Send)

	push, stop := latest(func(f playerview.Heard) { p.Send(playerview.HeardMsg{Heard: f}) })
	unsubscribe := fd.subscribe(push)
	push(fd.current())
	_, _ = p.Run()
	unsubscribe()
	stop()
}

// windowSizes keeps the newest size a client's window said it is, for its
// program to take at its own pace.
type windowSizes struct {
	mu    sync.Mutex
	win   ssh.Window
	fresh chan struct{} // holds one when win is newer than the program has
	gate  *resizeGate
	// What the program was handed (hand's own): the size it draws in, and
	// the window's own size.
	drawn, told ssh.Window
}

func (ws *windowSizes) set(w ssh.Window) {
	ws.mu.Lock()
	ws.win = w
	ws.mu.Unlock()
	select {
	case ws.fresh <- struct{}{}:
	default:
	}
}

// hand gives the program each newest size, at most once a resizeEvery
// and when the gate lets it, until ctx ends: the size it draws in when
// that changed, and the window's own size while it is larger (for the
// view's note).
func (ws *windowSizes) hand(ctx context.Context, send func(tea.Msg)) {
	pause := time.NewTimer(resizeEvery)
	pause.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ws.fresh:
		}
		if ws.changed() {
			if !ws.gate.wait(ctx) {
				return
			}
			ws.mu.Lock()
			win := ws.win // the newest, after the wait
			ws.mu.Unlock()
			w, h := viewSize(win)
			drawn, told := ssh.Window{Width: w, Height: h}, ssh.Window{}
			if drawn.Width < win.Width || drawn.Height < win.Height {
				told = ssh.Window{Width: win.Width, Height: win.Height}
			}
			if told != ws.told {
				ws.told = told
				send(playerview.WindowMsg{Width: told.Width, Height: told.Height})
			}
			if drawn != ws.drawn {
				ws.drawn = drawn
				send(tea.WindowSizeMsg{Width: w, Height: h})
			}
		}
		pause.Reset(resizeEvery)
		select {
		case <-ctx.Done():
			return
		case <-pause.C:
		}
	}
}

// changed reports whether the newest size differs from what the program
// was handed. A window of no size (ssh -tt from a script) changes nothing:
// the last size stands.
func (ws *windowSizes) changed() bool {
	ws.mu.Lock()
	win := ws.win
	ws.mu.Unlock()
	if win.Width <= 0 || win.Height <= 0 {
		return false
	}
	w, h := viewSize(win)
	told := ssh.Window{}
	if w < win.Width || h < win.Height {
		told = ssh.Window{Width: win.Width, Height: win.Height}
	}
	return (ssh.Window{Width: w, Height: h}) != ws.drawn || told != ws.told
}

// resizeGate lets the server's sessions resize one at a time, each every
// gap at most, in the order they asked.
type resizeGate struct {
	mu   sync.Mutex
	next time.Time
	gap  time.Duration
}

// wait returns when it is the caller's turn (true), or when ctx ends.
func (g *resizeGate) wait(ctx context.Context) bool {
	g.mu.Lock()
	at := time.Now()
	if g.next.After(at) {
		at = g.next
	}
	g.next = at.Add(g.gap)
	g.mu.Unlock()
	d := time.Until(at)
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// memoryBack gives the memory a session's program held back to the
// system soon after it ends, once for any number ending together: Go
// would keep it until its next collection, which an idle server may not
// make for minutes.
type memoryBack struct {
	mu    sync.Mutex
	timer *time.Timer
	after time.Duration
}

func (mb *memoryBack) release() {
	mb.mu.Lock()
	defer mb.mu.Unlock()
	if mb.timer == nil {
		mb.timer = time.AfterFunc(mb.after, debug.FreeOSMemory)
		return
	}
	mb.timer.Reset(mb.after)
}
