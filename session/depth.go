package session

import "fmt"

// TOML from a file (content, a save) is read by a library whose work grows
// with the square of how deep a value nests: a 40 KB file of inline tables
// 10,000 deep, or of a key of 10,000 dotted parts, takes seconds and
// gigabytes. Before the library sees any text, TOMLDepth scans it once, in
// time in proportion to its length, and refuses what nests too deep.

// MaxTOMLDepth is how deep TOML may nest: the tables and lists open at a
// point, plus the parts of the key being defined there. fray's own files
// go 6 deep at most.
const MaxTOMLDepth = 32

// DepthError is TOML that nests deeper than MaxTOMLDepth, and where.
type DepthError struct {
	Line, Col int
}

func (e *DepthError) Error() string {
	return fmt.Sprintf("nested more than %d deep (tables, lists and dotted keys within each other): fray reads no deeper", MaxTOMLDepth)
}

// TOMLDepth returns a *DepthError where data, TOML, first nests deeper
// than MaxTOMLDepth, or nil. It reads strings and comments as TOML does,
// so brackets inside them do not count; it does not check the syntax
// otherwise (the library does, once the depth is known to be safe).
func TOMLDepth(data []byte) error {
	var stack []byte // '[' a list, '{' an inline table, 'h' a table header
	key, parts := true, 0
	line, lineStart := 1, 0
	deep := func(i int) error {
		if len(stack)+parts > MaxTOMLDepth {
			return &DepthError{Line: line, Col: i - lineStart + 1}
		}
		return nil
	}
	top := func() byte {
		if len(stack) == 0 {
			return 0
		}
		return stack[len(stack)-1]
	}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line, lineStart = line+1, i+1
			if len(stack) == 0 {
				key, parts = true, 0
			}
		case '#':
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			var nl int
			i, nl, lineStart = skipString(data, i, lineStart)
			line += nl
		case '[':
			if key && len(stack) == 0 { // [table] or [[array.of.tables]]
				stack = append(stack, 'h')
				if i+1 < len(data) && data[i+1] == '[' {
					i++
				}
			} else {
				stack = append(stack, '[')
				key = false
			}
			if err := deep(i); err != nil {
				return err
			}
		case '{':
			stack = append(stack, '{')
			key, parts = true, 0
			if err := deep(i); err != nil {
				return err
			}
		case ']', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			key, parts = false, 0
		case ',':
			if top() == '{' {
				key, parts = true, 0
			}
		case '=':
			if key {
				key, parts = false, 0
			}
		case '.':
			if key {
				parts++
				if err := deep(i); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// skipString passes over the string that starts at data[i] (a quote), and
// returns the index of its last byte, the newlines in it and where the line
// it ends on starts.
func skipString(data []byte, i, lineStart int) (end, newlines, start int) {
	q := data[i]
	multi := i+2 < len(data) && data[i+1] == q && data[i+2] == q
	if multi {
		i += 2
	}
	for i++; i < len(data); i++ {
		switch c := data[i]; {
		case c == '\\' && q == '"':
			if i+1 < len(data) && data[i+1] == '\n' {
				newlines++
				lineStart = i + 2
			}
			i++
		case c == '\n':
			if !multi {
				return i - 1, newlines, lineStart // not closed: the library says so
			}
			newlines++
			lineStart = i + 1
		case c == q && !multi:
			return i, newlines, lineStart
		case c == q && i+2 < len(data) && data[i+1] == q && data[i+2] == q:
			i += 2
			for i+1 < len(data) && data[i+1] == q { // up to two quotes end the string's text
				i++
			}
			return i, newlines, lineStart
		}
	}
	return len(data) - 1, newlines, lineStart
}
