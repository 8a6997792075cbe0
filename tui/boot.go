package tui

import tea "charm.land/bubbletea/v2"

// Boot is the root model while fray starts. Bubble Tea sets the terminal up
// and draws its first frame only on its renderer's first tick (8 ms after it
// starts), so fray loads its content and builds the tracker during that wait
// rather than before it. Whatever comes before the tracker exists (the
// window's size, keys typed at once, a signal's quit) is kept and given to
// it in order; from then on the tracker is the root model and Boot is gone.
type Boot struct {
	load    func() tea.Model
	pending []tea.Msg
}

// NewBoot makes the start-up model; load builds the root model. It runs in
// a command, off the event loop. A nil model ends the program.
func NewBoot(load func() tea.Model) Boot { return Boot{load: load} }

type bootedMsg struct{ m tea.Model }

// Init starts the load.
func (b Boot) Init() tea.Cmd {
	load := b.load
	return func() tea.Msg { return bootedMsg{load()} }
}

// Update keeps messages until the model is built, then hands them over.
func (b Boot) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	booted, ok := msg.(bootedMsg)
	if !ok {
		b.pending = append(b.pending, msg)
		return b, nil
	}
	m := booted.m
	if m == nil {
		return b, tea.Quit
	}
	cmds := []tea.Cmd{m.Init()}
	for _, p := range b.pending {
		var cmd tea.Cmd
		m, cmd = m.Update(p)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// View is an empty screen, as the tracker's will be set up (the alternate
// screen, the title), so the first real frame changes no mode.
func (b Boot) View() tea.View {
	v := tea.NewView("")
	v.AltScreen = true
	v.WindowTitle = "fray"
	return v
}
