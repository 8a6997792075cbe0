package tui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// fakeBook cites a few elements of countdown, and counts how often it is
// asked for a ruleset's ledger.
type fakeBook struct {
	asked int
	err   error
}

func (b *fakeBook) Cite(ruleset string) (func(string) string, error) {
	b.asked++
	if b.err != nil {
		return nil, b.err
	}
	lines := map[string]string{
		"conditions[stunned]":       "countdown.txt l.50",
		"checks[strike]":            "countdown.txt l.23-24, 165-170",
		"declarations[no_movement]": "countdown.txt l.15",
		"thresholds":                "countdown.txt l.63-70",
	}
	return func(element string) string { return lines[element] }, nil
}

// B shows the book lines the ledger cites under what the panel explains
// (a condition, a wound band, a declaration) and before each check in g;
// the ledger is asked for once, when B is first pressed, never before; B
// again hides them.
func TestBookLines(t *testing.T) {
	book := &fakeBook{}
	m := fightInWith(t, Options{Seed: func() uint64 { return 42 }, NoColor: true, Book: book}, "countdown", "Fighter", "Ogre")
	m, _ = run(m, tea.WindowSizeMsg{Width: 100, Height: 40})
	m, _ = keys(m, "D", "no movement", "enter", "n", "s", "d", "25", "enter")
	if s := screenText(m); !strings.Contains(s, "Stunned") || strings.Contains(s, "book:") || book.asked != 0 {
		t.Fatalf("before B: asked %d\n%s", book.asked, s)
	}
	m, _ = keys(m, "B")
	s := screenText(m)
	for _, want := range []string{"book: countdown.txt l.50", "book: countdown.txt l.63-70", "book: countdown.txt l.15", "book lines on"} {
		if !strings.Contains(s, want) {
			t.Errorf("with B, the screen lacks %q:\n%s", want, s)
		}
	}
	m, _ = keys(m, "g")
	if s := screenText(m); !strings.Contains(s, "[l.23-24, 165-170] roll for") {
		t.Errorf("g does not cite the strike:\n%s", s)
	}
	m, _ = keys(m, "esc", "B")
	if s := screenText(m); strings.Contains(s, "book:") {
		t.Errorf("B again left the book lines:\n%s", s)
	}
	m, _ = keys(m, "B")
	if book.asked != 1 || !strings.Contains(screenText(m), "book: countdown.txt l.50") {
		t.Errorf("B a second time: the ledger asked for %d times, want 1 (kept)", book.asked)
	}
	// B is in the keys' help when there is a Book.
	m, _ = keys(m, "?")
	if s := screenText(m); !strings.Contains(s, "book lines on/off") {
		t.Errorf("? lacks B:\n%s", s)
	}
}

// Without a ledger, B says why, and shows nothing; without a Book, B is not
// offered and says there are no ledgers.
func TestBookLinesWithoutALedger(t *testing.T) {
	book := &fakeBook{err: errors.New("no ledger for countdown (content/rulesets/countdown.ledger.toml)")}
	m := fightInWith(t, Options{NoColor: true, Book: book}, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "B")
	if !m.status.err || !strings.Contains(m.status.text, "no book lines: no ledger for countdown") || m.book.on {
		t.Errorf("B without a ledger: %q", m.status.text)
	}
	m = fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "B")
	if !strings.Contains(m.status.text, "no ledgers here") {
		t.Errorf("B without a Book: %q", m.status.text)
	}
	m, _ = keys(m, "?")
	if s := screenText(m); strings.Contains(s, "book lines") {
		t.Errorf("? offers B without a Book:\n%s", s)
	}
}
