package saves

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fray/session"
)

// Removing and renaming a fight. Each takes the fight's lock first: a fight
// another fray has open is never removed or renamed under it.

// ErrNotASave is a file fray rm or rename is pointed at that is no fight.
var ErrNotASave = errors.New("not a fray save: only fights are removed or renamed")

// Remove deletes the fight saved at path: its save, its backup, its
// journal and any journal kept aside beside it, its temp files, and last
// its lock file. It is refused while another fray has the fight open, and
// for a file that is not a fray save. It returns the files it removed.
func (s *Store) Remove(path string) ([]string, error) {
	real := resolve(path)
	main := mainPath(real)
	if _, problem := peek(real); problem != "" {
		return nil, fmt.Errorf("%s: %s (%w)", session.Safe(path), problem, ErrNotASave)
	}
	lock, err := acquire(s.fs, main)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", session.Safe(path), err)
	}
	defer lock.Release()
	cleanFight(main)
	var gone []string
	for _, f := range fightFiles(main) {
		switch err := s.fs.Remove(f); {
		case err == nil:
			gone = append(gone, f)
		case !errors.Is(err, os.ErrNotExist):
			return gone, err
		}
	}
	// The lock file goes last, while it is held: a fray that opens the
	// fight meanwhile finds it gone.
	s.fs.Remove(main + ".lock")
	return gone, s.fs.SyncDir(filepath.Dir(main))
}

// Rename gives the fight saved at path a new name (the file stays where it
// is): the save is written anew, whole, with the changes its journal holds
// and the new name, durably, the old one kept as its backup. It is refused
// while another fray has the fight open, and for a fight whose journal
// holds changes that do not fit its save (the start screen recovers them
// first).
func (s *Store) Rename(path, name string) error {
	name = strings.TrimSpace(name)
	if name == "" {
		return errors.New("a fight needs a name")
	}
	real := resolve(path)
	main := mainPath(real)
	if main != real {
		return fmt.Errorf("%s is a backup: open it (fray %s) and it goes on in a new file, which can be "+
			"renamed", session.Safe(path), session.Safe(path))
	}
	if _, problem := peek(real); problem != "" {
		return fmt.Errorf("%s: %s (%w)", session.Safe(path), problem, ErrNotASave)
	}
	lock, err := acquire(s.fs, main)
	if err != nil {
		return fmt.Errorf("%s: %w", session.Safe(path), err)
	}
	defer lock.Release()
	cleanFight(main)
	l, j, _, err := s.read(path, real, main)
	if err != nil {
		return err
	}
	var notices []string
	changes, keep, _ := s.applyJournal(l, j, path, false, &notices)
	if keep {
		return fmt.Errorf("%s: its journal holds changes that do not fit its save (%s): open it first, and rename it "+
			"then", session.Safe(path), strings.Join(notices, "; "))
	}
	sv := l.saved
	m := mirrorOf(name, sv.Hash, sv.Fight, sv.Source.State(), changes, s.now())
	snap, mt, err := m.snapshot()
	if err != nil {
		return fmt.Errorf("%s: %w", session.Safe(path), err)
	}
	mt.fight = l.fight
	if _, err := s.writeSave(real, snap, mt, true); err != nil {
		return fmt.Errorf("%s: %w", session.Safe(path), err)
	}
	if err := s.fs.Remove(journalPath(main)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return s.fs.SyncDir(filepath.Dir(main))
}

// fightFiles are the files of the fight saved at main: its save, backup
// and journal, and the journals kept aside beside it.
func fightFiles(main string) []string {
	files := []string{main, main + ".bak", journalPath(main)}
	if entries, err := os.ReadDir(filepath.Dir(main)); err == nil {
		for _, e := range entries {
			if m := keptRE().FindStringSubmatch(e.Name()); m != nil && m[1] == filepath.Base(main) {
				files = append(files, filepath.Join(filepath.Dir(main), e.Name()))
			}
			if strings.HasPrefix(e.Name(), filepath.Base(main)+".journal.recovered-") {
				files = append(files, filepath.Join(filepath.Dir(main), e.Name()))
			}
		}
	}
	return files
}

var _ session.FightFiles = (*Store)(nil)
var _ session.Parties = (*Parties)(nil)
