package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/dice"
	"fray/session"
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
	// Watching, when set, counts the players watching the fight saved at a
	// path (fray watch, fray serve); it is asked in a command, every
	// WatchEvery, never in Update.
	Watching func(path string) int
	// Book, when set, gives the book lines a ruleset's rules cite (B).
	Book Book
	// Parties, when set, keeps the party of a fight as it ends and offers
	// it to the next (party_dialog.go).
	Parties session.Parties
}

// WatchEvery is how often the tracker asks how many are watching.
const WatchEvery = 2 * time.Second

// watchingMsg is how many are watching the fight on the screen.
type watchingMsg struct{ n int }

// watchingCmd counts the watchers after a while, and again after that.
func (m Model) watchingCmd() tea.Cmd {
	count, sess := m.opts.Watching, m.sess
	if count == nil {
		return nil
	}
	return tea.Tick(WatchEvery, func(time.Time) tea.Msg {
		n := 0
		if sess.Fight != nil && sess.Path != "" {
			n = count(sess.Path)
		}
		return watchingMsg{n}
	})
}

type screen int

const (
	screenStart screen = iota
	screenTracker
)

// Model is fray's one root model. It owns the panes and the open dialog,
// routes keys by the mode, applies the actions they return, and runs what
// touches the store as commands.
type Model struct {
	*common
	lib   session.Library
	store session.Store
	opts  Options

	dark          bool
	width, height int

	screen screen
	start  startScreen
	header headerPane
	order  orderPane
	panel  panelPane
	log    logPane
	status statusBar
	dlg    dialog // the open dialog, or nil

	// recorded is the number of the last change handed to the fight's
	// journal, durable of the last one the journal has made durable: the
	// header says "saving" while they differ, and the status bar why not
	// when a change could not be saved.
	recorded, durable int
	watching          int // players watching the fight: fray watch, fray serve
	saveErr           error
	// trouble is what keeps the fight's writes from succeeding while its
	// journal retries them (nil: nothing); troubleGen counts the fights
	// opened, so that word of an earlier one's journal is not taken for
	// this one's.
	trouble    *session.Trouble
	troubleGen int
	firstWait  tea.Cmd     // waits for the save of a fight made before the program ran
	saveAs     saveAsState // a Save as under way
	rolls      []string    // roll history
	book       bookState   // the book lines (B)
}

// saveAsState is a Save as under way: no change may be made to the fight
// while it is copied, or the copy would miss it.
type saveAsState struct {
	busy bool
}

// New returns the root model. If sess already holds a fight (fray FILE), the
// tracker opens on it; otherwise the start screen.
func New(lib session.Library, store session.Store, sess *session.Session, opts Options) Model {
	c := &common{keys: DefaultKeyMap(), sess: sess, hasBook: opts.Book != nil}
	c.table = bindings(c.keys)
	m := Model{common: c, lib: lib, store: store, opts: opts, dark: true}
	m.start = startScreen{common: c, lib: lib}
	m.header, m.order, m.panel, m.log = headerPane{common: c}, orderPane{common: c}, panelPane{common: c}, logPane{common: c}
	// The help is cut to the terminal's width once it is known; the first
	// frame, drawn before, cuts the line instead.
	h := help.New()
	m.status = statusBar{common: c, width: 80, help: &h}
	m.setStyles(m.dark, opts.NoColor)
	m.layout(80, 24)
	if sess.Fight != nil {
		m.screen = screenTracker
		m.order.selectActor()
		if sess.ReadOnly {
			m.status.set("read-only: "+sess.ReadOnlyWhy+" (ctrl+s saves a copy you can change)", true)
		} else if len(sess.Notices) > 0 {
			m.status.set(strings.Join(sess.Notices, "; "), true)
		}
	}
	if m.status.text == "" && len(opts.Notices) > 0 {
		m.status.set(strings.Join(opts.Notices, "; "), true)
	}
	m.start.setSaves(nil, nil)
	if opts.Demo && sess.Fight == nil {
		if demos := lib.Demos(); len(demos) > 0 {
			// The demo is on the first frame; its save is written meanwhile.
			next, cmd := m.opened(m.demoCmd(&demos[0])().(openedMsg))
			m = next.(Model)
			m.firstWait = cmd
		} else {
			m.status.set("no demo fight in the content", true)
		}
	}
	return m
}

// ---------------------------------------------------------------- messages

// savedMsg says that change n is durable, or why it is not.
type savedMsg struct {
	n   int
	err error
}

type listedMsg struct {
	saves    []session.SaveInfo
	archived []session.SaveInfo // the fights put away, where the store keeps them
	err      error
	// reopen opens the list of saved fights again (after one was removed
	// or renamed from it).
	reopen bool
}

// openedMsg delivers a fight opened or created by a command. exists is set
// when Save as found a fight saved at the path: the GM is asked first.
type openedMsg struct {
	saved  *session.Saved
	info   string
	err    error
	exists *actSaveAs
}

// replayMsg replays the next stretch of the history of a fight opened
// without replaying it (engine.Resume), a few milliseconds at a time
// between keys, so undo never waits for it.
type replayMsg struct{ fight *engine.Fight }

// replayStretch is how many steps a replayMsg replays: some 5 ms.
const replayStretch = 400

func replayCmd(f *engine.Fight) tea.Cmd {
	read := f.Later() // the history not read yet: read here, off the keys' way
	return func() tea.Msg {
		if read != nil {
			read()
		}
		return replayMsg{f}
	}
}

// troubleMsg is what keeps the fight's writes from succeeding now (nil:
// nothing), for the gen-th fight opened; open is false once its journal is
// closed.
type troubleMsg struct {
	gen  int
	t    *session.Trouble
	open bool
}

// QuitMsg asks the model to save and quit (fray sends it on a signal).
type QuitMsg struct{}

// Init lists the saves for the start screen and asks for the background
// colour.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.listCmd(), tea.RequestBackgroundColor, m.firstWait, m.watchingCmd()}
	if f := m.sess.Fight; f != nil && m.firstWait == nil {
		cmds = append(cmds, m.troubleCmd(nil), replayCmd(f))
	}
	return tea.Batch(cmds...)
}

func (m Model) listCmd() tea.Cmd {
	store := m.store
	return func() tea.Msg { return listFights(store, false) }
}

// listFights lists the saved fights and, where the store archives them,
// the archived ones.
func listFights(store session.Store, reopen bool) listedMsg {
	s, err := store.List()
	msg := listedMsg{saves: s, err: err, reopen: reopen}
	if files, ok := store.(session.FightFiles); ok && err == nil {
		msg.archived, msg.err = files.Archived()
	}
	return msg
}

// Update routes a message; a key goes where the mode says.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.layout(msg.Width, msg.Height)
		m.status.SetSize(msg.Width, 2)
		return m, nil
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.setStyles(m.dark, m.opts.NoColor)
		return m, nil
	case listedMsg:
		if msg.err != nil {
			m.status.set("cannot list saved fights: "+msg.err.Error(), true)
		}
		m.start.setSaves(msg.saves, msg.archived)
		if msg.reopen && len(msg.saves) > 0 && m.dlg == nil && m.screen == screenStart {
			m.open(newFightsDialog(savesPick(msg.saves)))
		}
		return m, nil
	case tidiedMsg:
		return m.tidied(msg)
	case partiesMsg:
		return m.parties(msg)
	case partyKeptMsg:
		if msg.err != nil {
			m.status.set("the party is not kept: "+msg.err.Error(), true)
		} else {
			m.status.set(msg.text, false)
		}
		return m, nil
	case openedMsg:
		return m.opened(msg)
	case savedMsg:
		return m.saved(msg)
	case replayMsg:
		return m.replay(msg)
	case troubleMsg:
		if msg.gen != m.troubleGen {
			return m, nil // an earlier fight's journal
		}
		if !msg.open {
			m.trouble = nil
			return m, nil
		}
		m.trouble = msg.t
		return m, m.troubleCmd(msg.t)
	case QuitMsg:
		return m.quit()
	case watchingMsg:
		m.watching = msg.n
		return m, m.watchingCmd()
	case bookMsg:
		return m.gotBook(msg)
	case tea.PasteMsg:
		if p, ok := m.dlg.(paster); ok {
			p.paste(msg.Content)
		}
		return m, nil
	case tea.KeyPressMsg:
		m.status.set("", false)
		if m.mode() == modeDialog {
			var act action
			m.dlg, act = m.dlg.Update(msg)
			return m.apply(act)
		}
		return m.apply(m.keyAction(msg))
	}
	return m, nil
}

// mode is the part of the key table that is live: a dialog open reads
// every key; else the start screen's, or the tracker's, read-only on a
// fight another fray writes, acting on all the marked while any is.
func (m Model) mode() mode {
	switch {
	case m.dlg != nil:
		return modeDialog
	case m.screen == screenStart:
		return modeStart
	case m.sess.ReadOnly:
		return modeReadOnly
	case len(m.order.marked()) > 0:
		return modeMarking
	}
	return modeTracker
}

// open opens a dialog over the screen, lending it the styles and keys.
func (m *Model) open(d dialog) {
	d.lend(m.common)
	d.SetSize(m.width, m.height)
	m.dlg = d
}

// layout sizes the screens, panes and the open dialog to the terminal:
// the header, the order beside the panel, the log, then the status bar.
func (m *Model) layout(w, h int) {
	m.width, m.height = w, h
	logH := min(max(h/4, 3), 12)
	bodyH := max(h-4-logH, 3)
	left := w - 30
	if w >= 120 {
		left = w * 58 / 100
	}
	left = max(left, min(w, 40))
	m.start.SetSize(w, max(h-2, 0))
	m.header.SetSize(w, 1)
	m.order.SetSize(left, bodyH)
	m.panel.SetSize(max(w-left-1, 0), bodyH)
	m.log.SetSize(w, logH+1)
	if m.dlg != nil {
		m.dlg.SetSize(w, h)
	}
}

// ---------------------------------------------------------------- commands

// openCmd opens a save: its last snapshot and the journal after it, once
// the fights left before are let go (the one asked for may be one of them).
func (m Model) openCmd(path string) tea.Cmd {
	store, sess := m.store, m.sess
	return func() tea.Msg {
		sess.Settle()
		s, err := store.Open(path)
		return openedMsg{saved: s, err: err}
	}
}

// recoverCmd opens what a journal kept aside holds, in a new file.
func (m Model) recoverCmd(kept string) tea.Cmd {
	store := m.store
	return func() tea.Msg {
		s, err := store.Recover(kept)
		return openedMsg{saved: s, err: err}
	}
}

// troubleCmd waits until what keeps the fight's writes from succeeding is
// other than seen.
func (m Model) troubleCmd(seen *session.Trouble) tea.Cmd {
	sess, gen := m.sess, m.troubleGen
	if sess.Fight == nil || sess.ReadOnly {
		return nil
	}
	return func() tea.Msg {
		t, open := sess.Trouble(seen)
		return troubleMsg{gen, t, open}
	}
}

// newCmd makes a fight and its save, in a new file. build adds to it.
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
		src := dice.NewSource(seed)
		f := engine.NewFight(rs, engine.NewEncounter(name, rs), src)
		if build != nil {
			if err := build(f); err != nil {
				return openedMsg{err: err}
			}
		}
		s := &session.Saved{Name: name, Fight: f, Source: src, Hash: hash, Path: store.NewPath(name)}
		j, err := store.Create(s.Path, s.Snapshot(), false)
		if err != nil {
			return openedMsg{err: fmt.Errorf("%s: %w", s.Path, err)}
		}
		s.Journal = j
		return openedMsg{saved: s}
	}
}

// demoCmd makes a new fight from a demo: its combatants join, and it starts.
func (m Model) demoCmd(d *session.Demo) tea.Cmd {
	return m.newCmd(d.Ruleset.ID, d.Name, func(f *engine.Fight) error {
		add, err := d.Roster()
		if err != nil {
			return err
		}
		if _, err := f.Do(engine.Add{Combatants: add}); err != nil {
			return err
		}
		_, err = f.Do(engine.Start{})
		return err
	})
}

func (m Model) opened(msg openedMsg) (tea.Model, tea.Cmd) {
	m.saveAs.busy = false
	if msg.exists != nil {
		a := *msg.exists
		a.replace = true
		m.open(&confirm{question: "A fight is saved at " + a.path + ": replace it? (it is kept as its backup)", yes: a})
		return m, nil
	}
	if msg.err != nil {
		var offer session.BackupOffer
		if errors.As(msg.err, &offer) && offer.Backup() != "" {
			// The files are side by side: their names say enough.
			why := strings.ReplaceAll(msg.err.Error(), filepath.Dir(offer.Backup())+string(filepath.Separator), "")
			m.open(&confirm{question: why + ". Open the backup?", yes: actOpen{path: offer.Backup()}})
			return m, nil
		}
		m.status.set(msg.err.Error(), true)
		return m, nil
	}
	m.sess.Open(msg.saved)
	m.troubleGen++
	m.trouble = nil
	// Until its save is durable (a fight made new is saved in the
	// background), the fight is marked saving.
	m.recorded, m.durable, m.saveErr = 0, -1, nil
	m.screen, m.log.back, m.dlg = screenTracker, 0, nil
	m.order.marks = nil
	m.order.selectActor()
	switch {
	case m.sess.ReadOnly:
		m.status.set("read-only: "+m.sess.ReadOnlyWhy+"; nothing you do here is saved (ctrl+s saves a copy you can change)", true)
	case len(msg.saved.Notices) > 0:
		m.status.set(strings.Join(msg.saved.Notices, "; "), true)
	case msg.info != "":
		m.status.set(msg.info, false)
	}
	return m, tea.Batch(m.waitCmd(0), replayCmd(m.sess.Fight), m.troubleCmd(nil))
}

func (m Model) replay(msg replayMsg) (tea.Model, tea.Cmd) {
	if msg.fight != m.sess.Fight {
		return m, nil // another fight is open now
	}
	more, err := msg.fight.Replay(replayStretch)
	if err != nil {
		m.status.set("undo stops where the fight was saved: the history before does not replay ("+err.Error()+"); it is kept in the save",
			true)
	}
	if more {
		return m, replayCmd(msg.fight)
	}
	return m, nil
}

// ---------------------------------------------------------------- saving

// journal hands the change just made to the fight's journal, and returns the
// command that waits until it is durable: until then the header says the
// fight is saving.
func (m *Model) journal(op session.ChangeOp, step engine.Step) tea.Cmd {
	n := m.sess.Record(op, step)
	if n == 0 {
		return nil
	}
	m.recorded = n
	return m.waitCmd(n)
}

// waitCmd waits until change n is durable (0: the fight's save).
func (m *Model) waitCmd(n int) tea.Cmd {
	sess := m.sess
	return func() tea.Msg { return savedMsg{n, sess.Wait(n)} }
}

func (m Model) saved(msg savedMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		m.saveErr = msg.err
		m.status.set("not saved: "+msg.err.Error()+" (ctrl+s saves a copy elsewhere)", true)
		return m, nil
	}
	m.durable = max(m.durable, msg.n)
	return m, nil
}

// saving says how the fight stands on disk, for the header.
func (m Model) saving() saveState {
	switch {
	case m.sess.Fight == nil:
		return saveNone
	case m.sess.ReadOnly:
		return saveReadOnly
	case m.saveErr != nil:
		return saveFailed
	case m.trouble != nil && (!m.trouble.Saved || m.durable < m.recorded):
		return saveRetrying
	case m.durable < m.recorded || m.durable < 0:
		return saveUnsaved
	case m.trouble != nil:
		return saveSnapshotRetrying
	}
	return saveDone
}

// troubleText says what keeps the fight's writes from succeeding, what
// fray does about it and what the GM can do meanwhile, for the status line.
func (m Model) troubleText() string {
	t := m.trouble
	why := t.Err
	var pe *fs.PathError
	if errors.As(why, &pe) {
		why = pe.Err // the file is the fight's own
	}
	if m.saving() == saveRetrying {
		return fmt.Sprintf("not saved: %s failed (%v); fray keeps every change and retries, writing them all as soon as it can; "+
			"meanwhile ctrl+s saves a copy elsewhere (type a path on another disk)", t.What, why)
	}
	return fmt.Sprintf("every change is saved in the journal; %s failed (%v), and fray retries", t.What, why)
}

// unsavedQuestion asks whether to quit with changes that could not be
// saved yet, or is "" when there are none.
func (m Model) unsavedQuestion() string {
	if m.saving() != saveRetrying {
		return ""
	}
	n := m.recorded - max(m.durable, 0)
	return fmt.Sprintf("%d change(s) are not saved: %s failed (%v). fray tries once more as it quits; if that fails too they are lost. "+
		"Quit anyway? (No, then ctrl+s saves a copy elsewhere.)", n, m.trouble.What, m.trouble.Err)
}

// quit ends the program. Every change is in the journal or on its way to
// it: fray closes the journal (and writes a last snapshot) once the program
// has ended, however it ended.
func (m Model) quit() (tea.Model, tea.Cmd) {
	return m, tea.Quit
}

// saveAsCmd copies the fight to a new save and carries on there. The copy
// is taken now; no change is made to the fight until it is written.
func (m *Model) saveAsCmd(a actSaveAs) tea.Cmd {
	store := m.store
	snap := m.sess.Saved()
	snapshot := snap.Snapshot()
	m.saveAs.busy = true
	return func() tea.Msg {
		path := a.path
		if path == "" {
			path = store.NewPath(a.name)
		}
		snapshot.Name = a.name
		j, err := store.Create(path, snapshot, a.replace)
		switch {
		case errors.Is(err, session.ErrExists):
			a.path = path
			return openedMsg{exists: &a}
		case err != nil:
			return openedMsg{err: fmt.Errorf("%s: %w", path, err)}
		}
		s := &session.Saved{Name: a.name, Fight: snap.Fight, Source: snap.Source, Hash: snap.Hash, Path: path, Journal: j}
		return openedMsg{saved: s, info: "saved as " + path}
	}
}
