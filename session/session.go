// Package session is what the tracker screen (tui) and the saves speak to
// each other: the fight being tracked, its changes and snapshot, the listing
// of saved fights, and the Store and Library the program hands the screen;
// and the one way text from files and the keyboard is made safe to show.
// It imports the engine only.
package session

import (
	"errors"
	"slices"
	"sync"

	"fray/engine"
	"fray/engine/dice"
)

// Session is the fight being tracked. The model and the program around it
// share it, so the fight's journal can still be closed (its changes
// written, a last snapshot taken) after the program ends, however it ends.
// The model changes it only through Open and Record, from Update.
type Session struct {
	mu       sync.Mutex
	Name     string
	Path     string
	Hash     string
	Fight    *engine.Fight
	Source   *dice.Source
	ReadOnly bool
	// ReadOnlyWhy says why the fight is read-only ("" when it is not).
	ReadOnlyWhy string
	Notices     []string // what to tell the GM when the screen opens
	journal     Journal
	closing     sync.WaitGroup
	closeErr    []error
	// letGo are the journals Open is closing in the background, each
	// closed once its journal has let its fight go (Settle).
	letGo []chan struct{}
}

// Open makes a fight the session's. The journal of the fight it replaces
// is closed in the background (Close waits for it).
func (s *Session) Open(saved *Saved) {
	s.mu.Lock()
	old := s.journal
	s.Name, s.Path, s.Hash, s.Fight, s.Source = saved.Name, saved.Path, saved.Hash, saved.Fight, saved.Source
	s.ReadOnly, s.Notices, s.journal = saved.ReadOnly || saved.Journal == nil, saved.Notices, saved.Journal
	s.ReadOnlyWhy = ""
	if s.ReadOnly {
		s.ReadOnlyWhy = saved.ReadOnlyWhy
		if s.ReadOnlyWhy == "" {
			s.ReadOnlyWhy = ErrLocked.Error()
		}
	}
	if old != nil && old != saved.Journal {
		s.closing.Add(1)
		done := make(chan struct{})
		s.letGo = append(s.letGo, done)
		go func() {
			defer s.closing.Done()
			err := old.Close()
			s.mu.Lock()
			if err != nil {
				s.closeErr = append(s.closeErr, err)
			}
			s.letGo = slices.DeleteFunc(s.letGo, func(c chan struct{}) bool { return c == done })
			s.mu.Unlock()
			close(done)
		}()
	}
	s.mu.Unlock()
}

// Settle waits until the fights Open left are let go: their journals
// closed in the background, their locks given up. A fight opened again
// right after it was left is then this fray's to write, not read-only
// as one another fray holds.
func (s *Session) Settle() {
	s.mu.Lock()
	pending := slices.Clone(s.letGo)
	s.mu.Unlock()
	for _, c := range pending {
		<-c
	}
}

// Record hands the change just made to the fight (op, and the step done,
// undone or redone) to its journal and returns its number, for Wait; 0 when
// the fight is not written anywhere (read-only). It does no I/O.
func (s *Session) Record(op ChangeOp, step engine.Step) int {
	s.mu.Lock()
	j := s.journal
	s.mu.Unlock()
	if j == nil {
		return 0
	}
	return j.Append(Change{Op: op, Step: step, State: *s.Fight.Current(), RNG: s.Source.State()})
}

// Wait returns once change n is durable; Wait(0) once the fight's first
// save is (a fight made new is saved in the background).
func (s *Session) Wait(n int) error {
	s.mu.Lock()
	j := s.journal
	s.mu.Unlock()
	if j == nil {
		return nil
	}
	return j.Wait(n)
}

// Trouble is the fight's journal's Trouble: what keeps its writes from
// succeeding, once that is other than seen. open is false when the fight
// has no journal, or it is closed.
func (s *Session) Trouble(seen *Trouble) (t *Trouble, open bool) {
	s.mu.Lock()
	j := s.journal
	s.mu.Unlock()
	if j == nil {
		return nil, false
	}
	return j.Trouble(seen)
}

// Saved is the fight as it stands, to be saved elsewhere (Save as).
func (s *Session) Saved() Saved {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Saved{Name: s.Name, Fight: s.Fight, Source: s.Source, Hash: s.Hash, Path: s.Path}
}

// Close closes the fight's journal: the changes queued are written, a last
// snapshot taken, the fight let go. It waits for journals closing in the
// background, and returns what went wrong with any of them. Closing twice
// is harmless.
func (s *Session) Close() error {
	s.mu.Lock()
	j := s.journal
	s.journal = nil
	s.mu.Unlock()
	var errs []error
	if j != nil {
		errs = append(errs, j.Close())
	}
	s.closing.Wait()
	s.mu.Lock()
	errs = append(errs, s.closeErr...)
	s.closeErr = nil
	s.mu.Unlock()
	return errors.Join(errs...)
}
