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
// U+FFFD; what is left is printable. The zero-width joiner and non-joiner
// are kept where they join what they stand between into one symbol or one
// word (an emoji family, a Persian or Hindi word: joins); anywhere else
// they could hide text ("ad\u200dmin" reads as admin) and show as U+FFFD.

// Safe returns s as one line safe to show: newlines and tabs become spaces.
func Safe(s string) string { return safe(s, false) }

// SafeLines returns s safe to show, keeping its newlines.
func SafeLines(s string) string { return safe(s, true) }

// Unsafe returns the first character of s that would not reach a terminal
// as itself (a newline and a tab do), and its byte offset, or ok false.
func Unsafe(s string) (r rune, at int, ok bool) {
	for i := 0; i < len(s); {
		if b := s[i]; b >= 0x20 && b < 0x7f || b == '\n' || b == '\t' {
			i++ // printable ASCII: most of any screen
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			return c, i, true // a byte that is not UTF-8
		}
		if replacement(c) != 0 && !joins(s, i, c) {
			return c, i, true
		}
		i += size
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
			if r := replacement(c); r != 0 && !joins(s, i, c) {
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

const (
	zwnj = '\u200c' // zero-width non-joiner
	zwj  = '\u200d' // zero-width joiner
)

// joins reports whether c, at byte i of s, is a joiner that joins a valid
// cluster: a zero-width joiner between two pictographs (an emoji sequence:
// 👨‍👩‍👧, 🏳️‍🌈, 👩🏽‍💻; the variation selector and skin tone of the one
// before are passed over), or either joiner between two letters (or marks)
// of one script that is written with them (Persian می‌خواهم, Hindi क्‍ष).
func joins(s string, i int, c rune) bool {
	if c != zwj && c != zwnj {
		return false
	}
	after, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(c):])
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	if c == zwj {
		rest := s[:i]
		for len(rest) > 0 && emojiModifier(before) {
			rest = rest[:len(rest)-utf8.RuneLen(before)]
			before, _ = utf8.DecodeLastRuneInString(rest)
		}
		if pictograph(before) && pictograph(after) {
			return true
		}
		before, _ = utf8.DecodeLastRuneInString(s[:i])
	}
	for _, script := range joinerScripts {
		if unicode.Is(script, before) && unicode.Is(script, after) && unicode.In(before, unicode.L, unicode.M) && unicode.In(after,
			unicode.L, unicode.M) {
			return true
		}
	}
	return false
}

// pictograph is a symbol an emoji sequence is made of.
func pictograph(r rune) bool {
	return r >= 0xa9 && r != utf8.RuneError && unicode.Is(unicode.So, r)
}

// emojiModifier is a variation selector or a skin tone, which an emoji
// takes after it.
func emojiModifier(r rune) bool {
	return r == '\ufe0f' || r == '\ufe0e' || r >= 0x1f3fb && r <= 0x1f3ff
}

// joinerScripts are the scripts whose words are written with the
// zero-width joiner and non-joiner.
var joinerScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil,
	unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala, unicode.Myanmar, unicode.Khmer,
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
