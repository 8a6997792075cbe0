package tui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// An item is a row of a pick list: what it shows, and the value choosing
// it hands to the pick's choose.
type item[T any] struct {
	label, detail string
	value         T
}

// pick chooses one item from a list, optionally narrowed by a fuzzy filter.
// T is the type of the items' values: a stun level's id, a condition, an
// engine command.
type pick[T any] struct {
	frame
	title, hint string
	items       []item[T]
	filter      *lineInput // nil: no filter
	shown       []int      // indexes of items matching the filter
	sel         int
	// extra, when set, offers an item made from the filter text itself
	// (an ad hoc combatant), listed after the matches.
	extra func(query string) (item[T], bool)
	// filterText, when set, is the part of the query the filter matches
	// ("orc" of "orc x3 hp=12").
	filterText func(query string) string
	choose     func(it item[T], query string) (action, error)
	err        string
	// note is a warning shown as long as the dialog is open (a content
	// file the add key's list could not take in), where err goes at a key.
	note string
}

func newPick[T any](title, hint string, items []item[T], filtered bool, choose func(item[T], string) (action, error)) *pick[T] {
	p := &pick[T]{title: title, hint: hint, items: items, choose: choose}
	if filtered {
		in := newLineInput("/ ")
		in.placeholder = "type to filter"
		p.filter = &in
	}
	p.refilter()
	return p
}

func (p *pick[T]) query() string {
	if p.filter == nil {
		return ""
	}
	return strings.TrimSpace(p.filter.Value())
}

func (p *pick[T]) refilter() {
	q := p.query()
	if p.filterText != nil {
		q = p.filterText(q)
	}
	p.shown = fuzzy(q, p.items)
	p.sel = min(p.sel, max(p.count()-1, 0))
}

func (p *pick[T]) extraItem() (item[T], bool) {
	if p.extra == nil || p.query() == "" {
		return item[T]{}, false
	}
	return p.extra(p.query())
}

// count is how many rows the list shows, the extra item included.
func (p *pick[T]) count() int {
	n := len(p.shown)
	if _, ok := p.extraItem(); ok {
		n++
	}
	return n
}

// at is the i-th row: the matching items, then the extra one.
func (p *pick[T]) at(i int) item[T] {
	if i < len(p.shown) {
		return p.items[p.shown[i]]
	}
	it, _ := p.extraItem()
	return it
}

func (p *pick[T]) Update(msg tea.KeyPressMsg) (dialog, action) {
	k := p.keys
	switch {
	case key.Matches(msg, k.Cancel):
		return nil, actCancel{}
	case key.Matches(msg, k.Confirm):
		if p.count() == 0 {
			p.err = "nothing to choose"
			if p.extra != nil && p.query() != "" {
				// Say why the text makes nothing (a bad hp=, say).
				if _, err := p.choose(item[T]{}, p.query()); err != nil {
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
		p.filter.Update(msg)
		p.sel = 0
		p.refilter()
	}
	return p, nil
}

// paste puts pasted text into the filter, as typing it would.
func (p *pick[T]) paste(text string) {
	if p.filter == nil {
		return
	}
	p.err = ""
	p.filter.Insert(text)
	p.sel = 0
	p.refilter()
}

// boxWidth is the width of the list, inside its box.
func (p *pick[T]) boxWidth() int { return dialogWidth(p.width, 24) }

// SetSize sizes the filter to the box: a query wider scrolls.
func (p *pick[T]) SetSize(w, h int) {
	p.frame.SetSize(w, h)
	if p.filter != nil {
		p.filter.SetWidth(p.boxWidth() - 4)
	}
}

func (p *pick[T]) View() string {
	st, w := &p.st, p.boxWidth()
	lines := []string{st.Title.Render(safe(p.title))}
	if p.filter != nil {
		lines = append(lines, p.filter.View(st.Muted))
	}
	rows := max(8, min(20, p.height-16)) // 8 at 24 lines, more in a taller window
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
	if p.note != "" {
		lines = append(lines, st.Error.Render(wrap(safe(p.note), w)))
	}
	if p.hint != "" {
		lines = append(lines, st.Muted.Render(wrap(safe(p.hint), w)))
	}
	return st.DialogBox.Boxed(w+4, strings.Join(lines, "\n"))
}

// fuzzy returns the indexes of the items whose label matches the query:
// the label itself first, then prefixes (the shortest first: "attack"
// finds Attack before Attack - Delayed), then labels with a word that
// starts so, then substrings, then letters in order.
func fuzzy[T any](q string, items []item[T]) []int {
	q = strings.ToLower(q)
	// A trailing count ("orc x3") does not filter.
	if name, _, ok := splitCount(q); ok {
		q = name
	}
	type scored struct{ i, score, length int }
	var out []scored
	for i, it := range items {
		l := strings.ToLower(it.label)
		s := scored{i: i, length: len(l)}
		switch {
		case q == "":
			s.length = 0
		case l == q:
			s.score = 0
		case strings.HasPrefix(l, q):
			s.score = 1
		case strings.Contains(l, " "+q):
			s.score, s.length = 2, 0
		case strings.Contains(l, q):
			s.score, s.length = 3, 0
		case subsequence(q, l):
			s.score, s.length = 4, 0
		default:
			continue
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b scored) int {
		if a.score != b.score {
			return a.score - b.score
		}
		return a.length - b.length
	})
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
