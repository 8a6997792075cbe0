package content_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"fray/content"
	"fray/content/ledger"
	"fray/engine/rules"
)

// The ledgers: each shipped ruleset has one (content/rulesets/ID.ledger.toml),
// which reads without a problem, names ruleset keys that are there, and
// tests that exist, run in go test ./... and name the rule they prove. The
// check against the books is go run ./content/ledger/ledgers books (in
// .ci/run); that the keys carry the rules, ... keys.

// ledgerFiles are the ledgers in content/rulesets, by ruleset id.
func ledgerFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("rulesets", "*"+content.LedgerSuffix))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, f := range files {
		ids = append(ids, strings.TrimSuffix(filepath.Base(f), content.LedgerSuffix))
	}
	return ids
}

var (
	testsOnce sync.Once
	tests     map[string][]ledger.TestFunc
	testsErr  error
)

// repoTests are the test functions of the repository, read once.
func repoTests(t *testing.T) map[string][]ledger.TestFunc {
	t.Helper()
	testsOnce.Do(func() {
		root, err := ledger.ModuleRoot(".")
		if err != nil {
			testsErr = err
			return
		}
		tests, testsErr = ledger.FindTests(root)
	})
	if testsErr != nil {
		t.Fatal(testsErr)
	}
	return tests
}

// Every shipped ruleset has its ledger.
func TestEveryRulesetHasALedger(t *testing.T) {
	lib := shipped(t)
	for _, r := range lib.Rulesets() {
		if _, err := lib.Ledger(r.ID); errors.Is(err, content.ErrNoLedger) {
			t.Errorf("%s has no ledger: content/rulesets/%s%s", r.ID, r.ID, content.LedgerSuffix)
		}
	}
}

// Each ledger there is: read and checked against itself, its keys against
// its ruleset, its tests against the repository's.
func TestLedgers(t *testing.T) {
	lib := shipped(t)
	ids := ledgerFiles(t)
	if len(ids) == 0 {
		t.Fatal("no ledger in content/rulesets")
	}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			r, ok := lib.Ruleset(id)
			if !ok {
				t.Fatalf("%s%s: no ruleset %q (a ledger is named after its ruleset's id)", id, content.LedgerSuffix, id)
			}
			l, err := lib.Ledger(id)
			if err != nil {
				t.Fatal(err)
			}
			if l.Book == "" || len(l.Rules) == 0 {
				t.Fatalf("book %q, %d rules", l.Book, len(l.Rules))
			}
			data, err := content.RulesetData(r)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range l.MissingKeys(data) {
				t.Error(p)
			}
			all := repoTests(t)
			for _, p := range l.CheckTests(id, all) {
				t.Error(p)
			}
			for _, s := range l.NamedRules(id, all) {
				t.Error(s)
			}
		})
	}
}

// The table on each ruleset's docs page is the one its ledger makes: after
// a ledger changes, go generate ./content writes it again.
func TestLedgerPagesAreCurrent(t *testing.T) {
	lib := shipped(t)
	for _, id := range ledgerFiles(t) {
		t.Run(id, func(t *testing.T) {
			r, _ := lib.Ruleset(id)
			l, err := lib.Ledger(id)
			if err != nil {
				t.Fatal(err)
			}
			page := filepath.Join("..", "docs", "rulesets", id+".md")
			b, err := os.ReadFile(page)
			if err != nil {
				t.Fatalf("%v: go generate ./content writes it", err)
			}
			got, err := ledger.Block(string(b))
			if err != nil {
				t.Fatalf("%s: %v", page, err)
			}
			if want := l.Markdown(r.LedgerPath()); got != want {
				t.Errorf("%s: the ledger's table is not current: go generate ./content writes it again", page)
			}
		})
	}
}

// Loading the content, as fray starts, reads no ledger; a ledger is read
// when asked for, and a Book keeps what it read.
func TestLedgersReadOnlyWhenAsked(t *testing.T) {
	before := content.LedgersRead()
	lib, probs := content.Load(t.TempDir())
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if n := content.LedgersRead() - before; n != 0 {
		t.Fatalf("loading the content read %d ledgers", n)
	}
	id := ledgerFiles(t)[0]
	book := lib.Book()
	cite, err := book.Cite(id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := book.Cite(id); err != nil {
		t.Fatal(err)
	}
	if n := content.LedgersRead() - before; n != 1 {
		t.Errorf("two citations read the ledger %d times, want once", n)
	}
	l, _ := lib.Ledger(id)
	var element string
	for _, r := range l.Rules {
		if len(r.Keys) > 0 {
			element = r.Keys[0]
			break
		}
	}
	if got := cite(element); !strings.HasPrefix(got, l.Book+" l.") {
		t.Errorf("cite(%q) = %q", element, got)
	}
	if got := cite("no_such[thing]"); got != "" {
		t.Errorf("an element no rule names: %q", got)
	}
}

// Cite gives the lines of every rule naming an element, merged and in
// order; the array that holds it does not name it.
func TestCite(t *testing.T) {
	l, probs := ledger.Parse("x", []byte(`book = "b.txt"
[[rule]]
id = "a"
lines = "40-42,60"
status = "tracked"
summary = "x"
tests = ["TestA"]
keys = ["conditions[stunned]"]
[[rule]]
id = "b"
lines = "12,43"
status = "gm"
summary = "y"
why = "z"
keys = ["conditions[stunned].summary"]
[[rule]]
id = "c"
lines = "70"
status = "later"
summary = "y"
why = "z"
keys = ["conditions"]
[[rule]]
id = "d"
lines = "80"
status = "tracked"
summary = "y"
tests = ["TestA"]
keys = ["stun"]
`))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	for element, want := range map[string]string{
		"conditions[stunned]": "b.txt l.12, 40-43, 60",
		"conditions[prone]":   "",
		"stun.levels[dazed]":  "b.txt l.80",
	} {
		if got := content.Cite(l, element); got != want {
			t.Errorf("%s: %q, want %q", element, got, want)
		}
	}
}

// A GM's own ruleset may have a ledger beside it: fray rules reads it, and
// fray check checks it, its keys against the ruleset; one beside nothing,
// or for a shipped ruleset, is said not to be read.
func TestYourOwnLedger(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("house.toml", `id = "house"
name = "House rules"

[[stats]]
id = "QU"
name = "Quickness"

[order]
kind = "fixed"
initiative = "2d10 + QU"
`)
	write("house.ledger.toml", `book = "house.txt"
[[rule]]
id = "initiative"
lines = "1-3"
status = "tracked"
summary = "Initiative."
tests = ["TestLedgers"]
keys = ["order.initiative", "order.nope"]
[[rule]]
id = "prone"
lines = "4"
status = "bogus"
summary = "Prone."
`)
	write("nothing.ledger.toml", "book = \"x.txt\"\n[[rule]]\nid = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n")
	write("countdown.ledger.toml", "book = \"x.txt\"\n[[rule]]\nid = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n")
	lib, probs := content.Load(dir)
	if len(probs) > 0 {
		t.Fatalf("the ledgers were read as content: %v", probs)
	}
	if _, err := lib.Ledger("house"); err == nil || !strings.Contains(err.Error(), `house.ledger.toml:12:1: rule "prone": unknown status "bogus"`) {
		t.Errorf("house's ledger: %v", err)
	}
	got := content.Check(dir)
	var msgs []string
	for _, p := range got {
		msgs = append(msgs, p.Error())
	}
	text := strings.Join(msgs, "\n")
	for _, want := range []string{
		`house.ledger.toml:12:1: rule "prone": unknown status "bogus"`,
		`house.ledger.toml:8:1: rule "initiative": key "order.nope" is not in the ruleset: no order.nope`,
		`nothing.ledger.toml:1:1: no ruleset "nothing" for this ledger`,
		`countdown.ledger.toml:1:1: the ruleset "countdown" is the shipped one`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("fray check lacks %q:\n%s", want, text)
		}
	}
	if slices.ContainsFunc(got, func(p content.Problem) bool { return strings.HasSuffix(p.File, "house.toml") }) {
		t.Errorf("the ruleset itself has problems: %v", got)
	}
	// The ledger made good: fray rules reads it.
	write("house.ledger.toml", "book = \"house.txt\"\n[[rule]]\nid = \"a\"\nlines = \"1\"\nstatus = \"outside\"\nsummary = \"x\"\n")
	lib, _ = content.Load(dir)
	if l, err := lib.Ledger("house"); err != nil || l.Book != "house.txt" {
		t.Errorf("house's ledger made good: %v", err)
	}
}

// The keys-carry-the-rule check's seam: in a test binary, the keys named
// by FRAY_TEST_DROP_KEYS are taken out of the ruleset as it loads, and the
// mark file says so.
func TestDropKeysForTheKeysCheck(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "mark")
	t.Setenv("FRAY_TEST_DROP_KEYS", "countdown:checks[strike].modifiers[stunned],round_seconds")
	t.Setenv("FRAY_TEST_DROP_MARK", mark)
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	rs, _ := lib.Ruleset("countdown")
	ch, _ := rs.Check("strike")
	if rs.RoundSeconds != 0 || slices.ContainsFunc(ch.Modifiers, func(m rules.CheckModifier) bool { return m.ID == "stunned" }) {
		t.Errorf("the keys are still there: %d s, %d modifiers", rs.RoundSeconds, len(ch.Modifiers))
	}
	if b, err := os.ReadFile(mark); err != nil || !strings.Contains(string(b), "countdown:") {
		t.Errorf("no mark: %v %q", err, b)
	}
	// Other rulesets are whole.
	if pm, _ := lib.Ruleset("pathmaster"); pm.RoundSeconds == 0 {
		t.Error("pathmaster lost its round_seconds too")
	}
}
