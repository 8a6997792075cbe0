package tui

import (
	"slices"

	"charm.land/bubbles/v2/key"

	"fray/engine/rules"
)

// KeyMap is every key of the tracker; help is built from the same bindings.
type KeyMap struct {
	Next, NextTyped, Undo, Redo, Up, Down, Add, Remove, Damage, Heal, Stun, Bleed, Conditions,
	Spend, Declare, Cast, Withdraw, Helpers, TableDice, Wait, Init, MoveUp, MoveDown, Roll, Notes, SaveAs, LogUp, LogDown, Help, Quit key.Binding
	// The player view: hide or show the selected, and its settings.
	Hide, PlayerView key.Binding
	// Dialogs and lists.
	Confirm, Cancel, ListUp, ListDown, Yes, No key.Binding
}

// DefaultKeyMap returns fray's keys.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Next:       b("n/space", "next step", "n", "space"),
		NextTyped:  b("N", "next step, typing the dice", "N"),
		Undo:       b("u", "undo", "u", "ctrl+z"),
		Redo:       b("U", "redo", "U", "ctrl+y"),
		Up:         b("k/↑", "select up", "k", "up"),
		Down:       b("j/↓", "select down", "j", "down"),
		Add:        b("a", "add", "a"),
		Remove:     b("x", "remove", "x"),
		Damage:     b("d", "damage", "d"),
		Heal:       b("h", "heal", "h"),
		Stun:       b("s", "stun", "s"),
		Bleed:      b("b", "bleeding, first aid", "b"),
		Conditions: b("c", "conditions", "c"),
		Spend:      b("m", "spend an action", "m"),
		Declare:    b("D", "declare (before initiative)", "D"),
		Cast:       b("C", "cast a spell / interrupt it", "C"),
		Withdraw:   b("f", "withdraw from melee / flee", "f"),
		Helpers:    b("g", "GM helpers", "g"),
		TableDice:  b("t", "table dice on/off", "t"),
		Wait:       b("w", "wait/delay/hold", "w"),
		Init:       b("i", "set initiative", "i"),
		MoveUp:     b("K", "move earlier", "K"),
		MoveDown:   b("J", "move later", "J"),
		Roll:       b("r", "roll", "r"),
		Notes:      b("e", "notes", "e"),
		SaveAs:     b("ctrl+s", "save as", "ctrl+s"),
		LogUp:      b("pgup/[", "log back", "pgup", "["),
		LogDown:    b("pgdn/]", "log forward", "pgdown", "]"),
		Help:       b("?", "all keys", "?"),
		Quit:       b("q", "save & quit", "q", "ctrl+c"),
		Hide:       b("H", "hide from / show to the players", "H"),
		PlayerView: b("P", "what the players see", "P"),
		Confirm:    b("enter", "ok", "enter"),
		Cancel:     b("esc", "cancel", "esc"),
		ListUp:     b("↑", "up", "up", "ctrl+p"),
		ListDown:   b("↓", "down", "down", "ctrl+n"),
		Yes:        b("y", "yes", "y", "Y", "enter"),
		No:         b("n/esc", "no", "n", "N", "esc"),
	}
}

// trackerHelp is the help of the main screen; with a ruleset, the keys of
// mechanics it lacks (declarations, spells, withdrawing) are left out.
type trackerHelp struct {
	k  KeyMap
	rs *rules.Ruleset
}

// lacks reports whether the ruleset has nothing behind a key.
func (h trackerHelp) lacks(b key.Binding) bool {
	rs := h.rs
	switch {
	case rs == nil:
		return false
	case b.Help() == h.k.Declare.Help():
		return len(rs.Declarations) == 0
	case b.Help() == h.k.Cast.Help():
		return len(rs.Spells.Kinds) == 0 && rs.Spells.CarryTo == 0
	case b.Help() == h.k.Withdraw.Help():
		return !rs.Withdraw.Offered()
	}
	return false
}

func (h trackerHelp) ShortHelp() []key.Binding {
	return []key.Binding{h.k.Next, h.k.Damage, h.k.Spend, h.k.Stun, h.k.Undo, h.k.Help, h.k.Quit}
}

func (h trackerHelp) FullHelp() [][]key.Binding {
	k := h.k
	cols := [][]key.Binding{
		{k.Next, k.Undo, k.Redo, k.Up, k.Down, k.MoveUp, k.MoveDown, k.Init},
		{k.Add, k.Remove, k.Damage, k.Heal, k.Stun, k.Bleed, k.Conditions, k.Spend, k.Declare, k.Cast, k.Withdraw},
		{k.Wait, k.Helpers, k.TableDice, k.Roll, k.Notes, k.SaveAs, k.LogUp, k.LogDown, k.Help, k.Quit, k.NextTyped, k.Hide, k.PlayerView},
	}
	for i := range cols {
		cols[i] = slices.DeleteFunc(cols[i], h.lacks)
	}
	return cols
}

// dialogHelp is the help while a dialog is open.
type dialogHelp struct{ k KeyMap }

func (h dialogHelp) ShortHelp() []key.Binding {
	return []key.Binding{h.k.Confirm, h.k.Cancel, h.k.ListUp, h.k.ListDown}
}
func (h dialogHelp) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// startHelp is the help of the start screen.
type startHelp struct{ k KeyMap }

func (h startHelp) ShortHelp() []key.Binding {
	return []key.Binding{h.k.ListUp, h.k.ListDown, h.k.Confirm, h.k.Quit}
}
func (h startHelp) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }
