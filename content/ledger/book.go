package ledger

import (
	"fmt"
	"slices"
	"strings"
)

// BookLines splits a book's text into its lines, as the ledger counts them
// from 1 (a last newline ends the last line; it does not start another).
func BookLines(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// CheckBook checks the ledger against its book's lines: every non-blank line
// is in a rule; no range runs past the book's end; a line is in two or more
// rules only where each of them names it as a one-line range (a line that
// holds several rules), and never where one of them is outside.
func (l *Ledger) CheckBook(book []string) Problems {
	var out Problems
	bad := func(r *Rule, format string, args ...any) {
		at := r.at
		if p, ok := r.keyAt["lines"]; ok {
			at = p
		}
		out = append(out, Problem{File: l.File, Line: at.Line, Col: at.Col, Msg: fmt.Sprintf(format, args...)})
	}
	type hold struct {
		rule  int
		alone bool // the rule names the line as a one-line range
	}
	holders := make([][]hold, len(book)+1)
	for i := range l.Rules {
		r := &l.Rules[i]
		for _, g := range r.Ranges {
			if g.To > len(book) {
				bad(r, "rule %q: %s runs past the end of %s (%d lines)", r.ID, g, l.Book, len(book))
			}
			for n := g.From; n <= min(g.To, len(book)); n++ {
				holders[n] = append(holders[n], hold{i, g.From == g.To})
			}
		}
	}
	// Lines in no rule, in runs.
	var runs []Range
	for n := 1; n <= len(book); n++ {
		if len(holders[n]) > 0 || strings.TrimSpace(book[n-1]) == "" {
			continue
		}
		if k := len(runs); k > 0 && runs[k-1].To == n-1 {
			runs[k-1].To = n
		} else {
			runs = append(runs, Range{n, n})
		}
	}
	for _, g := range runs {
		what := "line " + g.String() + " is"
		if g.From != g.To {
			what = "lines " + g.String() + " are"
		}
		at := l.bookAt
		if at.Line == 0 {
			at = pos{1, 1}
		}
		out = append(out, Problem{File: l.File, Line: at.Line, Col: at.Col, Msg: fmt.Sprintf("%s: %s in no rule (%q)", l.Book, what, excerpt(book[g.From-1]))})
	}
	// Lines in two or more rules: by the rules that share them, in runs.
	type shared struct {
		rules []int
		lines []Range
		why   string
	}
	var shares []*shared
	for n := 1; n <= len(book); n++ {
		hs := holders[n]
		if len(hs) < 2 {
			continue
		}
		why := ""
		for _, h := range hs {
			if l.Rules[h.rule].Status == Outside {
				why = "an outside line is in no other rule"
			}
		}
		if why == "" && slices.ContainsFunc(hs, func(h hold) bool { return !h.alone }) {
			why = "a line may be in two rules only where each names it alone (\"45\", not inside \"40-50\")"
		}
		if why == "" {
			continue
		}
		rules := make([]int, len(hs))
		for i, h := range hs {
			rules[i] = h.rule
		}
		i := slices.IndexFunc(shares, func(s *shared) bool { return slices.Equal(s.rules, rules) && s.why == why })
		if i < 0 {
			shares = append(shares, &shared{rules: rules, why: why})
			i = len(shares) - 1
		}
		s := shares[i]
		if k := len(s.lines); k > 0 && s.lines[k-1].To == n-1 {
			s.lines[k-1].To = n
		} else {
			s.lines = append(s.lines, Range{n, n})
		}
	}
	for _, s := range shares {
		var names []string
		for _, i := range s.rules {
			names = append(names, fmt.Sprintf("%q (%s)", l.Rules[i].ID, l.Rules[i].Status))
		}
		var lines []string
		for _, g := range s.lines {
			lines = append(lines, g.String())
		}
		last := &l.Rules[s.rules[len(s.rules)-1]]
		bad(last, "%s l.%s: in %s: %s", l.Book, strings.Join(lines, ", "), strings.Join(names, " and "), s.why)
	}
	slices.SortStableFunc(out, func(a, b Problem) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	return out
}

// excerpt is the start of a book's line, to say which it is.
func excerpt(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}
