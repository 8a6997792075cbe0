package tui

import (
	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/rules"
)

// Book finds the lines of a ruleset's rule book that its rules cite, from
// the ruleset's ledger: B shows them beside what the panel explains (a
// condition, a stun level, a wound band, a stuck missile, a declaration) and
// beside each check in g and condition in c. The tracker reads no file
// itself: it asks the Book in a command, once a ruleset, and keeps what it
// gets.
type Book interface {
	// Cite reads the ruleset's ledger and returns what gives the book lines
	// of the rules naming an element of the ruleset ("conditions[stunned]",
	// "stun.levels[dazed]", "checks[strike]"): "countdown.txt l.50, 62", ""
	// when no rule names it. The error says why there is none (the ruleset
	// has no ledger, or it does not load).
	Cite(ruleset string) (func(element string) string, error)
}

// bookMsg is what a Book said of a ruleset's ledger.
type bookMsg struct {
	ruleset string
	cite    func(string) string
	err     error
}

// bookState is the book lines' switch and what the ledger of the fight's
// ruleset cites.
type bookState struct {
	on      bool
	ruleset string // the ruleset cite is for
	cite    func(string) string
}

// actBook turns the book lines on or off.
type actBook struct{}

func (actBook) isAction() {}

// toggleBook turns the book lines off, or on: at once when the ruleset's
// ledger has been read, else once a command has read it.
func (m Model) toggleBook() (tea.Model, tea.Cmd) {
	if m.book.on {
		m.book.on = false
		m.status.set("book lines off", false)
		return m, nil
	}
	if m.opts.Book == nil {
		m.status.set("no ledgers here: book lines come from a ruleset's ledger", true)
		return m, nil
	}
	id := m.fight().Rules.ID
	if m.book.ruleset == id && m.book.cite != nil {
		m.book.on = true
		m.status.set(bookOnText, false)
		return m, nil
	}
	b := m.opts.Book
	return m, func() tea.Msg {
		cite, err := b.Cite(id)
		return bookMsg{ruleset: id, cite: cite, err: err}
	}
}

const bookOnText = "book lines on: the panel, g and c show where the book states each rule (B hides them)"

// gotBook takes what the Book said: the book lines go on, or the status line
// says why there are none.
func (m Model) gotBook(msg bookMsg) (tea.Model, tea.Cmd) {
	if m.fight() == nil || m.fight().Rules.ID != msg.ruleset {
		return m, nil // the fight changed meanwhile
	}
	if msg.err != nil {
		m.status.set("no book lines: "+msg.err.Error(), true)
		return m, nil
	}
	m.book = bookState{on: true, ruleset: msg.ruleset, cite: msg.cite}
	m.status.set(bookOnText, false)
	return m, nil
}

// citeFor is the book lines of an element of the fight's ruleset, when
// they are on ("" otherwise, or when no rule names it).
func (b bookState) citeFor(rs *rules.Ruleset, element string) string {
	if !b.on || b.cite == nil || rs == nil || rs.ID != b.ruleset {
		return ""
	}
	return b.cite(element)
}

// bookLine is the panel's line under what it explains: "book:
// countdown.txt l.50, 62", or "" when there is none to show.
func (p panelPane) bookLine(element string) []string {
	s := p.book.citeFor(p.fight().Rules, element)
	if s == "" {
		return nil
	}
	return []string{p.st.Muted.Render(wrap("  book: "+s, p.width))}
}

// detail puts the book lines before a list item's detail, where they are
// on: "[l.24-47] roll for ...".
func (b bookState) detail(rs *rules.Ruleset, element, detail string) string {
	s := b.citeFor(rs, element)
	if s == "" {
		return detail
	}
	if i := indexLines(s); i >= 0 {
		s = s[i:]
	}
	return "[" + s + "] " + detail
}

// indexLines is where a citation's lines start ("l.24"), after the book's
// name.
func indexLines(s string) int {
	for i := len(s) - 1; i > 0; i-- {
		if s[i-1] == ' ' && s[i] == 'l' && i+1 < len(s) && s[i+1] == '.' {
			return i
		}
	}
	return -1
}

// stunElement is the ruleset element the combatant's stun level is.
func stunElement(rs *rules.Ruleset, c *engine.Combatant) string {
	if lvl, _ := engine.StunNow(rs, c); lvl >= 0 {
		return "stun.levels[" + rs.Stun.Levels[lvl].ID + "]"
	}
	return "stun"
}
