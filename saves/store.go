package saves

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"fray/session"
)

// Store keeps fights in a directory: it is the tracker's session.Store.
// Saves are serialised: one write at a time, whoever asks.
type Store struct {
	dir   string
	rules Rules
	now   func() time.Time // when a save says it was saved
	mu    sync.Mutex
}

// NewStore keeps fights in dir, finds their rulesets with rules, and stamps
// each save with the time now gives.
func NewStore(dir string, rules Rules, now func() time.Time) *Store {
	return &Store{dir: dir, rules: rules, now: now}
}

// List summarises the fights in the store's directory, the most recently
// changed first.
func (s *Store) List() ([]session.SaveInfo, error) { return List(s.dir) }

// Load reads and checks the save at path.
func (s *Store) Load(path string) (*session.Saved, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Decode(path, data, s.rules)
}

// Save writes a snapshot to path durably; the new file must load before it
// replaces the old one.
func (s *Store) Save(path string, snap session.Snapshot) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, err := Encode(snap, s.now())
	if err != nil {
		return err
	}
	return WriteFile(path, data, func(b []byte) error {
		_, err := Decode(path, b, s.rules)
		return err
	})
}

// NewPath is a path in the store's directory no file uses yet, for a new
// fight called name.
func (s *Store) NewPath(name string) string { return NewPath(s.dir, name) }

// Lock takes the lock of the save at path; session.ErrLocked when another
// fray has it.
func (s *Store) Lock(path string) (func(), error) {
	l, err := Acquire(path)
	if err != nil {
		return nil, err
	}
	return l.Release, nil
}

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
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			return p
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

// List summarises the saves in dir, the most recently changed first.
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
		if info, err := e.Info(); err == nil {
			s.Changed = info.ModTime()
		}
		s.Name, s.Ruleset, s.Round, s.Problem = peek(p)
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b session.SaveInfo) int { return b.Changed.Compare(a.Changed) })
	return out, nil
}

// peek reads a save's header keys.
func peek(path string) (name, ruleset string, round int, problem string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", "", 0, err.Error()
	}
	// The header keys come before the first table.
	if i := bytes.Index(data, []byte("\n[")); i >= 0 {
		data = data[:i]
	}
	var h struct {
		Schema  int    `toml:"schema"`
		Name    string `toml:"name"`
		Ruleset string `toml:"ruleset"`
		Round   int    `toml:"round"`
	}
	if _, err := toml.Decode(string(data), &h); err != nil || h.Schema == 0 {
		return "", "", 0, "not a fray save"
	}
	return h.Name, h.Ruleset, h.Round, ""
}
