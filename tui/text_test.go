package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestFirstLines(t *testing.T) {
	for _, c := range []struct {
		s    string
		h    int
		want string
	}{{"a\nb\nc", 2, "a\nb"}, {"a\nb\nc", 3, "a\nb\nc"}, {"a\nb\nc", 9, "a\nb\nc"}, {"a\n\nc", 2, "a\n"}, {"a", 1, "a"}, {"a\nb", 0, ""}, {"", 1, ""}} {
		if got := firstLines(c.s, c.h); got != c.want {
			t.Errorf("firstLines(%q, %d) = %q, want %q", c.s, c.h, got, c.want)
		}
	}
}

// A frame keeps fray's styling and loses anything else a terminal would act
// on, wherever it came from.
func TestScreenSafe(t *testing.T) {
	cases := map[string]string{
		"plain │ █ text\nline two":                           "plain │ █ text\nline two",
		"\x1b[1mbold\x1b[m and \x1b[38;2;1;2;3mcolour\x1b[m": "\x1b[1mbold\x1b[m and \x1b[38;2;1;2;3mcolour\x1b[m",
		"\x1b[1mname\x1b]52;c;aGk=\a\x1b[m":                  "\x1b[1mname␛]52;c;aGk=␇\x1b[m",
		"clear\x1b[2J \u202erev\u200b \u009b1m\r":            "clear␛[2J \ufffdrev\ufffd \ufffd1m␍",
		"\x1b[": "␛[",
	}
	for in, want := range cases {
		if got := screenSafe(in); got != want {
			t.Errorf("screenSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// width counts as lipgloss.Width does: every rune it counts itself, alone,
// between colour sequences and beside any other, and strings it leaves to
// lipgloss.
func TestWidth(t *testing.T) {
	var counted []rune
	for r := rune(0); r < 0x3000; r++ {
		if s := string(r); width("a"+s) == 2 && width(s) == 1 {
			counted = append(counted, r)
			if lw := lipgloss.Width(s); lw != 1 {
				t.Errorf("%U: lipgloss.Width %d", r, lw)
			}
		}
	}
	if len(counted) < 500 {
		t.Errorf("only %d runes counted directly", len(counted))
	}
	others := []string{"\u0301", "\u200d", "\ufe0f", "\u20e3", "\U0001F600", "界", "\u00ad", "\t", "\x1b]8;;x\x07", "\x1b[K", "\u25fe", "\u2614"}
	r := rand.New(rand.NewPCG(1, 2))
	styles := []string{"\x1b[m", "\x1b[1;38;2;185;166;255m", "\x1b[38:5:12m", ""}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(styles[r.IntN(len(styles))])
			if r.IntN(12) == 0 {
				b.WriteString(others[r.IntN(len(others))])
			} else {
				b.WriteRune(counted[r.IntN(len(counted))])
			}
		}
		if s := b.String(); width(s) != lipgloss.Width(s) {
			t.Fatalf("%q: width %d, lipgloss.Width %d", s, width(s), lipgloss.Width(s))
		}
	}
}

// randomScreenText is n pieces of what a frame or a pane's line holds:
// letters, spaces, hyphens, box drawing and blocks, colour sequences, and
// now and then what the screen's usual fare is not (a wide rune, a
// combining mark, a control, a joiner, a newline, a sequence other than
// colour, a byte that is not UTF-8).
func randomScreenText(r *rand.Rand, n int) string { return randomText(r, n, 10) }

// randomText is randomScreenText with one piece in odd (0: none) not of
// the usual fare.
func randomText(r *rand.Rand, n, odd int) string {
	common := []string{"a", "Z", "7", " ", " ", "-", "·", "│", "█", "░", "▶", "é", "—", "…", "\u00a0", "\x1b[m", "\x1b[1;38;2;185;166;255m",
		"\x1b[2m"}
	others := []string{"界", "\u0301", "\u200d", "\u00ad", "\t", "\n", "\r", "\x07", "\x1b]8;;x\x07", "\x1b[K", "\x1b[", "\u2028", "\xff",
		"\U0001F600", "\u25fe", "\u3000", "\u2003"}
	var b strings.Builder
	for range n {
		if odd > 0 && r.IntN(odd) == 0 {
			b.WriteString(others[r.IntN(len(others))])
		} else {
			b.WriteString(common[r.IntN(len(common))])
		}
	}
	return b.String()
}

// wrap wraps the screen's usual fare without asking Wordwrap, and gives
// back a line that fits as it is; what it gives is what Wordwrap gives,
// for every line and width.
func TestWrapAsWordwrap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	fast, wrapped := 0, 0
	for range 20000 {
		s, w := randomText(r, r.IntN(60), r.IntN(2)*10), 1+r.IntN(40)
		if n, ok := plainCells(s, false); ok && n <= w {
			fast++
		} else if ok {
			wrapped++
		}
		if got, want := wrap(s, w), ansi.Wordwrap(s, w, " "); got != want {
			t.Fatalf("wrap(%q, %d) = %q, Wordwrap %q", s, w, got, want)
		}
	}
	if fast < 2000 || wrapped < 2000 {
		t.Errorf("only %d of the lines fitted, %d wrapped without Wordwrap: the test tries too little", fast, wrapped)
	}
}

// A frame of the screen's usual fare is given back as it is, and any frame
// is made safe as each stretch of it would be.
func TestScreenSafeAsEachStretch(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		s := randomScreenText(r, r.IntN(40))
		if got, want := screenSafe(s), sgrSafe(s); got != want {
			t.Fatalf("screenSafe(%q) = %q, stretch by stretch %q", s, got, want)
		}
	}
}

// A line is cut to its first cells, or after them, as ansi cuts it, for
// every line and place.
func TestCutsAsAnsi(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	plain := 0
	for range 15000 {
		s, n := randomText(r, r.IntN(40), r.IntN(3)/2*10), r.IntN(45)-2
		if _, ok := plainCells(s, false); ok {
			plain++
		}
		if got, want := keepCells(s, n), ansi.Truncate(s, n, ""); got != want {
			t.Fatalf("keepCells(%q, %d) = %q, ansi.Truncate %q", s, n, got, want)
		}
		if got, want := dropCells(s, n), ansi.TruncateLeft(s, n, ""); got != want {
			t.Fatalf("dropCells(%q, %d) = %q, ansi.TruncateLeft %q", s, n, got, want)
		}
	}
	if plain < 5000 {
		t.Errorf("only %d lines of the usual fare: the test tries too little", plain)
	}
}
