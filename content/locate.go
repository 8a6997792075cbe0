package content

import (
	"strconv"
	"strings"
)

// pos is a 1-based line and column in a file.
type pos struct{ Line, Col int }

// locator maps the paths of a TOML document ("conditions[2].implies[0]",
// "order.initiative", "creatures[0].stats.QU") to where their keys and values
// stand, so every problem found after decoding can be reported as
// file:line:col. It reads only documents the TOML parser has accepted.
type locator struct {
	src    string
	starts []int // byte offset of each line start
	keys   map[string]int
	vals   map[string]int
	arrays map[string]int // array-of-tables path -> current index
	i      int
}

func locate(src string) *locator {
	l := &locator{src: src, keys: map[string]int{}, vals: map[string]int{}, arrays: map[string]int{}}
	l.starts = append(l.starts, 0)
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	l.document()
	return l
}

// at converts a byte offset to a position.
func (l *locator) at(off int) pos {
	line := 0
	lo, hi := 0, len(l.starts)-1
	for lo <= hi {
		m := (lo + hi) / 2
		if l.starts[m] <= off {
			line, lo = m, m+1
		} else {
			hi = m - 1
		}
	}
	return pos{Line: line + 1, Col: off - l.starts[line] + 1}
}

// find returns where a path's value (or else its key) stands, falling back to
// its parents, and to the top of the file.
func (l *locator) find(path string) pos {
	for p := path; p != ""; p = parent(p) {
		if off, ok := l.vals[p]; ok {
			return l.at(off)
		}
		if off, ok := l.keys[p]; ok {
			return l.at(off)
		}
	}
	return pos{Line: 1, Col: 1}
}

// key returns where a path's key stands (for unknown keys).
func (l *locator) key(path string) pos {
	if off, ok := l.keys[path]; ok {
		return l.at(off)
	}
	return l.find(path)
}

// inValue returns the position of column col (1-based) inside a string value.
func (l *locator) inValue(path string, col int) pos {
	off, ok := l.vals[path]
	if !ok {
		return l.find(path)
	}
	if off < len(l.src) && (l.src[off] == '"' || l.src[off] == '\'') {
		off++
	}
	return l.at(off + col - 1)
}

func parent(p string) string {
	if strings.HasSuffix(p, "]") {
		if i := strings.LastIndexByte(p, '['); i >= 0 {
			return p[:i]
		}
	}
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i]
	}
	return ""
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

func (l *locator) peek() byte {
	if l.i < len(l.src) {
		return l.src[l.i]
	}
	return 0
}

func (l *locator) skipSpace(newlines bool) {
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == ' ' || c == '\t' || c == '\r':
			l.i++
		case c == '\n' && newlines:
			l.i++
		case c == '#':
			for l.i < len(l.src) && l.src[l.i] != '\n' {
				l.i++
			}
		default:
			return
		}
	}
}

func (l *locator) document() {
	prefix := ""
	for l.i < len(l.src) {
		l.skipSpace(true)
		if l.i >= len(l.src) {
			return
		}
		start := l.i
		if l.peek() == '[' {
			array := strings.HasPrefix(l.src[l.i:], "[[")
			if array {
				l.i += 2
			} else {
				l.i++
			}
			l.skipSpace(false)
			segs := l.keyPath()
			prefix = l.tablePath(segs, array)
			l.keys[prefix] = start
			for q := parent(prefix); q != ""; q = parent(q) {
				if _, ok := l.keys[q]; !ok {
					l.keys[q] = start // [a.b] also introduces a
				}
			}
			for l.i < len(l.src) && l.src[l.i] != '\n' {
				l.i++
			}
			continue
		}
		l.keyValue(prefix)
		if l.i == start { // never loop on something unexpected
			l.i++
		}
	}
}

// tablePath resolves a table header to an indexed path, counting arrays of tables.
func (l *locator) tablePath(segs []string, array bool) string {
	path := ""
	for n, s := range segs {
		path = join(path, s)
		if n == len(segs)-1 && array {
			idx, seen := l.arrays[path]
			if seen {
				idx++
			}
			l.arrays[path] = idx
			// Sub-tables of an earlier element start again for the new one.
			for k := range l.arrays {
				if strings.HasPrefix(k, path+"[") {
					delete(l.arrays, k)
				}
			}
			return path + "[" + strconv.Itoa(idx) + "]"
		}
		if idx, ok := l.arrays[path]; ok {
			path += "[" + strconv.Itoa(idx) + "]"
		}
	}
	return path
}

// keyPath reads a dotted key: bare or quoted segments.
func (l *locator) keyPath() []string {
	var segs []string
	for {
		l.skipSpace(false)
		var seg string
		switch l.peek() {
		case '"', '\'':
			q := l.peek()
			l.i++
			var b strings.Builder
			for l.i < len(l.src) && l.src[l.i] != q && l.src[l.i] != '\n' {
				if q == '"' && l.src[l.i] == '\\' && l.i+1 < len(l.src) {
					l.i++
				}
				b.WriteByte(l.src[l.i])
				l.i++
			}
			l.i++
			seg = b.String()
		default:
			start := l.i
			for l.i < len(l.src) && isBare(l.src[l.i]) {
				l.i++
			}
			seg = l.src[start:l.i]
		}
		segs = append(segs, seg)
		l.skipSpace(false)
		if l.peek() != '.' {
			return segs
		}
		l.i++
	}
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

func (l *locator) keyValue(prefix string) {
	start := l.i
	segs := l.keyPath()
	path := prefix
	for _, s := range segs {
		path = join(path, s)
	}
	l.keys[path] = start
	l.skipSpace(false)
	if l.peek() == '=' {
		l.i++
	}
	l.skipSpace(false)
	l.value(path)
}

func (l *locator) value(path string) {
	l.vals[path] = l.i
	rest := l.src[l.i:]
	switch {
	case strings.HasPrefix(rest, `"""`), strings.HasPrefix(rest, `'''`):
		q := rest[:3]
		l.i += 3
		for l.i < len(l.src) && !strings.HasPrefix(l.src[l.i:], q) {
			if q == `"""` && l.src[l.i] == '\\' {
				l.i++
			}
			l.i++
		}
		l.i += 3
		for l.i < len(l.src) && (l.src[l.i] == '"' || l.src[l.i] == '\'') { // up to two more quotes
			l.i++
		}
	case l.peek() == '"' || l.peek() == '\'':
		q := l.peek()
		l.i++
		for l.i < len(l.src) && l.src[l.i] != q && l.src[l.i] != '\n' {
			if q == '"' && l.src[l.i] == '\\' {
				l.i++
			}
			l.i++
		}
		l.i++
	case l.peek() == '[':
		l.i++
		for n := 0; l.i < len(l.src); n++ {
			l.skipSpace(true)
			if l.peek() == ']' {
				l.i++
				return
			}
			before := l.i
			l.value(path + "[" + strconv.Itoa(n) + "]")
			l.skipSpace(true)
			if l.peek() == ',' {
				l.i++
			}
			if l.i == before {
				l.i++
			}
		}
	case l.peek() == '{':
		l.i++
		for l.i < len(l.src) {
			l.skipSpace(true)
			if l.peek() == '}' {
				l.i++
				return
			}
			before := l.i
			l.keyValue(path)
			l.skipSpace(true)
			if l.peek() == ',' {
				l.i++
			}
			if l.i == before {
				l.i++
			}
		}
	default:
		for l.i < len(l.src) && !strings.ContainsRune(",]}\n#", rune(l.src[l.i])) {
			l.i++
		}
	}
}
