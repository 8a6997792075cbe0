package playerview

import (
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

// Model is the player view as a Bubble Tea program: it shows what it is
// sent, and takes no key but q to leave. It holds no fight of its own to
// change: a viewer's keys never reach the GM's fray.
type Model struct {
	fight         Heard
	width, height int
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

// Render is the screen as the model would show it now.
func (m Model) Render() string {
	f := m.fight
	return Render(Screen{Name: f.Name, Rules: f.Rules, Enc: f.Enc, Log: f.Log, Note: f.Note, Width: m.width, Height: m.height, Styles: m.st})
}
