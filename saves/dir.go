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
// uses yet. The folder's names are read once, not a file looked for at a
// time (the demo, opened again and again, has dozens of fights of its
// name, and a look each was a part of its first frame): the name picked
// is then looked for itself, should the folder have changed.
func NewPath(dir, name string) string {
	slug := slugify(name)
	taken := map[string]bool{}
	if f, err := os.Open(dir); err == nil {
		names, _ := f.Readdirnames(-1)
		f.Close()
		for _, n := range names {
			if strings.HasPrefix(n, slug) {
				taken[n] = true
			}
		}
	}
	for n := 1; ; n++ {
		base := slug + ".toml"
		if n > 1 {
			base = slug + "-" + strconv.Itoa(n) + ".toml"
		}
		if taken[base] || taken[base+".lock"] {
			continue
		}
		p := filepath.Join(dir, base)
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
// other file named like a save is listed with the problem. A backup whose
// save is gone is listed as a backup (opening it goes on in a new file),
// and each save names the journals kept aside beside it that hold changes
// it does not.
func List(dir string) ([]session.SaveInfo, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	kept := map[string][]string{} // by the save they are beside
	for _, e := range entries {
		if m := keptRE().FindStringSubmatch(e.Name()); m != nil && e.Type().IsRegular() {
			kept[m[1]] = append(kept[m[1]], filepath.Join(dir, e.Name()))
		}
	}
	var out []session.SaveInfo
	for _, e := range entries {
		name, backup := e.Name(), false
		if main, ok := strings.CutSuffix(name, ".toml.bak"); ok && !names[main+".toml"] {
			backup = true // a backup whose save is gone
		} else if e.IsDir() || !strings.HasSuffix(name, ".toml") {
			continue
		}
		if strings.HasPrefix(name, ".") || e.IsDir() {
			continue
		}
		p := filepath.Join(dir, name)
		s := session.SaveInfo{Path: p, Backup: backup}
		if info, err := os.Stat(p); err == nil {
			s.Changed = info.ModTime()
		}
		var h peeked
		h, s.Problem = peek(p)
		s.Name, s.Ruleset, s.Round = h.Name, h.Ruleset, h.Round
		if t, err := time.Parse(time.RFC3339Nano, h.Changed); err == nil {
			s.Changed = t
		}
		if t, ok := journalChanged(journalPath(mainPath(p)), h.Changes); ok && !backup {
			s.Changed = t
		}
		for _, k := range kept[strings.TrimSuffix(name, ".bak")] {
			if keptHoldsMore(k, h) {
				s.Kept = append(s.Kept, k)
			}
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b session.SaveInfo) int { return b.Changed.Compare(a.Changed) })
	return out, nil
}

// keptHoldsMore reports whether a journal kept aside may hold changes the
// save whose header is h does not: it names another fight, or goes on past
// the save's count.
func keptHoldsMore(path string, h peeked) bool {
	f, err := session.OpenRegular(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	j := readJournal(head[:bytes.LastIndexByte(head[:n], '\n')+1])
	if j.header.Fight == "" {
		return false // nothing in it can be read
	}
	if j.header.Fight != h.Fight {
		return true
	}
	last, ok := lastChange(f)
	return ok && last > h.Changes
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
	Fight   string `toml:"fight"`
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
	if session.TOMLDepth(data) != nil {
		return h, "not a fray save (nested too deep)"
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
	if k, ok := lastChange(f); ok && k > saved {
		if fi, err := f.Stat(); err == nil {
			return fi.ModTime(), true
		}
	}
	return time.Time{}, false
}

// lastChange is the number of a journal's last line, read from its end.
func lastChange(f *os.File) (int, bool) {
	fi, err := f.Stat()
	if err != nil {
		return 0, false
	}
	const tail = 8 << 10
	off := max(fi.Size()-tail, 0)
	buf := make([]byte, fi.Size()-off)
	n, _ := f.ReadAt(buf, off)
	lines := strings.Split(strings.TrimRight(string(buf[:n]), "\n"), "\n")
	tag, _, _ := strings.Cut(lines[len(lines)-1], " ")
	k, err := strconv.Atoi(tag)
	return k, err == nil
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
		if !strings.HasPrefix(e.Name(), ".") {
			continue // not a temp file: the pattern is compiled only for one
		}
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
		if !strings.HasPrefix(e.Name(), "."+base+".") {
			continue
		}
		if m := tempRE().FindStringSubmatch(e.Name()); m != nil && m[1] == base && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
