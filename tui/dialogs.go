package tui

import (
	"fray/session"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// A dialog is drawn over the screen and gets every key while it is open.
// Update returns the dialog to keep open (nil closes it) and an action for
// the root to apply (nil for none): a dialog changes nothing itself.
type dialog interface {
	component
	Update(msg tea.KeyPressMsg) (dialog, action)
	// lend hands the dialog the root's styles and keys as it opens.
	lend(c *common)
}

// frame is what every dialog embeds: the root's styles and keys, and the
// size of the screen it is drawn over.
type frame struct {
	*common
	width, height int
}

func (f *frame) lend(c *common)   { f.common = c }
func (f *frame) SetSize(w, h int) { f.width, f.height = w, h }

// ---------------------------------------------------------------- prompt

// prompt asks for one line of text. submit turns the text into an action or
// an error shown under the input (the prompt stays open).
type prompt struct {
	frame
	title, hint string
	input       textinput.Model
	submit      func(string) (action, error)
	err         string
	history     []string // older entries first; up/down walk them
	hpos        int
	// chosen is set while the value is a default shown selected: the first
	// character typed replaces it, backspace clears it, a cursor key keeps it.
	chosen bool
	// live, when set, says under the input what the text typed so far
	// makes (how many dice faces of how many), as it is typed.
	live func(string) string
}

// eraseKeys clear a default shown selected.
var eraseKeys = key.NewBinding(key.WithKeys("backspace", "delete"))

// newDefault is a prompt holding a default, selected so that typing
// replaces it and enter takes it.
func newDefault(title, hint, value string, submit func(string) (action, error)) *prompt {
	p := newPrompt(title, hint, value, submit)
	p.chosen = value != ""
	return p
}

func newPrompt(title, hint, value string, submit func(string) (action, error)) *prompt {
	in := textinput.New()
	in.Prompt = "> "
	if _, _, unsafe := session.Unsafe(value); unsafe {
		value = safe(value) // what the GM sees is what is saved if they keep it
	}
	in.SetValue(value)
	in.CursorEnd()
	in.Focus()
	return &prompt{title: title, hint: hint, input: in, submit: submit}
}

func (p *prompt) Update(msg tea.KeyPressMsg) (dialog, action) {
	k := p.keys
	switch {
	case key.Matches(msg, k.Cancel):
		return nil, actCancel{}
	case key.Matches(msg, k.Confirm):
		act, err := p.submit(strings.TrimSpace(p.input.Value()))
		if err != nil {
			p.err = err.Error()
			return p, nil
		}
		return nil, act
	case len(p.history) > 0 && key.Matches(msg, k.ListUp):
		p.chosen = false
		p.hpos = max(p.hpos-1, 0)
		p.input.SetValue(p.history[p.hpos])
		p.input.CursorEnd()
		return p, nil
	case len(p.history) > 0 && key.Matches(msg, k.ListDown):
		p.chosen = false
		p.hpos = min(p.hpos+1, len(p.history))
		if p.hpos == len(p.history) {
			p.input.SetValue("")
		} else {
			p.input.SetValue(p.history[p.hpos])
		}
		p.input.CursorEnd()
		return p, nil
	}
	p.err = ""
	if p.chosen {
		p.chosen = false
		switch {
		case msg.Text != "":
			p.input.SetValue("")
		case key.Matches(msg, eraseKeys):
			p.input.SetValue("")
			return p, nil
		}
	}
	p.input, _ = p.input.Update(msg)
	return p, nil
}

// boxWidth is the width of the prompt's text, inside its box.
func (p *prompt) boxWidth() int { return min(max(p.width-8, 20), 64) }

// SetSize sizes the input to the box: textinput scrolls a long value by
// the width it has when it takes a key.
func (p *prompt) SetSize(w, h int) {
	p.frame.SetSize(w, h)
	p.input.SetWidth(p.boxWidth() - 4)
}

func (p *prompt) View() string {
	st, w := &p.st, p.boxWidth()
	in := p.input.View()
	if p.chosen {
		// The default, selected: typing replaces it.
		in = p.input.Prompt + st.Selected.Render(safe(truncate(p.input.Value(), w-4)))
	}
	lines := []string{st.Title.Render(safe(p.title)), in}
	if p.live != nil {
		lines = append(lines, st.Muted.Render(wrap(safe(p.live(p.input.Value())), w)))
	}
	if p.err != "" {
		lines = append(lines, st.Error.Render(wrap(safe(p.err), w)))
	}
	if p.hint != "" {
		lines = append(lines, st.Muted.Render(wrap(safe(p.hint), w)))
	}
	return st.DialogBox.Width(w + 4).Render(strings.Join(lines, "\n"))
}

// ---------------------------------------------------------------- pick list

type item struct {
	label, detail string
	value         any
}

// pick chooses one item from a list, optionally narrowed by a fuzzy filter.
type pick struct {
	frame
	title, hint string
	items       []item
	filter      *textinput.Model // nil: no filter
	shown       []int            // indexes of items matching the filter
	sel         int
	// extra, when set, offers an item made from the filter text itself
	// (an ad hoc combatant), listed after the matches.
	extra func(query string) (item, bool)
	// filterText, when set, is the part of the query the filter matches
	// ("orc" of "orc x3 hp=12").
	filterText func(query string) string
	choose     func(it item, query string) (action, error)
	err        string
}

func newPick(title, hint string, items []item, filtered bool, choose func(item, string) (action, error)) *pick {
	p := &pick{title: title, hint: hint, items: items, choose: choose}
	if filtered {
		in := textinput.New()
		in.Prompt = "/ "
		in.Placeholder = "type to filter"
		in.Focus()
		p.filter = &in
	}
	p.refilter()
	return p
}

func (p *pick) query() string {
	if p.filter == nil {
		return ""
	}
	return strings.TrimSpace(p.filter.Value())
}

func (p *pick) refilter() {
	q := p.query()
	if p.filterText != nil {
		q = p.filterText(q)
	}
	p.shown = fuzzy(q, p.items)
	p.sel = min(p.sel, max(p.count()-1, 0))
}

func (p *pick) extraItem() (item, bool) {
	if p.extra == nil || p.query() == "" {
		return item{}, false
	}
	return p.extra(p.query())
}

// count is how many rows the list shows, the extra item included.
func (p *pick) count() int {
	n := len(p.shown)
	if _, ok := p.extraItem(); ok {
		n++
	}
	return n
}

// at is the i-th row: the matching items, then the extra one.
func (p *pick) at(i int) item {
	if i < len(p.shown) {
		return p.items[p.shown[i]]
	}
	it, _ := p.extraItem()
	return it
}

func (p *pick) Update(msg tea.KeyPressMsg) (dialog, action) {
	k := p.keys
	switch {
	case key.Matches(msg, k.Cancel):
		return nil, actCancel{}
	case key.Matches(msg, k.Confirm):
		if p.count() == 0 {
			p.err = "nothing to choose"
			if p.extra != nil && p.query() != "" {
				// Say why the text makes nothing (a bad hp=, say).
				if _, err := p.choose(item{}, p.query()); err != nil {
					p.err = err.Error()
				}
			}
			return p, nil
		}
		act, err := p.choose(p.at(p.sel), p.query())
		if err != nil {
			p.err = err.Error()
			return p, nil
		}
		return nil, act
	case key.Matches(msg, k.ListUp) || (p.filter == nil && key.Matches(msg, k.Up)):
		p.sel = max(p.sel-1, 0)
		return p, nil
	case key.Matches(msg, k.ListDown) || (p.filter == nil && key.Matches(msg, k.Down)):
		p.sel = min(p.sel+1, max(p.count()-1, 0))
		return p, nil
	}
	if p.filter != nil {
		p.err = ""
		*p.filter, _ = p.filter.Update(msg)
		p.sel = 0
		p.refilter()
	}
	return p, nil
}

// boxWidth is the width of the list, inside its box.
func (p *pick) boxWidth() int { return min(max(p.width-8, 24), 64) }

// SetSize sizes the filter to the box: textinput scrolls a long query by
// the width it has when it takes a key.
func (p *pick) SetSize(w, h int) {
	p.frame.SetSize(w, h)
	if p.filter != nil {
		p.filter.SetWidth(p.boxWidth() - 4)
	}
}

func (p *pick) View() string {
	st, w := &p.st, p.boxWidth()
	lines := []string{st.Title.Render(safe(p.title))}
	if p.filter != nil {
		lines = append(lines, p.filter.View())
	}
	const rows = 8
	n := p.count()
	top := min(max(p.sel-rows/2, 0), max(n-rows, 0))
	for i := top; i < min(top+rows, n); i++ {
		it := p.at(i)
		line := safe(it.label)
		if it.detail != "" {
			line += "  " + st.Muted.Render(safe(it.detail))
		}
		line = truncate(line, w-2)
		if i == p.sel {
			line = st.Selected.Render("› " + line)
		} else {
			line = "  " + line
		}
		lines = append(lines, line)
	}
	if n == 0 {
		lines = append(lines, st.Muted.Render("  (nothing matches)"))
	} else if n > rows {
		lines = append(lines, st.Muted.Render("  "+itoa(p.sel+1)+"/"+itoa(n)))
	}
	if p.err != "" {
		lines = append(lines, st.Error.Render(wrap(safe(p.err), w)))
	}
	if p.hint != "" {
		lines = append(lines, st.Muted.Render(wrap(safe(p.hint), w)))
	}
	return st.DialogBox.Width(w + 4).Render(strings.Join(lines, "\n"))
}

// fuzzy returns the indexes of the items whose label matches the query:
// prefix matches first, then substrings, then letters in order.
func fuzzy(q string, items []item) []int {
	q = strings.ToLower(q)
	// A trailing count ("orc x3") does not filter.
	if name, _, ok := splitCount(q); ok {
		q = name
	}
	type scored struct{ i, score int }
	var out []scored
	for i, it := range items {
		l := strings.ToLower(it.label)
		switch {
		case q == "" || strings.HasPrefix(l, q):
			out = append(out, scored{i, 0})
		case strings.Contains(l, q):
			out = append(out, scored{i, 1})
		case subsequence(q, l):
			out = append(out, scored{i, 2})
		}
	}
	slices.SortStableFunc(out, func(a, b scored) int { return a.score - b.score })
	idx := make([]int, len(out))
	for i, s := range out {
		idx[i] = s.i
	}
	return idx
}

func subsequence(q, s string) bool {
	for _, r := range q {
		i := strings.IndexRune(s, r)
		if i < 0 {
			return false
		}
		s = s[i+len(string(r)):]
	}
	return true
}

// ---------------------------------------------------------------- confirm

// confirm asks a yes-or-no question; yes is what a yes does.
type confirm struct {
	frame
	question string
	yes      action
}

func (c *confirm) Update(msg tea.KeyPressMsg) (dialog, action) {
	switch {
	case key.Matches(msg, c.keys.Yes):
		return nil, c.yes
	case key.Matches(msg, c.keys.No):
		return nil, actCancel{}
	}
	return c, nil
}

func (c *confirm) View() string {
	st, w := &c.st, min(max(c.width-8, 20), 56)
	var hint []string
	for _, b := range []key.Binding{c.keys.Yes, c.keys.No} {
		hint = append(hint, b.Help().Key+": "+b.Help().Desc)
	}
	return st.DialogBox.Width(w + 4).Render(wrap(safe(c.question), w) + "\n" + st.Muted.Render(strings.Join(hint, "   ")))
}

// ---------------------------------------------------------------- help

// keysDialog shows every key of the tracker; any key closes it.
type keysDialog struct{ frame }

func (d *keysDialog) Update(tea.KeyPressMsg) (dialog, action) { return nil, actCancel{} }

func (d *keysDialog) View() string {
	st := &d.st
	var lines []string
	h := trackerHelp{k: d.keys, book: d.hasBook}
	if d.sess != nil && d.sess.Fight != nil {
		h.rs, h.readOnly = d.sess.Fight.Rules, d.sess.ReadOnly
	}
	keyW := 0
	for _, col := range h.FullHelp() {
		for _, b := range col {
			keyW = max(keyW, lipgloss.Width(b.Help().Key)+1)
		}
	}
	for _, col := range h.FullHelp() {
		for _, b := range col {
			h := b.Help()
			lines = append(lines, lipgloss.NewStyle().Width(keyW).Render(h.Key)+h.Desc)
		}
	}
	box := func(body string) string {
		b := st.DialogBox.Render(st.Title.Render("Keys") + "\n" + body + "\n" + st.Muted.Render("any key closes"))
		if d.height > 0 && lipgloss.Height(b) > d.height-2 {
			// Too tall to leave the help bar in sight: the keys alone.
			b = st.DialogBox.Render(body)
		}
		return b
	}
	// Three columns or two when they fit (the fewest rows), else one.
	for n := 3; n > 1; n-- {
		per := (len(lines) + n - 1) / n
		var cols []string
		for i := 0; i < len(lines); i += per {
			col := strings.Join(lines[i:min(i+per, len(lines))], "\n")
			gap := 2
			if i+per >= len(lines) {
				gap = 0 // the last column needs no gap after it
			}
			cols = append(cols, lipgloss.NewStyle().Width(lipgloss.Width(col)+gap).Render(col))
		}
		if b := box(lipgloss.JoinHorizontal(lipgloss.Top, cols...)); lipgloss.Width(b) <= d.width {
			return b
		}
	}
	return box(strings.Join(lines, "\n"))
}
