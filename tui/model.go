package tui

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"fray/engine"
)

// Options tune a model; the zero value is fine.
type Options struct {
	// Seed makes the dice of new fights; nil uses 1 (tests) — fray passes the clock.
	Seed func() uint64
	// NoColor drops colour (NO_COLOR).
	NoColor bool
	// Demo opens a new demo fight at once, before the first frame.
	Demo bool
	// Notices are shown in the status line at start (content files skipped).
	Notices []string
}

type screen int

const (
	screenStart screen = iota
	screenTracker
)

// mode says who gets the keys: the start screen's menu, the tracker, or a
// dialog open over either. It follows from what is open, so it cannot
// disagree with it; Update routes every key by it and the help bar shows
// its keys.
type mode int

const (
	modeStart mode = iota
	modeTracker
	modeDialog
)

// Model is fray's one root model.
type Model struct {
	lib   Library
	store Store
	sess  *Session
	opts  Options

	keys   KeyMap
	help   help.Model
	st     Styles
	dark   bool
	width  int
	height int

	screen screen
	saves  []SaveInfo // for the start screen
	menu   []item
	menuAt int

	dlg       dialog
	sel       int // the selected combatant's ID
	logBack   int // how many lines the log is scrolled back
	status    string
	statusErr bool

	saving, pending, quitting bool
	firstSave                 tea.Cmd  // a fight made before the program ran, saved by Init
	rolls                     []string // roll history
	tableDice                 bool     // ask for the faces rolled at the table
}

// New returns the root model. If sess already holds a fight (fray FILE), the
// tracker opens on it; otherwise the start screen.
func New(lib Library, store Store, sess *Session, opts Options) Model {
	m := Model{lib: lib, store: store, sess: sess, opts: opts, keys: DefaultKeyMap(), help: help.New(), dark: true, width: 80, height: 24}
	m.st = NewStyles(m.dark, opts.NoColor)
	if sess.Fight != nil {
		m.screen = screenTracker
		m.selectActor()
		if sess.ReadOnly {
			m.setStatus("read-only: another fray has this fight open (ctrl+s saves a copy you can change)", true)
		} else if len(sess.notices) > 0 {
			m.setStatus(strings.Join(sess.notices, "; "), true)
		}
	}
	if m.status == "" && len(opts.Notices) > 0 {
		m.setStatus(strings.Join(opts.Notices, "; "), true)
	}
	m.buildMenu()
	if opts.Demo && sess.Fight == nil {
		next, cmd := m.opened(m.demoCmd()().(openedMsg))
		m = next.(Model)
		m.firstSave = cmd
	}
	return m
}

// ---------------------------------------------------------------- messages

type savedMsg struct{ err error }

type listedMsg struct {
	saves []SaveInfo
	err   error
}

// openedMsg delivers a fight opened or created by a command.
type openedMsg struct {
	name, path, hash string
	fight            *engine.Fight
	src              *engine.Source
	readOnly         bool
	unlock           func()
	notices          []string // warnings about the load
	info             string
	err              error
}

// QuitMsg asks the model to save and quit (fray sends it on a signal).
type QuitMsg struct{}

// Init lists the saves for the start screen, asks for the background colour
// and saves a fight made before the program ran (the demo of fray demo).
func (m Model) Init() tea.Cmd {
	return tea.Batch(m.listCmd(), tea.RequestBackgroundColor, m.firstSave)
}

func (m Model) listCmd() tea.Cmd {
	store := m.store
	return func() tea.Msg {
		s, err := store.List()
		return listedMsg{s, err}
	}
}

// Update routes a message; a key goes where the mode says.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.SetWidth(msg.Width)
		return m, nil
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.st = NewStyles(m.dark, m.opts.NoColor)
		return m, nil
	case listedMsg:
		m.saves = msg.saves
		if msg.err != nil {
			m.setStatus("cannot list saved fights: "+msg.err.Error(), true)
		}
		m.buildMenu()
		return m, nil
	case openedMsg:
		return m.opened(msg)
	case savedMsg:
		return m.saved(msg)
	case QuitMsg:
		return m.quit()
	case tea.KeyPressMsg:
		m.status, m.statusErr = "", false
		switch m.mode() {
		case modeDialog:
			var act action
			m.dlg, act = m.dlg.update(msg, m.keys)
			return m.apply(act)
		case modeStart:
			return m.apply(m.startKey(msg))
		default:
			return m.apply(m.trackerKey(msg))
		}
	}
	return m, nil
}

func (m Model) mode() mode {
	switch {
	case m.dlg != nil:
		return modeDialog
	case m.screen == screenStart:
		return modeStart
	}
	return modeTracker
}

func (m *Model) setStatus(s string, isErr bool) { m.status, m.statusErr = s, isErr }

// ---------------------------------------------------------------- start screen

type menuChoice int

const (
	menuNew menuChoice = iota
	menuOpen
	menuDemo
	menuQuit
)

func (m *Model) buildMenu() {
	m.menu = m.menu[:0]
	for _, s := range m.saves {
		if s.Problem == "" {
			m.menu = append(m.menu, item{label: "Resume " + s.Name, detail: fmt.Sprintf("%s, round %d", s.Ruleset, s.Round), value: s.Path})
			break
		}
	}
	m.menu = append(m.menu, item{label: "New fight", detail: "pick a ruleset, add combatants", value: menuNew})
	if len(m.saves) > 0 {
		m.menu = append(m.menu, item{label: "Open a saved fight", detail: fmt.Sprintf("%d saved", len(m.saves)), value: menuOpen})
	}
	m.menu = append(m.menu, item{label: "Demo fight", detail: "Pathmaster: Gavvin and three orcs", value: menuDemo})
	m.menu = append(m.menu, item{label: "Quit", value: menuQuit})
	// Enter alone resumes the last fight, or, with none, opens the demo.
	m.menuAt = 0
	if _, resume := m.menu[0].value.(string); !resume {
		m.menuAt = len(m.menu) - 2
	}
}

// startKey moves the menu's cursor, or returns what the GM chose.
func (m *Model) startKey(msg tea.KeyPressMsg) action {
	k := m.keys
	switch {
	case key.Matches(msg, k.Up, k.ListUp):
		m.menuAt = max(m.menuAt-1, 0)
	case key.Matches(msg, k.Down, k.ListDown):
		m.menuAt = min(m.menuAt+1, len(m.menu)-1)
	case key.Matches(msg, k.Quit, k.Cancel):
		return actQuit{}
	case key.Matches(msg, k.Help):
		return actDialog{&keysDialog{keys: m.keys}}
	case key.Matches(msg, k.Confirm, k.Next):
		switch v := m.menu[m.menuAt].value.(type) {
		case string:
			return actOpen{path: v}
		case menuChoice:
			switch v {
			case menuNew:
				return actDialog{m.rulesetPick()}
			case menuOpen:
				return actDialog{m.savesPick()}
			case menuDemo:
				return actDemo{}
			case menuQuit:
				return actQuit{}
			}
		}
	}
	return nil
}

func (m Model) rulesetPick() dialog {
	var items []item
	for _, r := range m.lib.Rulesets() {
		items = append(items, item{label: r.Name, detail: r.ID, value: r.ID})
	}
	return newPick("New fight: which rules?", "", items, false, func(it item, _ string) (action, error) {
		id := it.value.(string)
		return actDialog{newPrompt("Name the fight", "enter to create it; then a adds combatants and n starts", "Fight", func(name string) (action, error) {
			if name == "" {
				return nil, errors.New("a fight needs a name")
			}
			return actNew{ruleset: id, name: name}, nil
		})}, nil
	})
}

func (m Model) savesPick() dialog {
	var items []item
	for _, s := range m.saves {
		detail := fmt.Sprintf("%s, round %d, %s", s.Ruleset, s.Round, s.Changed.Format("2006-01-02 15:04"))
		label := s.Name
		if s.Problem != "" {
			label, detail = s.Path, s.Problem
		}
		items = append(items, item{label: label, detail: detail, value: s.Path})
	}
	return newPick("Open a saved fight", "", items, true, func(it item, _ string) (action, error) {
		return actOpen{path: it.value.(string)}, nil
	})
}

// openCmd loads and locks a save.
func (m Model) openCmd(path string) tea.Cmd {
	store := m.store
	return func() tea.Msg {
		s, err := store.Load(path)
		if err != nil {
			return openedMsg{err: err}
		}
		unlock, err := store.Lock(path)
		ro := false
		if errors.Is(err, ErrLocked) {
			ro, err = true, nil
		}
		if err != nil {
			return openedMsg{err: err}
		}
		return openedMsg{name: s.Name, path: path, hash: s.Hash, fight: s.Fight, src: s.Source, readOnly: ro, unlock: unlock, notices: s.Notices}
	}
}

// newCmd makes a fight in a new file and locks it. build adds to it.
func (m Model) newCmd(ruleset, name string, build func(*engine.Fight) error) tea.Cmd {
	store, lib := m.store, m.lib
	seed := uint64(1)
	if m.opts.Seed != nil {
		seed = m.opts.Seed()
	}
	return func() tea.Msg {
		rs, hash, ok := lib.Ruleset(ruleset)
		if !ok {
			return openedMsg{err: fmt.Errorf("no ruleset %q", ruleset)}
		}
		src := engine.NewSource(seed)
		f := engine.NewFight(rs, engine.NewEncounter(name, rs), src)
		if build != nil {
			if err := build(f); err != nil {
				return openedMsg{err: err}
			}
		}
		path := store.NewPath(name)
		unlock, err := store.Lock(path)
		if err != nil {
			return openedMsg{err: err}
		}
		return openedMsg{name: name, path: path, hash: hash, fight: f, src: src, unlock: unlock}
	}
}

// DemoName is the demo fight's name.
const DemoName = "Demo: Gavvin and the orcs"

func (m Model) demoCmd() tea.Cmd {
	creatures := m.lib.Creatures("pathmaster")
	return m.newCmd("pathmaster", DemoName, func(f *engine.Fight) error {
		var add []engine.NewCombatant
		for _, want := range []struct {
			id    string
			names []string
		}{{"gavvin", []string{"Gavvin"}}, {"orc", []string{"Orc 1", "Orc 2", "Orc 3"}}} {
			for _, c := range creatures {
				if c.ID == want.id {
					for _, n := range want.names {
						add = append(add, fromTemplate(c, n))
					}
				}
			}
		}
		if len(add) != 4 {
			return errors.New("the demo needs the pathmaster creatures gavvin and orc")
		}
		if _, err := f.Do(engine.Command{Op: engine.OpAdd, Add: add}); err != nil {
			return err
		}
		_, err := f.Do(engine.Command{Op: engine.OpStart})
		return err
	})
}

func fromTemplate(t engine.Template, name string) engine.NewCombatant {
	return engine.NewCombatant{Name: name, Template: t.ID, Side: t.Side, HP: t.HP, Stats: t.Stats, Notes: t.Notes}
}

func (m Model) opened(msg openedMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		m.setStatus(msg.err.Error(), true)
		return m, nil
	}
	m.sess.set(msg.name, msg.path, msg.hash, msg.fight, msg.src, msg.readOnly, msg.unlock)
	m.screen, m.logBack, m.dlg = screenTracker, 0, nil
	m.selectActor()
	switch {
	case msg.readOnly:
		m.setStatus("read-only: another fray has this fight open", true)
	case len(msg.notices) > 0:
		m.setStatus(strings.Join(msg.notices, "; "), true)
	case msg.info != "":
		m.setStatus(msg.info, false)
	}
	return m, m.autosave()
}

// ---------------------------------------------------------------- saving

// autosave saves the fight in the background; saves never overlap, and a
// change made while one runs is saved right after it.
func (m *Model) autosave() tea.Cmd {
	if m.saving {
		m.pending = true
		return nil
	}
	snap, ok := m.sess.snapshot()
	if !ok {
		return nil
	}
	m.saving, m.pending = true, false
	store, path := m.store, m.sess.Path
	return func() tea.Msg { return savedMsg{store.Save(path, snap)} }
}

func (m Model) saved(msg savedMsg) (tea.Model, tea.Cmd) {
	m.saving = false
	if msg.err != nil {
		m.setStatus("not saved: "+msg.err.Error(), true)
	}
	if m.pending {
		return m, m.autosave()
	}
	if m.quitting {
		return m, tea.Quit
	}
	return m, nil
}

func (m Model) quit() (tea.Model, tea.Cmd) {
	m.quitting = true
	if m.saving {
		return m, nil // quits when the save in flight lands
	}
	if cmd := m.autosave(); cmd != nil {
		return m, cmd
	}
	return m, tea.Quit
}

// ---------------------------------------------------------------- tracker

func (m *Model) fight() *engine.Fight { return m.sess.Fight }

// selectActor selects the combatant acting now, if any.
func (m *Model) selectActor() {
	enc := m.fight().Current()
	if a := enc.Actor(); a != nil {
		m.sel = a.ID
	} else if m.fight().Current().Combatant(m.sel) == nil && len(enc.Combatants) > 0 {
		m.sel = enc.Combatants[0].ID
	}
}

func (m *Model) moveSel(d int) {
	rows := m.rows()
	if len(rows) == 0 {
		return
	}
	i := 0
	for j, c := range rows {
		if c.ID == m.sel {
			i = j
		}
	}
	m.sel = rows[min(max(i+d, 0), len(rows)-1)].ID
}

// saveAsCmd copies the fight to a new file and carries on there.
func (m Model) saveAsCmd(name string) tea.Cmd {
	store, sess := m.store, m.sess
	path := name
	return func() tea.Msg {
		if !strings.ContainsRune(path, os.PathSeparator) {
			path = store.NewPath(name)
		}
		unlock, err := store.Lock(path)
		if err != nil {
			return openedMsg{err: fmt.Errorf("%s: %w", path, err)}
		}
		sess.mu.Lock()
		f, src, hash := sess.Fight, sess.Source, sess.Hash
		sess.mu.Unlock()
		return openedMsg{name: name, path: path, hash: hash, fight: f, src: src, unlock: unlock, info: "saved as " + path}
	}
}
