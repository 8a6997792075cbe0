package ledger

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// good is the small book's ledger, read without a problem.
func good(t *testing.T) *Ledger {
	t.Helper()
	l, probs := Parse("book.ledger.toml", []byte(read(t, "book.ledger.toml")))
	if len(probs) > 0 {
		t.Fatalf("the good ledger has problems:\n%v", probs)
	}
	return l
}

func TestParseGood(t *testing.T) {
	l := good(t)
	if l.Book != "book.txt" || len(l.Rules) != 7 {
		t.Fatalf("book %q, %d rules", l.Book, len(l.Rules))
	}
	r, ok := l.Rule("stun")
	if !ok || !slices.Equal(r.Ranges, []Range{{4, 4}, {5, 5}}) || !slices.Equal(r.Keys, []string{"stun", "conditions[stunned]"}) || r.LinesText() != "l.4, 5" {
		t.Errorf("stun: %+v", r)
	}
	if got := l.CountsText(); got != "2 tracked, 1 helper, 1 gm, 2 outside, 1 later (7 rules)" {
		t.Errorf("counts: %s", got)
	}
}

// Each way a ledger can be wrong, with where it is said to be.
func TestParseProblems(t *testing.T) {
	const head = "book = \"book.txt\"\n\n[[rule]]\n"
	cases := []struct {
		name, src string
		want      string // a problem, "line:col: message part"
	}{
		{"unknown top key", "book = \"b.txt\"\nbok = 1\n[[rule]]\nid = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n", `2:1: unknown key "bok"`},
		{"unknown table", "book = \"b.txt\"\n[[rule]]\nid = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n[extra]\nx = 1\n", `7:1: unknown key "extra"`},
		{"unknown rule key", head + "id = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n  test = [\"TestA\"]\n", `8:3: rule 1: unknown key "test"`},
		{"unknown key in the second rule", head + "id = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n[[rule]]\nid = \"b\"\nlines = \"2\"\nstatus = \"outside\"\nsummary = \"y\"\nstatuss = \"gm\"\n", `13:1: rule 2: unknown key "statuss"`},
		{"a key under a multi-line string", head + "id = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"\"\"\nfoo = 1\n\"\"\"\nsumary = \"x\"\n", `10:1: rule 1: unknown key "sumary"`},
		{"wrong type", head + "id = \"a\"\nlines = 12\nstatus = \"outside\"\nsummary = \"x\"\n", `5:1: rule 1: lines: expected text, found an integer`},
		{"tests not a list", head + "id = \"a\"\nlines = \"1\"\nstatus = \"tracked\"\nsummary = \"x\"\ntests = \"TestA\"\nkeys = [\"stun\"]\n", `8:1: rule 1: tests: expected a list of text`},
		{"syntax", "book = \"b.txt\"\n[[rule]]\nid = \n", "3:6: TOML syntax"},
		{"no book", "[[rule]]\nid = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n", "1:1: book: missing"},
		{"book with a path", "book = \"../b.txt\"\n[[rule]]\nid = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n", `1:1: book: "../b.txt" is not a file name`},
		{"no rules", "book = \"b.txt\"\n", "1:1: no [[rule]]"},
		{"id missing", head + "lines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n", "3:1: rule 1: id missing"},
		{"id badly formed", head + "id = \"Stun_Recovery\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n", `4:1: rule "Stun_Recovery": the id is lower-case words`},
		{"id twice", head + "id = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n[[rule]]\nid = \"a\"\nlines = \"2\"\nstatus = \"outside\"\nsummary = \"y\"\n", `9:1: rule "a": the id is used twice (also at line 4)`},
		{"status unknown", head + "id = \"a\"\nlines = \"1\"\nstatus = \"done\"\nsummary = \"x\"\n", `6:1: rule "a": unknown status "done"`},
		{"status missing", head + "id = \"a\"\nlines = \"1\"\nsummary = \"x\"\n", `3:1: rule "a": status missing`},
		{"summary missing", head + "id = \"a\"\nlines = \"1\"\nstatus = \"outside\"\n", `3:1: rule "a": summary missing`},
		{"lines missing", head + "id = \"a\"\nstatus = \"outside\"\nsummary = \"x\"\n", `3:1: rule "a": lines missing`},
		{"lines backwards", head + "id = \"a\"\nlines = \"12-3\"\nstatus = \"outside\"\nsummary = \"x\"\n", `5:1: rule "a": lines "12-3": 12-3: a range runs from a line to a later one`},
		{"lines out of order", head + "id = \"a\"\nlines = \"10-12,11\"\nstatus = \"outside\"\nsummary = \"x\"\n", "ranges go in ascending order"},
		{"line 0", head + "id = \"a\"\nlines = \"0-3\"\nstatus = \"outside\"\nsummary = \"x\"\n", `"0" is not a line number`},
		{"lines not numbers", head + "id = \"a\"\nlines = \"l.12\"\nstatus = \"outside\"\nsummary = \"x\"\n", `"l.12" is not a line number`},
		{"empty range", head + "id = \"a\"\nlines = \"1,,3\"\nstatus = \"outside\"\nsummary = \"x\"\n", "an empty range"},
		{"tracked without tests", head + "id = \"a\"\nlines = \"1\"\nstatus = \"tracked\"\nsummary = \"x\"\nkeys = [\"stun\"]\n", `3:1: rule "a": a tracked rule names the tests that prove it`},
		{"helper without keys", head + "id = \"a\"\nlines = \"1\"\nstatus = \"helper\"\nsummary = \"x\"\ntests = [\"TestA\"]\n", `3:1: rule "a": a helper rule names the ruleset keys`},
		{"tests on an outside rule", head + "id = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\ntests = [\"TestA\"]\n", `8:1: rule "a": tests are for tracked and helper rules, not outside`},
		{"not a test name", head + "id = \"a\"\nlines = \"1\"\nstatus = \"tracked\"\nsummary = \"x\"\ntests = [\"TestA\", \"stun\"]\nkeys = [\"stun\"]\n", `"stun" is not the name of a test function`},
		{"a bad key", head + "id = \"a\"\nlines = \"1\"\nstatus = \"tracked\"\nsummary = \"x\"\ntests = [\"TestA\"]\nkeys = [\"checks[strike\"]\n", `key "checks[strike": "checks[strike" is not a name or a name[id]`},
		{"gm without why", head + "id = \"a\"\nlines = \"1\"\nstatus = \"gm\"\nsummary = \"x\"\n", `rule "a": a gm rule says why it is the GM's judgement`},
		{"later without why", head + "id = \"a\"\nlines = \"1\"\nstatus = \"later\"\nsummary = \"x\"\n", `rule "a": a later rule says what is missing`},
		{"a long range", head + "id = \"a\"\nlines = \"1-31\"\nstatus = \"gm\"\nsummary = \"x\"\nwhy = \"y\"\n", `5:1: rule "a": 1-31 spans 31 lines`},
		{"an escape", head + "id = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\\u001b[2J\"\n", `rule 1: summary: the text has U+001B`},
		{"a bidi override", head + "id = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\u202ey\"\n", `the text has U+202E`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, probs := Parse("x.ledger.toml", []byte(c.src))
			// A want that starts with a line number is placed there.
			placed := c.want[0] >= '0' && c.want[0] <= '9'
			for _, p := range probs {
				if placed && strings.HasPrefix(p.Error(), "x.ledger.toml:"+c.want) || !placed && strings.Contains(p.Error(), c.want) {
					return
				}
			}
			t.Errorf("want a problem %q, got:\n%v", c.want, probs)
		})
	}
}

// A range over 30 lines is for outside matter or a table; a long string
// of several lines reads as its words.
func TestParseLongRangesAndText(t *testing.T) {
	src := `book = "b.txt"
[[rule]]
id = "toc"
lines = "1-40"
status = "outside"
summary = "The table of contents."
[[rule]]
id = "table"
lines = "41-90"
status = "gm"
table = true
summary = """
A table of
    grievous wounds."""
why = "rolled at the table"
`
	l, probs := Parse("x", []byte(src))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if r, _ := l.Rule("table"); r.Summary != "A table of grievous wounds." {
		t.Errorf("summary %q", r.Summary)
	}
}

// Whatever bytes come, Parse says what is wrong and never panics.
func FuzzParse(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("testdata", "book.ledger.toml")); err == nil {
		f.Add(b)
	}
	f.Add([]byte("book = \"b\"\n[[rule]]\nid = \"a\"\n[rule.x]\ny = 1\n"))
	f.Add([]byte("rule = [{id = \"a\", lines = \"1-2\"}]\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		l, probs := Parse("f", src)
		if l == nil {
			t.Fatal("no ledger")
		}
		for _, p := range probs {
			if p.Line < 1 || p.Col < 1 {
				t.Fatalf("problem at %d:%d: %v", p.Line, p.Col, p)
			}
		}
	})
}

func TestBookCheckPasses(t *testing.T) {
	l := good(t)
	if probs := l.CheckBook(BookLines(read(t, "book.txt"))); len(probs) > 0 {
		t.Errorf("the good ledger fails its book:\n%v", probs)
	}
}

// The book check fails when a line range is removed from the ledger, when
// two multi-line ranges overlap, when a range runs past the book's end, and
// when an outside line is in another rule.
func TestBookCheckFails(t *testing.T) {
	book := BookLines(read(t, "book.txt"))
	src := read(t, "book.ledger.toml")
	cases := []struct {
		name, from, to string
		want           []string
	}{
		{"a range removed", "lines = \"6-7\"", "lines = \"6\"", []string{`book.txt: line 7 is in no rule ("Each wound bleeds 1 a round at the round...")`}},
		{"a rule's lines removed", "lines = \"8-11\"", "lines = \"8\"", []string{"book.txt: lines 9-11 are in no rule"}},
		{"two multi-line ranges overlap", "lines = \"6-7\"", "lines = \"5-7\"", []string{`book.txt l.5: in "stun" (tracked) and "stunned-target" (helper) and "bleeding" (later): a line may be in two rules only where each names it alone`}},
		{"a one-line range inside a longer one", "lines = \"4,5\"", "lines = \"4-5\"", []string{`book.txt l.5: in "stun" (tracked) and "stunned-target" (helper): a line may be in two rules only where each names it alone`}},
		{"past the end", "lines = \"12\"", "lines = \"12-14\"", []string{`rule "notes": 12-14 runs past the end of book.txt (12 lines)`}},
		{"an outside line in another rule", "lines = \"2\"", "lines = \"1,2\"", []string{`book.txt l.1: in "heading" (outside) and "initiative" (tracked): an outside line is in no other rule`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(src, c.from) {
				t.Fatalf("the ledger has no %q", c.from)
			}
			l, probs := Parse("book.ledger.toml", []byte(strings.Replace(src, c.from, c.to, 1)))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			probs = l.CheckBook(book)
			for _, want := range c.want {
				if !strings.Contains(probs.Error(), want) {
					t.Errorf("want %q, got:\n%v", want, probs)
				}
			}
			for _, p := range probs {
				if p.Line < 1 || !strings.HasPrefix(p.Error(), "book.ledger.toml:") {
					t.Errorf("not placed in the ledger: %v", p)
				}
			}
		})
	}
	// A line past the book's end is not counted as in no rule, and a blank
	// line needs no rule.
	if probs := good(t).CheckBook(append(book, "", "   ")); len(probs) > 0 {
		t.Errorf("blank lines at the end: %v", probs)
	}
}

func TestKeys(t *testing.T) {
	var data map[string]any
	if _, err := toml.Decode(read(t, "ruleset.toml"), &data); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"order", "order.initiative", "stun", "conditions", "conditions[stunned]", "conditions[stunned].name", "checks[strike].modifiers[stunned].mod", "checks[strike].outcomes[hit]"} {
		if _, err := Resolve(data, k); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
	for k, want := range map[string]string{
		"hp":                         "no hp",
		"order.roll":                 "no order.roll",
		"conditions[prone]":          `conditions has no element with id "prone"`,
		"checks[strike].outcomes[x]": `checks[strike].outcomes has no element with id "x"`,
		"order.initiative.x":         "order.initiative is not a table",
		"stun[x]":                    `stun has no element with id "x"`,
	} {
		if _, err := Resolve(data, k); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", k, err, want)
		}
	}
	l := good(t)
	if probs := l.MissingKeys(data); len(probs) > 0 {
		t.Errorf("missing keys: %v", probs)
	}
	delete(data, "stun")
	if probs := l.MissingKeys(data); len(probs) != 1 || !strings.Contains(probs[0].Error(), `book.ledger.toml:23:1: rule "stun": key "stun" is not in the ruleset: no stun`) {
		t.Errorf("stun taken away: %v", probs)
	}
}

func TestDrop(t *testing.T) {
	decode := func() map[string]any {
		var data map[string]any
		if _, err := toml.Decode(read(t, "ruleset.toml"), &data); err != nil {
			t.Fatal(err)
		}
		return data
	}
	for _, k := range []string{"stun", "order.initiative", "conditions[stunned]", "checks[strike].modifiers[stunned]", "checks[strike].outcomes[hit].name"} {
		data := decode()
		if !Drop(data, k) {
			t.Errorf("%s: nothing dropped", k)
		}
		if _, err := Resolve(data, k); err == nil {
			t.Errorf("%s still there", k)
		}
	}
	data := decode()
	Drop(data, "conditions[stunned]")
	if _, err := Resolve(data, "checks[strike]"); err != nil {
		t.Errorf("dropping a condition took more: %v", err)
	}
	for _, k := range []string{"hp", "conditions[x]", "order.initiative.x", "[", "stun[x]"} {
		if Drop(decode(), k) {
			t.Errorf("%s: dropped", k)
		}
	}
	// The original of a dropped element's array is not changed: a decoded
	// map shared elsewhere keeps its elements.
	data = decode()
	before := tables(data["conditions"])
	Drop(data, "conditions[stunned]")
	if len(before) != 1 {
		t.Errorf("the original array changed: %v", before)
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct {
		key, path string
		want      bool
	}{
		{"conditions[stunned]", "conditions[stunned]", true},
		{"conditions[stunned].summary", "conditions[stunned]", true},
		{"stun", "stun.levels[dazed]", true},
		{"conditions", "conditions[stunned]", false},
		{"conditions[stun]", "conditions[stunned]", false},
		{"checks[strike]", "checks[strike2]", false},
	} {
		if got := Names(c.key, c.path); got != c.want {
			t.Errorf("Names(%q, %q) = %v", c.key, c.path, got)
		}
	}
}

// The table fits 80 columns, wraps the summary in its column and ends with
// the counts.
func TestTable(t *testing.T) {
	l := good(t)
	r, _ := l.Rule("bleeding")
	r.Summary = strings.TrimSpace(strings.Repeat("a long summary that wraps ", 8))
	r.ID = "a-very-long-rule-id-that-needs-wrapping-too"
	out := l.Table(80)
	for i, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("line %d is %d wide: %q", i+1, n, line)
		}
	}
	for _, want := range []string{
		"RULE", "LINES", "STATUS", "SUMMARY",
		"initiative", "2 ", "tracked", "Initiative is 1d10 + DEX each round",
		"Where a grievous wound lands. GM's call:",
		"Not done: no bleeding tick yet",
		"Counts: 2 tracked, 1 helper, 1 gm, 2 outside, 1 later (7 rules)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	// The summary goes on under itself: its second line starts in its column.
	lines := strings.Split(out, "\n")
	i := slices.IndexFunc(lines, func(s string) bool { return strings.Contains(s, "a long summary") })
	if i < 0 || i+1 >= len(lines) {
		t.Fatal(out)
	}
	col := strings.Index(lines[i], "a long summary")
	if next := lines[i+1]; len(next) <= col || next[col-2:col] != "  " || next[col] == ' ' {
		t.Errorf("the wrapped summary does not line up:\n%s\n%s", lines[i], next)
	}
}

func TestMarkdownAndPages(t *testing.T) {
	l := good(t)
	md := l.Markdown("content/rulesets/tiny.ledger.toml")
	for _, want := range []string{
		"| rule | lines | status | summary |",
		"| `stun` | 4, 5 | tracked | A hit over CON stuns for the rest of the round; the stunned lose their attacks. |",
		"**Counts**: 2 tracked, 1 helper, 1 gm, 2 outside, 1 later (7 rules).",
		"### Not done yet\n\n- **Wounds bleed 1 a round as it ends.** (`bleeding`, l.6-7): no bleeding tick yet\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the markdown lacks %q:\n%s", want, md)
		}
	}
	page, err := SetBlock("# Tiny\n\nSome text.\n", md)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(page, "# Tiny\n\nSome text.\n\n"+BeginMarker+"\n") || !strings.HasSuffix(page, EndMarker+"\n") {
		t.Errorf("page:\n%s", page)
	}
	if got, err := Block(page); err != nil || got != md {
		t.Errorf("block read back: %v\n%s", err, got)
	}
	// Set again with the page's own text around the markers kept.
	page = strings.Replace(page, EndMarker+"\n", EndMarker+"\n\nMore text.\n", 1)
	again, err := SetBlock(page, "new\n")
	if err != nil || again != "# Tiny\n\nSome text.\n\n"+BeginMarker+"\nnew\n"+EndMarker+"\n\nMore text.\n" {
		t.Errorf("set again: %v\n%s", err, again)
	}
	for _, bad := range []string{EndMarker + BeginMarker, BeginMarker + BeginMarker + EndMarker, BeginMarker} {
		if _, err := SetBlock(bad, "x"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	// Nothing later: it says so.
	r, _ := l.Rule("bleeding")
	r.Status, r.Tests, r.Keys = Tracked, []string{"TestA"}, []string{"ticks"}
	if md := l.Markdown("x"); !strings.Contains(md, "### Not done yet\n\nNothing") {
		t.Errorf("no later rules:\n%s", md)
	}
}

func TestFindTests(t *testing.T) {
	tests, err := FindTests(filepath.Join("testdata", "tests"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range tests {
		names = append(names, n)
	}
	slices.Sort(names)
	if want := []string{"TestEndToEnd", "TestInitiative", "TestStun"}; !slices.Equal(names, want) {
		t.Errorf("tests %v, want %v", names, want)
	}
	in := tests["TestInitiative"][0]
	if in.Dir != "." || in.File != "a_test.go" || in.Line != 10 || !in.Proves("tiny", "initiative") || in.Proves("tiny", "stun") {
		t.Errorf("TestInitiative: %+v", in)
	}
	stun := tests["TestStun"]
	if len(stun) != 2 {
		t.Fatalf("TestStun: %+v", stun)
	}
	slices.SortFunc(stun, func(a, b TestFunc) int { return strings.Compare(a.File, b.File) })
	if !stun[0].Proves("tiny", "stun") || !stun[0].Proves("tiny", "stunned-target") || stun[0].Constraint != "" {
		t.Errorf("TestStun: %+v", stun[0])
	}
	if stun[1].Dir != "sub" || stun[1].Constraint != "e2e" {
		t.Errorf("TestStun in sub: %+v", stun[1])
	}

	l := good(t)
	if probs := l.CheckTests("tiny", tests); len(probs) > 0 {
		t.Errorf("the good ledger's tests: %v", probs)
	}
	if named := l.NamedRules("tiny", tests); len(named) != 1 || !strings.Contains(named[0], "sub/b_test.go:8: TestEndToEnd names tiny/initiative, but the rule does not name the test") {
		t.Errorf("named rules: %q", named)
	}
	r, _ := l.Rule("initiative")
	r.Tests = []string{"TestInitiative", "TestMissing", "TestEndToEnd", "TestStun"}
	probs := l.CheckTests("tiny", tests).Error()
	for _, want := range []string{
		`rule "initiative": TestMissing is not a test function of the repository`,
		`rule "initiative": TestEndToEnd is in sub/b_test.go, built only with "e2e"`,
		`rule "initiative": TestStun (a_test.go:12) does not name the rule: add the comment line "// ledger: tiny/initiative"`,
	} {
		if !strings.Contains(probs, want) {
			t.Errorf("want %q in:\n%s", want, probs)
		}
	}
}
