package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// Files that are not what they seem, one row for each case issue 12 found:
// each must end in under a second, never panic, lose nothing (a file fray
// refuses is left byte for byte as it was), and say what is wrong, naming
// the file. Each row has a content folder and a saves folder of its own.
func TestHostileFiles(t *testing.T) {
	// hangAfter is long enough for any row on a loaded machine under the
	// race detector (a row takes a few milliseconds alone): what it catches
	// is a read that never returns, not a slow one.
	const hangAfter = 30 * time.Second
	for _, row := range hostileRows {
		t.Run(row.name, func(t *testing.T) {
			h := newHostile(t)
			done := make(chan any, 1)
			go func() {
				defer func() { done <- recover() }()
				row.run(h)
			}()
			select {
			case p := <-done:
				if p != nil {
					t.Fatalf("panic: %v", p)
				}
			case <-time.After(hangAfter):
				t.Fatalf("hung: no answer in %v", hangAfter)
			}
		})
	}
}

// hostile is a row's world: its folders, and fray's store and library.
type hostile struct {
	*testing.T
	cfg, data string // the content and saves folders
}

func newHostile(t *testing.T) *hostile {
	h := &hostile{T: t}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	h.cfg, h.data = content.UserDir(), saves.Dir()
	os.MkdirAll(h.cfg, 0o755)
	os.MkdirAll(h.data, 0o755)
	return h
}

func (h *hostile) shelf() session.Library {
	lib, _ := content.Load(h.cfg)
	return lib.Tracker()
}

func (h *hostile) store() *saves.Store {
	return saves.NewStore(h.data, h.shelf().Ruleset, time.Now)
}

// fight makes a fight of the ruleset with a few steps, saved and changed
// through its journal, and returns its session (open: the caller closes).
func (h *hostile) fight(ruleset, name string, steps int) *session.Session {
	h.Helper()
	st := h.store()
	rs, hash, ok := h.shelf().Ruleset(ruleset)
	if !ok {
		h.Fatalf("no ruleset %s", ruleset)
	}
	src := dice.NewSource(3)
	f := engine.NewFight(rs, engine.NewEncounter(name, rs), src)
	sv := &session.Saved{Name: name, Fight: f, Source: src, Hash: hash, Path: st.NewPath(name)}
	j, err := st.Create(sv.Path, sv.Snapshot(), false)
	if err != nil {
		h.Fatal(err)
	}
	sv.Journal = j
	sess := &session.Session{}
	sess.Open(sv)
	h.do(sess, engine.Add{Combatants: []engine.NewCombatant{{Name: "Gavvin", HP: 30, Side: "party"}, {Name: "Orc 1", HP: 20}, {Name: "Orc 2", HP: 20}}})
	h.do(sess, engine.Start{})
	for range steps {
		h.do(sess, engine.Next{})
	}
	return sess
}

// do makes a change and waits for it to be durable.
func (h *hostile) do(sess *session.Session, cmd engine.Command) {
	h.Helper()
	f := sess.Fight
	if _, err := f.Do(cmd); err != nil {
		h.Fatalf("%+v: %v", cmd, err)
	}
	if err := sess.Wait(sess.Record(session.OpDo, f.Done[len(f.Done)-1])); err != nil {
		h.Fatal(err)
	}
}

func (h *hostile) close(sess *session.Session) {
	h.Helper()
	if err := sess.Close(); err != nil {
		h.Fatal(err)
	}
}

// files reads every file in the saves folder, to check none changed.
func (h *hostile) files() map[string]string {
	out := map[string]string{}
	entries, _ := os.ReadDir(h.data)
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasSuffix(e.Name(), ".lock") && e.Name() != "fray.log" {
			b, _ := os.ReadFile(filepath.Join(h.data, e.Name()))
			out[e.Name()] = string(b)
		}
	}
	return out
}

func (h *hostile) unchanged(before map[string]string) {
	h.Helper()
	after := h.files()
	for name, b := range before {
		if after[name] != b {
			h.Errorf("%s was changed", name)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			h.Errorf("%s was written", name)
		}
	}
}

// cli runs fray with args.
func (h *hostile) cli(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	h.safe("stdout of fray "+strings.Join(args, " "), out.String())
	h.safe("stderr of fray "+strings.Join(args, " "), errb.String())
	return code, out.String(), errb.String()
}

// safe fails unless s would show as itself on a terminal.
func (h *hostile) safe(what, s string) {
	h.Helper()
	if r, at, bad := session.Unsafe(s); bad {
		h.Errorf("%s: %q at %d reaches the terminal raw:\n%q", what, r, at, s)
	}
}

// edit changes a save's text, checking that the edit took.
func (h *hostile) edit(path string, edit func(string) string) {
	h.Helper()
	b, _ := os.ReadFile(path)
	s := edit(string(b))
	if s == string(b) {
		h.Fatal("the edit changed nothing")
	}
	os.WriteFile(path, []byte(s), 0o644)
}

// refused checks that fray refuses the save at path, naming it and saying
// why (want), and changes nothing.
func (h *hostile) refused(path, want string) {
	h.Helper()
	before := h.files()
	_, err := h.store().Open(path)
	if err == nil || !strings.Contains(err.Error(), filepath.Base(path)) || !strings.Contains(err.Error(), want) {
		h.Fatalf("open: %v; want an error naming %s and saying %q", err, filepath.Base(path), want)
	}
	code, _, errs := h.cli(path)
	if code != 1 || !strings.Contains(errs, want) || !strings.Contains(errs, "not changed") {
		h.Errorf("fray FILE: %d\n%s", code, errs)
	}
	// The start screen offers to resume it: enter says what is wrong.
	m := h.startScreen(&session.Session{})
	m = drive(m, press("enter"))
	if screen := ansiRE.ReplaceAllString(m.View().Content, ""); !strings.Contains(screen, filepath.Base(path)) || !strings.Contains(screen, "Resume") {
		h.Errorf("the start screen does not say what is wrong:\n%s", screen)
	}
	h.unchanged(before)
}

// startScreen is fray's screen at 100x30, its saves listed.
func (h *hostile) startScreen(sess *session.Session) tea.Model {
	var m tea.Model = tui.New(h.shelf(), h.store(), sess, tui.Options{NoColor: true})
	m = drive(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	return drive(m, m.Init()().(tea.BatchMsg)[0]())
}

// drive feeds a message to the model, and what its commands answer, as the
// program would.
func drive(m tea.Model, msg tea.Msg) tea.Model {
	queue := []tea.Msg{msg}
	for len(queue) > 0 {
		var cmd tea.Cmd
		m, cmd = m.Update(queue[0])
		queue = queue[1:]
		if cmd == nil {
			continue
		}
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				if c != nil {
					queue = append(queue, c())
				}
			}
		case nil, tea.QuitMsg:
		default:
			queue = append(queue, msg)
		}
	}
	return m
}

func press(k string) tea.KeyPressMsg {
	if k == "enter" {
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	return tea.KeyPressMsg{Code: rune(k[0]), Text: k}
}

var ansiRE = regexp.MustCompile("\x1b\\[[0-9;:?]*[ -/]*[@-~]")

var rawSequences = regexp.MustCompile("\x1b\\]52|\x1b\\[2J|\u202e|\a")

var hostileRows = []struct {
	name string
	run  func(h *hostile)
}{
	{"a creature named with an escape sequence", func(h *hostile) {
		os.WriteFile(filepath.Join(h.cfg, "orcs.toml"), []byte("ruleset = \"pathmaster\"\n\n[[creatures]]\nid = \"evil\"\nname = \"Orc\\u001b]52;c;aGk=\\u0007\"\nhp = 9\n"), 0o644)
		code, _, errs := h.cli("check")
		if code != 1 || !strings.Contains(errs, "orcs.toml:5:8: creatures[0].name: the text has an escape (ESC)") {
			h.Errorf("fray check: %d\n%s", code, errs)
		}
		if code, out, errs := h.cli("rules"); code != 0 || !strings.Contains(out, "pathmaster") || !strings.Contains(errs, "orcs.toml") {
			h.Errorf("fray rules: %d\n%s%s", code, out, errs)
		}
	}},
	{"a note with control characters, saved and loaded back exactly", func(h *hostile) {
		note := "bell\a esc\x1b[2J cr\r bidi\u202e zw\u200b del\x7f nul\x00 \u009b31m end"
		sess := h.fight("pathmaster", "Notes", 2)
		h.do(sess, engine.Notes{Who: 2, Text: note})
		h.do(sess, engine.Rename{Who: 3, Name: "Orc\x1b[31m 2"})
		p := sess.Path
		h.close(sess)
		for _, f := range []string{p, p + ".journal"} {
			b, _ := os.ReadFile(f)
			h.safe(filepath.Base(f), string(b))
		}
		sv, err := h.store().Open(p)
		if err != nil {
			h.Fatal(err)
		}
		defer sv.Journal.Close()
		if got := sv.Fight.Current().Combatant(2).Notes; got != note {
			h.Errorf("the note came back as %q", got)
		}
		if len(sv.Notices) > 0 {
			h.Errorf("notices: %v", sv.Notices)
		}
	}},
	{"a house rule with Windows line endings in a multi-line summary", func(h *hostile) {
		src := "id = \"house\"\nname = \"House rules\"\n\n[order]\nkind = \"none\"\n\n[[conditions]]\nid = \"prone\"\nname = \"Prone\"\nsummary = \"\"\"\nOn the ground.\nStands up as an action.\"\"\"\n"
		os.WriteFile(filepath.Join(h.cfg, "house.toml"), []byte(strings.ReplaceAll(src, "\n", "\r\n")), 0o644)
		if code, out, errs := h.cli("check"); code != 0 {
			h.Fatalf("fray check: %d\n%s%s", code, out, errs)
		}
		sess := h.fight("house", "House", 0)
		h.do(sess, engine.GiveCondition{Who: 1, Condition: "prone"})
		p := sess.Path
		h.close(sess)
		sv, err := h.store().Open(p)
		if err != nil {
			h.Fatal(err)
		}
		defer sv.Journal.Close()
		if !sv.Fight.Current().Combatant(1).Has("prone") || len(sv.Notices) > 0 {
			h.Errorf("the fight came back otherwise: %v", sv.Notices)
		}
	}},
	{"a save named to set the clipboard, clear the screen and turn text around", func(h *hostile) {
		name := "Boss\x1b]52;c;aGk=\a\x1b[2J\u202elive"
		sess := h.fight("pathmaster", name, 1)
		h.do(sess, engine.Rename{Who: 1, Name: "Gav\x1b[2Jvin\u202e"})
		p := sess.Path
		h.close(sess)
		_, out, _ := h.cli("ls")
		if !strings.Contains(out, "Boss␛]52;c;aGk=␇␛[2J") {
			h.Errorf("fray ls:\n%s", out)
		}
		// The first paint, and the start screen's list.
		sv, err := h.store().Open(p)
		if err != nil {
			h.Fatal(err)
		}
		s := &session.Session{}
		s.Open(sv)
		defer s.Close()
		for _, opened := range []*session.Session{s, {}} {
			m := h.startScreen(opened)
			if v := m.View().Content; rawSequences.MatchString(v) || !strings.Contains(v, "Boss") {
				h.Errorf("the screen draws the name raw, or not at all:\n%q", v)
			}
		}
	}},
	{"a War & Combat fight saved at Morale, reopened after a house rule removed it", func(h *hostile) {
		sess := h.fight("war-and-combat", "Melee", 0)
		for i := 0; sess.Fight.Current().Phase != 4; i++ {
			if i > 40 {
				h.Fatal("no morale phase")
			}
			h.do(sess, engine.Next{})
		}
		p := sess.Path
		h.close(sess)
		shipped, err := os.ReadFile("content/rulesets/war-and-combat.toml")
		if err != nil {
			h.Fatal(err)
		}
		i := bytes.Index(shipped, []byte("[[phases]]\nid = \"morale\""))
		j := i + bytes.Index(shipped[i:], []byte("\n\n"))
		os.WriteFile(filepath.Join(h.cfg, "war-and-combat.toml"), append(bytes.Clone(shipped[:i]), shipped[j:]...), 0o644)
		h.refused(p, "put the old one back to open it")
	}},
	{"a repeated combatant id", func(h *hostile) {
		sess := h.fight("pathmaster", "Twins", 2)
		p := sess.Path
		h.close(sess)
		h.edit(p, func(s string) string { return strings.Replace(s, "\nid = 2\n", "\nid = 1\n", 1) })
		h.refused(p, "bad or repeated id 1")
	}},
	{"a bogus order", func(h *hostile) {
		sess := h.fight("pathmaster", "Order", 2)
		p := sess.Path
		h.close(sess)
		h.edit(p, func(s string) string {
			cur := strings.Index(s, "\n[current]\n")
			return s[:cur] + strings.Replace(s[cur:], "[[current.entries]]\nwho = 1\n", "[[current.entries]]\nwho = 7\n", 1)
		})
		h.refused(p, "the order names combatant #7")
	}},
	{"a save's ruleset switched to another", func(h *hostile) {
		sess := h.fight("pathmaster", "Switched", 2)
		p := sess.Path
		h.close(sess)
		h.edit(p, func(s string) string {
			return strings.ReplaceAll(s, `ruleset = "pathmaster"`, `ruleset = "war-and-combat"`)
		})
		h.refused(p, `does not fit ruleset "war-and-combat"`)
	}},
	{"Save as onto another fight's file", func(h *hostile) {
		a, b := h.fight("pathmaster", "A", 1), h.fight("brp", "B", 3)
		bPath := b.Path
		h.do(b, engine.Notes{Who: 1, Text: "only in B's journal"})
		b.Fight.Current()
		h.close(b)
		before := h.files()
		st := h.store()
		if _, err := st.Create(bPath, a.Saved().Snapshot(), false); !errors.Is(err, session.ErrExists) {
			h.Fatalf("Save as onto B without asking: %v", err)
		}
		h.unchanged(before)
		j, err := st.Create(bPath, a.Saved().Snapshot(), true) // the GM said yes
		if err != nil {
			h.Fatal(err)
		}
		j.Close()
		bak, err := h.store().Open(bPath + ".bak")
		if err != nil || bak.Fight.Current().Combatant(1).Notes != "only in B's journal" {
			h.Fatalf("B is not whole in its backup: %v", err)
		}
		bak.Journal.Close()
		h.close(a)
	}},
	{"a pipe named like a content file", func(h *hostile) {
		mkfifo(h.T, filepath.Join(h.cfg, "pipe.toml"))
		if code, _, errs := h.cli("check"); code != 1 || !strings.Contains(errs, "pipe.toml:1:1: not a regular file") {
			h.Errorf("fray check: %d\n%s", code, errs)
		}
		if code, _, errs := h.cli("check", filepath.Join(h.cfg, "pipe.toml")); code != 1 || !strings.Contains(errs, "pipe.toml:1:1: not a regular file") {
			h.Errorf("fray check FILE: %d\n%s", code, errs)
		}
		if code, out, errs := h.cli("rules"); code != 0 || !strings.Contains(out, "brp") || !strings.Contains(errs, "pipe.toml") {
			h.Errorf("fray rules: %d\n%s%s", code, out, errs)
		}
	}},
	{"a pipe named like a save", func(h *hostile) {
		mkfifo(h.T, filepath.Join(h.data, "pipe.toml"))
		if code, out, _ := h.cli("ls"); code != 0 || !strings.Contains(out, "pipe.toml (not a regular file") {
			h.Errorf("fray ls: %d\n%s", code, out)
		}
		p := filepath.Join(h.data, "pipe.toml")
		if code, _, errs := h.cli(p); code != 1 || !strings.Contains(errs, "pipe.toml: not a regular file") {
			h.Errorf("fray PIPE: %d\n%s", code, errs)
		}
		saves.Clean(h.data) // what fray does as it starts
	}},
	{"a link to /dev/zero named like a save", func(h *hostile) {
		os.Symlink("/dev/zero", filepath.Join(h.data, "zero.toml"))
		if code, out, _ := h.cli("ls"); code != 0 || !strings.Contains(out, "zero.toml (not a regular file") {
			h.Errorf("fray ls: %d\n%s", code, out)
		}
		if code, _, errs := h.cli(filepath.Join(h.data, "zero.toml")); code != 1 || !strings.Contains(errs, "zero.toml: not a regular file") {
			h.Errorf("fray ZERO: %d\n%s", code, errs)
		}
	}},
	{"a save that is a symbolic link", func(h *hostile) {
		sess := h.fight("energy", "Linked", 1)
		target := sess.Path
		h.close(sess)
		link := filepath.Join(h.TempDir(), "link.toml")
		if err := os.Symlink(target, link); err != nil {
			h.Fatal(err)
		}
		sv, err := h.store().Open(link)
		if err != nil {
			h.Fatal(err)
		}
		s := &session.Session{}
		s.Open(sv)
		h.do(s, engine.Notes{Who: 1, Text: "through the link"})
		h.close(s)
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			h.Fatal("the link became a plain file")
		}
		back, err := h.store().Open(target)
		if err != nil || back.Fight.Current().Combatant(1).Notes != "through the link" {
			h.Fatalf("the change is not in the file linked to: %v", err)
		}
		back.Journal.Close()
	}},
	{"a backup opened while another fray has the fight", func(h *hostile) {
		sess := h.fight("pathmaster", "Shared", 1)
		h.close(sess)
		first, err := h.store().Open(sess.Path) // the first fray
		if err != nil {
			h.Fatal(err)
		}
		defer first.Journal.Close()
		second, err := h.store().Open(sess.Path + ".bak")
		if err != nil || !second.ReadOnly || second.Journal != nil {
			h.Fatalf("the backup of a fight open in another fray: %v, read-only %v", err, second != nil && second.ReadOnly)
		}
	}},
	{"a read-only fray never says saved", func(h *hostile) {
		sess := h.fight("pathmaster", "Watched", 1)
		defer h.close(sess)
		sv, err := h.store().Open(sess.Path)
		if err != nil || !sv.ReadOnly {
			h.Fatalf("second open: %v", err)
		}
		s := &session.Session{}
		s.Open(sv)
		if n := s.Record(session.OpDo, engine.Step{}); n != 0 {
			h.Error("a read-only fray recorded a change")
		}
		if msg := farewell(s, s.Close()); strings.Contains(msg, "saved "+sess.Path) || !strings.Contains(msg, "nothing was saved") {
			h.Errorf("fray says: %s", msg)
		}
		if msg := farewell(sess, nil); msg != "fray: saved "+sess.Path {
			h.Errorf("the writing fray says: %s", msg)
		}
	}},
	{"a fight played on from its backup", func(h *hostile) {
		sess := h.fight("pathmaster", "Broken", 1)
		h.close(sess)
		sv, _ := h.store().Open(sess.Path) // a second session: the first save is the backup now
		s := &session.Session{}
		s.Open(sv)
		h.do(s, engine.Next{})
		h.close(s)
		os.WriteFile(sess.Path, []byte("schema = 3\n\x00\x00"), 0o644)
		code, _, errs := h.cli(sess.Path)
		if code != 1 || !strings.Contains(errs, "fray "+sess.Path+".bak") {
			h.Fatalf("fray BROKEN does not offer the backup: %d\n%s", code, errs)
		}
		bak, err := h.store().Open(sess.Path + ".bak")
		if err != nil || bak.Path == sess.Path+".bak" {
			h.Fatalf("the backup: %v", err)
		}
		s = &session.Session{}
		s.Open(bak)
		h.do(s, engine.Next{})
		h.close(s)
		_, out, _ := h.cli("ls")
		if !strings.Contains(out, filepath.Base(bak.Path)) || !strings.Contains(out, "broken.toml (not a readable save") && !strings.Contains(out, "broken.toml (not a fray save") {
			h.Errorf("fray ls does not list the fight played on, and the broken one:\n%s", out)
		}
	}},
	{"temp files of killed saves", func(h *hostile) {
		kept := h.fight("pathmaster", "Open elsewhere", 1) // another fray has it: its temp files are its own
		defer h.close(kept)
		dead := h.fight("pathmaster", "Killed", 1)
		h.close(dead)
		var theirs, ours []string
		for _, f := range []string{".%s.tmp-123", ".%s.journal.tmp-456", ".%s.bak.tmp"} {
			ours = append(ours, filepath.Join(h.data, fmt.Sprintf(f, filepath.Base(dead.Path))))
			theirs = append(theirs, filepath.Join(h.data, fmt.Sprintf(f, filepath.Base(kept.Path))))
		}
		for _, f := range append(ours, theirs...) {
			os.WriteFile(f, []byte("half a save"), 0o644)
		}
		saves.Clean(h.data) // what fray does as it starts
		for _, f := range ours {
			if _, err := os.Stat(f); err == nil {
				h.Errorf("%s is left", filepath.Base(f))
			}
		}
		for _, f := range theirs {
			if _, err := os.Stat(f); err != nil {
				h.Errorf("%s, another fray's, was removed", filepath.Base(f))
			}
		}
	}},
	{"a journal cut short by a kill, and one damaged", func(h *hostile) {
		// The crash test kills fray itself; here the files are cut and
		// damaged by hand after a clean quit.
		sess := h.fight("pathmaster", "Killed", 4)
		p := sess.Path
		h.close(sess)
		want := *sess.Fight.Current()
		j, _ := os.ReadFile(p + ".journal")
		os.WriteFile(p+".journal", append(j, "99 0123"...), 0o644) // a line cut short
		back, err := h.store().Open(p)
		if err != nil || !strings.Contains(strings.Join(back.Notices, ""), "killed.toml.journal was cut short by a crash") || !sameState(back.Fight.Current(), &want) {
			h.Fatalf("cut short: %v %v", err, back.Notices)
		}
		back.Journal.Close()
		j, _ = os.ReadFile(p + ".journal")
		j[bytes.LastIndex(j, []byte("{"))+3] ^= 1 // a flipped byte in the last line
		os.WriteFile(p+".journal", j, 0o644)
		back, err = h.store().Open(p)
		notices := strings.Join(back.Notices, "")
		if err != nil || !strings.Contains(notices, "killed.toml.journal:") || !strings.Contains(notices, "nothing is lost") || !sameState(back.Fight.Current(), &want) {
			h.Fatalf("damaged: %v %v", err, back.Notices)
		}
		back.Journal.Close()
	}},
}

func sameState(a, b *engine.Encounter) bool {
	return a.Round == b.Round && a.Phase == b.Phase && a.Cur == b.Cur && len(a.Combatants) == len(b.Combatants)
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}
