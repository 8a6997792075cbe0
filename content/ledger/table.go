package ledger

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// cell is what the table says of a rule: its summary and, for a gm or later
// rule, why.
func (r *Rule) cell() string {
	switch {
	case r.Status == GM && r.Why != "":
		return r.Summary + " GM's call: " + r.Why
	case r.Status == Later && r.Why != "":
		return r.Summary + " Not done: " + r.Why
	}
	return r.Summary
}

// Table draws the ledger for a terminal width columns wide (80 at least is
// best): rule, lines, status and summary, the summary wrapped in its
// column, then the counts by status.
func (l *Ledger) Table(width int) string {
	width = max(width, 60)
	idW, linesW := len("RULE"), len("LINES")
	for _, r := range l.Rules {
		idW = max(idW, utf8.RuneCountInString(r.ID))
		linesW = max(linesW, len(r.LinesText())-2)
	}
	idW, linesW = min(idW, width/4), min(linesW, 11)
	statusW := len(Outside)
	sumW := width - idW - linesW - statusW - 3*2
	var b strings.Builder
	row := func(cols ...[]string) {
		n := 0
		for _, c := range cols {
			n = max(n, len(c))
		}
		widths := []int{idW, linesW, statusW}
		for i := range n {
			var line strings.Builder
			for j, c := range cols {
				s := ""
				if i < len(c) {
					s = c[i]
				}
				if j < len(widths) {
					s += strings.Repeat(" ", widths[j]-utf8.RuneCountInString(s)+2)
				}
				line.WriteString(s)
			}
			b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
		}
	}
	fmt.Fprintf(&b, "%s\n\n", wrapText(fmt.Sprintf("Ledger of %s: every line of the book in a rule, and what fray does with each.", l.Book), width, " "))
	row([]string{"RULE"}, []string{"LINES"}, []string{"STATUS"}, []string{"SUMMARY"})
	for _, r := range l.Rules {
		lines := strings.TrimPrefix(r.LinesText(), "l.")
		row(wrapCell(r.ID, idW, "-"), wrapCell(lines, linesW, ","), []string{r.Status}, wrapCell(r.cell(), sumW, " "))
	}
	fmt.Fprintf(&b, "\n%s\n", wrapText("Counts: "+l.CountsText(), width, " "))
	return b.String()
}

// Markdown is the ledger as a docs page shows it, between the page's
// markers: the table, the counts, and what is not done yet (the later
// rules). source names the ledger file it is made from.
func (l *Ledger) Markdown(source string) string {
	var b strings.Builder
	esc := func(s string) string {
		// Text, not markup: a table cell's bar, an asterisk or an
		// underscore that would start emphasis, a tag.
		return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", ">", "&gt;").Replace(s)
	}
	fmt.Fprintf(&b, "<!-- Made from %s by `go generate ./content`: edit the ledger, not this table. -->\n\n", source)
	fmt.Fprintf(&b, "Every line of the book (`%s`) is in a rule, and each rule says what fray does with it: "+
		"**tracked** (fray does it by itself), **helper** (fray rolls or offers it when the GM asks), "+
		"**gm** (the book leaves it to the GM's judgement), **outside** (not a matter of tracking a fight), "+
		"**later** (a tracker matter fray does not do yet).\n\n", esc(l.Book))
	b.WriteString("| rule | lines | status | summary |\n| --- | --- | --- | --- |\n")
	for _, r := range l.Rules {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.ID, strings.TrimPrefix(r.LinesText(), "l."), r.Status, esc(r.cell()))
	}
	fmt.Fprintf(&b, "\n**Counts**: %s.\n", l.CountsText())
	b.WriteString("\n### Not done yet\n\n")
	later := 0
	for _, r := range l.Rules {
		if r.Status == Later {
			later++
			fmt.Fprintf(&b, "- **%s** (`%s`, %s): %s\n", esc(r.Summary), r.ID, r.LinesText(), esc(r.Why))
		}
	}
	if later == 0 {
		b.WriteString("Nothing: every tracker matter of the book is done.\n")
	}
	return b.String()
}

// The markers a docs page holds the ledger's table between.
const (
	BeginMarker = "<!-- ledger:begin -->"
	EndMarker   = "<!-- ledger:end -->"
)

// Block returns what a page holds between its markers.
func Block(page string) (string, error) {
	i, j := strings.Index(page, BeginMarker), strings.Index(page, EndMarker)
	if i < 0 || j < i || strings.Count(page, BeginMarker) != 1 || strings.Count(page, EndMarker) != 1 {
		return "", errors.New("the page does not hold the markers " + BeginMarker + " and " + EndMarker + ", once each and in that order")
	}
	return strings.TrimPrefix(page[i+len(BeginMarker):j], "\n"), nil
}

// SetBlock puts block between a page's markers, leaving the rest as it is;
// a page without them gets them at its end.
func SetBlock(page, block string) (string, error) {
	if !strings.Contains(page, BeginMarker) && !strings.Contains(page, EndMarker) {
		if page != "" && !strings.HasSuffix(page, "\n") {
			page += "\n"
		}
		if page != "" {
			page += "\n"
		}
		return page + BeginMarker + "\n" + block + EndMarker + "\n", nil
	}
	if _, err := Block(page); err != nil {
		return "", err
	}
	i, j := strings.Index(page, BeginMarker), strings.Index(page, EndMarker)
	return page[:i+len(BeginMarker)] + "\n" + block + page[j:], nil
}

// wrapCell wraps s to lines of at most w characters, breaking after a
// character of breaks where it can, and inside a word too long for a line.
func wrapCell(s string, w int, breaks string) []string {
	if w < 1 {
		return []string{s}
	}
	var out []string
	r := []rune(s)
	for len(r) > w {
		cut := -1
		for i := w; i > 0; i-- {
			if strings.ContainsRune(breaks, r[i-1]) || r[i] == ' ' {
				cut = i
				break
			}
		}
		if cut <= 0 {
			cut = w
		}
		out = append(out, strings.TrimRight(string(r[:cut]), " "))
		r = []rune(strings.TrimLeft(string(r[cut:]), " "))
	}
	return append(out, string(r))
}

func wrapText(s string, w int, breaks string) string {
	return strings.Join(wrapCell(s, w, breaks), "\n")
}
