package session

import (
	"errors"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// Store keeps fights on disk. Its methods do I/O: the screen calls them
// from commands, never from Update.
type Store interface {
	List() ([]SaveInfo, error)
	// Open reads the fight saved at path: its last snapshot, and the changes
	// journalled after it. Unless another fray has the fight (it then comes
	// read-only, with no Journal), the fight comes with the Journal its
	// changes go to. Saved.Path is where those are written: path, or a new
	// file for a fight opened from a backup.
	Open(path string) (*Saved, error)
	// Create makes a new save at path for a fight, and returns the Journal
	// its changes go to; the save is written in the background, and
	// Journal.Wait(0) returns once it is durable. A fight saved there
	// already is replaced only when replace is set (ErrExists otherwise),
	// and never while another fray has it (ErrLocked).
	Create(path string, s Snapshot, replace bool) (Journal, error)
	NewPath(name string) string
}

// ErrLocked is what a Store returns when another fray has the fight.
var ErrLocked = errors.New("another fray has this fight open")

// ErrExists is what Create returns for a path where a fight is saved.
var ErrExists = errors.New("a fight is saved there already")

// Journal is where a fight's changes go as they are made, one at a time,
// in order. Append does no I/O and returns at once (the screen calls it
// from Update); Wait returns when the change is durable.
type Journal interface {
	// Append queues a change and returns its number.
	Append(c Change) int
	// Wait returns once change n and every change before it are durable,
	// or with the error that stopped them; Wait(0), once the fight's save
	// is (at once for a fight opened, not made new).
	Wait(n int) error
	// Close writes what is queued and a last snapshot, and lets the fight
	// go (its lock too). After Close, Append and Wait must not be called.
	Close() error
}

// ChangeOp is what a change did.
type ChangeOp string

const (
	OpDo   ChangeOp = "do"
	OpUndo ChangeOp = "undo"
	OpRedo ChangeOp = "redo"
)

// Change is one change to a fight, as the journal gets it: what it did,
// the step done, undone or redone, and the fight and dice as they stand
// after it (the engine never changes a state once made, so the state can
// be read while the fight goes on).
type Change struct {
	Op    ChangeOp
	Step  engine.Step
	State engine.Encounter
	RNG   string
}

// SaveInfo describes a saved fight without loading it.
type SaveInfo struct {
	Path, Name, Ruleset string
	Round               int
	Changed             time.Time // the file's last change
	Problem             string    // set when the file does not read as a save
}

// Saved is a fight as a store opens it.
type Saved struct {
	Name    string
	Fight   *engine.Fight
	Source  *dice.Source
	Hash    string   // the ruleset content's hash
	Notices []string // what a GM should know about the load (content changed...)
	// Path is where the fight's changes go; ReadOnly is set, and Journal
	// nil, when they go nowhere (another fray has the fight).
	Path     string
	ReadOnly bool
	Journal  Journal
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
