package saves

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"fray/session"
)

// The fight the GM has open: the one a tracker (a store that announces)
// opened last and still has, written once its first save is; the one
// before when that closes; none once all are closed. A store that does
// not announce (fray new, a viewer) says nothing.
func TestPlayingFollowsTheTracker(t *testing.T) {
	dir := t.TempDir()
	quiet := NewStore(dir, shippedRules, time.Now)
	prepared := newFight(t, quiet, "pathmaster", 2)
	if p, ok := Playing(dir); ok {
		t.Fatalf("a store that does not announce named %s", p)
	}
	prepared.Close()

	st := NewStore(dir, shippedRules, time.Now)
	st.Announce()
	a := newFight(t, st, "pathmaster", 2)
	want := func(what string, sess *session.Session) {
		t.Helper()
		p, ok := Playing(dir)
		switch {
		case sess == nil && ok:
			t.Errorf("%s: %s named, want none", what, p)
		case sess != nil && (!ok || !SameFight(p, sess.Path) || !filepath.IsAbs(p)):
			t.Errorf("%s: %q (%v), want %s", what, p, ok, sess.Path)
		}
	}
	want("the first fight", a)
	b := newFight(t, st, "brp", 2)
	want("a second fight opened", b)
	b.Close()
	want("the second closed", a)
	// Opened read-only (another fray has it), a fight is not the one open.
	other := NewStore(dir, shippedRules, time.Now)
	other.Announce()
	if sv, err := other.Open(a.Path); err != nil || !sv.ReadOnly {
		t.Fatalf("a fight another fray has: %v, read-only %v", err, sv != nil && sv.ReadOnly)
	}
	want("another opened read-only", a)
	// Save as: the copy opens, the fight it was copied from closes.
	c := newFight(t, st, "pathmaster", 1)
	a.Close()
	want("carried on in a copy", c)
	c.Close()
	a = newFight(t, st, "pathmaster", 2)
	// Opened again (an existing save, not a new one): named at once.
	a.Close()
	want("all closed", nil)
	sv, err := st.Open(a.Path)
	if err != nil || sv.Journal == nil {
		t.Fatalf("open: %v", err)
	}
	want("opened again", &session.Session{Path: sv.Path})
	// Reached by a relative path, it is named by its absolute one.
	sv.Journal.Close()
	wd, _ := os.Getwd()
	t.Cleanup(func() { os.Chdir(wd) })
	os.Chdir(dir)
	sv, err = st.Open(filepath.Base(a.Path))
	if err != nil || sv.Journal == nil {
		t.Fatalf("open: %v", err)
	}
	want("opened by a relative path", a)
	sv.Journal.Close()
	want("closed", nil)
	if entries, _ := os.ReadDir(playingDir(dir)); len(entries) != 0 {
		t.Errorf("files left in playing/: %v", entries)
	}
}

// Two trackers: the fight opened last counts, while its tracker runs; a
// tracker killed without a goodbye stops counting once its file is
// PlayStale old; a tracker's file is written again while it runs, so it
// never goes stale; files that are not a tracker's are passed over.
func TestPlayingTwoTrackersAndACrash(t *testing.T) {
	defer func(d time.Duration) { playRefresh = d }(playRefresh)
	playRefresh = 20 * time.Millisecond
	dir := t.TempDir()
	st := NewStore(dir, shippedRules, time.Now)
	st.Announce()
	ours := newFight(t, st, "pathmaster", 1)
	defer ours.Close()

	other := filepath.Join(playingDir(dir), strconv.Itoa(os.Getpid()+1))
	theirs := filepath.Join(dir, "theirs.toml")
	write := func(since time.Time) {
		os.WriteFile(other, []byte(strconv.FormatInt(since.UnixNano(), 10)+"\n"+theirs+"\n"), 0o644)
	}
	write(time.Now().Add(time.Hour)) // opened after ours
	if p, _ := Playing(dir); p != theirs {
		t.Errorf("the fight opened last is %s, not %s", theirs, p)
	}
	old := time.Now().Add(-PlayStale - time.Second)
	os.Chtimes(other, old, old) // its tracker killed
	if p, _ := Playing(dir); !SameFight(p, ours.Path) {
		t.Errorf("a stale file still counts: %s", p)
	}
	write(time.Now().Add(-time.Hour)) // running, but opened before ours
	if p, _ := Playing(dir); !SameFight(p, ours.Path) {
		t.Errorf("a fight opened before ours counts: %s", p)
	}
	for name, body := range map[string]string{
		"12x":    "1\n/abs.toml\n",
		"77":     "soon\n/abs.toml\n",
		"78":     strconv.FormatInt(time.Now().Add(2*time.Hour).UnixNano(), 10) + "\nrelative.toml\n",
		"79.tmp": strconv.FormatInt(time.Now().Add(2*time.Hour).UnixNano(), 10) + "\n/tmp.toml\n",
	} {
		os.WriteFile(filepath.Join(playingDir(dir), name), []byte(body), 0o644)
	}
	os.Mkdir(filepath.Join(playingDir(dir), "80"), 0o755)
	if p, _ := Playing(dir); !SameFight(p, ours.Path) {
		t.Errorf("a file not a tracker's counts: %s", p)
	}

	// Ours is written again while the fight is open.
	mine := filepath.Join(playingDir(dir), strconv.Itoa(os.Getpid()))
	os.Chtimes(mine, old, old)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if info, err := os.Stat(mine); err == nil && time.Since(info.ModTime()) < PlayStale {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the tracker's file was not written again")
		}
	}
}
