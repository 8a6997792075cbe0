package tui

import "testing"

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
