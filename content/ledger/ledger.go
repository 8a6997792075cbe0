// Package ledger reads a ruleset's ledger: every line of its rule book in a
// rule, each rule tracked, helper, gm, outside or later, with the tests that
// prove it and the ruleset keys that carry it (LEDGER-FORMAT in the docs of
// content authoring). It checks a ledger against itself, against its book
// (CheckBook) and against its ruleset (MissingKeys); it draws the ledger as
// a table for the GM (Table, Markdown).
//
// Ledgers are read on demand: by fray rules, the tracker's book lines and
// the tests, never as fray starts.
package ledger

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// Statuses, in the order they are counted and shown.
const (
	Tracked = "tracked" // fray does it by itself in a fight
	Helper  = "helper"  // fray rolls or offers it when the GM asks
	GM      = "gm"      // the book leaves it to the GM's judgement
	Outside = "outside" // not a fight-tracking matter
	Later   = "later"   // a tracker matter fray does not do yet
)

// Statuses is every status, in order.
var Statuses = []string{Tracked, Helper, GM, Outside, Later}

// MaxRange is the most lines one range may span, but in an outside rule or
// a table.
const MaxRange = 30

// MaxFileSize is the largest ledger read.
const MaxFileSize = 1 << 20

// Problem is one thing wrong in a ledger, at its file:line:col.
type Problem struct {
	File      string
	Line, Col int
	Msg       string
}

func (p Problem) Error() string { return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Msg) }

// Problems is a ledger's problems as one error.
type Problems []Problem

func (ps Problems) Error() string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.Error()
	}
	return strings.Join(s, "\n")
}

// Range is lines From to To of the book, 1-based, both included.
type Range struct{ From, To int }

func (r Range) String() string {
	if r.From == r.To {
		return strconv.Itoa(r.From)
	}
	return fmt.Sprintf("%d-%d", r.From, r.To)
}

// Len is how many lines the range spans.
func (r Range) Len() int { return r.To - r.From + 1 }

// Rule is one rule of the book and what fray does with it.
type Rule struct {
	ID      string
	Lines   string // as written: "12", "1008-1019,1148-1161"
	Status  string
	Summary string
	Tests   []string
	Keys    []string
	Why     string
	Table   bool

	Ranges []Range // Lines, read
	at     pos     // where its [[rule]] header stands
	keyAt  map[string]pos
	failed map[string]bool // keys given with a value of the wrong type
}

// Ledger is a ruleset's ledger.
type Ledger struct {
	File   string // as shown in problems
	Book   string // the book's file name
	Rules  []Rule
	bookAt pos
}

// Rule returns the rule with the id.
func (l *Ledger) Rule(id string) (*Rule, bool) {
	for i := range l.Rules {
		if l.Rules[i].ID == id {
			return &l.Rules[i], true
		}
	}
	return nil, false
}

// Counts is how many rules have each status.
func (l *Ledger) Counts() map[string]int {
	n := map[string]int{}
	for _, r := range l.Rules {
		n[r.Status]++
	}
	return n
}

// CountsText says the counts in a line: "12 tracked, 3 helper, 2 gm,
// 20 outside, 4 later (41 rules)".
func (l *Ledger) CountsText() string {
	n := l.Counts()
	var s []string
	for _, st := range Statuses {
		s = append(s, fmt.Sprintf("%d %s", n[st], st))
	}
	return fmt.Sprintf("%s (%d rules)", strings.Join(s, ", "), len(l.Rules))
}

// LinesText is where a rule stands in the book: "l.12", "l.1008-1019,
// 1148-1161".
func (r *Rule) LinesText() string {
	s := make([]string, len(r.Ranges))
	for i, g := range r.Ranges {
		s[i] = g.String()
	}
	return "l." + strings.Join(s, ", ")
}

// Parse reads a ledger strictly and checks it against itself: unknown keys,
// wrong types, ids unique and well formed, statuses known, lines well
// formed, tests and keys given for tracked and helper rules (and tests for
// no other), why given for gm and later, a range over MaxRange lines only in
// an outside rule or a table. name is the file as problems show it. The
// ledger is returned whatever its problems, as far as it could be read.
func Parse(name string, src []byte) (*Ledger, Problems) {
	l := &Ledger{File: name}
	if len(src) > MaxFileSize {
		return l, Problems{{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("the file is larger than %d bytes", MaxFileSize)}}
	}
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	if !utf8.ValidString(text) {
		return l, Problems{{File: name, Line: 1, Col: 1, Msg: "the file is not UTF-8"}}
	}
	var data map[string]any
	if _, err := toml.Decode(text, &data); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			// Position.Line is 0 for some errors: never trust it blindly.
			return l, Problems{{File: name, Line: max(pe.Position.Line, 1), Col: max(pe.Position.Col, 1),
				Msg: "TOML syntax: " + pe.Message}}
		}
		return l, Problems{{File: name, Line: 1, Col: 1, Msg: "TOML syntax: " + err.Error()}}
	}
	p := &reader{l: l, loc: locate(text)}
	p.document(data)
	p.check()
	slices.SortStableFunc(p.probs, func(a, b Problem) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	return l, p.probs
}

type reader struct {
	l     *Ledger
	loc   *locator
	probs Problems
}

func (p *reader) bad(at pos, format string, args ...any) {
	p.probs = append(p.probs, Problem{File: p.l.File, Line: at.Line, Col: at.Col, Msg: fmt.Sprintf(format, args...)})
}

var topKeys = []string{"book", "rule"}
var ruleKeys = []string{"id", "lines", "status", "summary", "tests", "keys", "why", "table"}

func (p *reader) document(data map[string]any) {
	for _, k := range sortedKeys(data) {
		if !slices.Contains(topKeys, k) {
			p.bad(p.loc.key(-1, k), "%s", unknownKey(k, topKeys))
		}
	}
	p.l.bookAt = p.loc.key(-1, "book")
	if v, ok := data["book"]; !ok {
		p.bad(pos{1, 1}, "book: missing (the rule book's file name, as in ../shared/rules)")
	} else if s, ok := p.text(p.l.bookAt, "book", v); ok {
		switch {
		case s == "" || strings.ContainsAny(s, `/\`) || s == "." || s == "..":
			p.bad(p.l.bookAt, "book: %q is not a file name", s)
		default:
			p.l.Book = s
		}
	}
	rules, ok := data["rule"]
	if !ok {
		p.bad(pos{1, 1}, "no [[rule]]: a ledger holds every rule of its book")
		return
	}
	var items []map[string]any
	switch v := rules.(type) {
	case []map[string]any:
		items = v
	case []any:
		for _, e := range v {
			m, ok := e.(map[string]any)
			if !ok {
				p.bad(p.loc.key(-1, "rule"), "rule: expected [[rule]] tables, found %s", tomlType(e))
				return
			}
			items = append(items, m)
		}
	default:
		p.bad(p.loc.key(-1, "rule"), "rule: expected [[rule]] tables, found %s", tomlType(rules))
		return
	}
	for i, m := range items {
		p.l.Rules = append(p.l.Rules, p.rule(i, m))
	}
}

func (p *reader) rule(i int, m map[string]any) Rule {
	r := Rule{at: p.loc.header(i), keyAt: map[string]pos{}, failed: map[string]bool{}}
	for _, k := range sortedKeys(m) {
		at := p.loc.key(i, k)
		r.keyAt[k] = at
		if !slices.Contains(ruleKeys, k) {
			p.bad(at, "rule %d: %s", i+1, unknownKey(k, ruleKeys))
			continue
		}
		v := m[k]
		name := fmt.Sprintf("rule %d: %s", i+1, k)
		ok := true
		switch k {
		case "id":
			r.ID, ok = p.text(at, name, v)
		case "lines":
			r.Lines, ok = p.text(at, name, v)
		case "status":
			r.Status, ok = p.text(at, name, v)
		case "summary":
			r.Summary, ok = p.text(at, name, v)
			r.Summary = strings.Join(strings.Fields(r.Summary), " ")
		case "why":
			r.Why, ok = p.text(at, name, v)
			r.Why = strings.Join(strings.Fields(r.Why), " ")
		case "tests":
			r.Tests, ok = p.list(at, name, v)
		case "keys":
			r.Keys, ok = p.list(at, name, v)
		case "table":
			r.Table, ok = v.(bool)
			if !ok {
				p.bad(at, "%s: expected true or false, found %s", name, tomlType(v))
			}
		}
		r.failed[k] = !ok
	}
	return r
}

func (p *reader) text(at pos, name string, v any) (string, bool) {
	s, ok := v.(string)
	if !ok {
		p.bad(at, "%s: expected text, found %s", name, tomlType(v))
		return "", false
	}
	if r, i, bad := unsafe(s); bad {
		p.bad(at,
			"%s: the text has U+%04X at its character %d: control characters, escape sequences, bidi overrides and zero-width "+
				"characters are not allowed", name, r, utf8.RuneCountInString(s[:i])+1)
		return "", false
	}
	return s, true
}

func (p *reader) list(at pos, name string, v any) ([]string, bool) {
	items, ok := v.([]any)
	if !ok {
		p.bad(at, "%s: expected a list of text, found %s", name, tomlType(v))
		return nil, false
	}
	var out []string
	for j, e := range items {
		s, good := p.text(at, fmt.Sprintf("%s[%d]", name, j), e)
		if good {
			out = append(out, s)
		}
		ok = ok && good
	}
	return out, ok
}

// The patterns are compiled when first used, not as every command starts
// (the second's Unicode classes took 0.3 ms).
var (
	idPattern   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`) })
	testPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Test[\p{L}\p{N}_]*$`) })
)

// check checks the ledger against itself.
func (p *reader) check() {
	seen := map[string]pos{}
	for i := range p.l.Rules {
		r := &p.l.Rules[i]
		where := func(k string) pos {
			if at, ok := r.keyAt[k]; ok {
				return at
			}
			return r.at
		}
		name := fmt.Sprintf("rule %d", i+1)
		if r.ID != "" {
			name = fmt.Sprintf("rule %q", r.ID)
		}
		switch {
		case r.failed["id"]:
		case r.ID == "":
			p.bad(r.at, "%s: id missing", name)
		case !idPattern().MatchString(r.ID):
			p.bad(where("id"), "%s: the id is lower-case words and digits joined by '-' (stun-recovery)", name)
		default:
			if first, dup := seen[r.ID]; dup {
				p.bad(where("id"), "%s: the id is used twice (also at line %d)", name, first.Line)
			} else {
				seen[r.ID] = where("id")
			}
		}
		if r.Lines == "" {
			if !r.failed["lines"] {
				p.bad(where("lines"), "%s: lines missing (\"12\", \"40-52\" or \"40-52,60\")", name)
			}
		} else if rs, err := ParseLines(r.Lines); err != nil {
			p.bad(where("lines"), "%s: lines %q: %v", name, r.Lines, err)
		} else {
			r.Ranges = rs
		}
		switch r.Status {
		case Tracked, Helper, GM, Outside, Later:
		case "":
			if !r.failed["status"] {
				p.bad(where("status"), "%s: status missing (%s)", name, strings.Join(Statuses, ", "))
			}
		default:
			p.bad(where("status"), "%s: unknown status %q (%s)", name, r.Status, strings.Join(Statuses, ", "))
		}
		if r.Summary == "" && !r.failed["summary"] {
			p.bad(where("summary"), "%s: summary missing (the rule in our own words)", name)
		}
		proved := r.Status == Tracked || r.Status == Helper
		switch {
		case proved && len(r.Tests) == 0 && !r.failed["tests"]:
			p.bad(where("tests"), "%s: a %s rule names the tests that prove it (tests = [\"TestX\"]); a rule no test proves is later",
				name, r.Status)
		case !proved && len(r.Tests) > 0 && r.Status != "":
			p.bad(where("tests"), "%s: tests are for tracked and helper rules, not %s", name, r.Status)
		}
		if proved && len(r.Keys) == 0 && !r.failed["keys"] {
			p.bad(where("keys"), "%s: a %s rule names the ruleset keys that carry it (keys = [\"stun\", \"checks[pain]\"])", name, r.Status)
		}
		for _, t := range r.Tests {
			if !testPattern().MatchString(t) {
				p.bad(where("tests"), "%s: %q is not the name of a test function (TestX)", name, t)
			}
		}
		for _, k := range r.Keys {
			if _, err := ParseKey(k); err != nil {
				p.bad(where("keys"), "%s: key %q: %v", name, k, err)
			}
		}
		if (r.Status == GM || r.Status == Later) && r.Why == "" && !r.failed["why"] {
			what := "why it is the GM's judgement"
			if r.Status == Later {
				what = "what is missing"
			}
			p.bad(where("why"), "%s: a %s rule says %s (why = \"...\")", name, r.Status, what)
		}
		if r.Status != Outside && !r.Table {
			for _, g := range r.Ranges {
				if g.Len() > MaxRange {
					p.bad(where("lines"),
						"%s: %s spans %d lines: a rule is one rule; more than %d lines only for outside matter or a table (table = "+
							"true)", name, g, g.Len(), MaxRange)
				}
			}
		}
	}
}

// ParseLines reads a rule's lines: "12", "40-52", or several joined by
// commas in ascending order, none overlapping ("40-52,60,71-75").
func ParseLines(s string) ([]Range, error) {
	var out []Range
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, errors.New("an empty range")
		}
		from, to, isRange := strings.Cut(part, "-")
		a, err := lineNumber(from)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = lineNumber(to); err != nil {
				return nil, err
			}
			if b <= a {
				return nil, fmt.Errorf("%s: a range runs from a line to a later one", part)
			}
		}
		if n := len(out); n > 0 && a <= out[n-1].To {
			return nil, fmt.Errorf("%s: ranges go in ascending order, none overlapping", part)
		}
		out = append(out, Range{a, b})
	}
	return out, nil
}

func lineNumber(s string) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || s[0] == '+' || (len(s) > 1 && s[0] == '0') {
		return 0, fmt.Errorf("%q is not a line number (1 or more)", s)
	}
	return n, nil
}

func unknownKey(k string, known []string) string {
	return fmt.Sprintf("unknown key %q (known keys: %s)", k, strings.Join(known, ", "))
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "text"
	case int64:
		return "an integer"
	case float64:
		return "a decimal number"
	case bool:
		return "true/false"
	case []any, []map[string]any:
		return "a list"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("%T", v)
}

// unsafe finds a character that would not show as itself on a terminal: a
// control character, a bidi override or mark, a zero-width character.
func unsafe(s string) (rune, int, bool) {
	for i, r := range s {
		switch {
		case r == '\n' || r == '\t':
			// Whitespace: a long summary may be written over several lines.
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			return r, i, true
		case r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2060 && r <= 0x2069, r == 0xfeff, r == 0x061c:
			return r, i, true
		case r == utf8.RuneError:
			return r, i, true
		}
	}
	return 0, 0, false
}
