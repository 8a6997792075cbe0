package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"fray/engine"
	"fray/session"
)

// Follower reads a fight as another fray plays it: the save, then each
// change as its line is appended to the journal. It takes no lock and
// writes nothing, so a viewer in another process (the player view) can
// never touch the fight. A line still being written is left until it is
// whole; a journal written anew (after a snapshot) is read again from the
// save.
type Follower struct {
	st      *Store
	path    string
	fight   *engine.Fight
	src     interface{ SetState(string) error }
	saved   *session.Saved
	changes int
	journal fs.FileInfo // the journal read, to tell when it is replaced
	head    []byte      // its first line, the header: the file system may give a new journal the old one's inode
	off     int64       // how far it has been read: whole lines only
	reloads int
}

// Follow starts following the fight saved at path.
func (s *Store) Follow(path string) (*Follower, error) {
	f := &Follower{st: s, path: path}
	if err := f.reload(); err != nil {
		return nil, err
	}
	return f, nil
}

// Saved is the fight as far as it has been followed. A reload (the
// journal written anew) makes a new one: ask again after each Poll.
func (f *Follower) Saved() *session.Saved { return f.saved }

// Changes is how many changes the fight has had, as far as followed.
func (f *Follower) Changes() int { return f.changes }

// Poll reads what has been appended since, and reports whether the fight
// changed.
func (f *Follower) Poll() (bool, error) {
	jpath := journalPath(mainPath(resolve(f.path)))
	info, err := os.Stat(jpath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil // no change made yet
	case err != nil:
		return false, err
	case f.journal == nil || !sameFile(info, f.journal) || info.Size() < f.off:
		// A journal written anew: read the fight again, from its save.
		if err := f.reload(); err != nil {
			return false, err
		}
		return true, nil
	case info.Size() == f.off:
		return false, nil
	}
	file, err := session.OpenRegular(jpath)
	if err != nil {
		return false, err
	}
	defer file.Close()
	head := make([]byte, len(f.head))
	if opened, err := file.Stat(); err != nil || !os.SameFile(opened, info) || !f.sameHead(file, head) {
		// Written anew between the look and the open (a snapshot taken
		// just after the change), or written anew into a file that has
		// the old one's inode (one freed and given out again between two
		// polls): its header names another count of changes before it,
		// and what it holds is in the save.
		if err := f.reload(); err != nil {
			return false, err
		}
		return true, nil
	}
	data, err := io.ReadAll(io.NewSectionReader(file, f.off, min(info.Size()-f.off, MaxFileSize)))
	if err != nil {
		return false, err
	}
	changed := false
	for {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			return changed, nil // the rest is a line still being written
		}
		line := string(data[:end])
		data = data[end+1:]
		tag, body, err := checkLine(line)
		var r record
		if err == nil {
			err = readBody(body, &r)
		}
		if err == nil {
			err = r.check()
		}
		if err == nil && tag != fmt.Sprint(f.changes+1) {
			err = fmt.Errorf("change %s where change %d should be", tag, f.changes+1)
		}
		if err == nil {
			err = applyRecord(f.fight, r)
		}
		if err != nil {
			return changed, fmt.Errorf("%s: %w", session.Safe(jpath), err)
		}
		if r.RNG != "" {
			f.src.SetState(r.RNG)
		}
		f.changes++
		f.off += int64(end + 1)
		changed = true
	}
}

// reload reads the save and its journal from the start. The journal is
// the same file before and after it is read, or it is read again.
func (f *Follower) reload() error {
	real := resolve(f.path)
	main := mainPath(real)
	var (
		l    *loaded
		j    *journalRead
		info fs.FileInfo
		err  error
	)
	for try := 0; ; try++ {
		before, _ := os.Stat(journalPath(main))
		if l, j, _, err = f.st.read(f.path, real, main); err != nil {
			return err
		}
		info, _ = os.Stat(journalPath(main))
		if before == nil && info == nil || before != nil && info != nil && os.SameFile(before, info) || try == 3 {
			break
		}
	}
	var notices []string
	f.changes, _, _ = f.st.applyJournal(l, j, f.path, true, &notices)
	f.saved, f.fight, f.src = l.saved, l.saved.Fight, l.saved.Source
	f.saved.Path, f.saved.ReadOnly = f.path, true
	f.saved.Notices = append(f.saved.Notices, notices...)
	f.reloads++
	f.journal, f.off, f.head = nil, 0, nil
	if j != nil && info != nil {
		f.journal, f.off = info, int64(j.good)
		f.head = bytes.Clone(headerOf(j.raw[:j.good]))
	}
	return nil
}

// headerOf is a journal's start up to and including its header line (the
// first that is not a comment), or nil if that is not whole.
func headerOf(data []byte) []byte {
	for at := 0; at < len(data); {
		end := bytes.IndexByte(data[at:], '\n')
		if end < 0 {
			return nil
		}
		if data[at] != '#' {
			return data[:at+end+1]
		}
		at += end + 1
	}
	return nil
}

// sameHead reports whether the journal open in file starts with the
// header the follower read (buf is as long as that header).
func (f *Follower) sameHead(file *os.File, buf []byte) bool {
	if len(f.head) == 0 {
		return true // read before it had a whole header: the lines' numbers are checked
	}
	n, _ := file.ReadAt(buf, 0)
	return bytes.Equal(buf[:n], f.head)
}

// sameFile tells files apart as the file system does, by device and
// inode; a test makes every journal look the same, as a freed inode given
// out again would.
var sameFile = os.SameFile
