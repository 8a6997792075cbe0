package tui

import (
	"charm.land/bubbles/v2/key"

	"fray/engine/rules"
)

// KeyMap is every key of the tracker; help is built from the same bindings.
type KeyMap struct {
	Next, NextTyped, Undo, Redo, Up, Down, Add, Remove, Damage, Heal, Stun, Bleed, Conditions,
	Spend, Declare, Cast, Withdraw, Flurries, Helpers, TableDice, Wait, Init, MoveUp, MoveDown, Roll, Notes, SaveAs, LogUp, LogDown, Help, Quit key.Binding
	// The book lines the ruleset's ledger cites.
	BookLines key.Binding
	// The player view: hide or show the selected, and its settings.
	Hide, PlayerView key.Binding
	// The GM's evening: marking, groups, timers.
	Mark, MarkSide, Group, Timers key.Binding
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
		Flurries:   b("F", "flurries: engage, actions", "F"),
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
		BookLines:  b("B", "book lines on/off", "B"),
		Quit:       b("q", "save & quit", "q", "ctrl+c"),
		Hide:       b("H", "hide from / show to the players", "H"),
		PlayerView: b("P", "what the players see", "P"),
		Mark:       b("v", "mark/unmark", "v"),
		MarkSide:   b("V", "mark all foes / a side / nobody", "V"),
		Group:      b("G", "group: join / leave", "G"),
		Timers:     b("T", "timers", "T"),
		Confirm:    b("enter", "ok", "enter"),
		Cancel:     b("esc", "cancel", "esc"),
		ListUp:     b("↑", "up", "up", "ctrl+p"),
		ListDown:   b("↓", "down", "down", "ctrl+n"),
		Yes:        b("y", "yes", "y", "Y", "enter"),
		No:         b("n/esc", "no", "n", "N", "esc"),
	}
}

// trackerHelp is the help of the main screen: only the keys the fight's
// ruleset has a use for, and, in a read-only window, none that change the
// fight. With no ruleset (rs nil) it lists every key.
type trackerHelp struct {
	k        KeyMap
	rs       *rules.Ruleset
	readOnly bool
	book     bool // a Book can show book lines
}

func (h trackerHelp) ShortHelp() []key.Binding {
	k := h.k
	if h.readOnly {
		return []key.Binding{k.Up, k.Down, k.SaveAs, k.LogUp, k.Help, k.Quit}
	}
	return h.only(k.Next, k.Damage, k.Spend, k.Stun, k.Undo, k.Help, k.Quit)
}

func (h trackerHelp) FullHelp() [][]key.Binding {
	k := h.k
	if h.readOnly {
		return [][]key.Binding{{k.Up, k.Down, k.LogUp, k.LogDown}, h.only(k.SaveAs, k.BookLines, k.Help, k.Quit)}
	}
	return [][]key.Binding{
		h.only(k.Next, k.Undo, k.Redo, k.Up, k.Down, k.MoveUp, k.MoveDown, k.Init),
		h.only(k.Add, k.Remove, k.Damage, k.Heal, k.Stun, k.Bleed, k.Conditions, k.Spend, k.Declare, k.Cast, k.Withdraw, k.Flurries),
		h.only(k.Wait, k.Helpers, k.TableDice, k.Roll, k.Notes, k.SaveAs, k.LogUp, k.LogDown, k.Help, k.Quit, k.NextTyped, k.Hide, k.PlayerView),
		h.only(k.Mark, k.MarkSide, k.Group, k.Timers, k.BookLines),
	}
}

// only keeps the keys whose mechanic the ruleset has.
func (h trackerHelp) only(bs ...key.Binding) []key.Binding {
	out := bs[:0:0]
	for _, b := range bs {
		if h.rs == nil || h.offers(b) {
			out = append(out, b)
		}
	}
	return out
}

// offers reports whether the ruleset has a use for b.
func (h trackerHelp) offers(b key.Binding) bool {
	k, rs := h.k, h.rs
	switch b.Help() {
	case k.Spend.Help():
		return len(rs.Actions) > 0
	case k.Stun.Help():
		return rs.Stun.Kind != rules.StunNone && rs.Stun.Kind != ""
	case k.Declare.Help():
		return len(rs.Declarations) > 0
	case k.Cast.Help():
		return len(rs.Spells.Kinds) > 0 || rs.Spells.CarryTo != 0 || rs.Spells.Concentrated()
	case k.Wait.Help():
		return len(rs.Order.Hold) > 0
	case k.Conditions.Help():
		return len(rs.Conditions) > 0
	case k.Withdraw.Help():
		return rs.Withdraw.Offered()
	case k.Flurries.Help():
		return rs.HasFlurries()
	case k.Init.Help():
		// With no order, i rolls the initiative action where there is one.
		return rs.Order.Kind != rules.OrderNone || rs.Order.InitiativeAction != ""
	case k.MoveUp.Help(), k.MoveDown.Help():
		return rs.Order.Kind != rules.OrderNone
	case k.BookLines.Help():
		return h.book
	}
	return true
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
