// Package tui is fray's tracker screen: one root Bubble Tea model that owns
// the encounter, panes and dialogs that render it, and keys that become
// engine commands. It does no file I/O: a Library and a Store are handed in.
package tui

import (
	"errors"
	"sync"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// RulesetInfo names a ruleset for the start screen.
type RulesetInfo struct {
	ID, Name, Description string
}

// Library is the content fray knows.
type Library interface {
	Rulesets() []RulesetInfo
	Ruleset(id string) (rs *rules.Ruleset, hash string, ok bool)
	Creatures(ruleset string) []rules.Template
}

// Saved is a fight as a store loads it.
type Saved struct {
	Name    string
	Fight   *engine.Fight
	Source  *dice.Source
	Hash    string
	Notices []string
}

// SaveInfo describes a saved fight without loading it.
type SaveInfo struct {
	Path, Name, Ruleset, Status string
	Round                       int
	Changed                     time.Time
	Problem                     string
}

// ErrLocked is what a Store's Lock returns when another fray has the fight.
var ErrLocked = errors.New("another fray has this fight open")

// Store keeps fights on disk. Save must be safe to call from a command
// while the model goes on; it writes durably and never replaces a good
// save with a bad one.
type Store interface {
	List() ([]SaveInfo, error)
	Load(path string) (*Saved, error)
	Save(path string, s Snapshot) error
	NewPath(name string) string
	Lock(path string) (unlock func(), err error)
}

// Snapshot is a fight frozen for saving: it shares nothing the model changes.
type Snapshot struct {
	Name, Hash, RNG string
	Rules           *rules.Ruleset
	Current, Base   engine.Encounter
	Done, Undone    []engine.Step
}

// Session is the fight being tracked. The model and the program around it
// share it, so the fight can still be saved after the program ends, however
// it ends (a panic, a signal).
type Session struct {
	mu       sync.Mutex
	Name     string
	Path     string
	Hash     string
	Fight    *engine.Fight
	Source   *dice.Source
	ReadOnly bool
	unlock   func()
	notices  []string // what to tell the GM when the screen opens
}

func (s *Session) snapshot() (Snapshot, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fight == nil || s.Path == "" || s.ReadOnly {
		return Snapshot{}, false
	}
	f := s.Fight
	return Snapshot{
		Name: s.Name, Hash: s.Hash, RNG: s.Source.State(), Rules: f.Rules,
		Current: *f.Current(), Base: f.Base,
		Done: append([]engine.Step(nil), f.Done...), Undone: append([]engine.Step(nil), f.Undone...),
	}, true
}

// SaveNow saves the fight synchronously (the last save when fray ends).
func (s *Session) SaveNow(store Store) error {
	snap, ok := s.snapshot()
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

// set replaces the fight being tracked (under the lock the saver reads with).
func (s *Session) set(name, path, hash string, f *engine.Fight, src *dice.Source, readOnly bool, unlock func()) {
	s.mu.Lock()
	old := s.unlock
	s.Name, s.Path, s.Hash, s.Fight, s.Source, s.ReadOnly, s.unlock = name, path, hash, f, src, readOnly, unlock
	s.mu.Unlock()
	if old != nil {
		old()
	}
}

// Open makes a loaded fight the session's, before the program starts.
func (s *Session) Open(saved *Saved, path string, readOnly bool, unlock func()) {
	s.set(saved.Name, path, saved.Hash, saved.Fight, saved.Source, readOnly, unlock)
	s.notices = saved.Notices
}
