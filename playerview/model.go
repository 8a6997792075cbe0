package playerview

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/rules"
)

// Heard is the fight as a viewer last heard of it: sent to the Model
// whenever the GM's fray saves a change.
type Heard struct {
	Name  string
	Rules *rules.Ruleset
	Enc   *engine.Encounter
	Log   []engine.Event
	Note  string // about the view: the fight cannot be read, the GM is away
}

// HeardMsg carries what was heard of the fight anew to a Model.
type HeardMsg struct{ Heard Heard }

// MaxWidth and MaxHeight are the most of a window the player view draws:
// a larger window has the view in its top left corner, the rest blank,
// and a note saying so. A screen that size holds the whole view of a fight
// of any size, and what it costs to draw (and, for fray serve, to keep in
// memory) cannot be set by what a client says its window is.
const (
	MaxWidth  = 400
	MaxHeight = 200
)

// WindowMsg is the size a viewer's window says it is, when the program is
// told a smaller size to draw in (fray serve tells its programs at most
// MaxWidth x MaxHeight, so their renderers stay that small); 0x0 when the
// window is the size the program draws in.
type WindowMsg struct{ Width, Height int }

// Model is the player view as a Bubble Tea program: it shows what it is
// sent, and takes no key but q to leave. It holds no fight of its own to
// change: a viewer's keys never reach the GM's fray.
type Model struct {
	fight         Heard
	width, height int // the size the program draws in
	winW, winH    int // the window's own size, when it is larger (WindowMsg)
	dark, noColor bool
	st            Styles
}

// New returns a player view showing f until it is sent another.
func New(f Heard, noColor bool) Model {
	return Model{fight: f, width: 80, height: 24, dark: true, noColor: noColor, st: NewStyles(true, noColor)}
}

func (m Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case HeardMsg:
		m.fight = msg.Heard
	case tea.WindowSizeMsg:
		// A client with no terminal of its own (ssh -tt from a script)
		// reports 0x0: the last size, or 80x24, stands.
		if msg.Width > 0 && msg.Height > 0 {
			m.width, m.height = msg.Width, msg.Height
		}
	case WindowMsg:
		m.winW, m.winH = max(msg.Width, 0), max(msg.Height, 0)
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.st = NewStyles(m.dark, m.noColor)
	case tea.KeyPressMsg:
		switch msg.String() {
		case "q", "ctrl+c", "esc":
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	return v
}

// Render is the screen as the model would show it now: at most MaxWidth x
// MaxHeight, with a note when the window is larger.
func (m Model) Render() string {
	f := m.fight
	w, h := min(m.width, MaxWidth), min(m.height, MaxHeight)
	note := f.Note
	winW, winH := m.width, m.height
	if m.winW > 0 && m.winH > 0 {
		winW, winH = m.winW, m.winH
	}
	if winW > w || winH > h {
		size := fmt.Sprintf("this window is %dx%d: the view is drawn in its top left %dx%d", winW, winH, w, h)
		if note != "" {
			size = note + " · " + size
		}
		note = size
	}
	return Render(Screen{Name: f.Name, Rules: f.Rules, Enc: f.Enc, Log: f.Log, Note: note, Width: w, Height: h, Styles: m.st})
}
