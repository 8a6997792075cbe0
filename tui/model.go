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

// Update routes a message: a dialog gets keys first, then the screen.
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
		if m.dlg != nil {
			d, act := m.dlg.update(msg, m.keys)
			m.dlg = d
			if act != nil {
				return m.apply(act)
			}
			return m, nil
		}
		if m.screen == screenStart {
			return m.startKey(msg)
		}
		return m.trackerKey(msg)
	}
	return m, nil
}

func (m *Model) setStatus(s string, isErr bool) { m.status, m.statusErr = s, isErr }

// ---------------------------------------------------------------- start screen

type menuAction int

const (
	menuResume menuAction = iota
	menuNew
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

func (m Model) startKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Up, k.ListUp):
		m.menuAt = max(m.menuAt-1, 0)
	case key.Matches(msg, k.Down, k.ListDown):
		m.menuAt = min(m.menuAt+1, len(m.menu)-1)
	case key.Matches(msg, k.Quit, k.Cancel):
		return m, tea.Quit
	case key.Matches(msg, k.Help):
		m.dlg = &keysDialog{keys: m.keys}
	case key.Matches(msg, k.Confirm, k.Next):
		switch v := m.menu[m.menuAt].value.(type) {
		case string:
			return m, m.openCmd(v)
		case menuAction:
			switch v {
			case menuNew:
				m.dlg = m.rulesetPick()
			case menuOpen:
				m.dlg = m.savesPick()
			case menuDemo:
				return m, m.demoCmd()
			case menuQuit:
				return m, tea.Quit
			}
		}
	}
	return m, nil
}

func (m Model) rulesetPick() dialog {
	var items []item
	for _, r := range m.lib.Rulesets() {
		items = append(items, item{label: r.Name, detail: r.ID, value: r.ID})
	}
	return newPick("New fight: which rules?", "", items, false, func(it item, _ string) (any, error) {
		id := it.value.(string)
		return newPrompt("Name the fight", "enter to create it; then a adds combatants and n starts", "Fight", func(name string) (any, error) {
			if name == "" {
				return nil, errors.New("a fight needs a name")
			}
			return actNew{ruleset: id, name: name}, nil
		}), nil
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
	return newPick("Open a saved fight", "", items, true, func(it item, _ string) (any, error) {
		return actOpen{path: it.value.(string)}, nil
	})
}

// actNew creates a fight; actOpen opens a save.
type actNew struct{ ruleset, name string }
type actOpen struct{ path string }

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

// do runs an engine command (with dice typed at the table, if any).
func (m *Model) do(cmd engine.Command, typed ...int) tea.Cmd {
	if m.sess.ReadOnly {
		m.setStatus("read-only: another fray has this fight open", true)
		return nil
	}
	if m.tableDice && len(typed) == 0 {
		if sides := m.diceNeeded(cmd); len(sides) > 0 {
			m.dlg = m.facesPrompt(cmd, sides)
			return nil
		}
	}
	before := m.fight().Current().Cur
	if _, err := m.fight().Do(cmd, typed...); err != nil {
		m.setStatus(err.Error(), true)
		return nil
	}
	m.logBack = 0
	if after := m.fight().Current().Cur; after != before || m.fight().Current().Combatant(m.sel) == nil {
		m.selectActor()
	}
	return m.autosave()
}

func (m Model) trackerKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	f := m.fight()
	enc := f.Current()
	sel := enc.Combatant(m.sel)
	needSel := func() bool {
		if sel == nil {
			m.setStatus("add a combatant first (a)", true)
		}
		return sel != nil
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.dlg = &keysDialog{keys: m.keys}
	case key.Matches(msg, k.Next):
		op := engine.OpNext
		if enc.Status == engine.StatusSetup {
			op = engine.OpStart
		}
		return m, m.do(engine.Command{Op: op})
	case key.Matches(msg, k.TableDice):
		m.tableDice = !m.tableDice
		if m.tableDice {
			m.setStatus("table dice on: fray asks for the faces of every roll", false)
		} else {
			m.setStatus("table dice off: fray rolls", false)
		}
	case key.Matches(msg, k.NextTyped):
		op := engine.OpNext
		if enc.Status == engine.StatusSetup {
			op = engine.OpStart
		}
		m.dlg = newPrompt("Next step with dice rolled at the table", "the faces in the order fray asks for them, e.g. 7 3", "", func(s string) (any, error) {
			faces, err := parseFaces(s)
			if err != nil {
				return nil, err
			}
			return actCommand{cmd: engine.Command{Op: op}, typed: faces}, nil
		})
	case key.Matches(msg, k.Undo):
		if m.sess.ReadOnly {
			m.setStatus("read-only", true)
		} else if s, ok := f.Undo(); ok {
			m.setStatus("undid "+describe(s), false)
			m.selectActor()
			return m, m.autosave()
		} else {
			m.setStatus("nothing to undo", true)
		}
	case key.Matches(msg, k.Redo):
		if m.sess.ReadOnly {
			m.setStatus("read-only", true)
		} else if s, err := f.Redo(); err == nil {
			m.setStatus("redid "+describe(s), false)
			m.selectActor()
			return m, m.autosave()
		} else {
			m.setStatus(err.Error(), true)
		}
	case key.Matches(msg, k.Up):
		m.moveSel(-1)
	case key.Matches(msg, k.Down):
		m.moveSel(1)
	case key.Matches(msg, k.LogUp):
		m.logBack += m.logHeight()
	case key.Matches(msg, k.LogDown):
		m.logBack = max(m.logBack-m.logHeight(), 0)
	case key.Matches(msg, k.Add):
		m.dlg = m.addDialog()
	case key.Matches(msg, k.Remove):
		if needSel() {
			m.dlg = &confirm{question: "Remove " + sel.Name + " from the fight?", yes: actCommand{cmd: engine.Command{Op: engine.OpRemove, Who: sel.ID}}, keys: m.keys}
		}
	case key.Matches(msg, k.Damage), key.Matches(msg, k.Heal):
		if needSel() {
			op, verb := engine.OpDamage, "Damage to "
			if key.Matches(msg, k.Heal) {
				op, verb = engine.OpHeal, "Heal "
			}
			m.dlg = newPrompt(verb+sel.Name, "a number, or dice to roll (2d6+3)", "", amountPrompt(op, sel.ID))
		}
	case key.Matches(msg, k.Stun), key.Matches(msg, k.Conditions), key.Matches(msg, k.Spend):
		if needSel() {
			var d dialog
			var err error
			switch {
			case key.Matches(msg, k.Stun):
				d, err = m.stunDialog(sel)
			case key.Matches(msg, k.Conditions):
				d, err = m.conditionsDialog(sel)
			default:
				d, err = m.spendDialog(sel)
			}
			if err != nil {
				m.setStatus(err.Error(), true)
			}
			m.dlg = d
		}
	case key.Matches(msg, k.Bleed):
		if needSel() {
			m.dlg = m.bleedDialog(sel)
		}
	case key.Matches(msg, k.Helpers):
		m.dlg = m.helpersDialog(sel)
	case key.Matches(msg, k.Init):
		if needSel() {
			m.dlg = newPrompt("Initiative of "+sel.Name, "a number, or dice to roll", "", func(s string) (any, error) {
				return amountCommand(engine.OpSetInit, sel.ID, s)
			})
		}
	case key.Matches(msg, k.MoveUp), key.Matches(msg, k.MoveDown):
		if needSel() {
			d := -1
			if key.Matches(msg, k.MoveDown) {
				d = 1
			}
			return m, m.do(engine.Command{Op: engine.OpMove, Who: sel.ID, Value: d})
		}
	case key.Matches(msg, k.Wait):
		d, err := m.holdDialog()
		if err != nil {
			m.setStatus(err.Error(), true)
		}
		m.dlg = d
	case key.Matches(msg, k.Roll):
		who := 0
		if sel != nil {
			who = sel.ID
		}
		p := newPrompt("Roll", "any dice; stat names use the selected combatant's ("+selName(sel)+")", "", func(s string) (any, error) {
			if _, err := engine.ParseExpr(s); err != nil {
				return nil, exprError(s, err)
			}
			return actRoll{expr: s, who: who}, nil
		})
		p.history, p.hpos = m.rolls, len(m.rolls)
		m.dlg = p
	case key.Matches(msg, k.Notes):
		if needSel() {
			m.dlg = newPrompt("Notes on "+sel.Name, "enter saves them; empty clears", sel.Notes, func(s string) (any, error) {
				return actCommand{cmd: engine.Command{Op: engine.OpNotes, Who: sel.ID, Text: s}}, nil
			})
		}
	case key.Matches(msg, k.SaveAs):
		m.dlg = newPrompt("Save as", "a name for a new copy of this fight; it continues there", m.sess.Name, func(s string) (any, error) {
			if s == "" {
				return nil, errors.New("type a name")
			}
			return actSaveAs{name: s}, nil
		})
	}
	return m, nil
}

func selName(c *engine.Combatant) string {
	if c == nil {
		return "nobody selected"
	}
	return c.Name
}

// describe names a step for the status line.
func describe(s engine.Step) string {
	if len(s.Events) > 0 {
		return s.Events[0].Text
	}
	return s.Cmd.Op
}

// actCommand runs an engine command; actRoll rolls for the log; actSaveAs
// copies the fight to a new file.
type actCommand struct {
	cmd   engine.Command
	typed []int
}
type actRoll struct {
	expr string
	who  int
}
type actSaveAs struct{ name string }

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

// apply carries out what a dialog decided.
func (m Model) apply(act any) (tea.Model, tea.Cmd) {
	switch a := act.(type) {
	case actCancel:
	case dialog:
		m.dlg = a // a dialog leading to another
	case actCommand:
		return m, m.do(a.cmd, a.typed...)
	case actInfo:
		m.setStatus(a.text, false)
	case actRoll:
		m.rolls = append(m.rolls, a.expr)
		if len(m.rolls) > 50 {
			m.rolls = m.rolls[1:]
		}
		return m, m.do(engine.Command{Op: engine.OpRoll, Who: a.who, Expr: a.expr})
	case actNew:
		return m, m.newCmd(a.ruleset, a.name, nil)
	case actOpen:
		return m, m.openCmd(a.path)
	case actSaveAs:
		return m, m.saveAsCmd(a.name)
	}
	return m, nil
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
