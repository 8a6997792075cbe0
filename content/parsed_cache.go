package content

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"time"
	"unsafe"
)

// The parsed rulesets' cache. Parsing a ruleset's TOML (Pathmaster's is
// 33 KB, with its creatures and demos) was most of what `fray demo` did
// before its first frame; reading back what was parsed (parsed_codec.go)
// is a fraction of it. A ruleset's library (Catalog.lib: the ruleset, the
// creatures and fights that go with it, the files they came from) is kept
// in the cache directory beside the index, and is used only under the
// index's own rule: written by this very program (the shipped content is
// part of it) from these very files (the GM's, by their SHA-256, read as
// the catalog opens). A file changed, and the index is made anew and
// nothing kept is read. A library is kept only if what was written reads
// back equal to it in every field (reflect.DeepEqual); one that would not
// is parsed at each start.

// parsedFormat changes with the layout of what is kept.
const parsedFormat = 2

// parsedHead says what a kept library was made from: it is read first, and
// the rest only when it matches the index.
type parsedHead struct {
	Format  int
	Program string
	Dir     string
	User    []userFile
	ID      string
}

// parsedBody is a library as kept.
type parsedBody struct {
	Rulesets  []*Ruleset
	Creatures []Creature
	Fights    []*fight
	Origins   []string // each fight's origin
	Files     []fileEntry
}

// parsedPath is the file a ruleset's library is kept in.
func parsedPath(cacheDir, id string) string {
	h := sha256.Sum256([]byte(id))
	return filepath.Join(cacheDir, "parsed-"+hex.EncodeToString(h[:8]))
}

// head is what a library of the ruleset id read under the index idx is
// kept under.
func head(idx *index, id string) parsedHead {
	return parsedHead{Format: parsedFormat, Program: idx.Program, Dir: idx.Dir, User: idx.User, ID: id}
}

// readParsed reads the library of the ruleset id kept in the cache
// directory, or nil when there is none that was made of what idx was.
func (c *Catalog) readParsed(id string, idx *index) *Library {
	data := readCacheFile(parsedPath(c.cacheDir, id))
	if data == nil {
		return nil
	}
	return decodeParsed(data, head(idx, id))
}

// decodeParsed decodes a kept library made under want, or returns nil.
func decodeParsed(data []byte, want parsedHead) (l *Library) {
	defer func() {
		if recover() != nil {
			l = nil // a damaged file is no cache
		}
	}()
	r := &reader{s: unsafe.String(unsafe.SliceData(data), len(data))} // data is not written after
	var h parsedHead
	if readParsedHead(r, &h) != nil || !reflect.DeepEqual(h, want) {
		return nil
	}
	var b parsedBody
	if readParsedBody(r, &b) != nil || len(r.s) != 0 || len(b.Origins) != len(b.Fights) {
		return nil
	}
	for i, f := range b.Fights {
		if f == nil {
			return nil
		}
		f.origin = b.Origins[i]
	}
	return &Library{rulesets: b.Rulesets, creatures: b.Creatures, fights: b.Fights, files: b.Files}
}

// encodeParsed encodes a library to be kept under h, or returns nil when
// it would not read back as it is.
func encodeParsed(l *Library, h parsedHead) []byte {
	b := parsedBody{Rulesets: l.rulesets, Creatures: l.creatures, Files: l.files}
	for _, f := range l.fights {
		cp := *f
		cp.origin = "" // kept beside it
		b.Fights, b.Origins = append(b.Fights, &cp), append(b.Origins, f.origin)
	}
	data, err := appendValue(nil, reflect.ValueOf(h))
	if err == nil {
		data, err = appendValue(data, reflect.ValueOf(b))
	}
	if err != nil {
		return nil
	}
	if back := decodeParsed(data, h); back == nil || !reflect.DeepEqual(back, l) {
		return nil
	}
	return data
}

// writeParsed keeps a ruleset's library for the next start, as writeIndex
// keeps the index: written aside and renamed over the last. A library that
// would not read back as it is, is not kept.
func (c *Catalog) writeParsed(id string, idx *index, l *Library) {
	data := encodeParsed(l, head(idx, id))
	if data == nil || os.MkdirAll(c.cacheDir, 0o755) != nil {
		return
	}
	// What a killed fray left while writing one goes.
	old, _ := filepath.Glob(filepath.Join(c.cacheDir, "parsed-*.tmp-*"))
	for _, p := range old {
		if st, err := os.Lstat(p); err == nil && time.Since(st.ModTime()) > time.Minute {
			os.Remove(p)
		}
	}
	path := parsedPath(c.cacheDir, id)
	tmp := fmt.Sprintf("%s.tmp-%d", path, os.Getpid())
	if os.WriteFile(tmp, data, 0o644) != nil || os.Rename(tmp, path) != nil {
		os.Remove(tmp)
	}
}
