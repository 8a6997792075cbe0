package tui

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/narrate"
	"fray/session"
)

// shippedLib is the shipped content, as fray shows it to the model.
var shippedLib = func() session.Library {
	l, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		panic(fmt.Sprint(probs))
	}
	return l.Tracker()
}()

// memStore keeps snapshots in memory and rebuilds fights from them; its
// journals apply each change to the snapshot as it is appended, so what it
// holds is always the fight as the screen has it.
type memStore struct {
	mu     sync.Mutex
	saved  map[string]session.Snapshot
	locks  map[string]bool
	kept   map[string]session.Snapshot // archived
	saves  int
	failOn string // a path whose changes fail to save
	// closeGate, when set, holds each journal's Close until it is closed:
	// a journal slow to let its fight go (its last snapshot).
	closeGate chan struct{}
}

func newMemStore() *memStore {
	return &memStore{saved: map[string]session.Snapshot{}, locks: map[string]bool{}, kept: map[string]session.Snapshot{}}
}

func (s *memStore) List() ([]session.SaveInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []session.SaveInfo
	for p, snap := range s.saved {
		out = append(out, session.SaveInfo{Path: p, Name: snap.Name, Ruleset: snap.Rules.ID, Round: snap.Current.Round})
	}
	slices.SortFunc(out, func(a, b session.SaveInfo) int { return strings.Compare(a.Path, b.Path) }) // a map has no order; tests need one
	return out, nil
}

func (s *memStore) Open(path string) (*session.Saved, error) {
	s.mu.Lock()
	snap, ok := s.saved[path]
	locked := s.locks[path]
	if ok && !locked {
		s.locks[path] = true
	}
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%s: no such fight", path)
	}
	src := dice.NewSource(0)
	src.SetState(snap.RNG)
	f, err := engine.Restore(snap.Rules, snap.Base, snap.Done, snap.Undone, src)
	if err != nil {
		return nil, err
	}
	sv := &session.Saved{Name: snap.Name, Fight: f, Source: src, Hash: snap.Hash, Path: path, ReadOnly: locked}
	if !locked {
		sv.Journal = &memJournal{st: s, path: path}
	}
	return sv, nil
}

func (s *memStore) Create(path string, snap session.Snapshot, replace bool) (session.Journal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locks[path] {
		return nil, session.ErrLocked
	}
	if _, ok := s.saved[path]; ok && !replace {
		return nil, session.ErrExists
	}
	s.locks[path] = true
	s.saved[path] = snap
	s.saves++
	return &memJournal{st: s, path: path}, nil
}

func (s *memStore) Recover(kept string) (*session.Saved, error) {
	return nil, fmt.Errorf("%s: nothing kept aside in memory", kept)
}

func (s *memStore) NewPath(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := strings.ToLower(strings.ReplaceAll(name, " ", "-")) + ".toml"
	for n := 2; ; n++ {
		if _, ok := s.saved[p]; !ok && !s.locks[p] {
			return p
		}
		p = fmt.Sprintf("%s-%d.toml", strings.ToLower(strings.ReplaceAll(name, " ", "-")), n)
	}
}

// memJournal applies each change to its store's snapshot as it comes.
type memJournal struct {
	st     *memStore
	path   string
	n      int
	err    error
	closed bool
}

func (j *memJournal) Append(c session.Change) int {
	s := j.st
	s.mu.Lock()
	defer s.mu.Unlock()
	if j.closed {
		panic("a change appended to a closed journal")
	}
	j.n++
	if j.path == s.failOn {
		j.err = errors.New("disk full")
	}
	if j.err != nil {
		return j.n
	}
	snap := s.saved[j.path]
	done, undone := slices.Clone(snap.Done), slices.Clone(snap.Undone)
	switch c.Op {
	case session.OpDo:
		done, undone = append(done, c.Step), nil
	case session.OpUndo:
		undone, done = append(undone, done[len(done)-1]), done[:len(done)-1]
	case session.OpRedo:
		undone, done = undone[:len(undone)-1], append(done, c.Step)
	}
	snap.Done, snap.Undone, snap.Current, snap.RNG = done, undone, c.State, c.RNG
	s.saved[j.path] = snap
	s.saves++
	return j.n
}

func (j *memJournal) Wait(n int) error {
	j.st.mu.Lock()
	defer j.st.mu.Unlock()
	return j.err
}

// Trouble says the journal is closed: a test that wants trouble sends the
// message itself (the tests run commands one after another, and a Trouble
// that waited would wait for ever).
func (j *memJournal) Trouble(*session.Trouble) (*session.Trouble, bool) { return nil, false }

func (j *memJournal) Close() error {
	if g := j.st.closeGate; g != nil {
		<-g
	}
	j.st.mu.Lock()
	defer j.st.mu.Unlock()
	if !j.closed {
		j.closed = true
		delete(j.st.locks, j.path)
	}
	return nil
}

// press turns "n", "enter", "ctrl+s", "up" into a key message.
func press(k string) tea.KeyPressMsg {
	special := map[string]rune{"enter": tea.KeyEnter, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
		"space": tea.KeySpace, "tab": tea.KeyTab, "backspace": tea.KeyBackspace, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
		"left": tea.KeyLeft, "right": tea.KeyRight, "home": tea.KeyHome, "end": tea.KeyEnd, "delete": tea.KeyDelete}
	if c, ok := special[k]; ok {
		msg := tea.KeyPressMsg{Code: c}
		if k == "space" {
			msg.Text = " "
		}
		return msg
	}
	if r, ok := strings.CutPrefix(k, "ctrl+"); ok {
		return tea.KeyPressMsg{Code: rune(r[0]), Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	msg := tea.KeyPressMsg{Code: r, Text: k}
	if r >= 'A' && r <= 'Z' {
		msg.Code, msg.ShiftedCode, msg.Mod = r+32, r, tea.ModShift
	}
	return msg
}

// run feeds a message and every message its commands produce, like the
// program would, until nothing is left. It reports whether the model quit.
func run(m Model, msg tea.Msg) (Model, bool) {
	queue := []tea.Msg{msg}
	quit := false
	for len(queue) > 0 && len(queue) < 1000 {
		next, cmd := m.Update(queue[0])
		m = next.(Model)
		queue = queue[1:]
		queue = append(queue, exec(cmd, &quit)...)
	}
	return m, quit
}

func exec(cmd tea.Cmd, quit *bool) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	switch msg := msg.(type) {
	case tea.QuitMsg:
		*quit = true
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, exec(c, quit)...)
		}
		return out
	case nil:
		return nil
	}
	if strings.HasPrefix(fmt.Sprintf("%T", msg), "tea.") {
		return nil // terminal queries have no answer here
	}
	return []tea.Msg{msg}
}

// keys types a sequence: words of several letters are typed letter by letter
// when they are not a named key.
func keys(m Model, ks ...string) (Model, bool) {
	quit := false
	for _, k := range ks {
		if _, named := map[string]bool{"enter": true, "esc": true, "up": true, "down": true, "space": true, "pgup": true, "pgdown": true, "backspace": true, "left": true, "right": true, "tab": true, "home": true, "end": true, "delete": true}[k]; named || strings.HasPrefix(k, "ctrl+") || len([]rune(k)) == 1 {
			var q bool
			m, q = run(m, press(k))
			quit = quit || q
			continue
		}
		for _, r := range k {
			m, _ = run(m, press(string(r)))
		}
	}
	return m, quit
}

func newModel(t testing.TB) (Model, *memStore, *session.Session) {
	t.Helper()
	st := newMemStore()
	sess := &session.Session{}
	m := New(shippedLib, st, sess, Options{Seed: func() uint64 { return 42 }, NoColor: true})
	m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = run(m, listedMsg{})
	return m, st, sess
}

// demo opens the demo fight from the start screen.
func demo(t testing.TB) (Model, *memStore, *session.Session) {
	m, st, sess := newModel(t)
	m, _ = keys(m, "enter") // the cursor starts on the demo when there is nothing to resume
	if m.screen != screenTracker || sess.Fight == nil {
		t.Fatalf("demo did not open: screen %d, status %q", m.screen, m.status.text)
	}
	return m, st, sess
}

var ansiRE = regexp.MustCompile("\x1b\\[[0-9;:?]*[ -/]*[@-~]")

func screenText(m Model) string { return ansiRE.ReplaceAllString(m.View().Content, "") }

func actorName(m Model) string {
	if a := m.fight().Current().Actor(); a != nil {
		return a.Name
	}
	return "-"
}

func combatant(m Model, name string) *engine.Combatant {
	for i, c := range m.fight().Current().Combatants {
		if c.Name == name {
			return m.fight().Current().Combatants[i]
		}
	}
	return nil
}

func TestDemoOpensAPlayableFight(t *testing.T) {
	m, st, sess := demo(t)
	enc := m.fight().Current()
	if enc.Status != engine.StatusRunning || len(enc.Combatants) != 4 || enc.Round != 1 {
		t.Fatalf("demo: %s, %d combatants, round %d", enc.Status, len(enc.Combatants), enc.Round)
	}
	if m.order.sel != enc.Actor().ID {
		t.Error("the actor is not selected")
	}
	if st.saves == 0 || st.saved[sess.Path].Current.Round != 1 {
		t.Error("the demo was not saved")
	}
	s := screenText(m)
	for _, want := range []string{"Demo: Gavvin and the orcs", "Pathmaster", "Round 1", "Gavvin", "Orc 3", "initiative: 2d10 + QU: ["} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
}

func TestSaveAsAndQuit(t *testing.T) {
	m, st, sess := demo(t)
	old := sess.Path
	m, _ = keys(m, "ctrl+s", "ctrl+u", "Copy", "enter")
	if sess.Path == old || sess.Path != "copy.toml" || sess.Name != "Copy" {
		t.Fatalf("save as: %s %s", sess.Path, sess.Name)
	}
	if snap, ok := st.saved["copy.toml"]; !ok || snap.Name != "Copy" {
		t.Fatal("the copy was not saved")
	}
	m, _ = keys(m, "n")
	if st.saved["copy.toml"].Current.Cur != sess.Fight.Current().Cur {
		t.Error("the step was not saved")
	}
	sess.Close() // what fray does as the program ends: the old journal has closed too
	if st.locks[old] || st.locks["copy.toml"] {
		t.Error("a fight is still locked")
	}
	if _, quit := keys(m, "q"); !quit {
		t.Errorf("q does not quit")
	}
	if _, quit := keys(m, "ctrl+c"); !quit {
		t.Error("ctrl+c does not quit")
	}
}

// Save as onto a fight saved already asks first; no means nothing changes.
func TestSaveAsOntoAFightAsks(t *testing.T) {
	m, st, sess := demo(t)
	other := st.saved[sess.Path]
	other.Name = "Other"
	st.saved["./other.toml"] = other
	first := sess.Path
	m, _ = keys(m, "n", "ctrl+s", "ctrl+u", "./other.toml", "enter")
	if sess.Path != first {
		t.Fatalf("Save as went to %s without asking", sess.Path)
	}
	_, ok := m.dlg.(*confirm)
	if !ok || !strings.Contains(screenText(m), "replace it?") {
		t.Fatalf("no question asked: %T\n%s", m.dlg, screenText(m))
	}
	m, _ = keys(m, "n")
	if st.saved["./other.toml"].Name != "Other" || sess.Path != first {
		t.Fatal("no replaced the fight anyway")
	}
	m, _ = keys(m, "ctrl+s", "ctrl+u", "./other.toml", "enter", "y")
	if sess.Path != "./other.toml" || st.saved["./other.toml"].Name != "other" {
		t.Fatalf("yes did not save there: %s %+v", sess.Path, st.saved["./other.toml"].Name)
	}
}

func TestErrorsShowAndClear(t *testing.T) {
	m, st, sess := demo(t)
	st.failOn = sess.Path
	m, _ = keys(m, "n")
	if !m.status.err || !strings.Contains(m.status.text, "not saved: disk full") || !strings.Contains(screenText(m), "[not saved]") {
		t.Fatalf("a failed save is not shown: %q", m.status.text)
	}
	m, _ = keys(m, "j")
	if m.status.text != "" {
		t.Errorf("status not cleared by the next key: %q", m.status.text)
	}
}

func TestReadOnlyRefusesChanges(t *testing.T) {
	_, st, sess := demo(t)
	// A second tracker opens the same fight: it is locked, so read-only.
	m2 := New(shippedLib, st, &session.Session{}, Options{NoColor: true})
	m2, _ = run(m2, tea.WindowSizeMsg{Width: 80, Height: 24})
	m2, _ = run(m2, m2.openCmd(sess.Path)())
	if !m2.sess.ReadOnly || !strings.Contains(screenText(m2), "[read-only]") {
		t.Fatalf("second open not read-only: %q", m2.status.text)
	}
	before := m2.fight().Current().Cur
	m2, _ = keys(m2, "n")
	if m2.fight().Current().Cur != before || !strings.Contains(m2.status.text, "read-only") {
		t.Error("a read-only fight stepped")
	}
}

// A fight left and opened again at once is this fray's to write: the
// journal that let it go, closing in the background (its last snapshot),
// has given up its lock first, or the fight would open read-only, as one
// another fray holds.
func TestAFightLeftAndOpenedAgainAtOnceIsWritable(t *testing.T) {
	m, st, sess := demo(t)
	first := sess.Path
	gate := make(chan struct{})
	st.closeGate = gate
	m, _ = keys(m, "ctrl+s", "ctrl+u", "./other.toml", "enter") // save as: the demo is left
	if sess.Path != "./other.toml" {
		t.Fatalf("saved as %s", sess.Path)
	}
	go func() {
		time.Sleep(50 * time.Millisecond) // the last snapshot takes a while
		close(gate)
	}()
	m, _ = run(m, m.openCmd(first)())
	if sess.Path != first || sess.ReadOnly {
		t.Fatalf("opened again: %s, read-only %v (%s)", sess.Path, sess.ReadOnly, sess.ReadOnlyWhy)
	}
}

func TestResizeKeepsState(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "n", "j")
	cur, sel := m.fight().Current().Cur, m.order.sel
	for _, sz := range [][2]int{{40, 10}, {200, 60}, {80, 24}, {1, 1}, {80, 24}} {
		m, _ = run(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		lines := strings.Split(m.View().Content, "\n")
		if len(lines) != sz[1] {
			t.Errorf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
	}
	if m.fight().Current().Cur != cur || m.order.sel != sel {
		t.Error("resizing lost state")
	}
}

// A change is drawn at once and marked unsaved until its journal has made
// it durable; a signal's QuitMsg quits at once (fray closes the journal
// once the program has ended).
func TestUnsavedUntilDurable(t *testing.T) {
	m, _, _ := demo(t)
	next, cmd := m.Update(press("n"))
	m = next.(Model)
	if !strings.Contains(screenText(m), "[saving]") || cmd == nil {
		t.Fatalf("a change not yet durable is not marked:\n%s", screenText(m))
	}
	var quit bool
	for _, msg := range exec(cmd, &quit) {
		m, _ = run(m, msg)
	}
	if strings.Contains(screenText(m), "[saving]") {
		t.Fatalf("a durable change is still marked:\n%s", screenText(m))
	}
	if _, cmd := m.Update(QuitMsg{}); cmd == nil || cmd() != tea.Quit() {
		t.Fatal("QuitMsg does not quit")
	}
}

// fray demo: the fight and its save are there before the first frame.
func TestDemoOption(t *testing.T) {
	st := newMemStore()
	sess := &session.Session{}
	m := New(shippedLib, st, sess, Options{Seed: func() uint64 { return 42 }, NoColor: true, Demo: true})
	if m.screen != screenTracker || sess.Fight == nil || len(sess.Fight.Current().Combatants) != 4 {
		t.Fatalf("no demo before the first frame: screen %d, status %q", m.screen, m.status.text)
	}
	if !strings.Contains(screenText(m), "Round 1") {
		t.Errorf("first frame:\n%s", screenText(m))
	}
	if _, ok := st.saved[sess.Path]; !ok {
		t.Error("the demo was not saved before the first frame")
	}
}

// TestModeRoutesKeys: the mode decides who gets a key, and the help bar
// shows that mode's keys. In a dialog, q is text, not quit.
func TestModeRoutesKeys(t *testing.T) {
	m, _, _ := newModel(t)
	helpBar := func(m Model) string {
		lines := strings.Split(screenText(m), "\n")
		return lines[len(lines)-1]
	}
	step := func(m Model, want mode, bar string) {
		t.Helper()
		if m.mode() != want {
			t.Fatalf("mode %d, want %d", m.mode(), want)
		}
		if !strings.Contains(helpBar(m), bar) {
			t.Errorf("mode %d: help bar %q lacks %q", want, helpBar(m), bar)
		}
	}
	step(m, modeStart, "↑ up")
	m, _ = keys(m, "?")
	step(m, modeDialog, "esc cancel")
	m, _ = keys(m, "x")
	step(m, modeStart, "↑ up")
	m, _ = keys(m, "enter") // the demo
	step(m, modeTracker, "n/space next step")
	m, _ = keys(m, "d")
	step(m, modeDialog, "esc cancel")
	m, quit := keys(m, "q")
	if p, ok := m.dlg.(*prompt); quit || !ok || p.input.Value() != "q" {
		t.Fatalf("q in a prompt: quit %v, dialog %T", quit, m.dlg)
	}
	m, _ = keys(m, "esc")
	step(m, modeTracker, "n/space next step")
}

// A fight opened from a long save comes with its history not yet replayed
// (engine.Resume): the screen replays it a stretch at a time between keys,
// and says so when it does not replay, rather than when undo finds out.
func TestHistoryReplaysBetweenKeys(t *testing.T) {
	for _, broken := range []bool{false, true} {
		_, _, played := demo(t)
		for range 3 * replayStretch / 2 {
			played.Fight.Do(engine.Next{})
		}
		f := played.Fight
		done := slices.Clone(f.Done)
		if broken {
			done[5].Faces = []int{99}
		}
		src := dice.NewSource(1)
		resumed := engine.Resume(f.Rules, f.Base, done, *f.Current(), nil, src)
		sess := &session.Session{}
		sess.Open(&session.Saved{Name: "Long", Fight: resumed, Source: src, Path: "long.toml", Journal: nopJournal{}})
		m := New(shippedLib, newMemStore(), sess, Options{NoColor: true})
		m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
		steps := 0
		for msg := m.Init()(); ; {
			var cmd tea.Cmd
			if batch, ok := msg.(tea.BatchMsg); ok {
				msg = batch[len(batch)-1]()
			}
			if _, ok := msg.(replayMsg); !ok {
				break
			}
			var next tea.Model
			next, cmd = m.Update(msg)
			m = next.(Model)
			steps++
			if cmd == nil {
				break
			}
			msg = cmd()
		}
		if more, _ := resumed.Replay(0); more || steps != 2 && !broken {
			t.Fatalf("broken %v: %d replays, more %v", broken, steps, more)
		}
		if got := strings.Contains(m.status.text, "undo stops where the fight was saved"); got != broken {
			t.Errorf("broken %v: status %q", broken, m.status.text)
		}
	}
}

// fightIn opens the tracker on a running fight of a shipped ruleset, with a
// combatant for each name, typed initiative from 20 down.
func fightIn(t *testing.T, ruleset string, names ...string) Model {
	t.Helper()
	return fightInWith(t, Options{Seed: func() uint64 { return 42 }, NoColor: true}, ruleset, names...)
}

// fightInWith is fightIn with the model's options.
func fightInWith(t *testing.T, opts Options, ruleset string, names ...string) Model {
	t.Helper()
	var add []engine.NewCombatant
	for i, n := range names {
		init := 20 - i
		add = append(add, engine.NewCombatant{Name: n, HP: 30, Init: &init})
	}
	return fightOnScreen(t, opts, ruleset, add, tea.WindowSizeMsg{Width: 80, Height: 24})
}

// fightOnScreen opens the tracker, with the options, on a fight of the
// combatants under a shipped ruleset, begun, its journal forgetting every
// change, in a window of the size given.
func fightOnScreen(t *testing.T, opts Options, ruleset string, add []engine.NewCombatant, size tea.WindowSizeMsg) Model {
	t.Helper()
	rs, hash, ok := shippedLib.Ruleset(ruleset)
	if !ok {
		t.Fatalf("no ruleset %s", ruleset)
	}
	src := dice.NewSource(7)
	f := engine.NewFight(rs, engine.NewEncounter("Test", rs), src)
	for _, cmd := range []engine.Command{engine.Add{Combatants: add}, engine.Start{}} {
		if _, err := f.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	sess := &session.Session{}
	sess.Open(&session.Saved{Name: "Test", Fight: f, Source: src, Hash: hash, Journal: nopJournal{}})
	m := New(shippedLib, newMemStore(), sess, opts)
	m, _ = run(m, size)
	return m
}

// nopJournal takes changes and forgets them.
type nopJournal struct{}

func (nopJournal) Append(session.Change) int { return 1 }

func (nopJournal) Wait(int) error { return nil }

func (nopJournal) Close() error { return nil }

func (nopJournal) Trouble(*session.Trouble) (*session.Trouble, bool) {
	return nil, false
}

// lastLog is the last log line that holds s.
func lastLog(m Model, s string) string {
	out := ""
	for _, e := range m.fight().Log() {
		if strings.Contains(narrate.Line(m.fight().Rules, e), s) {
			out = narrate.Line(m.fight().Rules, e)
		}
	}
	return out
}

// selectName moves the selection to the combatant called name.
func selectName(t *testing.T, m Model, name string) Model {
	t.Helper()
	c := combatant(m, name)
	if c == nil {
		t.Fatalf("no %s", name)
	}
	m.order.sel = c.ID
	return m
}

func lastLine(s string) string {
	l := strings.Split(s, "\n")
	return l[len(l)-1]
}

// logText is every line of the fight's log, oldest first.
func logText(m Model) string {
	var l []string
	for _, s := range m.fight().Done {
		for _, e := range s.Events {
			l = append(l, narrate.Line(m.fight().Rules, e))
		}
	}
	return strings.Join(l, "\n")
}
