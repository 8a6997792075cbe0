package saves

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
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

// Summary describes a saved fight without replaying it.
type Summary struct {
	Path    string
	Name    string
	Ruleset string
	Round   int
	Status  string
	Changed time.Time // the file's last change
	Problem string    // set when the file does not read as a save
}

// List summarises the saves in dir, the most recently changed first.
func List(dir string) ([]Summary, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Summary
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		s := Summary{Path: p}
		if info, err := e.Info(); err == nil {
			s.Changed = info.ModTime()
		}
		s.Name, s.Ruleset, s.Round, s.Status, s.Problem = peek(p)
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b Summary) int { return b.Changed.Compare(a.Changed) })
	return out, nil
}

// peek reads a save's header keys.
func peek(path string) (name, ruleset string, round int, status, problem string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", "", 0, "", err.Error()
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
		Status  string `toml:"status"`
	}
	if _, err := toml.Decode(string(data), &h); err != nil || h.Schema == 0 {
		return "", "", 0, "", "not a fray save"
	}
	return h.Name, h.Ruleset, h.Round, h.Status, ""
}
