package saves

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"fray/session"
)

// Archiving: a fight put away is kept whole in the archive directory
// beside the saves (its save, backup and journals), out of the lists and
// the start screen, until it is brought back. Each move takes the fight's
// lock first: a fight another fray has open stays where it is.

// ArchiveDir is where the fights saved in dir are archived.
func ArchiveDir(dir string) string { return filepath.Join(dir, "archive") }

// Archive moves the fight saved at path into the archive beside it, and
// returns where its save now is.
func (s *Store) Archive(path string) (string, error) {
	main := mainPath(resolve(path))
	if filepath.Base(filepath.Dir(main)) == "archive" {
		return "", fmt.Errorf("%s is archived already", session.Safe(path))
	}
	return s.move(path, ArchiveDir(filepath.Dir(main)))
}

// Archived lists the fights archived from the store's directory.
func (s *Store) Archived() ([]session.SaveInfo, error) { return List(ArchiveDir(s.dir)) }

// Restore brings an archived fight back beside the other saves, and returns
// where its save now is.
func (s *Store) Restore(path string) (string, error) {
	dir := filepath.Dir(mainPath(resolve(path)))
	if filepath.Base(dir) != "archive" {
		return "", fmt.Errorf("%s is not archived", session.Safe(path))
	}
	return s.move(path, filepath.Dir(dir))
}

// move moves a fight's files to dir, its lock held; a fight saved there
// under the same file name already is never replaced.
func (s *Store) move(path, dir string) (string, error) {
	real := resolve(path)
	main := mainPath(real)
	if main != real {
		return "", fmt.Errorf("%s is a backup: archive or restore its fight, %s", session.Safe(path), session.Safe(main))
	}
	if _, problem := peek(real); problem != "" {
		return "", fmt.Errorf("%s: %s (%w)", session.Safe(path), problem, ErrNotASave)
	}
	to := filepath.Join(dir, filepath.Base(main))
	if _, err := s.fs.Stat(to); err == nil {
		return "", fmt.Errorf("%s: a fight is saved as %s already: rename one of them first", session.Safe(path), session.Safe(to))
	}
	if err := s.fs.MkdirAll(dir); err != nil {
		return "", err
	}
	lock, err := acquire(s.fs, main)
	if err != nil {
		return "", fmt.Errorf("%s: %w", session.Safe(path), err)
	}
	defer lock.Release()
	cleanFight(main)
	var moved []string
	for _, f := range fightFiles(main) {
		switch err := s.fs.Rename(f, filepath.Join(dir, filepath.Base(f))); {
		case err == nil:
			moved = append(moved, f)
		case errors.Is(err, os.ErrNotExist):
		default:
			// Never a fight split in two: what moved goes back.
			for _, m := range moved {
				s.fs.Rename(filepath.Join(dir, filepath.Base(m)), m)
			}
			return "", err
		}
	}
	if err := s.fs.SyncDir(dir); err != nil {
		return "", err
	}
	// The lock file goes last, while it is held, as when a fight is removed.
	s.fs.Remove(main + ".lock")
	return to, s.fs.SyncDir(filepath.Dir(main))
}
