package session

import (
	"errors"
	"strings"
	"testing"
)

func TestTOMLDepth(t *testing.T) {
	n := MaxTOMLDepth
	ok := []string{
		"a = " + strings.Repeat("{b = ", n) + "1" + strings.Repeat("}", n) + "\n",
		"a = " + strings.Repeat("[", n) + "1" + strings.Repeat("]", n) + "\n",
		"a" + strings.Repeat(".b", n) + " = 1\n",
		"[a" + strings.Repeat(".b", n-1) + "]\nx = 1\n",
		"[[a" + strings.Repeat(".b", n-1) + "]]\nx = 1\n",
		// Brackets in strings and comments do not count.
		"a = \"" + strings.Repeat("{[", 100) + "\"\nb = '" + strings.Repeat("{", 100) + "'\n# " + strings.Repeat("[", 100) + "\n",
		"a = \"\"\"\n" + strings.Repeat("{\n", 100) + "\\\"\"\"\"\"\"\nb = '''" + strings.Repeat("[", 100) + "'''\n",
		// Numbers and dates in values have dots; they are not keys.
		"x = [" + strings.Repeat("1.5, ", 100) + "]\ny = 1979-05-27T07:32:00.999\n",
		// Many tables one after another are not deep.
		strings.Repeat("[[a.b]]\nc = {d = [1, {e = 2}]}\n", 1000),
	}
	for _, s := range ok {
		if err := TOMLDepth([]byte(s)); err != nil {
			t.Errorf("%.60q: %v", s, err)
		}
	}
	deep := []struct {
		src       string
		line, col int
	}{
		{"a = " + strings.Repeat("{b = ", 10000) + "1" + strings.Repeat("}", 10000) + "\n", 1, 4 + 5*n + 1},
		{"x = 1\na = " + strings.Repeat("[", 10000) + "\n", 2, 4 + n + 1},
		{"a" + strings.Repeat(".b", 10000) + " = 1\n", 1, 2 + 2*n},
		{"[a" + strings.Repeat(".b", 10000) + "]\n", 1, 3 + 2*(n-1)},
		{"a = {b = [\n" + strings.Repeat("{c = [\n", 10000), 17, 1},
		{"s = '''\n\n'''\nt = \"\\\n\"\n" + "a = " + strings.Repeat("[", 40) + "\n", 6, 4 + n + 1},
	}
	for _, c := range deep {
		err := TOMLDepth([]byte(c.src))
		var de *DepthError
		if !errors.As(err, &de) {
			t.Errorf("%.60q: not refused", c.src)
			continue
		}
		if de.Line != c.line || de.Col != c.col {
			t.Errorf("%.60q: refused at %d:%d, want %d:%d", c.src, de.Line, de.Col, c.line, c.col)
		}
	}
}
