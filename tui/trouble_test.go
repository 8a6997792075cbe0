package tui

import (
	"io/fs"
	"strings"
	"syscall"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/session"
)

// diskFull is the trouble of a journal on a full disk.
func diskFull(saved bool) *session.Trouble {
	what := "appending to the journal"
	if saved {
		what = "writing a snapshot"
	}
	return &session.Trouble{What: what, Err: &fs.PathError{Op: "write", Path: "/saves/x.toml.journal", Err: syscall.ENOSPC}, Saved: saved}
}

// header is the tracker's top line.
func header(m Model) string { return strings.SplitN(screenText(m), "\n", 2)[0] }

// status is the tracker's status line.
func status(m Model) string {
	lines := strings.Split(screenText(m), "\n")
	return lines[len(lines)-2]
}

// While the journal's writes fail, the header says what fails and that
// fray retries, the status line how to save elsewhere meanwhile (for as
// long as it lasts, not only until the next key), and quitting asks first.
// Once a write succeeds, all of it goes.
func TestTheScreenSaysWhenWritesFail(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = run(m, tea.WindowSizeMsg{Width: 120, Height: 30})
	trouble := func(m Model, tr *session.Trouble, gen int) Model {
		next, _ := m.Update(troubleMsg{gen: gen, t: tr, open: true}) // its next wait is not run
		return next.(Model)
	}
	m = trouble(m, diskFull(false), m.troubleGen)
	if h := header(m); !strings.Contains(h, "[not saved: disk full, retrying]") {
		t.Errorf("header: %s", h)
	}
	for range 2 {
		if s := status(m); !strings.Contains(s, "not saved: appending to the journal failed (no space left on device); fray keeps every change and retries") {
			t.Errorf("status: %s", s)
		}
		if !strings.Contains(m.troubleText(), "ctrl+s saves a copy elsewhere (type a path on another disk)") {
			t.Errorf("the status does not say how to save elsewhere: %s", m.troubleText())
		}
		m, _ = keys(m, "n") // a key: the status line says it still
	}
	// q asks first; n keeps the fight open.
	m, quit := keys(m, "q")
	if c, ok := m.dlg.(*confirm); quit || !ok || !strings.Contains(c.question, "change(s) are not saved: appending to the journal failed") {
		t.Fatalf("q quit at once (%v), or asked %T", quit, m.dlg)
	}
	m, quit = keys(m, "n")
	if quit || m.dlg != nil {
		t.Fatal("n did not keep the fight open")
	}
	// Word of an earlier fight's journal changes nothing.
	m = trouble(m, nil, m.troubleGen-1)
	if !strings.Contains(header(m), "[not saved") {
		t.Error("an earlier fight's journal cleared the trouble")
	}
	// Only a snapshot fails: every change is saved, and q quits.
	m = trouble(m, diskFull(true), m.troubleGen)
	if h := header(m); !strings.Contains(h, "[snapshot: disk full, retrying]") || strings.Contains(h, "not saved") {
		t.Errorf("header: %s", h)
	}
	if s := status(m); !strings.Contains(s, "every change is saved in the journal; writing a snapshot failed") {
		t.Errorf("status: %s", s)
	}
	m = trouble(m, diskFull(false), m.troubleGen)
	m = trouble(m, nil, m.troubleGen)
	if h := header(m); strings.Contains(h, "[") {
		t.Errorf("header once written: %s", h)
	}
	if _, quit := keys(m, "q"); !quit {
		t.Error("q does not quit once every change is saved")
	}
	// The fight's journal closed: the trouble is over with it.
	m = trouble(m, diskFull(false), m.troubleGen)
	next, _ := m.Update(troubleMsg{gen: m.troubleGen, open: false})
	if m = next.(Model); m.trouble != nil {
		t.Error("a closed journal's trouble stays")
	}
}

// A fight whose lock cannot be taken is read-only, and says why: it said
// another fray had it open.
func TestReadOnlySaysWhy(t *testing.T) {
	_, _, played := demo(t)
	sess := &session.Session{}
	sess.Open(&session.Saved{Name: "Locked", Fight: played.Fight, Source: played.Source, Path: "x.toml", ReadOnly: true, ReadOnlyWhy: "cannot take its lock (permission denied)"})
	m := New(shippedLib, newMemStore(), sess, Options{NoColor: true})
	m, _ = run(m, tea.WindowSizeMsg{Width: 120, Height: 30})
	if s := status(m); !strings.Contains(s, "read-only: cannot take its lock (permission denied)") || strings.Contains(s, "another fray") {
		t.Errorf("status: %s", s)
	}
	m, _ = keys(m, "n")
	if s := status(m); !strings.Contains(s, "read-only: cannot take its lock (permission denied)") {
		t.Errorf("a change refused: %s", s)
	}
}

// offerErr is a save that does not open whose backup does.
type offerErr struct{ msg, bak string }

func (e offerErr) Error() string  { return e.msg }
func (e offerErr) Backup() string { return e.bak }

// A save that does not open, whose backup does: the screen offers the
// backup, and y opens it.
func TestTheBackupIsOffered(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = run(m, openedMsg{err: offerErr{"/saves/x.toml:3:1: not a readable save; its backup /saves/x.toml.bak opens", "/saves/x.toml.bak"}})
	c, ok := m.dlg.(*confirm)
	if !ok || !strings.Contains(c.question, "x.toml:3:1: not a readable save; its backup x.toml.bak opens. Open the backup?") {
		t.Fatalf("dialog %T %+v", m.dlg, m.dlg)
	}
	m, _ = keys(m, "y")
	if !strings.Contains(m.status.text, "/saves/x.toml.bak: no such fight") {
		t.Errorf("y did not open the backup: %s", m.status.text)
	}
}

// The start screen offers the changes a journal kept aside holds, and
// lists a backup whose save is gone as a backup.
func TestStartScreenOffersWhatWasKept(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = run(m, listedMsg{saves: []session.SaveInfo{
		{Path: "/saves/b.toml.bak", Name: "Bridge", Ruleset: "brp", Round: 2, Backup: true},
		{Path: "/saves/a.toml", Name: "Ambush", Ruleset: "pathmaster", Round: 3, Kept: []string{"/saves/a.toml.journal.kept-20300101-200000.000"}},
	}})
	screen := screenText(m)
	for _, want := range []string{"Resume Ambush", "Recover changes kept aside: Ambush  a.toml.journal.kept-20300101-200000.000", "Bridge (backup only)         b.toml.bak, its save gone: brp, round 2"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the start screen lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "Resume Bridge") {
		t.Error("a backup is offered to resume")
	}
	m, _ = keys(m, "down", "enter")
	if !strings.Contains(m.status.text, "a.toml.journal.kept-20300101-200000.000: nothing kept aside in memory") {
		t.Errorf("enter did not recover: %s", m.status.text)
	}
}
