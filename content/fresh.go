package content

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A GM adds a creature with fray creature add, or edits a creature file,
// while a tracker is open. The tracker asks its catalog to take the change
// in as the add key's dialog opens (Refresh): only the names, sizes and
// times of the GM's files are looked at then, and the directory is read
// and loaded again only when one of them changed. Nothing is looked at on
// a key typed in the dialog, nor as fray starts beyond one stat a file.

// stamp is what the catalog saw of one of the GM's files: its name, and
// its size and time (size -1: it could not be looked at).
type stamp struct {
	name string
	size int64
	mod  time.Time
}

// refusal is a directory Refresh did not take in: the stamps it had and
// the problems of the files that did not load.
type refusal struct {
	seen  []stamp
	probs []Problem
}

// stampsOf looks at the files (by name, below dir) without reading them.
func stampsOf(dir string, names []string) []stamp {
	out := make([]stamp, 0, len(names))
	for _, name := range names {
		s := stamp{name: name, size: -1}
		if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); err == nil {
			s.size, s.mod = st.Size(), st.ModTime()
		}
		out = append(out, s)
	}
	return out
}

// filesOf are the GM's content files now, as Open finds them.
func filesOf(dir string) []string {
	if dir == "" {
		return nil
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil
	}
	return tomlFiles(dirFS(dir), ".", false)
}

// Refresh takes in the GM's directory when, since the catalog opened or
// last took it in, a file was added or removed or its size or time
// changed: the creatures (and rulesets and fights) are then those the
// directory holds, as a new start would find them. When nothing changed,
// only the files' names, sizes and times are looked at.
//
// A file that loaded before, or a new one, that does not load now is not
// taken in: the catalog stays as it was, and Refresh returns the problems
// (again at each call, until the directory changes once more). A file that
// did not load before and still does not is no reason to keep the rest out.
func (c *Catalog) Refresh() []Problem {
	now := stampsOf(c.dir, filesOf(c.dir))
	c.mu.Lock()
	switch {
	case slices.Equal(now, c.seen):
		c.mu.Unlock()
		return nil
	case c.refused != nil && slices.Equal(now, c.refused.seen):
		probs := c.refused.probs
		c.mu.Unlock()
		return slices.Clone(probs)
	}
	before := c.probs
	c.mu.Unlock()

	n, probs := Open(c.dir, c.cacheDir)
	var fresh []Problem
	for _, p := range probs {
		if !slices.ContainsFunc(before, func(o Problem) bool { return o.File == p.File }) {
			fresh = append(fresh, p)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(fresh) > 0 {
		c.refused = &refusal{seen: n.seen, probs: fresh}
		return slices.Clone(fresh)
	}
	c.user, c.idx, c.all, c.libs, c.seen, c.probs, c.refused = n.user, n.idx, n.all, n.libs, n.seen, n.probs, nil
	return nil
}

// Refresh takes in what changed in the GM's directory (Catalog.Refresh);
// each file not taken in is said as file:line:col: what is wrong, the file
// below the directory.
func (t catalogTracker) Refresh() []string {
	var out []string
	for _, p := range t.c.Refresh() {
		file := p.File
		if rel, err := filepath.Rel(t.c.dir, p.File); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
		out = append(out, fmt.Sprintf("%s:%d:%d: %s", file, p.Line, p.Col, p.Msg))
	}
	return out
}
