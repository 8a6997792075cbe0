package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"time"

	"fray/session"
)

// The parsed rulesets' cache. Parsing a ruleset's TOML (Pathmaster's is
// 33 KB, with its creatures and demos) was most of what `fray demo` did
// before its first frame; reading back what was parsed, in encoding/gob,
// is a fraction of it. A ruleset's library (Catalog.lib: the ruleset, the
// creatures and fights that go with it, the files they came from) is kept
// in the cache directory beside the index, and is used only under the
// index's own rule: written by this very program (the shipped content is
// part of it) from these very files (the GM's, by their SHA-256, read as
// the catalog opens). A file changed, and the index is made anew and
// nothing kept is read.
//
// gob keeps neither a pointer to a zero value (a threshold "at_most = 0")
// nor an empty list that is not nil: where the library holds one, its
// place is kept beside it (fills) and made again as it is read. A library
// is kept only if what was written reads back equal to it in every field
// (reflect.DeepEqual); one that would not is parsed at each start.

// parsedFormat changes with the layout of what is kept.
const parsedFormat = 1

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
	Fills     [][]step
}

// step is one step of a path into a value: a field or element by index,
// or a map's entry by its key.
type step struct {
	I int
	K string
}

// parsedPath is the file a ruleset's library is kept in.
func parsedPath(cacheDir, id string) string {
	h := sha256.Sum256([]byte(id))
	return filepath.Join(cacheDir, "parsed-"+hex.EncodeToString(h[:8])+".gob")
}

// head is what a library of the ruleset id read now would be kept under.
func (c *Catalog) head(id string) parsedHead {
	return parsedHead{Format: parsedFormat, Program: c.idx.Program, Dir: c.idx.Dir, User: c.idx.User, ID: id}
}

// readParsed reads the library of the ruleset id kept in the cache
// directory, or nil when there is none that was made of what is read now.
func (c *Catalog) readParsed(id string) *Library {
	f, err := session.OpenRegular(parsedPath(c.cacheDir, id))
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxIndexSize+1))
	if err != nil || len(data) > maxIndexSize {
		return nil
	}
	return decodeParsed(data, c.head(id))
}

// decodeParsed decodes a kept library made under want, or returns nil.
func decodeParsed(data []byte, want parsedHead) (l *Library) {
	defer func() {
		if recover() != nil {
			l = nil // a damaged file is no cache
		}
	}()
	d := gob.NewDecoder(bytes.NewReader(data))
	var h parsedHead
	if d.Decode(&h) != nil || !reflect.DeepEqual(h, want) {
		return nil
	}
	var b parsedBody
	if d.Decode(&b) != nil || len(b.Origins) != len(b.Fights) {
		return nil
	}
	for _, p := range b.Fills {
		if !fill(reflect.ValueOf(&b).Elem(), p) {
			return nil
		}
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
	b := parsedBody{Rulesets: l.rulesets, Creatures: l.creatures, Fights: l.fights, Files: l.files}
	for _, f := range l.fights {
		b.Origins = append(b.Origins, f.origin)
	}
	encode := func() []byte {
		var buf bytes.Buffer
		e := gob.NewEncoder(&buf)
		if e.Encode(h) != nil || e.Encode(b) != nil {
			return nil
		}
		return buf.Bytes()
	}
	data := encode()
	if data == nil {
		return nil
	}
	// Where gob drops an empty list or a pointer to a zero value, keep its
	// place, and encode again with the places.
	back := decodeParsed(data, h)
	if back == nil {
		return nil
	}
	var got parsedBody
	got = parsedBody{Rulesets: back.rulesets, Creatures: back.creatures, Fights: back.fights, Files: back.files}
	ok := dropped(reflect.ValueOf(b), reflect.ValueOf(got), nil, &b.Fills)
	if !ok {
		return nil
	}
	if len(b.Fills) > 0 {
		if data = encode(); data == nil {
			return nil
		}
	}
	if back = decodeParsed(data, h); back == nil || !reflect.DeepEqual(back, l) {
		return nil
	}
	return data
}

// dropped adds to fills the path of every pointer, list or map that is
// set in want and nil in got. It reports false where it cannot say the
// path (a map keyed by other than text).
func dropped(want, got reflect.Value, path []step, fills *[][]step) bool {
	switch want.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		if want.IsNil() {
			return true
		}
		if got.IsNil() {
			*fills = append(*fills, slices.Clone(path))
			return true
		}
	}
	switch want.Kind() {
	case reflect.Pointer:
		return dropped(want.Elem(), got.Elem(), path, fills)
	case reflect.Struct:
		for i := range want.NumField() {
			if want.Type().Field(i).IsExported() && !dropped(want.Field(i), got.Field(i), append(path, step{I: i}), fills) {
				return false
			}
		}
	case reflect.Slice, reflect.Array:
		if want.Len() != got.Len() {
			return false
		}
		for i := range want.Len() {
			if !dropped(want.Index(i), got.Index(i), append(path, step{I: i}), fills) {
				return false
			}
		}
	case reflect.Map:
		if want.Type().Key().Kind() != reflect.String {
			return false
		}
		for _, k := range want.MapKeys() {
			g := got.MapIndex(k)
			if !g.IsValid() || !dropped(want.MapIndex(k), g, append(path, step{K: k.String()}), fills) {
				return false
			}
		}
	case reflect.Interface:
		return want.IsNil() == got.IsNil()
	}
	return true
}

// fill makes the pointer, list or map at the path in v (settable) set: a
// pointer to a zero value, an empty list or map. It reports false when the
// path does not lead to one.
func fill(v reflect.Value, path []step) bool {
	if len(path) == 0 {
		if !v.CanSet() {
			return false
		}
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
		case reflect.Slice:
			if v.IsNil() {
				v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			}
		case reflect.Map:
			if v.IsNil() {
				v.Set(reflect.MakeMap(v.Type()))
			}
		default:
			return false
		}
		return true
	}
	s := path[0]
	switch v.Kind() {
	case reflect.Pointer:
		return !v.IsNil() && fill(v.Elem(), path)
	case reflect.Struct:
		return s.I >= 0 && s.I < v.NumField() && v.Type().Field(s.I).IsExported() && fill(v.Field(s.I), path[1:])
	case reflect.Slice, reflect.Array:
		return s.I >= 0 && s.I < v.Len() && fill(v.Index(s.I), path[1:])
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return false
		}
		k := reflect.ValueOf(s.K).Convert(v.Type().Key())
		e := v.MapIndex(k)
		if !e.IsValid() {
			return false
		}
		cp := reflect.New(e.Type()).Elem()
		cp.Set(e)
		ok := fill(cp, path[1:])
		v.SetMapIndex(k, cp)
		return ok
	}
	return false
}

// writeParsed keeps a ruleset's library for the next start, as writeIndex
// keeps the index: written aside and renamed over the last. A library that
// would not read back as it is, is not kept.
func (c *Catalog) writeParsed(id string, l *Library) {
	data := encodeParsed(l, c.head(id))
	if data == nil || os.MkdirAll(c.cacheDir, 0o755) != nil {
		return
	}
	// What a killed fray left while writing one goes.
	old, _ := filepath.Glob(filepath.Join(c.cacheDir, "parsed-*.gob.tmp-*"))
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
