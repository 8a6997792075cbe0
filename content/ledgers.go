package content

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"fray/content/ledger"
	"fray/session"

	"github.com/BurntSushi/toml"
)

// A ruleset's ledger is beside it: content/rulesets/<id>.ledger.toml for a
// shipped one, <id>.ledger.toml in the same directory for one of the GM's.
// Ledgers are not content a fight uses: the loader passes them over, and
// they are read only when asked for (fray rules, the tracker's book lines).

// LedgerSuffix ends the name of a ledger file.
const LedgerSuffix = ".ledger.toml"

func isLedger(name string) bool { return strings.HasSuffix(name, LedgerSuffix) }

// ledgersRead counts the ledgers read, so a test can hold start-up to
// reading none.
var ledgersRead atomic.Int64

// LedgersRead is how many times a ledger has been read since fray started.
func LedgersRead() int64 { return ledgersRead.Load() }

// ErrNoLedger is a ruleset without a ledger.
var ErrNoLedger = errors.New("no ledger")

// LedgerPath is where the ledger of a ruleset is, as problems name it.
func (r *Ruleset) LedgerPath() string {
	if r.Origin == Builtin {
		return path.Join("content", "rulesets", r.ID+LedgerSuffix)
	}
	return filepath.Join(filepath.Dir(r.Origin), r.ID+LedgerSuffix)
}

// Ledger reads the ledger of the ruleset with the id, checked against
// itself; a ledger with problems is an error of them all (ledger.Problems).
// Without one the error is ErrNoLedger.
func (l *Library) Ledger(id string) (*ledger.Ledger, error) {
	r, ok := l.Ruleset(id)
	if !ok {
		return nil, fmt.Errorf("no ruleset %q", id)
	}
	var f fs.File
	var err error
	if r.Origin == Builtin {
		f, err = builtin.Open("rulesets/" + id + LedgerSuffix)
	} else {
		f, err = session.OpenRegular(r.LedgerPath())
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w for %s (%s)", ErrNoLedger, id, r.LedgerPath())
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.LedgerPath(), err)
	}
	defer f.Close()
	ledgersRead.Add(1)
	src, err := io.ReadAll(io.LimitReader(f, ledger.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.LedgerPath(), err)
	}
	lg, probs := ledger.Parse(r.LedgerPath(), src)
	if len(probs) > 0 {
		return nil, probs
	}
	return lg, nil
}

// CheckLedgers checks the ledgers in a GM's content directory (fray check):
// each against itself, and its keys against its ruleset.
func (l *Library) CheckLedgers(dir string) []Problem {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil
	}
	fsys := dirFS(dir)
	return l.checkLedgers(fsys, tomlFiles(fsys, ".", true), dir)
}

func (l *Library) checkLedgers(fsys fs.FS, files []string, origin string) []Problem {
	var out []Problem
	for _, name := range files {
		shown := filepath.Join(origin, filepath.FromSlash(name))
		bad := func(line, col int, format string, args ...any) {
			out = append(out, Problem{File: shown, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
		}
		src, err := fs.ReadFile(limitFS{fsys}, name)
		if err != nil {
			bad(1, 1, "cannot read the file: %v", err)
			continue
		}
		lg, probs := ledger.Parse(shown, src)
		for _, p := range probs {
			out = append(out, Problem(p))
		}
		id := strings.TrimSuffix(path.Base(name), LedgerSuffix)
		r, ok := l.Ruleset(id)
		switch {
		case !ok:
			bad(1, 1, "no ruleset %q for this ledger (a ledger is named after its ruleset's id: ID%s)", id, LedgerSuffix)
			continue
		case r.Origin == Builtin:
			bad(1, 1,
				"the ruleset %q is the shipped one, which has its own ledger: this file is not read (a ledger goes beside your own "+
					"ruleset)", id)
			continue
		case filepath.Clean(r.LedgerPath()) != filepath.Clean(shown):
			bad(1, 1, "the ruleset %q is %s: its ledger goes beside it (%s), and this file is not read", id, r.Origin, r.LedgerPath())
			continue
		}
		data, err := rulesetData(r)
		if err != nil {
			bad(1, 1, "cannot read its ruleset: %v", err)
			continue
		}
		for _, p := range lg.MissingKeys(data) {
			out = append(out, Problem(p))
		}
	}
	return out
}

// limitFS reads no file larger than a ledger may be.
type limitFS struct{ fs.FS }

func (f limitFS) ReadFile(name string) ([]byte, error) {
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	b, err := io.ReadAll(io.LimitReader(file, ledger.MaxFileSize+1))
	if err == nil && len(b) > ledger.MaxFileSize {
		err = fmt.Errorf("the file is larger than %d bytes", ledger.MaxFileSize)
	}
	return b, err
}

// RulesetData is a ruleset's TOML as written, decoded into a map: what a
// ledger's keys name.
func RulesetData(r *Ruleset) (map[string]any, error) { return rulesetData(r) }

func rulesetData(r *Ruleset) (map[string]any, error) {
	var src []byte
	var err error
	if r.Origin == Builtin {
		src, err = builtin.ReadFile("rulesets/" + r.ID + ".toml")
	} else {
		src, err = limitFS{dirFS(filepath.Dir(r.Origin))}.ReadFile(filepath.Base(r.Origin))
	}
	if err != nil {
		return nil, err
	}
	var data map[string]any
	if _, err := toml.Decode(strings.ReplaceAll(string(src), "\r\n", "\n"), &data); err != nil {
		return nil, err
	}
	return data, nil
}

// Book gives the tracker the book lines of a ruleset's rules, read from its
// ledger when first asked for and kept.
func (l *Library) Book() *Book { return &Book{ledger: l.Ledger, cites: map[string]bookEntry{}} }

// Book is the ledgers of a library as the tracker asks for them.
type Book struct {
	ledger func(id string) (*ledger.Ledger, error)
	mu     sync.Mutex
	cites  map[string]bookEntry
}

type bookEntry struct {
	l   *ledger.Ledger
	err error
}

// Cite reads the ruleset's ledger (the first time; it is kept) and returns
// what gives the book lines of the rules that name an element of the
// ruleset ("conditions[stunned]", "stun.levels[dazed]", "checks[strike]"):
// "countdown.txt l.50, 62", or "" when no rule names it.
func (b *Book) Cite(ruleset string) (func(element string) string, error) {
	b.mu.Lock()
	e, ok := b.cites[ruleset]
	if !ok {
		e.l, e.err = b.ledger(ruleset)
		b.cites[ruleset] = e
	}
	b.mu.Unlock()
	if e.err != nil {
		return nil, e.err
	}
	return func(element string) string { return Cite(e.l, element) }, nil
}

// Cite gives the book lines of the ledger's rules whose keys name an element
// of the ruleset (ledger.Names): "countdown.txt l.50, 62", or "" when none
// does.
func Cite(l *ledger.Ledger, element string) string {
	var rs []ledger.Range
	for _, r := range l.Rules {
		if slices.ContainsFunc(r.Keys, func(k string) bool { return ledger.Names(k, element) }) {
			rs = append(rs, r.Ranges...)
		}
	}
	if len(rs) == 0 {
		return ""
	}
	slices.SortFunc(rs, func(a, b ledger.Range) int { return a.From - b.From })
	merged := rs[:1]
	for _, g := range rs[1:] {
		last := &merged[len(merged)-1]
		if g.From <= last.To+1 {
			last.To = max(last.To, g.To)
			continue
		}
		merged = append(merged, g)
	}
	s := make([]string, len(merged))
	for i, g := range merged {
		s[i] = g.String()
	}
	return l.Book + " l." + strings.Join(s, ", ")
}

// The keys-carry-the-rule check takes one rule's keys out of its ruleset as
// it loads, in a test binary only, and runs the rule's tests: one must fail
// (go run ./content/ledger/ledgers keys). FRAY_TEST_DROP_KEYS is
// "ruleset:key,key"; FRAY_TEST_DROP_MARK, when set, is a file that gets a
// line each time the keys are taken out, so the check can tell a test that
// never loaded the ruleset from one that did and noticed nothing.
const (
	dropKeysEnv = "FRAY_TEST_DROP_KEYS"
	dropMarkEnv = "FRAY_TEST_DROP_MARK"
)

// dropForTest takes the keys FRAY_TEST_DROP_KEYS names out of a ruleset's
// decoded TOML, in a test binary; anywhere else it does nothing.
func dropForTest(data map[string]any) {
	if !testing.Testing() {
		return
	}
	spec := os.Getenv(dropKeysEnv)
	if spec == "" {
		return
	}
	id, keys, ok := strings.Cut(spec, ":")
	if !ok || data["id"] != id {
		return
	}
	dropped := false
	for k := range strings.SplitSeq(keys, ",") {
		if ledger.Drop(data, strings.TrimSpace(k)) {
			dropped = true
		}
	}
	if mark := os.Getenv(dropMarkEnv); dropped && mark != "" {
		if f, err := os.OpenFile(mark, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			fmt.Fprintln(f, spec)
			f.Close()
		}
	}
}
