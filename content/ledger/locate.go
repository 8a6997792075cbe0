package ledger

import "strings"

// pos is a 1-based line and column in a ledger.
type pos struct{ Line, Col int }

// locator finds where the keys of a ledger stand, so every problem is
// reported at file:line:col: the top-level keys, each [[rule]] header and
// the keys under it. It reads only documents the TOML parser has accepted.
type locator struct {
	headers []pos                  // the [[rule]] headers, in order
	keys    map[int]map[string]pos // by rule index (-1: top level), a key's first segment
}

func (l *locator) header(i int) pos {
	if i >= 0 && i < len(l.headers) {
		return l.headers[i]
	}
	return pos{1, 1}
}

// key is where key k of rule i (-1: the top level) stands; the rule's
// header, or the file's top, when it cannot be found.
func (l *locator) key(i int, k string) pos {
	if at, ok := l.keys[i][k]; ok {
		return at
	}
	if i >= 0 {
		return l.header(i)
	}
	return pos{1, 1}
}

func locate(src string) *locator {
	l := &locator{keys: map[int]map[string]pos{}}
	s := scanner{src: src, line: 1, col: 1}
	table := -1    // the current [[rule]], -1 at the top level
	quiet := false // inside another table: its keys are not the ledger's
	record := func(k string, at pos) {
		if l.keys[table] == nil {
			l.keys[table] = map[string]pos{}
		}
		if _, seen := l.keys[table][k]; !seen {
			l.keys[table][k] = at
		}
	}
	for !s.done() {
		s.skip(" \t\r\n")
		switch c := s.peek(); {
		case c == 0:
		case c == '#':
			s.toEOL()
		case c == '[':
			at := s.at()
			s.next()
			double := s.peek() == '['
			if double {
				s.next()
			}
			end := strings.IndexByte(s.src[s.i:], ']')
			if end < 0 {
				return l
			}
			name := strings.TrimSpace(s.src[s.i : s.i+end])
			s.toEOL()
			first := name
			if j := strings.IndexByte(name, '.'); j >= 0 {
				first = strings.TrimSpace(name[:j])
			}
			first = strings.Trim(first, `"'`)
			if double && name == "rule" {
				l.headers = append(l.headers, at)
				table, quiet = len(l.headers)-1, false
				continue
			}
			if sub, ok := strings.CutPrefix(name, "rule."); ok && table >= 0 {
				// A table under the rule: its name is a key of the rule.
				record(strings.Trim(strings.TrimSpace(strings.Split(sub, ".")[0]), `"'`), at)
				quiet = true
				continue
			}
			// Another table: its name is an unknown top-level key.
			table, quiet = -1, true
			record(first, at)
		default:
			at := s.at()
			k := s.key()
			if !quiet {
				record(k, at)
			}
			s.value()
		}
	}
	return l
}

// scanner walks a TOML document a character at a time.
type scanner struct {
	src       string
	i         int
	line, col int
}

func (s *scanner) done() bool { return s.i >= len(s.src) }

func (s *scanner) at() pos { return pos{s.line, s.col} }

func (s *scanner) peek() byte {
	if s.i < len(s.src) {
		return s.src[s.i]
	}
	return 0
}

func (s *scanner) next() {
	if s.i >= len(s.src) {
		return
	}
	if s.src[s.i] == '\n' {
		s.line, s.col = s.line+1, 1
	} else if s.src[s.i]&0xc0 != 0x80 {
		s.col++
	}
	s.i++
}

func (s *scanner) skip(set string) {
	for !s.done() && strings.IndexByte(set, s.peek()) >= 0 {
		s.next()
	}
}

func (s *scanner) toEOL() {
	for !s.done() && s.peek() != '\n' {
		s.next()
	}
}

func (s *scanner) has(prefix string) bool { return strings.HasPrefix(s.src[s.i:], prefix) }

// key reads a key up to its '=' and returns its first segment.
func (s *scanner) key() string {
	var first strings.Builder
	seg := 0
	for !s.done() {
		switch c := s.peek(); c {
		case '=':
			s.next()
			return first.String()
		case '"', '\'':
			start := s.i
			s.str()
			if seg == 0 {
				first.WriteString(strings.Trim(s.src[start:s.i], `"'`))
			}
		case '.':
			seg++
			s.next()
		case ' ', '\t':
			s.next()
		case '\n':
			return first.String()
		default:
			if seg == 0 {
				first.WriteByte(c)
			}
			s.next()
		}
	}
	return first.String()
}

// value reads a value to the end of its line (or of its last line, for a
// multi-line string, array or inline table), with a comment after it.
func (s *scanner) value() {
	depth := 0
	for !s.done() {
		switch c := s.peek(); c {
		case '"', '\'':
			s.str()
		case '[', '{':
			depth++
			s.next()
		case ']', '}':
			depth--
			s.next()
		case '#':
			s.toEOL()
		case '\n':
			if depth <= 0 {
				return
			}
			s.next()
		default:
			s.next()
		}
	}
}

// str reads a string of any of TOML's four kinds.
func (s *scanner) str() {
	q := s.peek()
	if s.has(strings.Repeat(string(q), 3)) {
		delim := strings.Repeat(string(q), 3)
		for range 3 {
			s.next()
		}
		for !s.done() && !s.has(delim) {
			if q == '"' && s.peek() == '\\' {
				s.next()
			}
			s.next()
		}
		for range 3 {
			s.next()
		}
		// A closing delimiter may be followed by up to two more quotes.
		for s.peek() == q {
			s.next()
		}
		return
	}
	s.next()
	for !s.done() && s.peek() != q && s.peek() != '\n' {
		if q == '"' && s.peek() == '\\' {
			s.next()
		}
		s.next()
	}
	s.next()
}
