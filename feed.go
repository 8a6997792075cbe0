package main

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"fray/engine"
	"fray/playerview"
	"fray/saves"
	"fray/session"
)

// feed follows a fight as the GM's fray saves it (saves.Follow: no lock,
// nothing written) and hands each new state to whoever shows the player
// view: fray watch's one screen, or each of fray serve's sessions. It
// survives the GM's fray quitting and starting again, and a save that
// cannot be read for a moment (it says so on the screen meanwhile).
//
// Following the GM (no FILE named), it moves to the fight the GM opens,
// as the GM's tracker says (saves.Playing), its screens with it: a player
// stays connected from one fight to the next. While no tracker has a fight
// open (the GM quit, or is on the start screen, or fray was killed) it
// stays on the fight it shows.
type feed struct {
	path  string // "" while following a GM who has opened no fight yet
	st    *saves.Store
	every time.Duration // how often the journal is looked at
	// follow, when set, is the fight the GM has open now (false: none);
	// moved hears of each move to another.
	follow func() (string, bool)
	moved  func(path string)

	mu   sync.Mutex
	cur  playerview.Heard
	subs map[int]func(playerview.Heard)
	next int
}

// feedEvery is how often a follower looks for a change: well inside the
// 100 ms a change may take to reach the players' screens. followEvery is
// how often a feed following the GM asks which fight is open.
const (
	feedEvery   = 20 * time.Millisecond
	followEvery = 250 * time.Millisecond
)

// waitingForGM is what the players see until the GM opens a fight.
const waitingForGM = "waiting for the GM to open a fight"

func newFeed(st *saves.Store, path string) *feed {
	f := &feed{path: path, st: st, every: feedEvery, subs: map[int]func(playerview.Heard){},
		cur: playerview.Heard{Name: filepath.Base(path), Note: "reading the fight..."}}
	if path == "" {
		f.cur = playerview.Heard{Name: "fray", Note: waitingForGM}
	}
	return f
}

// followGM makes the feed follow the fight the GM has open, among the
// saves in dir; moved hears of each move.
func (f *feed) followGM(dir string, moved func(path string)) {
	f.follow = func() (string, bool) { return saves.Playing(dir) }
	f.moved = moved
}

// current is the fight as last read.
func (f *feed) current() playerview.Heard {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.cur
}

// subscribe calls send with every new state (from the feed's goroutine:
// send must not block) until the returned func is called.
func (f *feed) subscribe(send func(playerview.Heard)) (cancel func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := f.next
	f.next++
	f.subs[id] = send
	return func() {
		f.mu.Lock()
		delete(f.subs, id)
		f.mu.Unlock()
	}
}

func (f *feed) publish(v playerview.Heard) {
	f.mu.Lock()
	f.cur = v
	subs := make([]func(playerview.Heard), 0, len(f.subs))
	for _, s := range f.subs {
		subs = append(subs, s)
	}
	f.mu.Unlock()
	for _, s := range subs {
		s(v)
	}
}

// run follows the fight until ctx ends.
func (f *feed) run(ctx context.Context) {
	var fol *saves.Follower
	note := ""
	fresh := false // a fight moved to and not read yet: the last one is not shown meanwhile
	playing := ""  // the fight the GM had open at the last look
	tick := time.NewTicker(f.every)
	defer tick.Stop()
	for n := 0; ; n++ {
		if f.follow != nil && n%max(int(followEvery/f.every), 1) == 0 {
			if p, ok := f.follow(); ok && p != playing {
				playing = p
				if f.path == "" || !saves.SameFight(p, f.path) {
					f.path, fol, note, fresh = p, nil, "", true
					if f.moved != nil {
						f.moved(p)
					}
				}
			}
		}
		changed, err := false, error(nil)
		switch {
		case f.path == "":
		case fol == nil:
			if fol, err = f.st.Follow(f.path); err == nil {
				changed = true
			}
		default:
			changed, err = fol.Poll()
		}
		switch {
		case err != nil:
			if msg := fmt.Sprintf("waiting for the fight: %v", err); msg != note {
				note = msg
				v := f.current()
				if fresh {
					v = playerview.Heard{Name: filepath.Base(f.path)}
				}
				v.Note = note
				f.publish(v)
			}
			fol = nil // read it all again, from the save, at the next look
		case changed || note != "":
			note, fresh = "", false
			f.publish(snapshot(fol))
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// snapshot is the fight as the follower has it, for the player view. The
// engine never changes a state once made, so the copy shares its slices.
func snapshot(fol *saves.Follower) playerview.Heard {
	s := fol.Saved()
	fight := s.Fight
	enc := *fight.Current()
	return playerview.Heard{Name: session.Safe(s.Name), Rules: fight.Rules, Enc: &enc, Log: tailLog(fight, feedLog)}
}

// feedLog is how many of the newest events a viewer is handed: more than a
// screen shows, however many the GM keeps private.
const feedLog = 1000

// tailLog is the newest n events of the steps done, oldest first: a long
// fight costs a viewer no more than a short one.
func tailLog(f *engine.Fight, n int) []engine.Event {
	var steps [][]engine.Event
	count := 0
	for i := len(f.Done) - 1; i >= 0 && count < n; i-- {
		steps = append(steps, f.Done[i].Events)
		count += len(f.Done[i].Events)
	}
	out := make([]engine.Event, 0, count)
	for i := len(steps) - 1; i >= 0; i-- {
		out = append(out, steps[i]...)
	}
	return out
}

// latest hands states to send one at a time, in order, from a goroutine of
// its own, keeping only the newest while send is busy: a slow screen never
// holds up the feed, and never shows a state older than one it showed.
func latest(send func(playerview.Heard)) (push func(playerview.Heard), stop func()) {
	ch := make(chan playerview.Heard, 1)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case f := <-ch:
				send(f)
			case <-done:
				return
			}
		}
	}()
	var mu sync.Mutex
	push = func(f playerview.Heard) {
		mu.Lock()
		defer mu.Unlock()
		select {
		case <-ch: // an older one not sent yet: the newer replaces it
		default:
		}
		ch <- f
	}
	return push, func() { close(done) }
}
