package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// The line editor keeps a shell's keys: the cursor moves by characters and
// words, and text goes in and out where it stands.
func TestLineInputEdits(t *testing.T) {
	in := newLineInput("> ")
	typ := func(ks ...string) {
		for _, k := range ks {
			if len([]rune(k)) > 1 && !strings.ContainsAny(k, "+") {
				if _, named := map[string]bool{"left": true, "right": true, "home": true, "end": true, "backspace": true, "delete": true}[k]; !named {
					for _, r := range k {
						in.Update(press(string(r)))
					}
					continue
				}
			}
			in.Update(press(k))
		}
	}
	for _, c := range []struct {
		keys  []string
		value string
		pos   int
	}{
		{[]string{"2d6 + OB"}, "2d6 + OB", 8},
		{[]string{"left", "left", "backspace"}, "2d6 +OB", 5},
		{[]string{"home", "delete"}, "d6 +OB", 0},
		{[]string{"x", "end", "ctrl+w"}, "xd6 ", 4},
		{[]string{"ctrl+w"}, "", 0},
		{[]string{"orc x3 hp=12", "ctrl+a", "ctrl+f", "ctrl+k"}, "o", 1},
		{[]string{"ctrl+e", "rc", "ctrl+b", "ctrl+u"}, "c", 0},
	} {
		typ(c.keys...)
		if in.Value() != c.value || in.pos != c.pos {
			t.Fatalf("after %q: %q, cursor at %d; want %q at %d", c.keys, in.Value(), in.pos, c.value, c.pos)
		}
	}
	// alt+b, alt+f and alt+d move and delete by words.
	in.SetValue("one two three")
	in.CursorEnd()
	in.Update(tea.KeyPressMsg{Code: 'b', Mod: tea.ModAlt})
	in.Update(tea.KeyPressMsg{Code: 'b', Mod: tea.ModAlt})
	if in.pos != 4 {
		t.Fatalf("two words back: cursor at %d, want 4", in.pos)
	}
	in.Update(tea.KeyPressMsg{Code: 'd', Mod: tea.ModAlt})
	if in.Value() != "one  three" {
		t.Fatalf("alt+d: %q", in.Value())
	}
	in.Update(tea.KeyPressMsg{Code: 'f', Mod: tea.ModAlt})
	if in.pos != len("one  three") {
		t.Fatalf("alt+f: cursor at %d", in.pos)
	}
}

// What is typed or pasted is text: a control character (an escape
// sequence's ESC, a bell) is left out, a tab or line break is a space.
func TestLineInputTakesText(t *testing.T) {
	in := newLineInput("> ")
	in.Insert("Orc\x1b[2J\tgrunt\r\nx\a")
	if in.Value() != "Orc[2J grunt  x" {
		t.Fatalf("%q", in.Value())
	}
}

// A value wider than the box scrolls: the cursor always shows, and the
// window moves only as the cursor would leave it.
func TestLineInputScrolls(t *testing.T) {
	in := newLineInput("> ")
	in.SetWidth(10)
	in.Insert("abcdefghijklmnop")
	plain := func() string { return ansiRE.ReplaceAllString(in.View(style{}), "") }
	if got := plain(); got != "> ghijklmnop " && got != "> hijklmnop " {
		t.Fatalf("at the end: %q", got)
	}
	if w := len([]rune(plain())) - 2; w > 10 {
		t.Fatalf("%d columns shown in 10: %q", w, plain())
	}
	in.Update(press("home"))
	if got := plain(); got != "> abcdefghij" {
		t.Fatalf("at the start: %q", got)
	}
	for range 5 {
		in.Update(press("right"))
	}
	if got := plain(); got != "> abcdefghij" {
		t.Fatalf("the window moved with the cursor inside it: %q", got)
	}
	if !strings.Contains(in.View(style{}), "\x1b[7mf") {
		t.Fatalf("the cursor is not on f: %q", in.View(style{}))
	}
}

// A paste goes into the open dialog's text, as typing it would: the add
// dialog's filter narrows, a default shown selected is replaced. (It was
// dropped before: the dialogs read keys only.)
func TestPasteGoesIntoTheDialog(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "a")
	m, _ = run(m, tea.PasteMsg{Content: "Sold"})
	s := screenText(m)
	if !strings.Contains(s, "/ Sold") || strings.Contains(s, "› Orc") {
		t.Fatalf("the paste did not filter the add dialog:\n%s", s)
	}
	m, _ = keys(m, "esc", "r") // the roll prompt holds its default, selected
	m, _ = run(m, tea.PasteMsg{Content: "3d6\n"})
	p, ok := m.dlg.(*prompt)
	if !ok || p.input.Value() != "3d6 " {
		t.Fatalf("the roll prompt after a paste: %#v", m.dlg)
	}
}
