package session

import (
	"time"

	"fray/engine"
)

// Parties keeps the GM's parties between fights. Its methods do I/O: the
// screen calls them from commands, never from Update.
type Parties interface {
	List() ([]PartyInfo, error)
	// Load reads the party of the name.
	Load(name string) (engine.Party, PartyInfo, error)
	// Keep changes the party of the name as change says (a new one, named,
	// when none is kept) and keeps it durably; from is the fight it comes
	// out of.
	Keep(name, from string, change func(engine.Party) (engine.Party, error)) (engine.Party, error)
}

// PartyInfo describes a kept party without its members' state.
type PartyInfo struct {
	Path, Name, Ruleset string
	Members             []string
	Kept                time.Time // when it was last kept
	From                string    // the fight it last came out of
	Problem             string    // set when the file does not read as a party
}
