// Command ledgers keeps the rulesets' ledgers honest, from the module's
// root (it finds it from where it runs):
//
//	go run ./content/ledger/ledgers pages [-dir docs/rulesets]
//	go run ./content/ledger/ledgers books [-dir ../shared/rules]
//	go run ./content/ledger/ledgers keys [-ruleset ID] [-rule ID] [-sample N -seed S] [-budget D] [-timeout D] [-j N] [-v]
//
// pages writes each shipped ledger's table into its ruleset's docs page,
// between the page's markers (go generate ./content runs it). books checks
// each shipped ledger against its book: every non-blank line in a rule, no
// line in two rules but as the format allows, no range past the end. keys
// is the keys-carry-the-rule check: for each tracked or helper rule, the
// rule's keys are taken out of its ruleset as the tests load it, and at
// least one of the rule's tests must then fail. Where the loader refuses the
// ruleset without all of a rule's keys, each key is taken out alone.
package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"fray/content"
	"fray/content/ledger"
)

const usage = `usage: go run ./content/ledger/ledgers COMMAND [flags]

  pages [-dir docs/rulesets]   write each shipped ledger's table into its docs page
  books [-dir ../shared/rules] check each shipped ledger against its book
  keys [-ruleset ID] [-rule ID] [-sample N -seed S] [-budget D] [-timeout D] [-j N] [-v]
                               take each tracked or helper rule's keys out of its
                               ruleset and run its tests: one must fail

Paths are from the module's root.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	root, err := ledger.ModuleRoot(".")
	if err == nil {
		err = os.Chdir(root)
	}
	if err != nil {
		fmt.Fprintln(stderr, "ledgers:", err)
		return 1
	}
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		for _, p := range probs {
			fmt.Fprintln(stderr, p)
		}
		return 1
	}
	switch args[0] {
	case "pages":
		return pages(lib, args[1:], stdout, stderr)
	case "books":
		return books(lib, args[1:], stdout, stderr)
	case "keys":
		return keys(lib, root, args[1:], stdout, stderr)
	}
	fmt.Fprint(stderr, usage)
	return 2
}

// shipped is each shipped ruleset's ledger; a ruleset without one is said
// in missing.
func shipped(lib *content.Library, stderr io.Writer) (ledgers map[string]*ledger.Ledger, missing []string, bad bool) {
	ledgers = map[string]*ledger.Ledger{}
	for _, r := range lib.Rulesets() {
		l, err := lib.Ledger(r.ID)
		switch {
		case errors.Is(err, content.ErrNoLedger):
			missing = append(missing, r.ID)
		case err != nil:
			fmt.Fprintln(stderr, err)
			bad = true
		default:
			ledgers[r.ID] = l
		}
	}
	return ledgers, missing, bad
}

func pages(lib *content.Library, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("pages", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dir := fl.String("dir", filepath.Join("docs", "rulesets"), "the rulesets' docs pages")
	if fl.Parse(args) != nil || fl.NArg() > 0 {
		return 2
	}
	ledgers, missing, bad := shipped(lib, stderr)
	if bad {
		return 1
	}
	for _, id := range missing {
		fmt.Fprintf(stdout, "%s: no ledger, no table\n", id)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, r := range lib.Rulesets() {
		l, ok := ledgers[r.ID]
		if !ok {
			continue
		}
		path := filepath.Join(*dir, r.ID+".md")
		old, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			old, err = []byte(fmt.Sprintf("# %s\n\n%s\n", r.Name, r.Description)), nil
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		page, err := ledger.SetBlock(string(old), l.Markdown(r.LedgerPath()))
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 1
		}
		if page == string(old) {
			continue
		}
		if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: the table is written\n", path)
	}
	return 0
}

func books(lib *content.Library, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("books", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dir := fl.String("dir", filepath.Join("..", "shared", "rules"), "the rule books")
	if fl.Parse(args) != nil || fl.NArg() > 0 {
		return 2
	}
	ledgers, missing, bad := shipped(lib, stderr)
	for _, id := range missing {
		fmt.Fprintf(stderr, "%s: no ledger (content/rulesets/%s.ledger.toml)\n", id, id)
		bad = true
	}
	for _, r := range lib.Rulesets() {
		l, ok := ledgers[r.ID]
		if !ok {
			continue
		}
		text, err := os.ReadFile(filepath.Join(*dir, l.Book))
		if err != nil {
			fmt.Fprintf(stderr, "%s: its book: %v\n", l.File, err)
			bad = true
			continue
		}
		book := ledger.BookLines(string(text))
		probs := l.CheckBook(book)
		for _, p := range probs {
			fmt.Fprintln(stderr, p)
		}
		if len(probs) > 0 {
			bad = true
			continue
		}
		fmt.Fprintf(stdout, "%s: %d lines, every one in a rule: %s\n", l.Book, len(book), l.CountsText())
	}
	if bad {
		return 1
	}
	return 0
}

// A verdict of the keys check on one rule.
const (
	killed   = "killed"   // a test failed without the keys
	refused  = "refused"  // the ruleset does not load without the keys
	inline   = "inline"   // no test loaded the shipped ruleset: it builds its own
	survived = "SURVIVED" // every test passed without the keys
	skipped  = "not run"  // past the time budget
)

type job struct {
	ruleset string
	rule    ledger.Rule
	tests   map[string][]string // by package directory, the rule's tests there
	keys    [][]string          // the sets of keys to take out: all, or each alone
	refusal string              // why the loader refuses the ruleset without them all
	verdict string
	detail  string
	took    time.Duration
}

func keys(lib *content.Library, root string, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("keys", flag.ContinueOnError)
	fl.SetOutput(stderr)
	only := fl.String("ruleset", "", "check this ruleset's rules only")
	oneRule := fl.String("rule", "", "check this rule only (with -ruleset)")
	budget := fl.Duration("budget", 0, "start no rule after this long (0: no limit)")
	par := fl.Int("j", 2, "rules checked at once")
	sample := fl.Int("sample", 0, "check this many rules, picked by -seed (0: all)")
	seed := fl.String("seed", "", "what picks the sample: the same seed, the same rules")
	timeout := fl.Duration("timeout", 10*time.Minute, "the longest a rule's tests may run without its keys (past it they fail)")
	verbose := fl.Bool("v", false, "show each test run's output")
	if fl.Parse(args) != nil || fl.NArg() > 0 || *par < 1 {
		return 2
	}
	start := time.Now()
	ledgers, missing, bad := shipped(lib, stderr)
	if bad {
		return 1
	}
	for _, id := range missing {
		if *only == "" || *only == id {
			fmt.Fprintf(stdout, "%s: no ledger, nothing to check\n", id)
		}
	}
	found, err := ledger.FindTests(root)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var jobs []*job
	for _, r := range lib.Rulesets() {
		l, ok := ledgers[r.ID]
		if !ok || (*only != "" && *only != r.ID) {
			continue
		}
		for _, rule := range l.Rules {
			if rule.Status != ledger.Tracked && rule.Status != ledger.Helper || (*oneRule != "" && rule.ID != *oneRule) {
				continue
			}
			j := &job{ruleset: r.ID, rule: rule, tests: map[string][]string{}}
			for _, name := range rule.Tests {
				for _, t := range found[name] {
					if t.Constraint == "" && !slices.Contains(j.tests[t.Dir], name) {
						j.tests[t.Dir] = append(j.tests[t.Dir], name)
					}
				}
			}
			jobs = append(jobs, j)
		}
	}
	if len(jobs) == 0 {
		fmt.Fprintln(stdout, "no tracked or helper rule to check")
		return 0
	}
	if *sample > 0 && *sample < len(jobs) {
		jobs = pick(jobs, *sample, *seed)
		fmt.Fprintf(stdout, "a sample of %d rules, picked by the seed %q\n", len(jobs), *seed)
	}
	tmp, err := os.MkdirTemp("", "ledger-keys-")
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)

	// Where the loader refuses the ruleset without all the rule's keys,
	// each is taken out alone; a rule the loader needs every key of gets
	// no tests run.
	for i, j := range jobs {
		j.keys = [][]string{j.rule.Keys}
		dir := filepath.Join(tmp, fmt.Sprintf("ruleset-%d", i))
		msg := refusedWithout(lib, j.ruleset, j.rule.Keys, dir)
		if msg == "" {
			continue
		}
		j.keys, j.refusal = nil, msg
		if len(j.rule.Keys) > 1 {
			for _, k := range j.rule.Keys {
				if refusedWithout(lib, j.ruleset, []string{k}, dir) == "" {
					j.keys = append(j.keys, []string{k})
				}
			}
		}
		if len(j.keys) == 0 {
			j.verdict, j.detail = refused, msg
		}
	}
	// One test binary a package, built once; every named test passes
	// with the ruleset whole, or a failure without the keys says nothing.
	bins := map[string]string{}
	all := map[string][]string{}
	for _, j := range jobs {
		for dir, names := range j.tests {
			for _, n := range names {
				if !slices.Contains(all[dir], n) {
					all[dir] = append(all[dir], n)
				}
			}
		}
	}
	dirs := sortedKeys(all)
	for i, dir := range dirs {
		bin := filepath.Join(tmp, fmt.Sprintf("pkg-%d.test", i))
		cmd := exec.Command("go", "test", "-c", "-o", bin, "./"+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "building the tests of %s: %v\n%s", dir, err, out)
			return 1
		}
		bins[dir] = bin
	}
	for _, dir := range dirs {
		out, err := runTests(root, dir, bins[dir], all[dir], nil, 10*time.Minute)
		if err != nil {
			fmt.Fprintf(stderr, "the named tests of %s fail with the rulesets whole, so the check says nothing: %v\n%s", dir, err, out)
			return 1
		}
	}
	fmt.Fprintf(stdout, "%d rules; tests built and passing whole in %s\n", len(jobs), time.Since(start).Round(time.Second))

	work := make(chan *job)
	var wg sync.WaitGroup
	for range *par {
		wg.Go(func() {
			for j := range work {
				run := func(dir string, names, env []string) ([]byte, error) {
					return runTests(root, dir, bins[dir], names, env, *timeout)
				}
				check(tmp, j, run, *verbose, stdout)
			}
		})
	}
	for _, j := range jobs {
		if j.verdict != "" {
			continue
		}
		if *budget > 0 && time.Since(start) > *budget {
			j.verdict = skipped
			continue
		}
		work <- j
	}
	close(work)
	wg.Wait()

	counts := map[string]int{}
	for _, j := range jobs {
		counts[j.verdict]++
		fmt.Fprintf(stdout, "%-8s %s/%s", j.verdict, j.ruleset, j.rule.ID)
		if j.took > 0 {
			fmt.Fprintf(stdout, " (%s)", j.took.Round(100*time.Millisecond))
		}
		if j.detail != "" {
			fmt.Fprintf(stdout, ": %s", j.detail)
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "\n%d killed, %d refused by the loader, %d inline, %d survived, %d not run, in %s\n",
		counts[killed], counts[refused], counts[inline], counts[survived], counts[skipped], time.Since(start).Round(time.Second))
	if counts[inline] > 0 {
		fmt.Fprintln(stdout, "inline: the rule's tests build the rulesets they use, so taking keys out of the shipped one proves nothing of them")
	}
	if counts[survived] > 0 {
		fmt.Fprintln(stdout, "SURVIVED: the rule's tests load the shipped ruleset and pass without the keys that carry the rule: its keys or its tests are wrong")
		return 1
	}
	return 0
}

// refusedWithout loads a ruleset with keys taken out, as fray check would,
// and says why it is refused ("" when it loads).
func refusedWithout(lib *content.Library, ruleset string, keys []string, dir string) string {
	r, _ := lib.Ruleset(ruleset)
	data, err := content.RulesetData(r)
	if err != nil {
		return err.Error()
	}
	for _, k := range keys {
		ledger.Drop(data, k)
	}
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(data); err != nil {
		return "cannot write the ruleset without the keys: " + err.Error()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err.Error()
	}
	path := filepath.Join(dir, ruleset+".toml")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return err.Error()
	}
	probs := content.Check(path)
	if len(probs) == 0 {
		return ""
	}
	msg := probs[0].Msg
	if len(probs) > 1 {
		msg += fmt.Sprintf(" (and %d more)", len(probs)-1)
	}
	return msg
}

var failLine = regexp.MustCompile(`(?m)^\s*--- FAIL: (Test\S*)`)

// pick is a sample of n jobs, in their order: the same seed picks the same.
func pick(jobs []*job, n int, seed string) []*job {
	picked := slices.Clone(jobs)
	rank := func(j *job) uint64 { return fnv64(seed + "/" + j.ruleset + "/" + j.rule.ID) }
	slices.SortFunc(picked, func(a, b *job) int { return cmp.Compare(rank(a), rank(b)) })
	picked = picked[:n]
	return slices.DeleteFunc(slices.Clone(jobs), func(j *job) bool { return !slices.Contains(picked, j) })
}

// runner runs the named tests of a package with the environment added.
type runner func(dir string, names, env []string) ([]byte, error)

// check runs the rule's tests with its keys taken out of its ruleset: all
// of them, or each the loader can do without.
func check(tmp string, j *job, run runner, verbose bool, stdout io.Writer) {
	began := time.Now()
	defer func() { j.took = time.Since(began) }()
	if len(j.tests) == 0 {
		j.verdict, j.detail = survived, "no test of it runs in go test ./..."
		return
	}
	var marked, passed []string
	for i, keys := range j.keys {
		mark := filepath.Join(tmp, fmt.Sprintf("mark-%s-%s-%d", j.ruleset, j.rule.ID, i))
		env := []string{
			"FRAY_TEST_DROP_KEYS=" + j.ruleset + ":" + strings.Join(keys, ","),
			"FRAY_TEST_DROP_MARK=" + mark,
		}
		var failed []string
		for _, dir := range sortedKeys(j.tests) {
			out, err := run(dir, j.tests[dir], env)
			if verbose {
				fmt.Fprintf(stdout, "--- %s/%s without %s, in %s:\n%s", j.ruleset, j.rule.ID, strings.Join(keys, ", "), dir, out)
			}
			if err == nil {
				continue
			}
			names := failLine.FindAllStringSubmatch(string(out), -1)
			if bytes.Contains(out, []byte("panic: test timed out")) {
				failed = append(failed, dir+" (ran past its time)")
			} else if len(names) == 0 {
				failed = append(failed, fmt.Sprintf("%s (%v)", dir, err))
			}
			for _, n := range names {
				if !strings.Contains(n[1], "/") {
					failed = append(failed, n[1])
				}
			}
		}
		without := strings.Join(keys, ", ")
		if len(failed) > 0 {
			j.verdict, j.detail = killed, strings.Join(failed, ", ")+" failed"
			if j.refusal != "" {
				j.detail += " without " + without + " alone (the loader refuses the ruleset without all its keys: " + j.refusal + ")"
			}
			return
		}
		if _, err := os.Stat(mark); err == nil {
			marked = append(marked, without)
		}
		passed = append(passed, without)
	}
	switch {
	case j.refusal != "":
		// The loader needs the keys together; alone, none is missed.
		j.verdict, j.detail = refused, j.refusal+"; the tests pass without "+strings.Join(passed, " or ")+" alone"
	case len(marked) > 0:
		j.verdict, j.detail = survived, "passed without "+strings.Join(marked, "; ")
	default:
		j.verdict, j.detail = inline, "no test loaded the shipped ruleset: "+strings.Join(allNames(j.tests), ", ")
	}
}

// runTests runs the named tests of one package's test binary, from the
// package's directory as go test does.
func runTests(root, dir, bin string, names, env []string, timeout time.Duration) ([]byte, error) {
	// The test binary stops itself at -test.timeout and says so; the
	// context is there in case it cannot.
	ctx, cancel := context.WithTimeout(context.Background(), timeout+time.Minute)
	defer cancel()
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	cmd := exec.CommandContext(ctx, bin, "-test.run", "^("+strings.Join(quoted, "|")+")$", "-test.count=1", "-test.timeout="+timeout.String())
	cmd.Dir = filepath.Join(root, dir)
	cmd.Env = append(os.Environ(), env...)
	return cmd.CombinedOutput()
}

func fnv64(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func allNames(m map[string][]string) []string {
	var out []string
	for _, dir := range sortedKeys(m) {
		out = append(out, m[dir]...)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
