package session

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSafe(t *testing.T) {
	cases := []struct {
		in, one, lines string
		unsafe         bool
	}{
		{"Orc 1", "Orc 1", "Orc 1", false},
		{"Gavvin Ó Briain, élf 🐉", "Gavvin Ó Briain, élf 🐉", "Gavvin Ó Briain, élf 🐉", false},
		{"clear\x1b[2J", "clear␛[2J", "clear␛[2J", true},
		{"clip\x1b]52;c;aGk=\x07", "clip␛]52;c;aGk=␇", "clip␛]52;c;aGk=␇", true},
		{"csi\u009b31m", "csi\ufffd31m", "csi\ufffd31m", true},
		{"rev\u202eesrever", "rev\ufffdesrever", "rev\ufffdesrever", true},
		{"iso\u2067late\u2069", "iso\ufffdlate\ufffd", "iso\ufffdlate\ufffd", true},
		{"zero\u200bwidth\ufeff", "zero\ufffdwidth\ufffd", "zero\ufffdwidth\ufffd", true},
		{"two\nlines\r\n", "two lines␍ ", "two\nlines␍\n", true},
		{"two\nlines\n", "two lines ", "two\nlines\n", false},
		{"tab\there\x7f", "tab here␡", "tab here␡", true},
		{"bad \xff byte", "bad \ufffd byte", "bad \ufffd byte", true},
		{"line\u2028sep", "line sep", "line sep", true},
	}
	for _, c := range cases {
		if got := Safe(c.in); got != c.one {
			t.Errorf("Safe(%q) = %q, want %q", c.in, got, c.one)
		}
		if got := SafeLines(c.in); got != c.lines {
			t.Errorf("SafeLines(%q) = %q, want %q", c.in, got, c.lines)
		}
		if _, _, bad := Unsafe(c.in); bad != c.unsafe {
			t.Errorf("Unsafe(%q) = %v", c.in, bad)
		}
	}
	if r, at, ok := Unsafe("ab\x1bc"); !ok || r != 0x1b || at != 2 {
		t.Errorf("Unsafe: %q %d %v", r, at, ok)
	}
	if _, _, ok := Unsafe("tab\tand\nnewline, ünïcode 🐉"); ok {
		t.Error("Unsafe flags a tab, a newline or plain Unicode")
	}
}

// Whatever goes in, nothing that comes out is a control character or a
// character that does not show, and plain text comes out as it went in.
func FuzzSafe(f *testing.F) {
	f.Add("Orc\x1b[2J\u202e\u200b\xff")
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{Safe(s), SafeLines(s)} {
			if !utf8.ValidString(out) {
				t.Fatalf("%q: not UTF-8", out)
			}
			if r, _, bad := Unsafe(out); bad {
				t.Fatalf("%q: %q left in", out, r)
			}
		}
		if strings.ContainsAny(Safe(s), "\n\t") {
			t.Fatalf("Safe(%q) has a newline or tab", s)
		}
		if _, _, bad := Unsafe(s); !bad && SafeLines(s) != strings.ReplaceAll(strings.ReplaceAll(s, "\t", " "), "\u2028", " ") && !strings.Contains(s, "\u2029") {
			t.Fatalf("safe text %q changed to %q", s, SafeLines(s))
		}
	})
}

// A writer cut mid-character or mid-sequence still lets nothing through.
func TestSafeWriter(t *testing.T) {
	var out bytes.Buffer
	w := SafeWriter(&out)
	in := "NAME\tRULES\nOrc\x1b]52;c;x\x07\tbrp\nÉlf\u202e\tpathmaster\n"
	for i := 0; i < len(in); i += 3 {
		w.Write([]byte(in[i:min(i+3, len(in))]))
	}
	want := "NAME\tRULES\nOrc␛]52;c;x␇\tbrp\nÉlf\ufffd\tpathmaster\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// The zero-width joiner and non-joiner stay where they join a cluster
// (an emoji sequence, a word of a script written with them), and still
// show as U+FFFD where they could hide text.
func TestJoiners(t *testing.T) {
	kept := []string{
		"👨\u200d👩\u200d👧 family", // an emoji family
		"🏳\ufe0f\u200d🌈 flag",    // a variation selector before the joiner
		"👩🏽\u200d💻 coder",        // a skin tone before it
		"❤\ufe0f\u200d🔥",         // a symbol of the older block
		"می\u200cخواهم",          // Persian: a non-joiner inside a word
		"क्\u200dष",              // Hindi: a joiner after a virama
		"ശ്രീ\u200dകാന്ത്",       // Malayalam
	}
	for _, s := range kept {
		if got := Safe(s); got != s {
			t.Errorf("Safe(%q) = %q: the joiner was replaced", s, got)
		}
		if r, at, bad := Unsafe(s); bad {
			t.Errorf("Unsafe(%q) flags %U at %d", s, r, at)
		}
	}
	hidden := map[string]string{
		"ad\u200dmin":                     "ad\ufffdmin",         // Latin letters: it would hide
		"ad\u200cmin":                     "ad\ufffdmin",         // the non-joiner too
		"\u200d👩":                         "\ufffd👩",             // a joiner with nothing before it
		"👩\u200d":                         "👩\ufffd",             // or nothing after it
		"👩\u200da":                        "👩\ufffda",            // an emoji then a letter
		"م\u200dx":                        "م\ufffdx",            // two scripts
		"👩\u200d\u200d👩":                  "👩\ufffd\ufffd👩",      // two joiners
		"a\u200bb":                        "a\ufffdb",            // the zero-width space is never kept
		"🏴\U000E0067\U000E0062\U000E007F": "🏴\ufffd\ufffd\ufffd", // tag characters can carry hidden text
	}
	for in, want := range hidden {
		if got := Safe(in); got != want {
			t.Errorf("Safe(%q) = %q, want %q", in, got, want)
		}
		if _, _, bad := Unsafe(in); !bad {
			t.Errorf("Unsafe(%q) does not flag it", in)
		}
	}
}
