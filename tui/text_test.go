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
