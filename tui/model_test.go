package tui

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/content"
	"fray/engine"
)

// testLib shows the shipped content to the model.
type testLib struct{ lib *content.Library }

func (l testLib) Rulesets() []RulesetInfo {
	var out []RulesetInfo
	for _, r := range l.lib.Rulesets() {
		out = append(out, RulesetInfo{ID: r.ID, Name: r.Name})
	}
	return out
}

func (l testLib) Ruleset(id string) (*engine.Ruleset, string, bool) {
	r, ok := l.lib.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

func (l testLib) Creatures(id string) []engine.Template {
	var out []engine.Template
	for _, c := range l.lib.Creatures(id) {
		out = append(out, c.Template)
	}
	return out
}

var shippedLib = func() testLib {
	l, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		panic(fmt.Sprint(probs))
	}
	return testLib{l}
}()

// memStore keeps snapshots in memory and rebuilds fights from them.
type memStore struct {
	mu     sync.Mutex
	saved  map[string]Snapshot
	locks  map[string]bool
	saves  int
	failOn string // a path whose saves fail
}

func newMemStore() *memStore {
	return &memStore{saved: map[string]Snapshot{}, locks: map[string]bool{}}
}

func (s *memStore) List() ([]SaveInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []SaveInfo
	for p, snap := range s.saved {
		out = append(out, SaveInfo{Path: p, Name: snap.Name, Ruleset: snap.Rules.ID, Round: snap.Current.Round})
	}
	slices.SortFunc(out, func(a, b SaveInfo) int { return strings.Compare(a.Path, b.Path) }) // a map has no order; tests need one
	return out, nil
}

func (s *memStore) Load(path string) (*Saved, error) {
	s.mu.Lock()
	snap, ok := s.saved[path]
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%s: no such fight", path)
	}
	src := engine.NewSource(0)
	src.SetState(snap.RNG)
	f, err := engine.Restore(snap.Rules, snap.Base, snap.Done, snap.Undone, src)
	if err != nil {
		return nil, err
	}
	return &Saved{Name: snap.Name, Fight: f, Source: src, Hash: snap.Hash}, nil
}

func (s *memStore) Save(path string, snap Snapshot) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if path == s.failOn {
		return errors.New("disk full")
	}
	s.saved[path] = snap
	s.saves++
	return nil
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

func (s *memStore) Lock(path string) (func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locks[path] {
		return nil, ErrLocked
	}
	s.locks[path] = true
	return func() { s.mu.Lock(); delete(s.locks, path); s.mu.Unlock() }, nil
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
		if _, named := map[string]bool{"enter": true, "esc": true, "up": true, "down": true, "space": true, "pgup": true, "pgdown": true, "backspace": true}[k]; named || strings.HasPrefix(k, "ctrl+") || len([]rune(k)) == 1 {
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

func newModel(t testing.TB) (Model, *memStore, *Session) {
	t.Helper()
	st := newMemStore()
	sess := &Session{}
	m := New(shippedLib, st, sess, Options{Seed: func() uint64 { return 42 }, NoColor: true})
	m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = run(m, listedMsg{})
	return m, st, sess
}

// demo opens the demo fight from the start screen.
func demo(t testing.TB) (Model, *memStore, *Session) {
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
			return &m.fight().Current().Combatants[i]
		}
	}
	return nil
}

func TestStartScreen(t *testing.T) {
	m, _, _ := newModel(t)
	s := screenText(m)
	for _, want := range []string{"fray", "New fight", "Demo fight", "Quit"} {
		if !strings.Contains(s, want) {
			t.Errorf("start screen lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Resume") {
		t.Error("Resume offered with no saved fight")
	}
	if _, quit := keys(m, "q"); !quit {
		t.Error("q on the start screen does not quit")
	}
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

func TestStepUndoRedoKeys(t *testing.T) {
	m, st, sess := demo(t)
	first := actorName(m)
	m, _ = keys(m, "n")
	second := actorName(m)
	if second == first {
		t.Fatal("n did not step")
	}
	m, _ = keys(m, "space")
	if actorName(m) == second {
		t.Fatal("space did not step")
	}
	m, _ = keys(m, "u", "ctrl+z")
	if actorName(m) != first || m.order.sel != m.fight().Current().Actor().ID {
		t.Fatalf("two undos: %s acts, want %s selected and acting", actorName(m), first)
	}
	m, _ = keys(m, "U")
	if actorName(m) != second {
		t.Fatalf("U: %s acts, want %s", actorName(m), second)
	}
	m, _ = keys(m, "ctrl+y")
	m, _ = keys(m, "ctrl+y")
	if !strings.Contains(m.status.text, "nothing to redo") {
		t.Errorf("redo past the end: status %q", m.status.text)
	}
	if got := st.saved[sess.Path].Current.Cur; got != m.fight().Current().Cur {
		t.Error("undo/redo not saved")
	}
	for range 10 {
		m, _ = keys(m, "u")
	}
	if !strings.Contains(m.status.text, "nothing to undo") {
		t.Errorf("undo past the start: %q", m.status.text)
	}
}

func TestSelectionKeys(t *testing.T) {
	m, _, _ := demo(t)
	rows := rows(m.fight().Current())
	m, _ = keys(m, "j")
	if m.order.sel != rows[1].ID {
		t.Fatal("j did not select the next row")
	}
	m, _ = keys(m, "down", "down", "down", "down")
	if m.order.sel != rows[3].ID {
		t.Fatal("down past the end")
	}
	m, _ = keys(m, "k", "up")
	if m.order.sel != rows[1].ID {
		t.Fatal("k/up")
	}
}

func TestDamageHealKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j")
	target := m.fight().Current().Combatant(m.order.sel)
	hp := target.HP
	m, _ = keys(m, "d", "7", "enter")
	if got := combatant(m, target.Name).HP; got != hp-7 {
		t.Fatalf("d 7: HP %d, want %d", got, hp-7)
	}
	m, _ = keys(m, "d", "2d6+1", "enter")
	got := combatant(m, target.Name).HP
	if got > hp-7-3 || got < hp-7-13 {
		t.Fatalf("d 2d6+1: HP %d", got)
	}
	if !strings.Contains(screenText(m), "damage: 2d6+1: [") {
		t.Error("the roll is not in the log")
	}
	m, _ = keys(m, "h", "100", "enter")
	if combatant(m, target.Name).HP != target.MaxHP {
		t.Error("heal does not reach max")
	}
	// A bad expression keeps the prompt open with the column.
	m, _ = keys(m, "d", "2d6+*", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "col 5") {
		t.Fatalf("bad expression: dialog %v\n%s", m.dlg, screenText(m))
	}
	m, _ = keys(m, "esc")
	if m.dlg != nil {
		t.Fatal("esc did not close the prompt")
	}
	if combatant(m, target.Name).HP != target.MaxHP {
		t.Error("a cancelled prompt changed HP")
	}
}

func TestAddKeepsActorAndNumbers(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "n")
	actor := actorName(m)
	m, _ = keys(m, "a", "orc x3", "enter")
	if actorName(m) != actor {
		t.Fatalf("actor changed to %s", actorName(m))
	}
	for _, n := range []string{"Orc 4", "Orc 5", "Orc 6"} {
		if c := combatant(m, n); c == nil || c.MaxHP != 45 || c.Template != "orc" {
			t.Errorf("%s missing or wrong: %+v", n, c)
		}
	}
	m, _ = keys(m, "a", "Bandit x2 hp=12 init=30", "enter")
	b := combatant(m, "Bandit 1")
	if b == nil || b.MaxHP != 12 || b.Init != 30 || combatant(m, "Bandit 2") == nil {
		t.Fatalf("ad hoc bandits: %+v", b)
	}
	m, _ = keys(m, "a", "Ghost hp=zero", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "hit points") {
		t.Error("bad hp accepted")
	}
}

func TestRemoveKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j")
	name := m.fight().Current().Combatant(m.order.sel).Name
	m, _ = keys(m, "x", "n")
	if combatant(m, name) == nil {
		t.Fatal("x then n removed anyway")
	}
	m, _ = keys(m, "x", "y")
	if combatant(m, name) != nil {
		t.Fatal("x then y did not remove")
	}
	if m.fight().Current().Combatant(m.order.sel) == nil {
		t.Error("selection left on a removed combatant")
	}
}

func TestInitiativeAndMoveKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j", "j", "j")
	last := m.fight().Current().Combatant(m.order.sel)
	m, _ = keys(m, "i", "99", "enter")
	if m.fight().Current().Order[0] != last.ID {
		t.Fatal("i 99 did not lead the order")
	}
	m, _ = keys(m, "J")
	if m.fight().Current().Order[1] != last.ID {
		t.Fatal("J did not move later")
	}
	m, _ = keys(m, "K")
	if m.fight().Current().Order[0] != last.ID {
		t.Fatal("K did not move earlier")
	}
	m, _ = keys(m, "K")
	if !m.status.err {
		t.Error("moving past the top is not reported")
	}
}

func TestWaitKey(t *testing.T) {
	m, _, _ := demo(t)
	first := actorName(m)
	order := rows(m.fight().Current())
	m, _ = keys(m, "w")
	if m.dlg == nil || !strings.Contains(screenText(m), "Wait") || !strings.Contains(screenText(m), "Delay") {
		t.Fatalf("w: %s", screenText(m))
	}
	m, _ = keys(m, "enter", "down", "enter") // Wait, after the next in the order
	if actorName(m) != order[1].Name || rows(m.fight().Current())[1].Name != first {
		t.Fatalf("after waiting: %s acts, order %v", actorName(m), rows(m.fight().Current()))
	}
	m, _ = keys(m, "w", "down", "enter", "if the orc charges", "enter")
	if c := m.fight().Current().Actor(); c.Delaying != "if the orc charges" {
		t.Errorf("delay: %q", c.Delaying)
	}
}

func TestRollKeyWithHistory(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "r", "d100oe + OB", "enter")
	log := m.fight().Log()
	last := log[len(log)-1].Text
	if !strings.HasPrefix(last, "Gavvin rolls: d100oe + OB: [") {
		t.Fatalf("roll with the selected's stats: %q", last)
	}
	m, _ = keys(m, "r", "up")
	if p, ok := m.dlg.(*prompt); !ok || p.input.Value() != "d100oe + OB" {
		t.Fatal("up does not recall the last roll")
	}
	m, _ = keys(m, "esc")
}

func TestNotesKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "e", "ctrl+u", "wounded left arm", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); !strings.Contains(c.Notes, "wounded left arm") {
		t.Errorf("notes: %q", c.Notes)
	}
}

func TestTypedDiceStep(t *testing.T) {
	m, st := func() (Model, *memStore) { m, st, _ := newModel(t); return m, st }()
	// A new Pathmaster fight: set up, then start it with dice typed at the table.
	m, _ = keys(m, "up", "enter") // New fight
	m, _ = keys(m, "down", "down", "down", "enter")
	m, _ = keys(m, "ctrl+u", "Ambush", "enter")
	if m.fight() == nil || m.fight().Rules.ID != "pathmaster" {
		t.Fatalf("new fight: %v %q", m.fight(), m.status.text)
	}
	m, _ = keys(m, "a", "Orc", "enter", "a", "Wolf", "enter")
	m, _ = keys(m, "N", "9 9 1", "enter")
	if m.fight().Current().Status != engine.StatusSetup || !m.status.err || !strings.Contains(screenText(m), "ran out after 3 faces") {
		t.Fatalf("too few faces accepted:\n%s", screenText(m))
	}
	m, _ = keys(m, "N", "9 9 1 1", "enter")
	enc := m.fight().Current()
	if enc.Status != engine.StatusRunning || combatant(m, "Orc").Init != 23 || combatant(m, "Wolf").Init != 17 {
		t.Fatalf("typed initiative: %s, orc %d wolf %d", enc.Status, combatant(m, "Orc").Init, combatant(m, "Wolf").Init)
	}
	if st.saves == 0 {
		t.Error("not saved")
	}
}

func TestSaveAsAndQuit(t *testing.T) {
	m, st, sess := demo(t)
	old := sess.Path
	m, _ = keys(m, "ctrl+s", "ctrl+u", "Copy", "enter")
	if sess.Path == old || sess.Path != "copy.toml" || sess.Name != "Copy" {
		t.Fatalf("save as: %s %s", sess.Path, sess.Name)
	}
	if _, ok := st.saved["copy.toml"]; !ok {
		t.Fatal("the copy was not saved")
	}
	if st.locks[old] {
		t.Error("the old fight is still locked")
	}
	m, _ = keys(m, "n")
	before := st.saves
	_, quit := keys(m, "q")
	if !quit || st.saves <= before {
		t.Errorf("q: quit %v, saves %d -> %d", quit, before, st.saves)
	}
	if st.saved["copy.toml"].Current.Cur != sess.Fight.Current().Cur {
		t.Error("the last step was not saved on quit")
	}
	if _, quit := keys(m, "ctrl+c"); !quit {
		t.Error("ctrl+c does not quit")
	}
}

func TestHelpAndLogKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "?")
	s := screenText(m)
	for _, want := range []string{"Keys", "next step", "undo", "redo", "set initiative", "move later", "save as", "typing the dice"} {
		if !strings.Contains(s, want) {
			t.Errorf("? lacks %q", want)
		}
	}
	m, _ = keys(m, "x") // any key closes
	if m.dlg != nil {
		t.Fatal("help stays open")
	}
	for range 12 {
		m, _ = keys(m, "n")
	}
	m, _ = keys(m, "pgup")
	if m.log.back == 0 || !strings.Contains(screenText(m), "back") {
		t.Fatal("pgup does not scroll the log")
	}
	m, _ = keys(m, "]", "]")
	if m.log.back != 0 {
		t.Fatal("] does not return")
	}
}

func TestErrorsShowAndClear(t *testing.T) {
	m, st, sess := demo(t)
	st.failOn = sess.Path
	m, _ = keys(m, "n")
	if !m.status.err || !strings.Contains(m.status.text, "not saved: disk full") {
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
	m2 := New(shippedLib, st, &Session{}, Options{NoColor: true})
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

func TestQuitMsgSavesFirst(t *testing.T) {
	m, _, _ := demo(t)
	m.saving = true // a save is in flight
	m2, cmd := m.Update(QuitMsg{})
	if cmd != nil {
		t.Fatal("quit did not wait for the save in flight")
	}
	_, cmd = m2.(Model).Update(savedMsg{})
	if cmd == nil {
		t.Fatal("nothing after the save landed")
	}
	var quit bool
	for _, msg := range exec(cmd, &quit) { // the last save, then quit
		_, c := m2.(Model).Update(msg)
		exec(c, &quit)
	}
	if !quit {
		t.Fatal("no quit after the last save")
	}
}

func TestStunBleedConditionKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j") // an orc
	c := m.fight().Current().Combatant(m.order.sel)
	m, _ = keys(m, "s", "down", "down", "enter", "ctrl+u", "3", "enter") // 3 rounds of Stunned
	if got := combatant(m, c.Name); engine.StunTotal(got) != 3 || got.Stun[2] != 3 {
		t.Fatalf("s: stun %v", got.Stun)
	}
	if !strings.Contains(screenText(m), "Now Stunned") {
		t.Error("the panel does not say what stun allows")
	}
	m, _ = keys(m, "b", "enter", "ctrl+u", "7", "enter")
	if got := combatant(m, c.Name); engine.Bleeding(got) != 7 {
		t.Fatalf("b: bleeding %d", engine.Bleeding(got))
	}
	// First Aid on that wound by Gavvin: the dice are seeded, so check the log.
	m, _ = keys(m, "b", "down", "enter", "gav", "enter")
	if log := m.fight().Log(); !strings.Contains(log[len(log)-1].Text, "First Aid on "+c.Name) {
		t.Errorf("first aid: %q", log[len(log)-1].Text)
	}
	m, _ = keys(m, "c", "prone", "enter", "enter")
	if !combatant(m, c.Name).Has("prone") {
		t.Fatal("c: not prone")
	}
	m, _ = keys(m, "c", "prone", "enter")
	if combatant(m, c.Name).Has("prone") {
		t.Fatal("c again: still prone")
	}
	m, _ = keys(m, "c", "paraly", "enter", "enter", "c", "helpl", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "comes with Paralyzed") {
		t.Errorf("removing an implied condition: %s", screenText(m))
	}
}

func TestSpendKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "m", "all out def", "enter")
	c := m.fight().Current().Actor()
	if c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Fatalf("m: pools %v", c.Pools)
	}
	// The budget cannot pay: the dialog stays open and says why.
	m, _ = keys(m, "m", "attack - melee", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "costs 1 Attack") {
		t.Fatalf("refused spend: %s", screenText(m))
	}
	m, _ = keys(m, "esc")
	if m.dlg != nil {
		t.Fatal("esc")
	}
}

func TestHelperKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "g", "enter", "5 3 3*CO", "enter")
	if log := m.fight().Log(); !strings.Contains(log[len(log)-1].Text, "Resistance Roll (level 5 vs 3, target 60)") {
		t.Errorf("resistance: %q", log[len(log)-1].Text)
	}
	m, _ = keys(m, "g", "down", "enter") // parry
	if c := m.fight().Current().Combatant(m.order.sel); c.Parries != 1 {
		t.Errorf("parry count %d", c.Parries)
	}
	m, _ = keys(m, "g", "down", "down", "enter", "ctrl+u", "2", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.InitRounds != 2 {
		t.Errorf("initiative rounds %d", c.InitRounds)
	}
	m, _ = keys(m, "g", "down", "down", "down", "enter", "-25 broken arm", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); len(c.Injuries) != 1 || c.Injuries[0].Penalty != -25 {
		t.Errorf("injury %v", c.Injuries)
	}
	m, _ = keys(m, "g", "down", "down", "down", "down", "enter", "30", "enter")
	if m.status.text != "30 ranks: 4 attacks at +0, -30, -60, -90" {
		t.Errorf("multi-strike: %q", m.status.text)
	}
}

func TestTableDiceMode(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "t")
	if !m.tableDice || !strings.Contains(screenText(m), "[table dice]") {
		t.Fatal("t did not turn table dice on")
	}
	m, _ = keys(m, "j")
	c := m.fight().Current().Combatant(m.order.sel)
	// A damage roll asks for its two d6 first; a wrong count keeps the prompt open.
	m, _ = keys(m, "d", "2d6", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "fray needs d6, d6") {
		t.Fatalf("no faces prompt:\n%s", screenText(m))
	}
	m, _ = keys(m, "6", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "ran out") {
		t.Fatalf("one face accepted for 2d6:\n%s", screenText(m))
	}
	m, _ = keys(m, " 5", "enter")
	if got := combatant(m, c.Name).HP; got != c.MaxHP-11 {
		t.Fatalf("typed 6 5: HP %d, want %d", got, c.MaxHP-11)
	}
	// A step that rolls nothing goes straight through.
	before := actorName(m)
	m, _ = keys(m, "n")
	if actorName(m) == before || m.dlg != nil {
		t.Error("a step without dice asked for faces")
	}
	m, _ = keys(m, "t")
	m, _ = keys(m, "d", "1d4", "enter")
	if m.dlg != nil {
		t.Error("table dice off still asks")
	}
}

// fray demo: the fight is there before the first frame, and Init saves it.
func TestDemoOption(t *testing.T) {
	st := newMemStore()
	sess := &Session{}
	m := New(shippedLib, st, sess, Options{Seed: func() uint64 { return 42 }, NoColor: true, Demo: true})
	if m.screen != screenTracker || sess.Fight == nil || len(sess.Fight.Current().Combatants) != 4 {
		t.Fatalf("no demo before the first frame: screen %d, status %q", m.screen, m.status.text)
	}
	if !strings.Contains(screenText(m), "Round 1") {
		t.Errorf("first frame:\n%s", screenText(m))
	}
	var quit bool
	for _, msg := range exec(m.Init(), &quit) {
		m, _ = run(m, msg)
	}
	if _, ok := st.saved[sess.Path]; !ok || m.saving {
		t.Errorf("Init did not save the demo (saving %v)", m.saving)
	}
}
