package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"fray/saves"
	"fray/session"
)

// The README: fray creature add puts a creature in the GM's creature file,
// and "the add key and fray new --add know it at once". A tracker open
// while the creature is added, changed or taken out again lists it as the
// file then stands when its add key is pressed, without a restart; a
// creature file that does not load then is said in the dialog, and the
// creatures are listed as they were.
func TestAddKeyKnowsACreatureAddedWhileTheTrackerIsOpen(t *testing.T) {
	dir := gmTable(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	if code, _, errs := runCLI(t, "new", "Arena", "--rules", "brp"); code != 0 {
		t.Fatal(errs)
	}
	lib, probs := openContent()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	st := saves.NewStore(dir, lib.Tracker().Ruleset, time.Now)
	sess := &session.Session{}
	defer sess.Close()
	if code := openSave(st, sess, filepath.Join(dir, "arena.toml"), io.Discard); code != 0 {
		t.Fatal("the fight does not open")
	}
	m := tracker(lib, st, sess, false, nil)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	keys := func(ks ...string) string {
		t.Helper()
		for _, k := range ks {
			var cmd tea.Cmd
			m, cmd = m.Update(press(k))
			for cmd != nil {
				msg := cmd()
				if _, batch := msg.(tea.BatchMsg); batch {
					break // the save's own commands
				}
				m, cmd = m.Update(msg)
			}
		}
		return ansi.Strip(m.View().Content)
	}
	esc := func() { m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}) }
	file := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "fray", "creatures", "brp.toml")
	// rewrite puts new text in the creature file, a second later than the
	// last (a file system with coarse times tells the change by its time).
	rewrite := func(text string) {
		t.Helper()
		st, err := os.Stat(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		later := st.ModTime().Add(time.Second)
		os.Chtimes(file, later, later)
	}

	// Added, by another fray, after the tracker opened.
	code, out, errs := runCLI(t, "creature", "add", "Brawler hp=12 DEX=12 side=foes", "--rules", "brp")
	if code != 0 || !strings.Contains(out, "know it now") {
		t.Fatalf("fray creature add: %d %q %s", code, errs, out)
	}
	s := keys("a", "B", "r", "a")
	if !strings.Contains(s, "› Brawler  foes, 12 hp") {
		t.Fatalf("the add dialog does not list the creature added:\n%s", s)
	}
	keys("enter")
	enc := sess.Fight.Current()
	if n := len(enc.Combatants); n != 1 || enc.Combatants[0].Name != "Brawler" || enc.Combatants[0].HP != 12 {
		t.Fatalf("added from the list: %+v", enc.Combatants)
	}

	// Changed: the list says the creature as the file says it now.
	data, _ := os.ReadFile(file)
	rewrite(strings.Replace(string(data), "hp = 12", "hp = 15", 1))
	if s := keys("a", "B", "r", "a"); !strings.Contains(s, "Brawler  foes, 15 hp") {
		t.Errorf("the add dialog after the creature changed:\n%s", s)
	}
	esc()

	// Taken out: a name typed is then one made up here.
	rewrite("ruleset = \"brp\"\n\n[[creatures]]\nid = \"thug\"\nname = \"Thug\"\nhp = 9\n")
	if s := keys("a", "B", "r", "a"); strings.Contains(s, "Brawler  foes") || !strings.Contains(s, "new: Bra") {
		t.Errorf("the add dialog after the creature was taken out:\n%s", s)
	}
	esc()

	// A creature file that does not load: said, and the list stays.
	rewrite(string(data))
	keys("a")
	esc()
	rewrite(string(data) + "\n[[creatures]]\nid = \"ogre\"\nname = \"Ogre\"\nhp = \"lots\"\n")
	s = keys("a", "B", "r", "a")
	if !strings.Contains(s, "not read: creatures/brp.toml:") || !strings.Contains(s, "Brawler  foes, 12 hp") {
		t.Errorf("the add dialog with a creature file that does not load:\n%s", s)
	}
	esc()
	if s := keys("a", "O", "g"); !strings.Contains(s, "not read: creatures/brp.toml:") || !strings.Contains(s, "new: Og") {
		t.Errorf("the add dialog opened again with the file as bad:\n%s", s)
	}
	esc()

	// The creature added from the list is in the fight as saved.
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	if b := named(t, openedFight(t, filepath.Join(dir, "arena.toml")), "Brawler"); b.HP != 12 || b.Template != "brawler" {
		t.Errorf("the fight opened again: %+v", b)
	}
}
