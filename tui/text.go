package tui

import (
	"strconv"
	"strings"
	"unicode/utf8"

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
	if _, plain := plainCells(s, true); plain {
		return s // fray's own styling around text that shows as itself
	}
	return sgrSafe(s)
}

// sgrSafe is screenSafe on any frame: each stretch of text between SGR
// sequences is made safe.
func sgrSafe(s string) string {
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

// width is the cells a string takes. The screen's usual fare (colour
// sequences around letters, punctuation, arrows, box drawing, blocks and
// shapes, each rune one cell and a grapheme of its own) is counted
// directly; anything else goes to the full grapheme-aware measure, which
// was most of the time a frame took.
func width(s string) int {
	if n, ok := plainCells(s, false); ok {
		return n
	}
	return lipgloss.Width(s)
}

// plainCells counts the cells of a string of the screen's usual fare:
// printable ASCII, SGR sequences and the runes narrow says take one cell
// each (with lines, newlines and tabs too, uncounted: for a whole frame,
// which is then safe to show as it is). ok is false for any other string.
func plainCells(s string, lines bool) (n int, ok bool) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			n++
			i++
			continue
		case c == 0x1b:
			if l := sgrLen(s[i:]); l > 0 {
				i += l
				continue
			}
			return 0, false
		case lines && (c == '\n' || c == '\t'):
			i++
			continue
		case c < 0x80:
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !narrow(r) {
			return 0, false
		}
		n++
		i += size
	}
	return n, true
}

// narrow says whether a rune takes one cell and stays a grapheme of its
// own whatever comes next: not a control, a combining mark, a joiner or a
// selector, not wide, not shown as an emoji. (TestWidth holds each to
// lipgloss.Width.)
func narrow(r rune) bool {
	switch {
	case r >= 0xa0 && r <= 0x2ff: // Latin-1 and Latin Extended
		return r != 0xad // a soft hyphen
	case r >= 0x2010 && r <= 0x2027: // dashes, quotes, bullets, the ellipsis
		return true
	case r >= 0x2190 && r <= 0x21ff: // arrows
		return true
	case r >= 0x2500 && r <= 0x25ff: // box drawing, blocks, geometric shapes
		return r != 0x25fd && r != 0x25fe // shown as emoji
	}
	return false
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

// keepCells is ansi.Truncate(s, n, ""): the first n cells of s, with every
// colour sequence of s, cut or not. A line of the screen's usual fare is
// cut without the grapheme walk (TestCutsAsAnsi).
func keepCells(s string, n int) string {
	if _, plain := plainCells(s, false); !plain {
		return ansi.Truncate(s, n, "")
	}
	if width(s) <= n {
		return s
	}
	if n < 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(len(s))
	cells := 0
	for i := 0; i < len(s); {
		if l := sgrLen(s[i:]); l > 0 {
			b.WriteString(s[i : i+l])
			i += l
			continue
		}
		size := 1
		if s[i] >= 0x80 {
			_, size = utf8.DecodeRuneInString(s[i:])
		}
		if cells < n {
			b.WriteString(s[i : i+size])
		}
		cells++
		i += size
	}
	return b.String()
}

// dropCells is ansi.TruncateLeft(s, n, ""): s without its first n cells,
// with the colour sequences among them. A line of the screen's usual fare
// is cut without the grapheme walk.
func dropCells(s string, n int) string {
	if _, plain := plainCells(s, false); !plain {
		return ansi.TruncateLeft(s, n, "")
	}
	if n <= 0 {
		return s
	}
	var b strings.Builder
	cells := 0
	for i := 0; i < len(s); {
		if l := sgrLen(s[i:]); l > 0 {
			b.WriteString(s[i : i+l])
			i += l
			continue
		}
		if cells++; cells > n {
			b.WriteString(s[i:])
			break
		}
		if s[i] >= 0x80 {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		} else {
			i++
		}
	}
	return b.String()
}

// pad makes a string exactly w cells wide.
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := width(s)
	if n > w {
		s = ansi.Truncate(s, w, "…")
		n = width(s)
	}
	if n < w {
		s += spaces(w - n)
	}
	return s
}

// blanks are spaces for padding, cut from one string rather than made.
var blanks = strings.Repeat(" ", 160)

func spaces(n int) string {
	if n <= len(blanks) {
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// wrap wraps plain text at w cells.
func wrap(s string, w int) string {
	if w <= 0 {
		return s
	}
	if n, ok := plainCells(s, false); ok {
		if n <= w && !strings.HasSuffix(s, " ") {
			return s // one line that fits: Wordwrap gives it back as it is
		}
		return wordwrapPlain(s, w)
	}
	return ansi.Wordwrap(s, w, " ")
}

// wordwrapPlain is ansi.Wordwrap(s, limit, " ") of a line of the screen's
// usual fare (plainCells), where every rune is a cell and a grapheme, and
// the only space is ' ': Wordwrap walks every grapheme of it, and copies
// it through three buffers (TestWrapAsWordwrap holds the two to the same
// lines). As Wordwrap does, it breaks lines at spaces, which it drops at a
// break and at the end, and after hyphens; a word longer than a line is
// left whole; colour sequences go with the word they are in.
func wordwrapPlain(s string, limit int) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	cur, spaces := 0, 0      // the cells of the line so far; the spaces after it, not written yet
	wordAt, wordLen := -1, 0 // the word not written yet, s[wordAt:i] (-1: none), and its cells
	addSpace := func() {
		cur += spaces
		for ; spaces > 0; spaces-- {
			b.WriteByte(' ')
		}
	}
	addWord := func(i int) {
		if wordAt < 0 {
			return
		}
		addSpace()
		cur += wordLen
		b.WriteString(s[wordAt:i])
		wordAt, wordLen = -1, 0
	}
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == 0x1b:
			if wordAt < 0 {
				wordAt = i
			}
			i += sgrLen(s[i:])
			continue
		case c == ' ':
			addWord(i)
			spaces++
			i++
			continue
		case c == '-':
			addSpace()
			addWord(i)
			b.WriteByte('-')
			cur++
			i++
			continue
		case c < 0x80:
			if wordAt < 0 {
				wordAt = i
			}
			i++
		default:
			if wordAt < 0 {
				wordAt = i
			}
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
		wordLen++
		if cur+spaces+wordLen > limit && wordLen < limit {
			b.WriteByte('\n')
			cur, spaces = 0, 0
		}
	}
	addWord(len(s))
	return b.String()
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
