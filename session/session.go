// Package session is what the tracker screen (tui) and the saves speak to
// each other: the fight being tracked, its snapshot and the listing of saved
// fights, and the Store and Library the program hands the screen. It imports
// the engine only.
package session

import (
	"sync"

	"fray/engine"
	"fray/engine/dice"
)

// Session is the fight being tracked. The model and the program around it
// share it, so the fight can still be saved after the program ends, however
// it ends (a panic, a signal). The model changes it only through Open; a
// command that runs beside the model reads it through Saved.
type Session struct {
	mu       sync.Mutex
	Name     string
	Path     string
	Hash     string
	Fight    *engine.Fight
	Source   *dice.Source
	ReadOnly bool
	Notices  []string // what to tell the GM when the screen opens
	unlock   func()
}

// Open makes a fight the session's (under the lock the saver reads with),
// and releases the lock of the fight it replaces.
func (s *Session) Open(saved *Saved, path string, readOnly bool, unlock func()) {
	s.mu.Lock()
	old := s.unlock
	s.Name, s.Path, s.Hash, s.Fight, s.Source, s.ReadOnly, s.unlock = saved.Name, path, saved.Hash, saved.Fight, saved.Source, readOnly, unlock
	s.Notices = saved.Notices
	s.mu.Unlock()
	if old != nil {
		old()
	}
}

// Saved is the fight as a store would load it again (no notices).
func (s *Session) Saved() Saved {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Saved{Name: s.Name, Fight: s.Fight, Source: s.Source, Hash: s.Hash}
}

// Snapshot freezes the fight for saving; false when there is nothing to save
// (no fight, no file, or read-only).
func (s *Session) Snapshot() (Snapshot, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fight == nil || s.Path == "" || s.ReadOnly {
		return Snapshot{}, false
	}
	return Saved{Name: s.Name, Fight: s.Fight, Source: s.Source, Hash: s.Hash}.Snapshot(), true
}

// SaveNow saves the fight synchronously (the last save when fray ends).
func (s *Session) SaveNow(store Store) error {
	snap, ok := s.Snapshot()
	if !ok {
		return nil
	}
	return store.Save(s.Path, snap)
}

// Close releases the fight's lock.
func (s *Session) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unlock != nil {
		s.unlock()
		s.unlock = nil
	}
}
