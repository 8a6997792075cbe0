package tui

import (
	"strings"
	"sync"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// lineInput is one line of text being typed into a dialog: a prompt, the
// value, a cursor, and a window on a value wider than the box. It keeps the
// keys of a shell's line editor (below). Bubble Tea's text input did this
// before; it brings a clipboard library that looks for xclip, xsel and
// wl-copy along PATH as every fray command starts, for a ctrl+v the
// terminal's own paste does better.
type lineInput struct {
	prompt, placeholder string
	value               []rune
	pos                 int // the cursor: the rune it stands on, or len(value) past the end
	offset              int // the first rune shown when the value is wider than width
	width               int // the columns the value may take; 0: any
}

// lineKeys are the line editor's keys, as a shell's: made when a dialog
// first takes a key.
var lineKeys = sync.OnceValue(func() *lineKeyMap {
	return &lineKeyMap{
		left:          key.NewBinding(key.WithKeys("left", "ctrl+b")),
		right:         key.NewBinding(key.WithKeys("right", "ctrl+f")),
		wordLeft:      key.NewBinding(key.WithKeys("alt+left", "ctrl+left", "alt+b")),
		wordRight:     key.NewBinding(key.WithKeys("alt+right", "ctrl+right", "alt+f")),
		home:          key.NewBinding(key.WithKeys("home", "ctrl+a")),
		end:           key.NewBinding(key.WithKeys("end", "ctrl+e")),
		backspace:     key.NewBinding(key.WithKeys("backspace", "ctrl+h")),
		delete:        key.NewBinding(key.WithKeys("delete", "ctrl+d")),
		wordBackspace: key.NewBinding(key.WithKeys("alt+backspace", "ctrl+w", "ctrl+backspace")),
		wordDelete:    key.NewBinding(key.WithKeys("alt+delete", "alt+d", "ctrl+delete")),
		deleteToEnd:   key.NewBinding(key.WithKeys("ctrl+k")),
		deleteToStart: key.NewBinding(key.WithKeys("ctrl+u")),
	}
})

type lineKeyMap struct {
	left, right, wordLeft, wordRight, home, end  key.Binding
	backspace, delete, wordBackspace, wordDelete key.Binding
	deleteToEnd, deleteToStart                   key.Binding
}

func newLineInput(prompt string) lineInput { return lineInput{prompt: prompt} }

// reversed draws the cursor's cell.
var reversed = sync.OnceValue(func() style { return newStyle(lipgloss.NewStyle().Reverse(true)) })

// Value is the text typed.
func (in *lineInput) Value() string { return string(in.value) }

// SetValue replaces the text, the cursor kept where it can be.
func (in *lineInput) SetValue(s string) {
	in.value = []rune(clean(s))
	in.pos = min(in.pos, len(in.value))
	in.scroll()
}

// CursorEnd puts the cursor past the last character.
func (in *lineInput) CursorEnd() {
	in.pos = len(in.value)
	in.scroll()
}

// SetWidth is the columns the value may take.
func (in *lineInput) SetWidth(w int) {
	in.width = max(w, 0)
	in.scroll()
}

// clean is text as the input takes it: a tab or a line break a space,
// other control characters left out (an escape sequence's ESC with them),
// so that nothing typed or pasted reaches the terminal but as text. What
// is not a control character (a right-to-left mark) is kept as typed: the
// screens draw it visibly (safe).
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, s)
}

// Insert puts text at the cursor (a key's text, or a paste).
func (in *lineInput) Insert(s string) {
	rs := []rune(clean(s))
	if len(rs) == 0 {
		return
	}
	v := make([]rune, 0, len(in.value)+len(rs))
	v = append(append(append(v, in.value[:in.pos]...), rs...), in.value[in.pos:]...)
	in.value, in.pos = v, in.pos+len(rs)
	in.scroll()
}

// Update edits the line by a key.
func (in *lineInput) Update(msg tea.KeyPressMsg) {
	k := lineKeys()
	switch {
	case key.Matches(msg, k.left):
		in.pos = max(in.pos-1, 0)
	case key.Matches(msg, k.right):
		in.pos = min(in.pos+1, len(in.value))
	case key.Matches(msg, k.wordLeft):
		in.pos = in.wordStart()
	case key.Matches(msg, k.wordRight):
		in.pos = in.wordEnd()
	case key.Matches(msg, k.home):
		in.pos = 0
	case key.Matches(msg, k.end):
		in.pos = len(in.value)
	case key.Matches(msg, k.backspace):
		if in.pos > 0 {
			in.cut(in.pos-1, in.pos)
		}
	case key.Matches(msg, k.delete):
		if in.pos < len(in.value) {
			in.cut(in.pos, in.pos+1)
		}
	case key.Matches(msg, k.wordBackspace):
		in.cut(in.wordStart(), in.pos)
	case key.Matches(msg, k.wordDelete):
		in.cut(in.pos, in.wordEnd())
	case key.Matches(msg, k.deleteToEnd):
		in.cut(in.pos, len(in.value))
	case key.Matches(msg, k.deleteToStart):
		in.cut(0, in.pos)
	case msg.Text != "":
		in.Insert(msg.Text)
	}
	in.scroll()
}

// cut takes out the runes from i to j and leaves the cursor at i.
func (in *lineInput) cut(i, j int) {
	in.value = append(in.value[:i:i], in.value[j:]...)
	in.pos = i
}

// wordStart is where the word before the cursor starts (spaces before it
// skipped); wordEnd where the word after it ends.
func (in *lineInput) wordStart() int {
	i := in.pos
	for i > 0 && unicode.IsSpace(in.value[i-1]) {
		i--
	}
	for i > 0 && !unicode.IsSpace(in.value[i-1]) {
		i--
	}
	return i
}

func (in *lineInput) wordEnd() int {
	i := in.pos
	for i < len(in.value) && unicode.IsSpace(in.value[i]) {
		i++
	}
	for i < len(in.value) && !unicode.IsSpace(in.value[i]) {
		i++
	}
	return i
}

// scroll keeps the cursor inside the window the width shows: the window
// moves only when the cursor would leave it.
func (in *lineInput) scroll() {
	in.pos = min(max(in.pos, 0), len(in.value))
	if in.width <= 0 || ansi.StringWidth(string(in.value))+1 <= in.width {
		in.offset = 0
		return
	}
	in.offset = min(in.offset, in.pos)
	// The cursor's cell is one column: move the window's start on until
	// the text from it to the cursor, and the cursor, fit.
	for in.offset < in.pos && ansi.StringWidth(string(in.value[in.offset:in.pos]))+1 > in.width {
		in.offset++
	}
}

// View is the prompt and the visible part of the value, the cursor shown
// as a reversed cell; with no value, the placeholder, muted.
func (in *lineInput) View(muted style) string {
	cursor := reversed()
	if len(in.value) == 0 && in.placeholder != "" {
		ph := []rune(in.placeholder)
		if in.width > 0 {
			ph = []rune(ansi.Truncate(in.placeholder, in.width, ""))
		}
		if len(ph) == 0 {
			return in.prompt + cursor.Render(" ")
		}
		return in.prompt + cursor.Render(string(ph[:1])) + muted.Render(string(ph[1:]))
	}
	shown := in.value[in.offset:]
	if in.width > 0 {
		shown = []rune(ansi.Truncate(string(shown), in.width, ""))
	}
	at := in.pos - in.offset
	if at >= len(shown) {
		return in.prompt + string(shown) + cursor.Render(" ")
	}
	return in.prompt + string(shown[:at]) + cursor.Render(string(shown[at])) + string(shown[at+1:])
}
