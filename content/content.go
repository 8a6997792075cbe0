// Package content holds fray's shipped rulesets, creatures and demo fights,
// embedded in the binary, and loads them together with a GM's own content
// directory.
package content

import (
	"cmp"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"

	"fray/engine/rules"
	"fray/session"

	"github.com/BurntSushi/toml"
)

// The rulesets' ledgers (rulesets/*.ledger.toml) are embedded too, and read
// only when asked for (ledgers.go). Each ruleset's docs page holds its
// ledger's table, written by:
//
//go:generate go run ./ledger/ledgers pages

// The readers of the cache's binary form (parsed_readers.go) are written by
// a test, from the types the cache keeps:
//
//go:generate env FRAY_GEN_READERS=1 go test -run ^TestReadersAreCurrent$ .

//go:embed rulesets/*.toml creatures/*.toml fights/*.toml
var builtin embed.FS

// MaxFileSize is the largest content file read.
const MaxFileSize = 1 << 20

// Builtin is the name shown as the origin of shipped content.
const Builtin = "built-in"

// Problem is one thing wrong in a content file.
type Problem struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (p Problem) Error() string { return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Msg) }

// Ruleset is a loaded ruleset and where it came from.
type Ruleset struct {
	*rules.Ruleset
	// Origin is Builtin or the file it was read from.
	Origin string
	// Hash identifies the content the ruleset was read from.
	Hash string
}

// Creature is a loaded template and where it came from.
type Creature struct {
	rules.Template
	Origin string
}

// Library is every ruleset, creature and ready-made fight available.
type Library struct {
	rulesets  []*Ruleset // sorted by id
	creatures []Creature
	fights    []*fight // sorted by id
	// files are the files read, in the order added, with what each holds:
	// a Catalog's index is made of them.
	files []fileEntry
}

// Rulesets returns every ruleset, sorted by id.
func (l *Library) Rulesets() []*Ruleset { return l.rulesets }

// Ruleset returns the ruleset with the id.
func (l *Library) Ruleset(id string) (*Ruleset, bool) {
	for _, r := range l.rulesets {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

// Creatures returns the creatures of a ruleset, in the order they were read.
func (l *Library) Creatures(ruleset string) []Creature {
	var out []Creature
	for _, c := range l.creatures {
		if c.Ruleset == ruleset {
			out = append(out, c)
		}
	}
	return out
}

// Creature finds a creature of a ruleset by id or, ignoring case, by name.
func (l *Library) Creature(ruleset, idOrName string) (Creature, bool) {
	for _, c := range l.creatures {
		if c.Ruleset == ruleset && (c.ID == idOrName || strings.EqualFold(c.Name, idOrName)) {
			return c, true
		}
	}
	return Creature{}, false
}

// UserDir is the GM's content directory: $XDG_CONFIG_HOME/fray, by default
// ~/.config/fray. It may not exist.
func UserDir() string {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "fray")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".config", "fray")
}

// LoadBuiltin loads the shipped content only.
func LoadBuiltin() (*Library, []Problem) {
	l := &Library{}
	probs := l.addFS(builtin, ".", Builtin)
	return l, probs
}

// Load loads the shipped content and lays the directory dir over it: a
// ruleset, creature or fight there with the id of a shipped one replaces it.
// A file with problems is left out whole and its problems returned; the
// library is usable whatever they are. An empty dir or one that does not
// exist adds nothing.
func Load(dir string) (*Library, []Problem) {
	l, probs := LoadBuiltin()
	if dir == "" {
		return l, probs
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			probs = append(probs, Problem{File: dir, Line: 1, Col: 1, Msg: "not a readable directory"})
		}
		return l, probs
	}
	return l, append(probs, l.addFS(dirFS(dir), ".", dir)...)
}

// Check loads the shipped content and the files at target (a directory or a
// single file) and returns every problem in target.
func Check(target string) []Problem {
	l, probs := LoadBuiltin()
	if len(probs) > 0 {
		return probs
	}
	st, err := os.Stat(target)
	if err != nil {
		msg := err.Error()
		var pe *fs.PathError
		if errors.As(err, &pe) {
			msg = pe.Err.Error()
		}
		return []Problem{{File: target, Line: 1, Col: 1, Msg: "cannot read: " + msg}}
	}
	if !st.IsDir() {
		dir, name := filepath.Split(target)
		if dir == "" {
			dir = "."
		}
		if isLedger(name) {
			return l.checkLedgers(dirFS(dir), []string{name}, strings.TrimSuffix(dir, string(filepath.Separator)))
		}
		return l.addFiles(dirFS(dir), []string{name}, strings.TrimSuffix(dir, string(filepath.Separator)))
	}
	probs = l.addFS(dirFS(target), ".", target)
	return append(probs, l.CheckLedgers(target)...)
}

// addFS reads every .toml file below root: rulesets first, then creatures,
// then fights, so each can name what comes before it from the same directory.
// Ledgers (*.ledger.toml) are not read: they are read when asked for.
func (l *Library) addFS(fsys fs.FS, root, origin string) []Problem {
	return l.addFiles(fsys, tomlFiles(fsys, root, false), origin)
}

// tomlFiles are the .toml files below root, sorted: the ledgers, or every
// other. A fight fray saved is not content: where the content directory is
// also the saves directory (XDG_CONFIG_HOME and XDG_DATA_HOME the same),
// its fights are left out.
func tomlFiles(fsys fs.FS, root string, ledgers bool) []string {
	var files []string
	_ = fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".toml") && isLedger(p) == ledgers && !savedFight(fsys, p) {
			files = append(files, p)
		}
		return nil
	})
	slices.Sort(files)
	return files
}

type parsed struct {
	file string // its name in the file system it was read from
	name string // as shown in problems
	data map[string]any
	// What prepare made of data: a ruleset, a creature or a fight file, or
	// problems.
	ruleset   *rules.Ruleset
	creatures *creatureFile
	fight     *fight
	probs     []Problem
	src       string // located only when it has problems to report
	hash      string
}

func (l *Library) addFiles(fsys fs.FS, files []string, origin string) []Problem {
	var probs []Problem
	var rulesets, creatures, fights []parsed
	// Files parse on every core (parsing is most of fray's start-up); they
	// are added one by one in name order as before, so what wins a clash and
	// the order of problems do not depend on the schedule.
	type result struct {
		p    parsed
		prob *Problem
	}
	results := make([]result, len(files))
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Go(func() {
			for i := range work {
				shown := files[i]
				if origin != Builtin {
					shown = filepath.Join(origin, filepath.FromSlash(files[i]))
				} else {
					shown = path.Join("content", files[i])
				}
				results[i].p, results[i].prob = parse(fsys, files[i], shown)
				if results[i].prob == nil {
					results[i].p.prepare()
				}
			}
		})
	}
	for i := range files {
		work <- i
	}
	close(work)
	wg.Wait()
	for i, r := range results {
		p, prob := r.p, r.prob
		if prob != nil {
			l.files = append(l.files, fileEntry{Origin: origin, Name: files[i]})
			probs = append(probs, *prob)
			continue
		}
		p.file = files[i]
		switch kindOf(p.data) {
		case "creatures":
			creatures = append(creatures, p)
		case "fight":
			fights = append(fights, p)
		default:
			rulesets = append(rulesets, p)
		}
	}
	for _, p := range rulesets {
		pr := l.addRuleset(p, origin)
		l.record(p, origin, pr)
		probs = append(probs, pr...)
	}
	for _, p := range creatures {
		pr := l.addCreatures(p, origin)
		l.record(p, origin, pr)
		probs = append(probs, pr...)
	}
	for _, p := range fights {
		pr := l.addFight(p, origin)
		l.record(p, origin, pr)
		probs = append(probs, pr...)
	}
	return probs
}

// fileEntry is a content file as it was added: its kind, whether it was
// added whole, and the rulesets it defines or names.
type fileEntry struct {
	Origin string // Builtin, or the directory it was read from
	Name   string // its name there
	Kind   string // "ruleset", "creatures" or "fight"; "" when it did not parse
	OK     bool   // added without a problem
	// Rulesets: the id a ruleset file defines; the rulesets a creature file's
	// creatures are of; a fight file's ruleset.
	Rulesets []string
}

func (l *Library) record(p parsed, origin string, probs []Problem) {
	e := fileEntry{Origin: origin, Name: p.file, Kind: kindOf(p.data), OK: len(probs) == 0}
	switch {
	case p.ruleset != nil:
		e.Rulesets = []string{p.ruleset.ID}
	case p.fight != nil:
		e.Rulesets = []string{p.fight.Ruleset}
	case p.creatures != nil:
		for _, c := range p.creatures.Creatures {
			id := cmp.Or(c.Ruleset, p.creatures.Ruleset)
			if !slices.Contains(e.Rulesets, id) {
				e.Rulesets = append(e.Rulesets, id)
			}
		}
	}
	l.files = append(l.files, e)
}

// savedMark is how every fight fray saves begins (saves/format.go).
const savedMark = "# A fight saved by fray."

// savedFight reports whether a file is a fight fray saved: it begins with
// the mark every save begins with.
func savedFight(fsys fs.FS, name string) bool {
	f, err := fsys.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(savedMark))
	n, _ := io.ReadFull(f, head)
	return string(head[:n]) == savedMark
}

// kindOf tells a file's kind by its keys: a file with [[creatures]] is a
// creature file, one with a [[roster]] a fight, any other a ruleset.
func kindOf(data map[string]any) string {
	if _, ok := data["creatures"]; ok {
		return "creatures"
	}
	if _, ok := data["roster"]; ok {
		return "fight"
	}
	return "ruleset"
}

func parse(fsys fs.FS, name, shown string) (parsed, *Problem) {
	f, err := fsys.Open(name)
	if errors.Is(err, session.ErrNotRegular) {
		return parsed{}, &Problem{File: shown, Line: 1, Col: 1, Msg: "not a regular file (a pipe, a device or a directory): skipped"}
	}
	if err != nil {
		return parsed{}, &Problem{File: shown, Line: 1, Col: 1, Msg: "cannot read the file"}
	}
	defer f.Close()
	buf, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return parsed{}, &Problem{File: shown, Line: 1, Col: 1, Msg: "cannot read the file: " + err.Error()}
	}
	n := len(buf)
	if n > MaxFileSize {
		return parsed{}, &Problem{File: shown, Line: 1, Col: 1, Msg: fmt.Sprintf("the file is larger than %d bytes", MaxFileSize)}
	}
	// Windows line endings load as the newlines they are (in a multi-line
	// string too, where the TOML library would keep the carriage return).
	src := strings.ReplaceAll(string(buf[:n]), "\r\n", "\n")
	// Nesting is bounded before the TOML library reads the file: its work
	// grows with the square of the depth.
	var de *session.DepthError
	if errors.As(session.TOMLDepth([]byte(src)), &de) {
		return parsed{}, &Problem{File: shown, Line: de.Line, Col: de.Col, Msg: de.Error()}
	}
	var data map[string]any
	if _, err := toml.Decode(src, &data); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			// Position.Line is 0 for some errors; never trust it blindly.
			return parsed{}, &Problem{File: shown, Line: max(pe.Position.Line, 1), Col: max(pe.Position.Col, 1),
				Msg: "TOML syntax: " + pe.Message}
		}
		return parsed{}, &Problem{File: shown, Line: 1, Col: 1, Msg: "TOML syntax: " + err.Error()}
	}
	if kindOf(data) == "ruleset" {
		dropForTest(data) // only in a test binary: see ledgers.go
	}
	sum := sha256.Sum256(buf[:n])
	return parsed{name: shown, data: data, src: src, hash: hex.EncodeToString(sum[:8])}, nil
}

// problems turns decode and validation errors into positioned problems.
func (p parsed) problems(errs []fieldErr) []Problem {
	if len(errs) == 0 {
		return nil
	}
	loc := locate(p.src)
	out := make([]Problem, 0, len(errs))
	for _, e := range errs {
		var at pos
		switch {
		case e.key:
			at = loc.key(e.path)
		case e.col > 0:
			at = loc.inValue(e.path, e.col)
		default:
			at = loc.find(e.path)
		}
		msg := e.msg
		if e.path != "" && !e.key {
			msg = e.path + ": " + msg
		}
		out = append(out, Problem{File: p.name, Line: at.Line, Col: at.Col, Msg: msg})
	}
	slices.SortStableFunc(out, func(a, b Problem) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	return out
}

func fromField(errs []rules.FieldError) []fieldErr {
	out := make([]fieldErr, len(errs))
	for i, e := range errs {
		out[i] = fieldErr{path: e.Path, col: e.Col, key: e.Key, msg: e.Msg}
	}
	return out
}

// unlessDecoded drops validation errors about values that already failed to
// decode: a wrong type is reported once, not again as a missing value.
func unlessDecoded(errs, decoded []fieldErr) []fieldErr {
	var out []fieldErr
	for _, e := range errs {
		if !slices.ContainsFunc(decoded, func(d fieldErr) bool {
			return d.path == e.path || strings.HasPrefix(e.path, d.path+".") || strings.HasPrefix(e.path, d.path+"[")
		}) {
			out = append(out, e)
		}
	}
	return out
}

// prepare decodes and checks a file as far as it can alone, so files are
// prepared in parallel; adding them to the library is what needs the others.
func (p *parsed) prepare() {
	if errs := unsafeText("", p.data); len(errs) > 0 {
		p.probs = p.problems(errs)
		return
	}
	d := &decoder{}
	switch kindOf(p.data) {
	case "fight":
		var f fight
		d.decode("", p.data, reflect.ValueOf(&f).Elem())
		if errs := append(d.errs, unlessDecoded(f.check(), d.errs)...); len(errs) > 0 {
			p.probs = p.problems(errs)
			return
		}
		p.fight = &f
		return
	case "creatures":
		var cf creatureFile
		d.decode("", p.data, reflect.ValueOf(&cf).Elem())
		if len(d.errs) > 0 {
			p.probs = p.problems(d.errs)
			return
		}
		p.creatures = &cf
		return
	}
	var rs rules.Ruleset
	d.decode("", p.data, reflect.ValueOf(&rs).Elem())
	if errs := append(d.errs, unlessDecoded(fromField(rs.Validate()), d.errs)...); len(errs) > 0 {
		p.probs = p.problems(errs)
		return
	}
	p.ruleset = &rs
}

func (l *Library) addRuleset(p parsed, origin string) []Problem {
	if p.ruleset == nil {
		return p.probs
	}
	rs := p.ruleset
	o := origin
	if origin != Builtin {
		o = p.name
	}
	entry := &Ruleset{Ruleset: rs, Origin: o, Hash: p.hash}
	if i := slices.IndexFunc(l.rulesets, func(r *Ruleset) bool { return r.ID == rs.ID }); i >= 0 {
		if l.rulesets[i].Origin == o || (origin == Builtin) {
			return p.problems([]fieldErr{{path: "id",
				msg: fmt.Sprintf("ruleset %q is defined twice (also in %s)", rs.ID, l.rulesets[i].Origin)}})
		}
		l.rulesets[i] = entry // the GM's own replaces the shipped one
		return nil
	}
	l.rulesets = append(l.rulesets, entry)
	slices.SortFunc(l.rulesets, func(a, b *Ruleset) int { return strings.Compare(a.ID, b.ID) })
	return nil
}

// creatureFile is a file of creatures for one ruleset.
type creatureFile struct {
	Ruleset   string           `toml:"ruleset"`
	Creatures []rules.Template `toml:"creatures"`
}

func (l *Library) addCreatures(p parsed, origin string) []Problem {
	if p.creatures == nil {
		return p.probs
	}
	cf := p.creatures
	var errs []fieldErr
	var add []Creature
	o := origin
	if origin != Builtin {
		o = p.name
	}
	seen := map[string]bool{}
	for i, c := range cf.Creatures {
		at := fmt.Sprintf("creatures[%d]", i)
		if c.Ruleset == "" {
			c.Ruleset = cf.Ruleset
		}
		rs, ok := l.Ruleset(c.Ruleset)
		if !ok {
			where := "ruleset"
			if cf.Creatures[i].Ruleset != "" {
				where = at + ".ruleset"
			}
			errs = append(errs,
				fieldErr{path: where, msg: fmt.Sprintf("unknown ruleset %q (known: %s)", c.Ruleset, strings.Join(l.rulesetIDs(), ", "))})
			continue
		}
		for _, e := range rs.ValidateTemplate(c) {
			errs = append(errs, fieldErr{path: at + "." + e.Path, key: e.Key, msg: e.Msg})
		}
		key := c.Ruleset + "/" + c.ID
		if seen[key] {
			errs = append(errs, fieldErr{path: at + ".id", msg: fmt.Sprintf("creature %q is defined twice in this file", c.ID)})
		}
		seen[key] = true
		add = append(add, Creature{Template: c, Origin: o})
	}
	if len(errs) > 0 {
		return p.problems(errs)
	}
	for _, c := range add {
		i := slices.IndexFunc(l.creatures, func(x Creature) bool { return x.Ruleset == c.Ruleset && x.ID == c.ID })
		if i >= 0 {
			if origin == Builtin {
				return p.problems([]fieldErr{{path: "creatures", msg: fmt.Sprintf("creature %q is defined twice", c.ID)}})
			}
			l.creatures[i] = c
			continue
		}
		l.creatures = append(l.creatures, c)
	}
	return nil
}

func (l *Library) rulesetIDs() []string {
	ids := make([]string, len(l.rulesets))
	for i, r := range l.rulesets {
		ids[i] = r.ID
	}
	return ids
}
