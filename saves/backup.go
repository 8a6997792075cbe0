package saves

import (
	"bytes"
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
)

// A snapshot keeps the save it replaces as the backup (fight.toml.bak), so
// that the backup and the journal together are the fight should the save
// be lost. But a save on disk is not always the one fray wrote: it may
// have been cut short (12 of its 115 steps), replaced by an older copy (a
// sync tool, a restore), or edited. Such a save never takes the place of a
// backup that holds more: the backup stays as it is, and the worse save is
// simply replaced by the snapshot (which holds all the fight opened from
// it, and what was done since).

// selfReport is what a save says of itself, read without the TOML library:
// a line scan of its top-level keys and a count of its history's lines.
type selfReport struct {
	ok      bool // it reads as a fray save
	fight   string
	changes int
	// intact is set unless the save is not as fray wrote it: a schema 4
	// checksum that does not match, a history shorter than its head
	// counts, a history with a list missing or not closed.
	intact bool
}

// Compiled when first used, not as every command starts.
var (
	fightRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^fight\s*=\s*"([0-9a-f]*)"\s*(#.*)?$`) })
	changesRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^changes\s*=\s*([0-9]+)\s*(#.*)?$`) })
	stepsRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(done|undone)_steps\s*=\s*([0-9]+)\s*(#.*)?$`) })
)

// inspect reads what a save says of itself.
func inspect(data []byte) selfReport {
	schema, ok := schemaOf(data)
	if !ok || schema < 1 || schema > Schema {
		return selfReport{}
	}
	f := selfReport{ok: true, intact: true}
	if schema < 3 {
		return f // no id, no count: nothing to compare
	}
	counts := map[string]int{}
	off := 0
	for off < len(data) {
		end := bytes.IndexByte(data[off:], '\n')
		next := off + end + 1
		if end < 0 {
			end, next = len(data)-off, len(data)
		}
		line := bytes.TrimSpace(data[off : off+end])
		off = next
		if bytes.HasPrefix(line, []byte("[")) {
			break
		}
		if m := fightRE().FindSubmatch(line); m != nil {
			f.fight = string(m[1])
		} else if m := changesRE().FindSubmatch(line); m != nil {
			f.changes, _ = strconv.Atoi(string(m[1]))
		} else if m := stepsRE().FindSubmatch(line); m != nil {
			counts[string(m[1])], _ = strconv.Atoi(string(m[2]))
		}
	}
	if schema >= 4 {
		if _, match := checksumMatches(data); !match {
			f.intact = false
		}
	}
	cut := historyAt(data)
	if cut < 0 {
		f.intact = false
		return f
	}
	steps, closed := historyLines(data[cut:])
	for _, list := range []string{"done", "undone"} {
		if !closed[list] || schema >= 4 && steps[list] < counts[list] {
			f.intact = false
		}
	}
	return f
}

// historyLines counts the step lines of each list of a [history], and says
// which lists are closed.
func historyLines(data []byte) (steps map[string]int, closed map[string]bool) {
	steps, closed = map[string]int{}, map[string]bool{}
	list := ""
	for len(data) > 0 {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			end = len(data) - 1
		}
		line := bytes.TrimSpace(data[:end+1])
		data = data[end+1:]
		switch {
		case list == "" && bytes.Equal(line, []byte("done = [")):
			list = "done"
		case list == "" && bytes.Equal(line, []byte("undone = [")):
			list = "undone"
		case list != "" && bytes.HasPrefix(line, []byte("]")):
			closed[list], list = true, ""
		case list != "" && bytes.HasPrefix(line, []byte("{")):
			steps[list]++
		}
	}
	return steps, closed
}

// backupHoldsMore reports whether the backup beside the save at path holds
// more than the save (which a snapshot is about to replace): the backup is
// as fray wrote it, and the save is not, or is an older state of the same
// fight.
func backupHoldsMore(path string) bool {
	bak, err := readRegular(path + ".bak")
	if err != nil {
		return false
	}
	b := inspect(bak)
	if !b.ok || !b.intact {
		return false
	}
	cur, err := readRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	c := inspect(cur)
	switch {
	case err != nil || !c.ok || !c.intact:
		return true
	case c.fight != "" && c.fight == b.fight && b.changes > c.changes:
		return true
	}
	return false
}

// keepBackup makes path.bak a copy of path, when path exists, unless the
// backup holds more (backupHoldsMore): a hard link where the file system
// allows it, else a durable copy. It reports whether it did.
func keepBackup(fsys fileSys, path string) (bool, error) {
	bak := path + ".bak"
	if _, err := fsys.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if backupHoldsMore(path) {
		return false, nil
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(bak)+".tmp")
	// A temp file left by a write that failed may be a link to a save:
	// it goes first, and the copy below is a new file, never written
	// through a link into a save.
	if err := fsys.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	if err := fsys.Link(path, tmp); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return false, err
		}
		if err := copyFile(fsys, path, tmp); err != nil {
			fsys.Remove(tmp)
			return false, err
		}
	}
	if err := fsys.Rename(tmp, bak); err != nil {
		return false, err
	}
	return true, nil
}
