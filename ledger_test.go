package main

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"fray/content"
	"fray/saves"
	"fray/session"
)

// fray's start reads no ledger: not as the content loads, not as the
// tracker draws its first frame (the demo, or a countdown fight opened from
// its save); B is what reads one, once, and the panel then cites the book.
func TestStartReadsNoLedger(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	if code, _, errs := runCLI(t, "new", "Ford", "--rules", "countdown", "--add", "new: Hero"); code != 0 {
		t.Fatal(errs)
	}
	list, err := saves.List(saves.Dir())
	if err != nil || len(list) != 1 {
		t.Fatalf("saves: %v %v", list, err)
	}
	before := content.LedgersRead()
	lib, probs := openContent()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	st := saves.NewStore(saves.Dir(), lib.Tracker().Ruleset, time.Now)
	frame := func(m tea.Model) (tea.Model, string) {
		m, _ = m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
		return m, ansi.Strip(m.View().Content)
	}
	demo := &session.Session{}
	defer demo.Close()
	if _, s := frame(tracker(lib, st, demo, true, nil)); !strings.Contains(s, "Gavvin") {
		t.Fatalf("the demo's first frame:\n%s", s)
	}
	sess := &session.Session{}
	defer sess.Close()
	if code := openSave(st, sess, list[0].Path, io.Discard); code != 0 {
		t.Fatal("the save does not open")
	}
	m, s := frame(tracker(lib, st, sess, false, nil))
	if !strings.Contains(s, "Hero") {
		t.Fatalf("the fight's first frame:\n%s", s)
	}
	if n := content.LedgersRead() - before; n != 0 {
		t.Fatalf("starting read %d ledgers", n)
	}
	press := func(k rune) {
		var cmd tea.Cmd
		m, cmd = m.Update(tea.KeyPressMsg{Code: k, Text: string(k)})
		for cmd != nil {
			msg := cmd()
			if _, batch := msg.(tea.BatchMsg); batch {
				break // the save's own commands: not what this test follows
			}
			m, cmd = m.Update(msg)
		}
	}
	press('n') // the fight starts
	press('s') // Hero is stunned: the panel explains Stunned
	press('B')
	press('B')
	press('B')
	_, s = frame(m)
	if !strings.Contains(s, "book: countdown.txt l.50") {
		t.Errorf("B does not cite the book under Stunned:\n%s", s)
	}
	if n := content.LedgersRead() - before; n != 1 {
		t.Errorf("B three times read %d ledgers, want 1", n)
	}
	os.RemoveAll(saves.Dir())
}

// fray rules ID --coverage shows the ledger as a table that fits 80
// columns, with the counts; --markdown is the docs page's block; fray rules
// ID ends with the counts.
func TestRulesCoverage(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	code, out, errs := runCLI(t, "rules", "countdown", "--coverage")
	if code != 0 {
		t.Fatalf("fray rules countdown --coverage: %d %s", code, errs)
	}
	lib, _ := content.LoadBuiltin()
	l, err := lib.Ledger("countdown")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"RULE", "LINES", "STATUS", "SUMMARY", "stuck-missiles", "198-204", "tracked", "Counts: " + l.CountsText()} {
		if !strings.Contains(out, want) {
			t.Errorf("--coverage lacks %q:\n%s", want, out)
		}
	}
	for i, line := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(line); w > 80 {
			t.Errorf("line %d is %d wide: %q", i+1, w, line)
		}
	}
	code, md, _ := runCLI(t, "rules", "countdown", "--markdown", "--coverage")
	page, err := os.ReadFile("docs/rulesets/countdown.md")
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.Contains(string(page), md) {
		t.Errorf("--markdown is not the docs page's block: %d\n%s", code, md)
	}
	_, card, _ := runCLI(t, "rules", "countdown")
	if !strings.HasSuffix(card, "The book, countdown.txt, rule by rule: "+l.CountsText()+". fray rules countdown --coverage shows each.\n") {
		t.Errorf("fray rules countdown does not end with the counts:\n%s", card)
	}
	// A ruleset of your own without a ledger; flags that make no sense.
	if err := os.MkdirAll(dir+"/fray", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/fray/house.toml", []byte("id = \"house\"\nname = \"House\"\n[order]\nkind = \"none\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// fray check checks your own ledgers too.
	if err := os.WriteFile(dir+"/fray/house.ledger.toml", []byte("book = \"house.txt\"\n[[rule]]\nid = \"a\"\nlines = \"1\"\nstatus = \"done\"\nsummary = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI(t, "check"); code != 1 || !strings.Contains(errs, `house.ledger.toml:5:1: rule "a": unknown status "done"`) {
		t.Errorf("fray check with a bad ledger: %d %s", code, errs)
	}
	if code, _, errs := runCLI(t, "rules", "house", "--coverage"); code != 1 || !strings.Contains(errs, `unknown status "done"`) {
		t.Errorf("fray rules house --coverage with a bad ledger: %d %s", code, errs)
	}
	os.Remove(dir + "/fray/house.ledger.toml")
	for _, c := range []struct {
		args      []string
		code      int
		out, errs string
	}{
		{[]string{"rules", "house", "--coverage"}, 1, "", "no ledger for house"},
		{[]string{"rules", "house"}, 0, "No ledger says what fray does with each rule of its book", ""},
		{[]string{"rules", "--coverage"}, 2, "", "fray rules ID --coverage"},
		{[]string{"rules", "countdown", "--markdown"}, 2, "", "--markdown goes with --coverage"},
		{[]string{"rules", "countdown", "--bogus"}, 2, "", "unknown flag --bogus"},
	} {
		code, out, errs := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errs, c.errs) {
			t.Errorf("fray %s: %d\n%s\n%s", strings.Join(c.args, " "), code, out, errs)
		}
	}
}
