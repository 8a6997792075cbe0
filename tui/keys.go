package tui

import (
	"fmt"
	"math"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/rules"
)

// KeyMap is every key fray binds, with the help each shows. What a key
// does, and in which mode, is the key table's (bindings); the dialogs read
// Confirm, Cancel, ListUp, ListDown, Yes and No themselves.
type KeyMap struct {
	Next, NextTyped, Undo, Redo, Up, Down, Add, Remove, Damage, Heal, Stun, Bleed, Conditions        key.Binding
	Spend, Declare, Cast, Withdraw, Flurries, Blow, Helpers, TableDice, Wait, Init, MoveUp, MoveDown key.Binding
	Roll, Notes, SaveAs, LogUp, LogDown, Help, Quit                                                  key.Binding
	// The book lines the ruleset's ledger cites.
	BookLines key.Binding
	// The player view: hide or show the selected, and its settings.
	Hide, PlayerView key.Binding
	// Marking, groups, timers.
	Mark, MarkSide, Group, Timers key.Binding
	// Finding a combatant: the one acting, or one by its name; the first or
	// the last in the list (the start screen's menu too).
	Acting, Find, First, Last key.Binding
	// A combatant's name or most hit points, changed.
	Rename key.Binding
	// Dialogs and lists.
	Confirm, Cancel, ListUp, ListDown, Yes, No key.Binding
	// The saved fights' list: remove, rename or archive the one the cursor is on.
	RemoveFight, RenameFight, ArchiveFight key.Binding
	// Damage to the marked shared out: the selected one's share less or
	// more, or an amount of its own typed.
	ShareLess, ShareMore, ShareAmount key.Binding
}

// DefaultKeyMap returns fray's keys.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Next:         b("n/space", "next step", "n", "space"),
		NextTyped:    b("N", "next step, typing the dice", "N"),
		Undo:         b("u", "undo", "u", "ctrl+z"),
		Redo:         b("U", "redo", "U", "ctrl+y"),
		Up:           b("k/↑", "select up", "k", "up"),
		Down:         b("j/↓", "select down", "j", "down"),
		First:        b("home/end", "select the first / last", "home"),
		Last:         b("home/end", "select the first / last", "end"),
		Add:          b("a", "add", "a"),
		Remove:       b("x", "remove", "x"),
		Damage:       b("d", "damage", "d"),
		Heal:         b("h", "heal", "h"),
		Stun:         b("s", "stun", "s"),
		Bleed:        b("b", "bleeding, first aid", "b"),
		Conditions:   b("c", "conditions", "c"),
		Spend:        b("m", "spend an action", "m"),
		Declare:      b("D", "declare (before initiative)", "D"),
		Cast:         b("C", "cast a spell / interrupt it", "C"),
		Flurries:     b("F", "flurries: engage, actions", "F"),
		Withdraw:     b("f", "withdraw from melee / flee", "f"),
		Blow:         b("A", "strike: attack to wound", "A"),
		Helpers:      b("g", "GM helpers", "g"),
		TableDice:    b("t", "table dice on/off", "t"),
		Wait:         b("w", "wait/delay/hold", "w"),
		Init:         b("i", "set initiative", "i"),
		MoveUp:       b("K", "move earlier", "K"),
		MoveDown:     b("J", "move later", "J"),
		Roll:         b("r", "roll", "r"),
		Notes:        b("e", "notes", "e"),
		SaveAs:       b("ctrl+s", "save as", "ctrl+s"),
		LogUp:        b("pgup/[", "log back", "pgup", "["),
		LogDown:      b("pgdn/]", "log forward", "pgdown", "]"),
		Help:         b("?", "all keys", "?"),
		BookLines:    b("B", "book lines on/off", "B"),
		Quit:         b("q", "save & quit", "q", "ctrl+c"),
		Hide:         b("H", "hide from / show to the players", "H"),
		PlayerView:   b("P", "what the players see", "P"),
		Mark:         b("v", "mark/unmark", "v"),
		MarkSide:     b("V", "mark all foes / a side / nobody", "V"),
		Group:        b("G", "group: join / leave", "G"),
		Timers:       b("T", "timers", "T"),
		Acting:       b(".", "select who acts", "."),
		Find:         b("/", "select by name", "/"),
		Rename:       b("R", "rename, most hit points", "R"),
		Confirm:      b("enter", "ok", "enter"),
		Cancel:       b("esc", "cancel", "esc"),
		ListUp:       b("↑", "up", "up", "ctrl+p"),
		ListDown:     b("↓", "down", "down", "ctrl+n"),
		Yes:          b("y", "yes", "y", "Y", "enter"),
		No:           b("n/esc", "no", "n", "N", "esc"),
		RemoveFight:  b("ctrl+d", "remove the fight", "ctrl+d"),
		RenameFight:  b("ctrl+r", "rename the fight", "ctrl+r"),
		ArchiveFight: b("ctrl+a", "archive the fight", "ctrl+a"),
		ShareLess:    b("←", "less damage", "left"),
		ShareMore:    b("→", "more damage", "right"),
		ShareAmount:  b("0-9", "typed amount", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "backspace"),
	}
}

// mode says which part of the key table is live. It follows from what is
// on the screen, so it cannot disagree with it.
type mode int

const (
	// modeStart: the start screen's menu.
	modeStart mode = iota
	// modeTracker: the tracker; keys act on the selected combatant.
	modeTracker
	// modeMarking: the tracker with combatants marked (v, V): d, h, s, b,
	// c and G act on all of them.
	modeMarking
	// modeReadOnly: the tracker on a fight another fray writes: only the
	// keys that change nothing.
	modeReadOnly
	// modeDialog: a dialog is open and reads every key.
	modeDialog
)

// modes is a set of modes.
type modes uint8

func in(ms ...mode) modes {
	var s modes
	for _, m := range ms {
		s |= 1 << m
	}
	return s
}

func (s modes) has(m mode) bool { return s&(1<<m) != 0 }

// A binding is a row of the key table: a key, the modes it is live in,
// whether the fight has a use for it, what it does, and the help bars that
// show it.
type binding struct {
	key  key.Binding
	live modes
	// absent says why the fight has no use for the key (its ruleset lacks
	// the mechanic), or "" when it has one; nil: it always has. The help
	// leaves an absent key out; pressed, it says why.
	absent func(c *common) string
	// do is what the key does: an action for the root to apply. nil: the
	// open dialog reads the key itself.
	do func(m *Model) action
	// bar is the modes whose help bar shows the key; the keys screen (?)
	// shows every key live in its mode.
	bar modes
	// desc is the key's help in the fight's ruleset's words, where they
	// differ from the table's (nil: the table's).
	desc func(c *common) string
}

// bindings is the key table: every key of every mode, in the order the
// help shows them. The root's mode decides which rows are live; a key
// matches at most one live row.
func bindings(k KeyMap) []binding {
	var (
		start    = in(modeStart)
		tracker  = in(modeTracker)
		marking  = in(modeMarking)
		tracking = in(modeTracker, modeMarking)
		viewing  = in(modeTracker, modeMarking, modeReadOnly)
		readOnly = in(modeReadOnly)
		dialog   = in(modeDialog)
	)
	quit := func(*Model) action { return actQuit{} }
	choose := func(m *Model) action { return m.start.choose() }
	return []binding{
		// The start screen.
		{key: k.ListUp, live: start, do: func(m *Model) action { return m.start.move(-1) }, bar: start},
		{key: k.Up, live: start, do: func(m *Model) action { return m.start.move(-1) }},
		{key: k.ListDown, live: start, do: func(m *Model) action { return m.start.move(1) }, bar: start},
		{key: k.Down, live: start, do: func(m *Model) action { return m.start.move(1) }},
		{key: k.First, live: start, do: func(m *Model) action { return m.start.move(-len(m.start.menu)) }},
		{key: k.Last, live: start, do: func(m *Model) action { return m.start.move(len(m.start.menu)) }},
		{key: k.Confirm, live: start, do: choose, bar: start},
		{key: k.Next, live: start, do: choose},
		{key: k.Cancel, live: start, do: quit},

		// The tracker.
		{key: k.Up, live: viewing, do: func(m *Model) action { m.order.move(-1); return nil }, bar: readOnly},
		{key: k.Down, live: viewing, do: func(m *Model) action { m.order.move(1); return nil }, bar: readOnly},
		{key: k.First, live: viewing, do: func(m *Model) action { m.order.move(math.MinInt32); return nil }},
		{key: k.Last, live: viewing, do: func(m *Model) action { m.order.move(math.MaxInt32); return nil }},
		{key: k.Acting, live: viewing, do: (*Model).actingKey},
		{key: k.Find, live: viewing, do: func(m *Model) action { return dialogOr(m.findDialog()) }},
		{key: k.Next, live: tracking, absent: ended, do: func(m *Model) action { return actCommand{cmd: m.nextStep()} }, bar: tracking},
		{key: k.NextTyped, live: tracking, absent: ended, do: (*Model).nextTypedPrompt},
		{key: k.Damage, live: tracker, do: onSelected((*Model).damageKey), bar: tracker},
		{key: markedKey(k.Damage, "damage the marked"), live: marking, do: (*Model).markedDamage, bar: marking},
		{key: k.Heal, live: tracker, do: onSelected((*Model).healKey)},
		{key: markedKey(k.Heal, "heal the marked"), live: marking, do: (*Model).markedHeal},
		{key: k.Spend, live: tracking, absent: noActions, do: onSelected(opens((*Model).spendDialog)), bar: tracking},
		{key: k.Stun, live: tracker, absent: noStun, do: onSelected((*Model).stunKey), bar: tracker},
		{key: markedKey(k.Stun, "stun the marked"), live: marking, absent: noStun, do: (*Model).markedStun, bar: marking},
		{key: k.Bleed, live: tracker, do: onSelected(opens((*Model).bleedDialog))},
		{key: markedKey(k.Bleed, "a bleeding wound on each marked"), live: marking, do: (*Model).markedBleed},
		{key: k.Conditions, live: tracker, absent: noConditions, do: onSelected(opens((*Model).conditionsDialog))},
		{key: markedKey(k.Conditions, "conditions of the marked"), live: marking, absent: noConditions, do: (*Model).markedConditions},
		{key: k.Declare, live: tracking, absent: noDeclarations, do: onSelected(opens((*Model).declareDialog)),
			desc: func(c *common) string { return "declare (" + declareWhen(c.ruleset()) + ")" }},
		{key: k.Cast, live: tracking, absent: noSpells, do: onSelected(opensOr((*Model).castDialog))},
		{key: k.Withdraw, live: tracking, absent: noWithdrawing, do: onSelected(opens((*Model).withdrawDialog))},
		{key: k.Flurries, live: tracking, absent: noFlurries, do: onSelected(opensOr((*Model).flurryDialog))},
		{key: k.Blow, live: tracking, absent: noBlows, do: onSelected((*Model).blowDialog)}, // blow_dialog.go
		{key: k.Wait, live: tracking, absent: noHolds, do: func(m *Model) action { return dialogOr(m.holdDialog()) }},
		{key: k.Init, live: tracking, absent: noInitiative, do: onSelected((*Model).initKey)},
		{key: k.MoveUp, live: tracking, absent: noOrder, do: onSelected(moves(-1))},
		{key: k.MoveDown, live: tracking, absent: noOrder, do: onSelected(moves(1))},
		{key: k.Notes, live: tracking, do: onSelected(opens((*Model).notesPrompt))},
		{key: k.Rename, live: tracking, do: onSelected(opens((*Model).renameDialog))},
		{key: k.Remove, live: tracking, do: onSelected(opens((*Model).removeConfirm))},
		{key: k.Undo, live: tracking, do: func(*Model) action { return actUndo{} }, bar: tracking},
		{key: k.Redo, live: tracking, do: func(*Model) action { return actRedo{} }},
		{key: k.Add, live: tracking, do: func(m *Model) action { return actDialog{m.addDialog()} }},
		{key: k.Roll, live: tracking, do: func(m *Model) action { return actDialog{m.rollPrompt()} }},
		{key: k.Helpers, live: tracking, do: func(m *Model) action { return actDialog{m.helpersDialog(m.order.selected())} }},
		{key: k.TableDice, live: tracking, do: func(*Model) action { return actTableDice{} }},
		{key: k.Mark, live: tracking, do: onSelected((*Model).markKey)},
		{key: k.MarkSide, live: tracking, do: func(m *Model) action { return dialogOr(m.markSideDialog()) }},
		{key: k.Group, live: tracker, do: onSelected((*Model).groupKey)},
		{key: markedKey(k.Group, "group: the marked join the selected's"), live: marking, do: onSelected((*Model).markedJoin)},
		{key: k.Timers, live: tracking, do: func(m *Model) action { return actDialog{m.timersDialog()} }},
		{key: k.Hide, live: tracking, do: onSelected((*Model).hideKey)},
		{key: k.PlayerView, live: tracking, do: func(m *Model) action { return actDialog{m.playerViewDialog()} }},
		{key: k.SaveAs, live: viewing, do: func(m *Model) action { return actDialog{m.saveAsPrompt()} }, bar: readOnly},
		{key: k.LogUp, live: viewing, do: func(m *Model) action { m.log.scroll(1); return nil }, bar: readOnly},
		{key: k.LogDown, live: viewing, do: func(m *Model) action { m.log.scroll(-1); return nil }},
		{key: k.BookLines, live: viewing, absent: noBook, do: func(*Model) action { return actBook{} }},
		{key: k.Help, live: viewing | start, do: (*Model).keysKey, bar: viewing},
		{key: k.Quit, live: viewing | start, do: quit, bar: viewing | start},

		// An open dialog: it reads these itself.
		{key: k.Confirm, live: dialog, bar: dialog},
		{key: k.Cancel, live: dialog, bar: dialog},
		{key: k.ListUp, live: dialog, bar: dialog},
		{key: k.ListDown, live: dialog, bar: dialog},
		{key: k.Up, live: dialog},
		{key: k.Down, live: dialog},
		{key: k.Yes, live: dialog},
		{key: k.No, live: dialog},
		// The saved fights' list (fights_dialog.go): its help bar shows them.
		{key: k.RemoveFight, live: dialog},
		{key: k.RenameFight, live: dialog},
		{key: k.ArchiveFight, live: dialog},
		// Damage to the marked shared out (share_dialog.go): its help bar shows them.
		{key: k.ShareLess, live: dialog},
		{key: k.ShareMore, live: dialog},
		{key: k.ShareAmount, live: dialog},
	}
}

// keyAction is what a key means in the mode the screen is in: the live
// row it matches does it. A key of the tracker pressed in a read-only
// window says why it changes nothing.
func (m *Model) keyAction(msg tea.KeyPressMsg) action {
	md := m.mode()
	if b, ok := m.matching(md, msg); ok {
		if b.absent != nil {
			if why := b.absent(m.common); why != "" {
				return actError{why}
			}
		}
		return b.do(m)
	}
	if _, ok := m.matching(modeTracker, msg); ok && md == modeReadOnly {
		return actError{m.changing()}
	}
	return nil
}

// matching is the row of the key table a key matches in a mode.
func (c *common) matching(md mode, msg tea.KeyPressMsg) (binding, bool) {
	for _, b := range c.table {
		if b.live.has(md) && b.do != nil && key.Matches(msg, b.key) {
			return b, true
		}
	}
	return binding{}, false
}

// markedKey is a key of the selected as it acts on every marked combatant.
func markedKey(b key.Binding, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
}

// onSelected is what a key does to the selected combatant; with nobody to
// select, it says so.
func onSelected(do func(m *Model, c *engine.Combatant) action) func(*Model) action {
	return func(m *Model) action {
		c := m.order.selected()
		if c == nil {
			return actError{"add a combatant first (a)"}
		}
		return do(m, c)
	}
}

// opens is a key that opens a dialog on the selected.
func opens(d func(m *Model, c *engine.Combatant) dialog) func(*Model, *engine.Combatant) action {
	return func(m *Model, c *engine.Combatant) action { return actDialog{d(m, c)} }
}

// opensOr is a key that opens a dialog on the selected, or says why there
// is none to open.
func opensOr(d func(m *Model, c *engine.Combatant) (dialog, error)) func(*Model, *engine.Combatant) action {
	return func(m *Model, c *engine.Combatant) action { return dialogOr(d(m, c)) }
}

// moves is J or K: the selected later or earlier in the order.
func moves(dir int) func(*Model, *engine.Combatant) action {
	return func(_ *Model, c *engine.Combatant) action { return actCommand{cmd: engine.Move{Who: c.ID, Dir: dir}} }
}

// keysKey is ?: every key live in the mode (on the start screen, the
// tracker's, all of them).
func (m *Model) keysKey() action {
	md := m.mode()
	if md == modeStart {
		md = modeTracker
	}
	return actDialog{&keysDialog{mode: md}}
}

// ended: a fight that is over has no next step (undo takes back its end).
func ended(c *common) string {
	if c.sess != nil && c.sess.Fight != nil && c.sess.Fight.Current().Status == engine.StatusEnded {
		return "the fight is over: u takes back its end"
	}
	return ""
}

// What a ruleset lacks, for the keys of its mechanics.

func noActions(c *common) string {
	return lacks(c, len(c.ruleset().Actions) == 0, "has no action list")
}

func noStun(c *common) string {
	k := c.ruleset().Stun.Kind
	return lacks(c, k == rules.StunNone || k == "", "keeps no stun")
}

func noConditions(c *common) string {
	return lacks(c, len(c.ruleset().Conditions) == 0, "has no conditions")
}

func noDeclarations(c *common) string {
	return lacks(c, len(c.ruleset().Declarations) == 0, "has no declarations")
}

func noSpells(c *common) string {
	s := c.ruleset().Spells
	return lacks(c, len(s.Kinds) == 0 && s.CarryTo == 0 && !s.Concentrated(), "casts no spells")
}

func noWithdrawing(c *common) string {
	return lacks(c, !c.ruleset().Withdraw.Offered(), "has no withdrawing from melee")
}

func noFlurries(c *common) string { return lacks(c, !c.ruleset().HasFlurries(), "has no flurries") }

func noBlows(c *common) string {
	return lacks(c, len(c.ruleset().Blows) == 0, "has no blows: roll the attack with g and type the damage with d")
}

func noHolds(c *common) string {
	return lacks(c, len(c.ruleset().Order.Hold) == 0, "has no wait, delay or hold")
}

// noInitiative: with no order, i takes the ruleset's initiative action,
// where there is one.
func noInitiative(c *common) string {
	o := c.ruleset().Order
	return lacks(c, o.Kind == rules.OrderNone && o.InitiativeAction == "", "has no initiative order")
}

func noOrder(c *common) string {
	return lacks(c, c.ruleset().Order.Kind == rules.OrderNone, "has no initiative order")
}

func noBook(c *common) string {
	if c.hasBook {
		return ""
	}
	return "no ledgers here: book lines come from a ruleset's ledger"
}

// lacks says that the fight's ruleset lacks something, when it does.
func lacks(c *common, lacking bool, what string) string {
	if !lacking {
		return ""
	}
	return fmt.Sprintf("%s %s", c.ruleset().Name, what)
}

// keyHelp is the help of a mode, from the key table: the keys live in it
// that the fight has a use for (with no fight, all of them).
type keyHelp struct {
	c    *common
	mode mode
}

// offered are the rows the help shows.
func (h keyHelp) offered() []*binding {
	out := make([]*binding, 0, len(h.c.table))
	for i := range h.c.table {
		if h.offers(&h.c.table[i]) {
			out = append(out, &h.c.table[i])
		}
	}
	return out
}

// offers says whether the mode offers the key: live in it, and of a use
// to the fight's ruleset.
func (h keyHelp) offers(b *binding) bool {
	return b.live.has(h.mode) && (b.absent == nil || h.c.sess == nil || h.c.sess.Fight == nil || b.absent(h.c) == "")
}

// keyOf is the key as the help shows it: its help in the fight's ruleset's
// words where the table has them (desc).
func (h keyHelp) keyOf(b *binding) key.Binding {
	if b.desc == nil || h.c.sess == nil || h.c.sess.Fight == nil {
		return b.key
	}
	return markedKey(b.key, b.desc(h.c))
}

// declareWhen is when D's declarations are made, in the ruleset's words: in
// the phase a rank order takes them in (order.declare_phase: BRP's
// statements, l.19), else before initiative is rolled.
func declareWhen(rs *rules.Ruleset) string {
	if rs.Order.Kind == rules.OrderRank && rs.Order.DeclarePhase != "" {
		for _, p := range rs.Phases {
			if p.ID == rs.Order.DeclarePhase && p.Name != "" {
				return "in the " + strings.ToLower(p.Name)
			}
		}
	}
	return "before initiative"
}

// ShortHelp is the help bar: the keys its mode's bar shows.
func (h keyHelp) ShortHelp() []key.Binding {
	var out []key.Binding
	for i := range h.c.table {
		if b := &h.c.table[i]; b.bar.has(h.mode) && h.offers(b) {
			out = append(out, h.keyOf(b))
		}
	}
	return out
}

// FullHelp is every key of the mode, for the keys screen: a pair that
// shares its help (home/end) once.
func (h keyHelp) FullHelp() [][]key.Binding {
	var out []key.Binding
	shown := map[key.Help]bool{}
	for _, b := range h.offered() {
		if !shown[b.key.Help()] {
			shown[b.key.Help()] = true
			out = append(out, h.keyOf(b))
		}
	}
	return [][]key.Binding{out}
}
