// The saves directory: where it is, new paths in it, the listing of its
// fights, and cleaning up after a killed fray.

package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"fray/session"
)

// Dir is where fights are saved: $XDG_DATA_HOME/fray, by default
// ~/.local/share/fray.
func Dir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "fray")
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return filepath.Join(os.TempDir(), fmt.Sprintf("fray-data-%d", os.Getuid()))
	}
	return filepath.Join(home, ".local", "share", "fray")
}

// NewPath returns a path in dir for a new fight called name that no file
// uses yet.
func NewPath(dir, name string) string {
	slug := slugify(name)
	for n := 1; ; n++ {
		p := filepath.Join(dir, slug+".toml")
		if n > 1 {
			p = filepath.Join(dir, fmt.Sprintf("%s-%d.toml", slug, n))
		}
		if _, err := os.Lstat(p); errors.Is(err, os.ErrNotExist) {
			if _, err := os.Lstat(p + ".lock"); errors.Is(err, os.ErrNotExist) {
				return p
			}
		}
	}
}

func slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "fight"
	}
	return s
}

// List summarises the saves in dir, the most recently changed first. Only
// regular files are read (a pipe would hang, /dev/zero fill memory); any
// other file named like a save is listed with the problem.
func List(dir string) ([]session.SaveInfo, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []session.SaveInfo
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		s := session.SaveInfo{Path: p}
		if info, err := os.Stat(p); err == nil {
			s.Changed = info.ModTime()
		}
		var h peeked
		h, s.Problem = peek(p)
		s.Name, s.Ruleset, s.Round = h.Name, h.Ruleset, h.Round
		if t, err := time.Parse(time.RFC3339Nano, h.Changed); err == nil {
			s.Changed = t
		}
		if t, ok := journalChanged(journalPath(p), h.Changes); ok {
			s.Changed = t
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b session.SaveInfo) int { return b.Changed.Compare(a.Changed) })
	return out, nil
}

// peekSize is how much of a save peek reads: its header keys come first.
const peekSize = 64 << 10

// peeked is a save's header keys.
type peeked struct {
	Schema  int    `toml:"schema"`
	Name    string `toml:"name"`
	Ruleset string `toml:"ruleset"`
	Round   int    `toml:"round"`
	Changed string `toml:"changed"`
	Changes int    `toml:"changes"`
}

// peek reads a save's header keys.
func peek(path string) (h peeked, problem string) {
	f, err := session.OpenRegular(path)
	if err != nil {
		return h, readProblem(err)
	}
	defer f.Close()
	buf := make([]byte, peekSize)
	n, _ := io.ReadFull(f, buf)
	data := buf[:n]
	// The header keys come before the first table.
	if i := bytes.Index(data, []byte("\n[")); i >= 0 {
		data = data[:i]
	} else if n == peekSize {
		return h, "not a fray save"
	}
	if _, err := toml.Decode(string(data), &h); err != nil || h.Schema == 0 {
		return peeked{}, "not a fray save"
	}
	return h, ""
}

// journalChanged is when a journal last changed, if its last line is a
// change the save does not hold.
func journalChanged(jpath string, saved int) (time.Time, bool) {
	f, err := session.OpenRegular(jpath)
	if err != nil {
		return time.Time{}, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return time.Time{}, false
	}
	const tail = 8 << 10
	off := max(fi.Size()-tail, 0)
	buf := make([]byte, fi.Size()-off)
	n, _ := f.ReadAt(buf, off)
	lines := strings.Split(strings.TrimRight(string(buf[:n]), "\n"), "\n")
	tag, _, _ := strings.Cut(lines[len(lines)-1], " ")
	if k, err := strconv.Atoi(tag); err == nil && k > saved {
		return fi.ModTime(), true
	}
	return time.Time{}, false
}

// tempRE names the temp files of a save's writes: fight.toml's are
// .fight.toml.tmp-*, .fight.toml.bak.tmp and .fight.toml.journal.tmp-*.
// Compiled when first used, as are the other patterns: not as every
// command starts.
var tempRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\.(.+\.toml)(\.bak|\.journal)?\.tmp(-[^/]*)?$`)
})

// Clean removes the temp files that writes of saves in dir left when fray
// was killed. The temp files of a fight a fray has open (another, or this
// one) are its own, perhaps in use, and are left alone.
func Clean(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	free := map[string]bool{}
	for _, e := range entries {
		m := tempRE().FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		save := filepath.Join(dir, m[1])
		ok, seen := free[save]
		if !seen {
			ok = !isHeldHere(save)
			if ok {
				l, err := Acquire(save)
				ok = err == nil
				l.Release()
			}
			free[save] = ok
		}
		if ok {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// cleanFight removes the temp files of the fight at path, whose lock the
// caller has just taken: no write of it is under way.
func cleanFight(path string) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if m := tempRE().FindStringSubmatch(e.Name()); m != nil && m[1] == base && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
