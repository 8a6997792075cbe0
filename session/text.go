package session

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text from files and the keyboard (names, notes, summaries, save and file
// names, messages that quote them) may hold anything: a byte that starts an
// escape sequence (which can clear the screen, set the clipboard or retitle
// the window), a bidi override that turns the rest of a line around, a
// zero-width character that throws the layout off. It is saved and loaded
// back exactly as it is; these make it safe to show, just before it reaches
// a terminal or the log file. A control character shows as its control
// picture (ESC as ␛), any other character that would not show as itself as
// U+FFFD; what is left is printable.

// Safe returns s as one line safe to show: newlines and tabs become spaces.
func Safe(s string) string { return safe(s, false) }

// SafeLines returns s safe to show, keeping its newlines.
func SafeLines(s string) string { return safe(s, true) }

// Unsafe returns the first character of s that would not reach a terminal
// as itself (a newline and a tab do), and its byte offset, or ok false.
func Unsafe(s string) (r rune, at int, ok bool) {
	for i, c := range s {
		if c == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return c, i, true
			}
		}
		if c != '\n' && c != '\t' && replacement(c) != 0 {
			return c, i, true
		}
	}
	return 0, 0, false
}

func safe(s string, lines bool) string {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, c := range s {
		switch {
		case c == utf8.RuneError:
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				b.WriteRune(utf8.RuneError) // a byte that is not UTF-8
				continue
			}
			b.WriteRune(c)
		case c == '\n' && lines:
			b.WriteByte('\n')
		case c == '\n' || c == '\t' || c == '\u2028' || c == '\u2029':
			b.WriteByte(' ')
		default:
			if r := replacement(c); r != 0 {
				b.WriteRune(r)
			} else {
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

// replacement is what shows in place of c, or 0 when c shows as itself.
func replacement(c rune) rune {
	switch {
	case c < 0x20:
		return 0x2400 + c // ␀ … ␟
	case c == 0x7f:
		return '\u2421' // ␡
	case c < 0x7f:
		return 0
	case c < 0xa0, // C1 controls: 0x9b alone starts a sequence
		c == '\u2028', c == '\u2029', // line and paragraph separators
		unicode.Is(unicode.Cf, c): // bidi controls, zero-width characters, soft hyphen...
		return utf8.RuneError
	}
	return 0
}

// SafeWriter makes everything written through it safe to show, keeping
// newlines and tabs (a table printed through a tabwriter keeps its columns).
// A character cut between two writes is held until the next.
func SafeWriter(w io.Writer) io.Writer { return &safeWriter{w: w} }

type safeWriter struct {
	w    io.Writer
	held []byte
}

func (s *safeWriter) Write(p []byte) (int, error) {
	data := append(s.held, p...)
	s.held = nil
	// Hold back a character cut short at the end.
	if n := len(data); n > 0 {
		start := max(n-utf8.UTFMax, 0)
		for i := n - 1; i >= start; i-- {
			if utf8.RuneStart(data[i]) {
				if !utf8.FullRune(data[i:]) {
					s.held = append([]byte(nil), data[i:]...)
					data = data[:i]
				}
				break
			}
		}
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(data), "\t") {
		tab := strings.HasSuffix(line, "\t")
		b.WriteString(SafeLines(strings.TrimSuffix(line, "\t")))
		if tab {
			b.WriteByte('\t')
		}
	}
	if _, err := io.WriteString(s.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}
