package tui

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"fray/engine"
	"fray/session"
)

// hostileText sets the clipboard, clears the screen, colours what follows,
// turns it around, hides a character and moves to the start of the line.
const hostileText = "Ev\x1b]52;c;aGk=\ail\x1b[2J\x1b[31m\u202e\u200b\r\x7f"

var sgrRE = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// Names, notes, sides, triggers and the fight's own name, from a save or
// typed: whatever they hold, every frame shows it as text and keeps its
// layout, on the tracker, in its dialogs and on the start screen.
func TestHostileTextIsDrawnSafe(t *testing.T) {
	m, st, sess := demo(t)
	do := func(cmd engine.Command) {
		t.Helper()
		if _, err := sess.Fight.Do(cmd); err != nil {
			t.Fatal(err)
		}
		sess.Record(session.OpDo, sess.Fight.Done[len(sess.Fight.Done)-1])
	}
	do(engine.Add{Combatants: []engine.NewCombatant{{Name: hostileText, Side: hostileText, Template: hostileText, Notes: hostileText + "\nline two", HP: 9}}})
	do(engine.Rename{Who: 1, Name: hostileText})
	do(engine.Notes{Who: 2, Text: hostileText})
	do(engine.Injure{Who: 2, Penalty: -5, Text: hostileText})
	m, _ = keys(m, "ctrl+s", "ctrl+u", hostileText, "enter") // the fight's own name
	check := func(what string) { t.Helper(); checkSafe(t, what, m) }
	check("the tracker")
	if !strings.Contains(screenText(m), "Ev␛]52;c;aGk=␇il␛[2J␛[31m") {
		t.Fatalf("the name is not shown as text:\n%s", screenText(m))
	}
	for _, sel := range []string{"", "j", "j"} { // the renamed Gavvin, then down the order
		if sel != "" {
			m, _ = keys(m, sel)
		}
		for _, k := range []string{"d", "h", "e", "x", "c", "s", "b", "m", "i", "a", "?", "ctrl+s", "r", "g"} {
			m, _ = keys(m, k)
			check("key " + k)
			m, _ = keys(m, "esc")
		}
	}
	// The start screen lists it, and the saves dialog too. (The prompt took
	// the name as the GM typed it, which leaves the control characters out.)
	name := sess.Name
	if !strings.Contains(name, "\u202e") {
		t.Fatalf("the name typed is %q", name)
	}
	sess.Close()
	m = New(shippedLib, st, &session.Session{}, Options{NoColor: true})
	m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = run(m, m.listCmd()())
	check("the start screen")
	if !strings.Contains(screenText(m), "  "+safe(name)) {
		t.Fatalf("the start screen does not show the fight:\n%q", screenText(m))
	}
	m, _ = keys(m, "down", "down", "enter")
	check("the saves dialog")
}

// checkSafe fails the test unless the model's frame is exactly its size
// and holds nothing but text and fray's own styling.
func checkSafe(t *testing.T, what string, m Model) {
	t.Helper()
	v := m.View().Content
	for i, l := range strings.Split(v, "\n") {
		if w := lipgloss.Width(l); w != m.width {
			t.Fatalf("%s: line %d is %d wide, not %d: %q", what, i, w, m.width, l)
		}
	}
	plain := sgrRE.ReplaceAllString(v, "")
	if r, at, bad := session.Unsafe(plain); bad {
		t.Fatalf("%s: %q at %d reaches the terminal:\n%q", what, r, at, plain)
	}
	if strings.Contains(v, "\x1b[31m") {
		t.Fatalf("%s: a name's colour code reaches the terminal", what)
	}
}
