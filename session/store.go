package session

import (
	"errors"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

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

// ErrLocked is what a Store's Lock returns when another fray has the fight.
var ErrLocked = errors.New("another fray has this fight open")

// SaveInfo describes a saved fight without loading it.
type SaveInfo struct {
	Path, Name, Ruleset string
	Round               int
	Changed             time.Time // the file's last change
	Problem             string    // set when the file does not read as a save
}

// Saved is a fight as a store loads it.
type Saved struct {
	Name    string
	Fight   *engine.Fight
	Source  *dice.Source
	Hash    string   // the ruleset content's hash
	Notices []string // what a GM should know about the load (content changed...)
}

// Snapshot is everything a save holds, taken at one moment. It shares no
// mutable state with the fight it was taken from (the engine never changes a
// state or a step once made), so it can be encoded while the fight goes on.
type Snapshot struct {
	Name, Hash, RNG string
	Rules           *rules.Ruleset
	Current, Base   engine.Encounter
	Done, Undone    []engine.Step
}

// Snapshot takes a snapshot of the fight.
func (s Saved) Snapshot() Snapshot {
	f := s.Fight
	return Snapshot{
		Name: s.Name, Hash: s.Hash, RNG: s.Source.State(), Rules: f.Rules,
		Current: *f.Current(), Base: f.Base,
		Done: append([]engine.Step(nil), f.Done...), Undone: append([]engine.Step(nil), f.Undone...),
	}
}
