package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"fray/engine"
)

// shareDialog is damage to several marked combatants shared out: each
// one's share of the amount typed or rolled (half on a save, double for a
// weakness, none, or an amount of its own), dealt as one step.
type shareDialog struct {
	frame
	dmg     engine.Damage // the damage, for nobody yet
	what    string        // the amount or the dice, as typed
	targets []*engine.Combatant
	shares  []engine.Share
	sel     int
	err     string
}

// shareScale is the shares ← and → step through, least first.
var shareScale = []engine.Share{engine.ShareNone, engine.ShareHalf, engine.ShareWhole, engine.ShareDouble}

func (m *Model) shareDialog(dmg engine.Damage, what string) *shareDialog {
	cs := m.order.marked()
	d := &shareDialog{dmg: dmg, what: what, targets: cs, shares: make([]engine.Share, len(cs))}
	for i := range d.shares {
		d.shares[i] = engine.ShareWhole
	}
	return d
}

func (d *shareDialog) Update(msg tea.KeyPressMsg) (dialog, action) {
	k := d.keys
	d.err = ""
	switch {
	case key.Matches(msg, k.Cancel):
		return nil, actCancel{}
	case key.Matches(msg, k.Confirm):
		ids := make([]int, len(d.targets))
		for i, c := range d.targets {
			ids[i] = c.ID
		}
		shares := d.shares
		if d.allFull() {
			shares = nil // all take it whole: the step as it always was
		}
		return nil, actCommand{cmd: engine.Marked{Targets: ids, Shares: shares, Step: d.dmg}}
	case key.Matches(msg, k.ListUp, k.Up):
		d.sel = max(d.sel-1, 0)
	case key.Matches(msg, k.ListDown, k.Down):
		d.sel = min(d.sel+1, len(d.targets)-1)
	case key.Matches(msg, k.ShareLess):
		d.step(-1)
	case key.Matches(msg, k.ShareMore):
		d.step(1)
	case key.Matches(msg, k.ShareAmount):
		d.typed(msg)
	}
	return d, nil
}

// step moves the selected one's share along the scale; from an amount of
// its own, ← is none and → full.
func (d *shareDialog) step(dir int) {
	i := -1
	for j, s := range shareScale {
		if s == d.shares[d.sel] {
			i = j
		}
	}
	switch {
	case i < 0 && dir < 0:
		i = 0
	case i < 0:
		i = 2
	default:
		i = min(max(i+dir, 0), len(shareScale)-1)
	}
	d.shares[d.sel] = shareScale[i]
}

// typed is a digit or backspace on the selected one's amount of its own.
func (d *shareDialog) typed(msg tea.KeyPressMsg) {
	s := d.shares[d.sel]
	if _, err := strconv.Atoi(string(s)); err != nil {
		s = ""
	}
	if r := msg.Text; len(r) == 1 && r[0] >= '0' && r[0] <= '9' {
		s += engine.Share(r)
	} else if len(s) > 0 {
		s = s[:len(s)-1]
	}
	if s == "" {
		s = engine.ShareWhole
	}
	if n, err := strconv.Atoi(string(s)); err == nil && n > 9999 {
		d.err = "an amount of its own is at most 9999"
		return
	}
	d.shares[d.sel] = s
}

func (d *shareDialog) allFull() bool {
	for _, s := range d.shares {
		if s != engine.ShareWhole {
			return false
		}
	}
	return true
}

// ShortHelp and FullHelp are the dialog's keys, for the help bar.
func (d *shareDialog) ShortHelp() []key.Binding {
	k := d.keys
	return []key.Binding{k.Confirm, k.Cancel, k.ShareLess, k.ShareMore, k.ShareAmount, k.ListDown}
}
func (d *shareDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// comesTo is what a share of a fixed amount comes to ("" while the dice
// are still to roll).
func (d *shareDialog) comesTo(s engine.Share) string {
	if d.dmg.Expr != "" {
		return ""
	}
	n := d.dmg.Amount
	switch s {
	case engine.ShareHalf:
		n /= 2
	case engine.ShareDouble:
		n *= 2
	case engine.ShareNone:
		n = 0
	case engine.ShareWhole:
	default:
		n, _ = strconv.Atoi(string(s))
	}
	return fmt.Sprintf("→ %d", n)
}

func (d *shareDialog) View() string {
	st := &d.st
	w := dialogWidth(d.width, 24)
	lines := []string{st.Title.Render(truncate(safe("Each one's share of "+d.what), w))}
	const rows = 10
	top := min(max(d.sel-rows/2, 0), max(len(d.targets)-rows, 0))
	if top > 0 {
		lines = append(lines, st.Muted.Render(fmt.Sprintf("  ↑ %d more", top)))
	}
	for i := top; i < min(top+rows, len(d.targets)); i++ {
		s := d.shares[i]
		label := string(s)
		if _, err := strconv.Atoi(label); err == nil {
			label = "typed " + label
		} else if s == engine.ShareWhole {
			label = "all"
		}
		line := fmt.Sprintf("%-8s %s", label, d.comesTo(s))
		line = truncate(safe(d.targets[i].Name), max(w-20, 8)) + "  " + st.Muted.Render(strings.TrimSpace(line))
		if i == d.sel {
			line = st.Selected.Render("› " + line)
		} else {
			line = "  " + line
		}
		lines = append(lines, line)
	}
	if more := len(d.targets) - (top + rows); more > 0 {
		lines = append(lines, st.Muted.Render(fmt.Sprintf("  ↓ %d more", more)))
	}
	if d.err != "" {
		lines = append(lines, st.Error.Render(wrap(d.err, w)))
	}
	hint := "←/→ less or more: none, half (rounded down), all, double; digits an amount of its own; enter deals it, one step"
	lines = append(lines, st.Muted.Render(wrap(hint, w)))
	return st.DialogBox.Boxed(w+4, strings.Join(lines, "\n"))
}
