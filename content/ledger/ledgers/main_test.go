package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fray/content"
	"fray/content/ledger"
)

func builtin(t *testing.T) *content.Library {
	t.Helper()
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return lib
}

// pages writes each shipped ledger's table into its docs page, a new page
// with the ruleset's name for a heading; run again it changes nothing; a
// page whose markers are wrong is refused and left as it was.
func TestPages(t *testing.T) {
	wd, _ := os.Getwd()
	t.Chdir(wd) // run moves to the module's root; this puts it back after
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if code := run([]string{"pages", "-dir", dir}, &out, &errs); code != 0 {
		t.Fatalf("pages: %d %s", code, errs.String())
	}
	lib := builtin(t)
	for _, r := range lib.Rulesets() {
		l, err := lib.Ledger(r.ID)
		if errors.Is(err, content.ErrNoLedger) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(dir, r.ID+".md"))
		if err != nil {
			t.Fatal(err)
		}
		block, err := ledger.Block(string(page))
		if err != nil || block != l.Markdown(r.LedgerPath()) || !strings.HasPrefix(string(page), "# "+r.Name+"\n") {
			t.Errorf("%s's page: %v\n%s", r.ID, err, page)
		}
	}
	out.Reset()
	if code := run([]string{"pages", "-dir", dir}, &out, &errs); code != 0 || strings.Contains(out.String(), "written") {
		t.Errorf("pages again: %d %s", code, out.String())
	}
	bad := filepath.Join(dir, "countdown.md")
	os.WriteFile(bad, []byte(ledger.BeginMarker+"\n"+ledger.BeginMarker+"\n"+ledger.EndMarker+"\n"), 0o644)
	errs.Reset()
	if code := run([]string{"pages", "-dir", dir}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "countdown.md: the page does not hold the markers") {
		t.Errorf("a page with two begin markers: %d %s", code, errs.String())
	}
	if b, _ := os.ReadFile(bad); strings.Count(string(b), ledger.BeginMarker) != 2 {
		t.Errorf("the bad page was changed:\n%s", b)
	}
}

// Taking keys out of a ruleset: what the loader cannot do without is
// refused with its reason; what it can, loads.
func TestRefusedWithout(t *testing.T) {
	lib := builtin(t)
	dir := t.TempDir()
	// The blow's check, withdraw's, and the attack's kind of roll, read by
	// Stunned and the three Surprised.
	if msg := refusedWithout(lib, "countdown", []string{"checks[strike]"}, dir); !strings.Contains(msg, `unknown check "strike"`) || !strings.Contains(msg, "and 5 more") {
		t.Errorf("without the strike: %q", msg)
	}
	if msg := refusedWithout(lib, "countdown", []string{"round_seconds", "checks[strike].modifiers[running]"}, dir); msg != "" {
		t.Errorf("without the round's length and a modifier: %q", msg)
	}
}

// The verdicts: a test failing without the keys kills the rule; tests that
// loaded the ruleset (the mark) and passed let it survive; tests that never
// loaded it are inline; where the loader needs every key, each is tried
// alone, and one failing still kills.
func TestVerdicts(t *testing.T) {
	fails := func(dir string, names, env []string) ([]byte, error) {
		return []byte("--- FAIL: " + names[0] + " (0.00s)\n    --- FAIL: " + names[0] + "/sub (0.00s)\nFAIL\n"), errors.New("exit status 1")
	}
	loads := func(dir string, names, env []string) ([]byte, error) {
		for _, e := range env {
			if mark, ok := strings.CutPrefix(e, "FRAY_TEST_DROP_MARK="); ok {
				os.WriteFile(mark, []byte("x\n"), 0o644)
			}
		}
		return []byte("PASS\n"), nil
	}
	inlineOnly := func(dir string, names, env []string) ([]byte, error) { return []byte("PASS\n"), nil }
	hangs := func(dir string, names, env []string) ([]byte, error) {
		return []byte("panic: test timed out after 20s\n"), errors.New("exit status 2")
	}
	// Fails only without "b" alone.
	onlyB := func(dir string, names, env []string) ([]byte, error) {
		if slices.Contains(env, "FRAY_TEST_DROP_KEYS=r:b") {
			return fails(dir, names, env)
		}
		return loads(dir, names, env)
	}
	for _, c := range []struct {
		name    string
		run     runner
		keys    [][]string
		refusal string
		verdict string
		detail  string
	}{
		{"a test fails", fails, [][]string{{"a", "b"}}, "", killed, "TestX failed"},
		{"a test runs past its time", hangs, [][]string{{"a"}}, "", killed, "content (ran past its time) failed"},
		{"the tests pass", loads, [][]string{{"a", "b"}}, "", survived, "passed without a, b"},
		{"the tests build their own", inlineOnly, [][]string{{"a"}}, "", inline, "no test loaded the shipped ruleset: TestX"},
		{"refused, one alone fails", onlyB, [][]string{{"a"}, {"b"}}, "a is needed", killed, "TestX failed without b alone (the loader refuses the ruleset without all its keys: a is needed)"},
		{"refused, none alone fails", loads, [][]string{{"a"}}, "a is needed", refused, "a is needed; the tests pass without a alone"},
	} {
		t.Run(c.name, func(t *testing.T) {
			j := &job{ruleset: "r", rule: ledger.Rule{ID: "x", Keys: []string{"a", "b"}}, tests: map[string][]string{"content": {"TestX"}}, keys: c.keys, refusal: c.refusal}
			check(t.TempDir(), j, c.run, false, &bytes.Buffer{})
			if j.verdict != c.verdict || j.detail != c.detail {
				t.Errorf("%s: %q, want %s: %q", j.verdict, j.detail, c.verdict, c.detail)
			}
		})
	}
	j := &job{ruleset: "r", rule: ledger.Rule{ID: "x"}}
	check(t.TempDir(), j, loads, false, &bytes.Buffer{})
	if j.verdict != survived || !strings.Contains(j.detail, "no test of it runs") {
		t.Errorf("no tests: %s %q", j.verdict, j.detail)
	}
}

// The same seed picks the same sample, in the ledgers' order; another
// seed, another sample.
func TestPick(t *testing.T) {
	var jobs []*job
	for i := range 40 {
		jobs = append(jobs, &job{ruleset: "r", rule: ledger.Rule{ID: fmt.Sprintf("rule-%d", i)}})
	}
	a, b, c := pick(jobs, 10, "one"), pick(jobs, 10, "one"), pick(jobs, 10, "two")
	if len(a) != 10 || !slices.Equal(a, b) {
		t.Fatalf("the same seed: %v, %v", a, b)
	}
	if slices.Equal(a, c) {
		t.Error("another seed picked the same rules")
	}
	if !slices.IsSortedFunc(a, func(x, y *job) int { return slices.Index(jobs, x) - slices.Index(jobs, y) }) {
		t.Error("the sample is not in the ledgers' order")
	}
}
