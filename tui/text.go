package tui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

func itoa(n int) string { return strconv.Itoa(n) }

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
