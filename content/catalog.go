package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"
	"unsafe"

	"fray/content/ledger"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/session"
)

// Catalog is the content as fray's commands and its screen use it. What
// there is (each ruleset's id, name, description and open-ended thresholds,
// the demo fights, the problems of the files left out) is known as it opens;
// a ruleset is parsed, with the creatures and fights that go with it, the
// first time it is asked for. Parsing every ruleset was most of what fray
// did before its first frame.
//
// What there is comes from an index the first start makes by loading
// everything, as Load does, and keeps in the cache directory. It is used
// only while it is true: made by this very program (its path, size and
// time: the shipped content and the checks are part of it) of these very
// files (the GM's, by their SHA-256, read as the catalog opens). A file
// changed, added or removed, or another fray, and everything is loaded
// again and the index made anew.
type Catalog struct {
	dir      string // the GM's directory
	cacheDir string // where the index and the parsed rulesets are kept ("": nowhere)
	user     memFS  // the GM's files as read when the catalog opened
	idx      *index
	// Cached says the index came from the cache: nothing was parsed to open.
	Cached bool
	// Kept are the rulesets read back from the cache as parsed before
	// (parsed_cache.go), in the order asked for, not parsed again.
	Kept []string

	// mu guards what follows, and idx, user and Kept: Refresh takes in a
	// directory changed since the catalog opened (fresh.go). It is not
	// held while a ruleset is read: what there is stays known meanwhile.
	mu      sync.Mutex
	all     *Library            // everything, when the index was made as the catalog opened
	libs    map[string]*Library // by ruleset id: what it needs, once asked for
	loading map[string]*loading // by ruleset id: what is being read now
	seen    []stamp             // the GM's files as they were when user was read
	probs   []Problem           // the problems of the files then
	refused *refusal            // the directory as a Refresh last saw it and did not take in
}

// RulesetInfo is what is known of a ruleset without parsing it.
type RulesetInfo struct {
	ID, Name, Description string
	// Origin is Builtin or the file it is read from.
	Origin string
	// OE are its thresholds of d100oe.
	OE dice.OpenEnded
}

// indexFile is the catalog's index, in the cache directory, in the binary
// form the parsed rulesets are kept in (parsed_codec.go: decoding JSON was
// half of opening the content); indexFormat changes with its layout.
// oldIndexFile is where fray kept it as JSON: it goes when the index is
// written.
const (
	indexFile    = "content-index"
	indexFormat  = 2
	oldIndexFile = "content-index.json"
)

type index struct {
	Format   int
	Program  string     // the program that made it
	Dir      string     // the GM's directory
	User     []userFile // the GM's files, by name
	Rulesets []RulesetInfo
	Demos    []demoInfo
	Files    []fileEntry // every file, in the order Load adds them
	Problems []Problem
}

// userFile is one of the GM's files: its name, and the SHA-256 of what was
// read or why nothing could be.
type userFile struct{ Name, Sum string }

type demoInfo struct{ ID, Name, Description, Ruleset, RulesetName string }

// CacheDir is where fray keeps what it can make again: $XDG_CACHE_HOME/fray,
// by default ~/.cache/fray. "" when there is no such place.
func CacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "fray")
}

// Open opens the shipped content and the GM's directory dir laid over it,
// as Load does, with the index kept in cacheDir ("" keeps none). The
// problems are those Load finds.
func Open(dir, cacheDir string) (*Catalog, []Problem) {
	c := &Catalog{dir: dir, libs: map[string]*Library{}, loading: map[string]*loading{}}
	var names []string
	var dirProb []Problem
	if dir != "" {
		st, err := os.Stat(dir)
		switch {
		case err == nil && st.IsDir():
			names = tomlFiles(dirFS(dir), ".", false)
		case err == nil || !errors.Is(err, fs.ErrNotExist):
			dirProb = []Problem{{File: dir, Line: 1, Col: 1, Msg: "not a readable directory"}}
		}
	}
	var sums []userFile
	c.seen = stampsOf(dir, names) // before they are read: a change while they are is seen next time
	c.user, sums = readFiles(dirFS(dir), names)
	prog := programID()
	if cacheDir == "" {
		prog = ""
	}
	if prog != "" {
		c.cacheDir = cacheDir
	}
	if prog != "" {
		idx := readIndex(filepath.Join(cacheDir, indexFile))
		if idx != nil && idx.Format == indexFormat && idx.Program == prog && idx.Dir == dir && slices.Equal(idx.User, sums) {
			c.idx, c.Cached = idx, true
			c.probs = append(slices.Clone(idx.Problems), dirProb...)
			return c, slices.Clone(c.probs)
		}
	}
	l := &Library{}
	probs := l.addFS(builtin, ".", Builtin)
	probs = append(probs, l.addFiles(c.user, names, dir)...)
	c.all = l
	c.idx = l.index(prog, dir, sums, probs)
	if prog != "" {
		writeIndex(cacheDir, c.idx)
	}
	c.probs = append(probs, dirProb...)
	return c, slices.Clone(c.probs)
}

// Rulesets returns every ruleset, sorted by id.
func (c *Catalog) Rulesets() []RulesetInfo { return c.index().Rulesets }

// index is the catalog's index as it stands.
func (c *Catalog) index() *index {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.idx
}

// Info returns what is known of the ruleset with the id without parsing it.
func (c *Catalog) Info(id string) (RulesetInfo, bool) {
	idx := c.index()
	i := slices.IndexFunc(idx.Rulesets, func(r RulesetInfo) bool { return r.ID == id })
	if i < 0 {
		return RulesetInfo{}, false
	}
	return idx.Rulesets[i], true
}

// Ruleset returns the ruleset with the id, parsing it the first time.
func (c *Catalog) Ruleset(id string) (*Ruleset, bool) {
	l := c.lib(id)
	if l == nil {
		return nil, false
	}
	return l.Ruleset(id)
}

// Creatures returns the creatures of a ruleset, in the order they were read.
func (c *Catalog) Creatures(ruleset string) []Creature {
	l := c.lib(ruleset)
	if l == nil {
		return nil
	}
	return l.Creatures(ruleset)
}

// Parsed are the ids of the rulesets parsed so far, each with what goes
// with it; every one when the index was made as the catalog opened.
func (c *Catalog) Parsed() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.all != nil {
		var ids []string
		for _, r := range c.all.rulesets {
			ids = append(ids, r.ID)
		}
		return ids
	}
	return slices.Sorted(maps.Keys(c.libs))
}

// lib is a library with the ruleset with the id and what goes with it: its
// creatures and fights, and the rulesets their files also name. It is added
// as Load adds everything (the shipped files, then the GM's, each in name
// order), less the files it does not need, so it holds what Load would.
// Only files Load added whole are read. nil for an id the index lacks.
//
// A library is read once: a second asking while the first reads waits for
// it, and nothing else does (fray demo makes its screen meanwhile).
func (c *Catalog) lib(id string) *Library {
	c.mu.Lock()
	idx, user := c.idx, c.user
	if !slices.ContainsFunc(idx.Rulesets, func(r RulesetInfo) bool { return r.ID == id }) {
		c.mu.Unlock()
		return nil
	}
	if l := c.all; l != nil {
		c.mu.Unlock()
		return l
	}
	if l := c.libs[id]; l != nil {
		c.mu.Unlock()
		return l
	}
	if ld := c.loading[id]; ld != nil && ld.idx == idx {
		c.mu.Unlock()
		<-ld.done
		return ld.lib
	}
	ld := &loading{idx: idx, done: make(chan struct{})}
	c.loading[id] = ld
	c.mu.Unlock()

	l, kept := c.read(id, idx, user)
	ld.lib = l
	c.mu.Lock()
	if c.idx == idx { // not a library of files Refresh has since replaced
		c.libs[id] = l
		if kept {
			c.Kept = append(c.Kept, id)
		}
	}
	if c.loading[id] == ld {
		delete(c.loading, id)
	}
	c.mu.Unlock()
	close(ld.done)
	return l
}

// loading is a library being read; lib is set when done is closed.
type loading struct {
	idx  *index // the index it is read under
	done chan struct{}
	lib  *Library
}

// read reads the library of the ruleset with the id, as lib describes,
// under the index idx from the GM's files user: back from the cache when it
// was kept there (kept), else parsed, and kept for the next start.
func (c *Catalog) read(id string, idx *index, user memFS) (l *Library, kept bool) {
	want := map[string]bool{id: true}
	for _, f := range idx.Files {
		if f.OK && f.Kind == "creatures" && slices.Contains(f.Rulesets, id) {
			for _, r := range f.Rulesets {
				want[r] = true
			}
		}
	}
	var shipped, own []string
	for _, f := range idx.Files {
		need := slices.Contains(f.Rulesets, id)
		if f.Kind == "ruleset" {
			need = len(f.Rulesets) == 1 && want[f.Rulesets[0]]
		}
		switch {
		case !f.OK || !need:
		case f.Origin == Builtin:
			shipped = append(shipped, f.Name)
		default:
			own = append(own, f.Name)
		}
	}
	if c.cacheDir != "" {
		if l := c.readParsed(id, idx); l != nil {
			return l, true
		}
	}
	l = &Library{}
	l.addFiles(builtin, shipped, Builtin)
	l.addFiles(user, own, c.dir)
	if c.cacheDir != "" {
		c.writeParsed(id, idx, l)
	}
	return l, false
}

// index is what the library holds, as the catalog's index.
func (l *Library) index(prog, dir string, user []userFile, probs []Problem) *index {
	idx := &index{Format: indexFormat, Program: prog, Dir: dir, User: user, Files: l.files, Problems: probs}
	for _, r := range l.rulesets {
		idx.Rulesets = append(idx.Rulesets, RulesetInfo{ID: r.ID, Name: r.Name, Description: r.Description, Origin: r.Origin, OE: r.OE()})
	}
	for _, f := range l.fights {
		if rs, ok := l.Ruleset(f.Ruleset); ok {
			idx.Demos = append(idx.Demos, demoInfo{ID: f.ID, Name: f.Name, Description: f.Description, Ruleset: rs.ID,
				RulesetName: rs.Name})
		}
	}
	return idx
}

// Ledger reads the ledger of the ruleset with the id, as Library.Ledger.
func (c *Catalog) Ledger(id string) (*ledger.Ledger, error) {
	l := c.lib(id)
	if l == nil {
		return nil, fmt.Errorf("no ruleset %q", id)
	}
	return l.Ledger(id)
}

// Book gives the tracker the book lines of a ruleset's rules, as
// Library.Book.
func (c *Catalog) Book() *Book { return &Book{ledger: c.Ledger, cites: map[string]bookEntry{}} }

// Tracker is the catalog as the tracker screen and the store see it.
func (c *Catalog) Tracker() session.Library { return catalogTracker{c} }

type catalogTracker struct{ c *Catalog }

func (t catalogTracker) Rulesets() []session.RulesetInfo {
	var out []session.RulesetInfo
	for _, r := range t.c.Rulesets() {
		out = append(out, session.RulesetInfo{ID: r.ID, Name: r.Name, Description: r.Description})
	}
	return out
}

func (t catalogTracker) Ruleset(id string) (*rules.Ruleset, string, bool) {
	r, ok := t.c.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

func (t catalogTracker) Creatures(ruleset string) []rules.Template {
	var out []rules.Template
	for _, c := range t.c.Creatures(ruleset) {
		out = append(out, c.Template)
	}
	return out
}

func (t catalogTracker) Demos() []session.Demo {
	var out []session.Demo
	for _, d := range t.c.index().Demos {
		out = append(out, session.Demo{
			ID: d.ID, Name: d.Name, Description: d.Description,
			Ruleset: session.RulesetInfo{ID: d.Ruleset, Name: d.RulesetName},
			Roster: func() ([]engine.NewCombatant, error) {
				l := t.c.lib(d.Ruleset)
				if l == nil {
					return nil, fmt.Errorf("no ruleset %q", d.Ruleset)
				}
				return l.demoRoster(d.ID)
			},
		})
	}
	return out
}

// programID identifies the program running: its path, size and time. ""
// when it cannot be told, and then nothing is cached. In a test binary the
// keys its loader takes out (dropForTest) are part of it.
func programID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	st, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	id := fmt.Sprintf("%s %d %d", exe, st.Size(), st.ModTime().UnixNano())
	if testing.Testing() {
		id += " " + os.Getenv(dropKeysEnv)
	}
	return id
}

// readFiles reads the files once, as the loader would read each, and sums
// what it read.
func readFiles(fsys fs.FS, names []string) (memFS, []userFile) {
	m := memFS{}
	var sums []userFile
	for _, name := range names {
		var mf memFile
		var sum string
		f, err := fsys.Open(name)
		if err != nil {
			mf.err, sum = err, "open: "+err.Error()
		} else {
			mf.data, mf.readErr = io.ReadAll(io.LimitReader(f, MaxFileSize+1))
			f.Close()
			h := sha256.Sum256(mf.data)
			sum = hex.EncodeToString(h[:])
			if mf.readErr != nil {
				sum += " read: " + mf.readErr.Error()
			}
		}
		m[name] = mf
		sums = append(sums, userFile{Name: name, Sum: sum})
	}
	return m, sums
}

// maxIndexSize bounds the index read: one far larger was not written by fray.
const maxIndexSize = 16 << 20

func readIndex(path string) *index {
	data := readCacheFile(path)
	if data == nil {
		return nil
	}
	return decodeIndex(data)
}

// readCacheFile reads a file fray keeps in its cache directory, or returns
// nil: one that is not a regular file, or larger than any fray writes, is
// not read. It is read into one buffer of its size, not grown as it reads
// (io.ReadAll made fifteen of them, 200 KB, for Pathmaster's 41 KB).
func readCacheFile(path string) []byte {
	f, err := session.OpenRegular(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() > maxIndexSize {
		return nil
	}
	data := make([]byte, 0, st.Size()+1) // the one more: the read that finds the end
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		switch {
		case errors.Is(err, io.EOF):
			return data
		case err != nil || len(data) > maxIndexSize:
			return nil
		case len(data) == cap(data):
			data = slices.Grow(data, 4096) // the file grew as it was read
		}
	}
}

// decodeIndex decodes an index, or returns nil.
func decodeIndex(data []byte) (idx *index) {
	defer func() {
		if recover() != nil {
			idx = nil // a damaged file is no index
		}
	}()
	idx = &index{}
	r := &reader{s: unsafe.String(unsafe.SliceData(data), len(data))} // data is not written after
	if readIndexValue(r, idx) != nil || len(r.s) != 0 {
		return nil
	}
	return idx
}

// writeIndex keeps the index for the next start: written aside and renamed
// over the last, so a reader sees one or the other whole. It is a cache:
// when it cannot be written, fray loads everything next time too.
func writeIndex(dir string, idx *index) {
	data, err := appendValue(nil, reflect.ValueOf(*idx))
	if err != nil || os.MkdirAll(dir, 0o755) != nil {
		return
	}
	os.Remove(filepath.Join(dir, oldIndexFile))
	// What a killed fray left while writing one goes.
	old, _ := filepath.Glob(filepath.Join(dir, "."+indexFile+".tmp-*"))
	for _, p := range old {
		if st, err := os.Lstat(p); err == nil && time.Since(st.ModTime()) > time.Minute {
			os.Remove(p)
		}
	}
	tmp := filepath.Join(dir, fmt.Sprintf(".%s.tmp-%d", indexFile, os.Getpid()))
	if os.WriteFile(tmp, data, 0o644) != nil || os.Rename(tmp, filepath.Join(dir, indexFile)) != nil {
		os.Remove(tmp)
	}
}

// memFS is files read once, served from memory: the catalog parses the GM's
// files from what it read and summed as it opened, so what it parses is
// what the index was checked against.
type memFS map[string]memFile

type memFile struct {
	data    []byte
	err     error // opening it
	readErr error // reading it, after data
}

func (m memFS) Open(name string) (fs.File, error) {
	f, ok := m[name]
	switch {
	case !ok:
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	case f.err != nil:
		return nil, f.err
	}
	return &memReader{Reader: bytes.NewReader(f.data), name: name, size: int64(len(f.data)), err: f.readErr}, nil
}

type memReader struct {
	*bytes.Reader
	name string
	size int64
	err  error
}

func (r *memReader) Read(p []byte) (int, error) {
	n, err := r.Reader.Read(p)
	if err == io.EOF && r.err != nil {
		err = r.err
	}
	return n, err
}

func (r *memReader) Close() error               { return nil }
func (r *memReader) Stat() (fs.FileInfo, error) { return memInfo{r.name, r.size}, nil }

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return filepath.Base(i.name) }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
