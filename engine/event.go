package engine

import (
	"fmt"

	"fray/engine/dice"
)

// Event kinds.
const (
	EvStart   = "start"
	EvRound   = "round"
	EvPhase   = "phase"
	EvTurn    = "turn"
	EvRoll    = "roll"
	EvLost    = "lost"
	EvOrder   = "order"
	EvAdd     = "add"
	EvRemove  = "remove"
	EvDamage  = "damage"
	EvHeal    = "heal"
	EvOut     = "out"
	EvHold    = "hold"
	EvEnd     = "end"
	EvRoundUp = "round_end"
	EvPool    = "pool"
)

// Event is something that happened in a transition, for the log.
type Event struct {
	Kind  string       `toml:"kind"`
	Round int          `toml:"round"`
	Who   int          `toml:"who,omitzero"`
	Text  string       `toml:"text"`
	Roll  *dice.Result `toml:"roll,omitempty"`
	// HP is the change to Who's hit points: damage, healing, bleeding, and
	// joining the fight (from 0), so a combatant's hit points are always the
	// sum of its events'.
	HP int `toml:"hp,omitzero"`
	// Private: the players never read it (visibility.go).
	Private bool `toml:"private,omitempty"`
}

func (e Event) String() string { return e.Text }

func (t *tx) log(kind string, who int, roll *dice.Result, format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	t.events = append(t.events, Event{Kind: kind, Round: t.enc.Round, Who: who, Text: text, Roll: roll, Private: t.private(kind, who, roll != nil, text)})
}

// Event kinds of the mechanics.
const (
	EvStun      = "stun"
	EvBleed     = "bleed"
	EvCondition = "condition"
	EvSpend     = "spend"
	EvInjury    = "injury"
	EvView      = "view"
	// EvEnds is an effect ending on its own: a duration run out, a check
	// or a save made, the cause gone.
	EvEnds = "ends"
)
