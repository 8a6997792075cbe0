package tui

import (
	"strconv"
	"strings"

	"fray/session"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

func itoa(n int) string { return strconv.Itoa(n) }

// Text that comes from a save, a file or the keyboard (names, notes, the
// log, messages quoting them) is made safe as the pane that shows it draws
// it, before it is measured or styled: an escape sequence in a name would
// otherwise reach the terminal, and a zero-width or control character
// throw the layout off. screenSafe, on the whole frame, is the net under
// that: nothing but fray's own styling reaches the terminal.

// safe is text shown on one line; safeLines keeps its newlines.
func safe(s string) string      { return session.Safe(s) }
func safeLines(s string) string { return session.SafeLines(s) }

// screenSafe passes a frame's styling (SGR sequences, ESC [ ... m, which is
// all fray draws with) and makes anything else safe.
func screenSafe(s string) string {
	var b *strings.Builder
	text := 0 // where the text since the last SGR sequence starts
	flush := func(end int) {
		chunk := s[text:end]
		if b == nil {
			if _, _, unsafe := session.Unsafe(chunk); !unsafe {
				return
			}
			b = &strings.Builder{}
			b.Grow(len(s) + 16)
			b.WriteString(s[:text])
		}
		b.WriteString(session.SafeLines(chunk))
	}
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			if n := sgrLen(s[i:]); n > 0 {
				flush(i)
				if b != nil {
					b.WriteString(s[i : i+n])
				}
				i += n
				text = i
				continue
			}
		}
		i++
	}
	flush(len(s))
	if b == nil {
		return s
	}
	return b.String()
}

// sgrLen is the length of the SGR sequence s starts with, or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case c >= '0' && c <= '9', c == ';', c == ':':
		default:
			return 0
		}
	}
	return 0
}

// width is the cells a string takes. Plain text of simple runes (the
// screen's usual fare: letters, box drawing, blocks) is counted directly;
// anything else goes to the full grapheme-aware measure.
func width(s string) int {
	n := 0
	for _, r := range s {
		if r == 0x1b || r >= 0x1100 || (r >= 0x300 && r < 0x370) || r == 0xfe0f || r < 0x20 {
			return lipgloss.Width(s)
		}
		n++
	}
	return n
}

// truncate cuts a (possibly styled) string to w cells.
func truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// pad makes a string exactly w cells wide.
func pad(s string, w int) string {
	s = truncate(s, w)
	if n := width(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// wrap wraps plain text at w cells.
func wrap(s string, w int) string {
	if w <= 0 {
		return s
	}
	return ansi.Wordwrap(s, w, " ")
}

// firstLines is the first h lines of s.
func firstLines(s string, h int) string {
	if h <= 0 {
		return ""
	}
	i := 0
	for range h {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			return s
		}
		i += j + 1
	}
	return s[:i-1]
}
