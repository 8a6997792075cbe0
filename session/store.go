package session

import (
	"errors"
	"io/fs"
	"syscall"
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
	// Recover opens the fight a journal kept aside (SaveInfo.Kept) goes on
	// from, with its changes, in a new file: the files it was made from
	// are left as they are.
	Recover(kept string) (*Saved, error)
}

// ErrLocked is what a Store returns when another fray has the fight.
var ErrLocked = errors.New("another fray has this fight open")

// BackupOffer is the error of a save that does not open, whose backup
// does: Backup is its path ("" when there is none that opens).
type BackupOffer interface {
	error
	Backup() string
}

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
	// Trouble returns what keeps the journal's writes from succeeding
	// while it retries them, once that is other than seen (at once when it
	// already is): nil when they succeed again. open is false once the
	// journal is closed.
	Trouble(seen *Trouble) (t *Trouble, open bool)
	// Close writes what is queued and a last snapshot, and lets the fight
	// go (its lock too). After Close, Append and Wait must not be called.
	Close() error
}

// Trouble is a write that fails while a journal retries it: the changes
// wait in memory meanwhile, and are all written as soon as a write
// succeeds.
type Trouble struct {
	What string // what failed: "appending to the journal", "writing a snapshot"
	Err  error
	// Saved is set when every change made is durable all the same (only a
	// snapshot failed: the journal holds them).
	Saved bool
	// Retry is how long until the next try.
	Retry time.Duration
}

func (t *Trouble) Error() string { return t.What + ": " + t.Err.Error() }
func (t *Trouble) Unwrap() error { return t.Err }

// Short says in a word or two what is wrong, for the tracker's header.
func (t *Trouble) Short() string {
	switch {
	case errors.Is(t.Err, syscall.ENOSPC):
		return "disk full"
	case errors.Is(t.Err, syscall.EDQUOT):
		return "over quota"
	case errors.Is(t.Err, syscall.EROFS):
		return "read-only disk"
	case errors.Is(t.Err, fs.ErrPermission):
		return "no permission"
	case errors.Is(t.Err, fs.ErrNotExist):
		return "file gone"
	case errors.Is(t.Err, syscall.EIO):
		return "disk error"
	}
	return "write failed"
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
	// Backup is set when the file is a backup (fight.toml.bak) whose save
	// is gone: opening it goes on in a new file.
	Backup bool
	// Kept are journals kept aside beside the save (fight.toml.journal.
	// kept-*) holding changes no save holds: Store.Recover opens them.
	Kept []string
}

// Saved is a fight as a store opens it.
type Saved struct {
	Name    string
	Fight   *engine.Fight
	Source  *dice.Source
	Hash    string   // the ruleset content's hash
	Notices []string // what a GM should know about the load (content changed...)
	// Path is where the fight's changes go; ReadOnly is set, and Journal
	// nil, when they go nowhere (another fray has the fight, or its lock
	// cannot be taken: ReadOnlyWhy says which).
	Path        string
	ReadOnly    bool
	ReadOnlyWhy string
	Journal     Journal
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
	done, _ := f.History() // what does not read is not lost: the save it came from keeps it
	return Snapshot{
		Name: s.Name, Hash: s.Hash, RNG: s.Source.State(), Rules: f.Rules,
		Current: *f.Current(), Base: f.Base,
		Done: append([]engine.Step(nil), done...), Undone: append([]engine.Step(nil), f.Undone...),
	}
}

// FightFiles is a Store that can remove a saved fight's files, rename it
// and archive it (put it away, kept whole, out of List; it returns where
// the save went), list the archived fights and restore one (bring it back
// beside the others): the start screen offers each where the store is one.
// Each is refused while another fray has the fight (ErrLocked).
type FightFiles interface {
	Remove(path string) ([]string, error)
	Rename(path, name string) error
	Archive(path string) (string, error)
	Archived() ([]SaveInfo, error)
	Restore(path string) (string, error)
}
