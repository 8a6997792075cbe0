package tui

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// headerPane is the tracker's top line: the fight, its rules, the round and
// who acts.
type headerPane struct {
	*common
	width     int
	tableDice bool      // the root's switch, handed over as it draws
	saving    saveState // how the fight stands on disk, handed over too
	trouble   string    // what fails, in a word or two, while writes are retried
	watching  int       // players watching the fight, handed over too
}

// saveState is how the fight on the screen stands on disk. A change is
// drawn at once, before it is durable: until it is, the header says so.
type saveState int

const (
	saveNone saveState = iota
	saveDone
	saveUnsaved
	saveFailed
	saveReadOnly
	// saveRetrying: changes are not durable, and writes fail: the journal
	// retries them. saveSnapshotRetrying: every change is durable, but a
	// snapshot failed, and is retried.
	saveRetrying
	saveSnapshotRetrying
)

func (p *headerPane) SetSize(w, _ int) { p.width = w }

func (p headerPane) View() string {
	enc := p.fight().Current()
	rs := p.fight().Rules
	parts := []string{p.st.Title.Render("fray"), p.st.Header.Render(safe(p.sess.Name)), safe(rs.Name)}
	switch p.saving {
	case saveReadOnly:
		parts[0] += " " + p.st.Error.Render("[read-only]")
	case saveFailed:
		parts[0] += " " + p.st.Error.Render("[not saved]")
	case saveUnsaved:
		parts[0] += " " + p.st.Muted.Render("[saving]")
	case saveRetrying:
		parts[0] += " " + p.st.Error.Render("[not saved: "+p.trouble+", retrying]")
	case saveSnapshotRetrying:
		parts[0] += " " + p.st.Warn.Render("[snapshot: "+p.trouble+", retrying]")
	}
	if p.tableDice {
		parts[0] += " " + p.st.Warn.Render("[table dice]")
	}
	if p.watching > 0 {
		parts[0] += " " + p.st.Warn.Render(fmt.Sprintf("[%d watching]", p.watching))
	}
	switch enc.Status {
	case engine.StatusSetup:
		parts = append(parts, p.st.Warn.Render("setting up: a adds, n starts the fight"))
	case engine.StatusEnded:
		parts = append(parts, fmt.Sprintf("ended after round %d", enc.Round))
	default:
		parts = append(parts, fmt.Sprintf("Round %d", enc.Round))
		if phases := rs.RoundPhases(); len(phases) > 1 {
			parts = append(parts, safe(phases[enc.Phase].Name))
		}
		if a := enc.Actor(); a != nil {
			where := ""
			if e := enc.Entry(enc.Cur); e != nil {
				where = " (" + itoa(e.Value) + ")"
				if rs.Order.Kind == rules.OrderRank || rs.Order.Kind == rules.OrderSegments {
					where = " (" + narrate.Count(rs, e.Value) + ")"
				}
				if ph := rs.RoundPhases()[enc.Phase]; ph.Order == rules.PhaseStat {
					v, _ := engine.StatRank(rs, enc, enc.Phase, a.ID) // powers go by INT
					where = " (" + safe(ph.Stat) + " " + itoa(v) + ")"
				}
			}
			if pct, ok := engine.MovementShare(rs, enc); ok {
				// Before the actor, and short, so that it fits at 80
				// columns: the share of the round's movement done.
				parts = append(parts, fmt.Sprintf("%d%% moved", pct))
			}
			parts = append(parts, p.st.Actor.Render(safe(a.Name)+" acts")+where)
		} else if rs.Order.Kind == rules.OrderNone {
			parts = append(parts, "anyone may act")
		}
	}
	sep := p.st.Muted.Render(" · ")
	// Too wide: the fight's name gives way first (the start screen has it
	// in full), then the ruleset's (the card has it), then the phase's,
	// so that whose turn it is stays on the line.
	phase := -1
	if phases := rs.RoundPhases(); enc.Status == engine.StatusRunning && len(phases) > 1 && len(parts) > 4 {
		phase = 4
	}
	phaseText := ""
	if phase > 0 {
		phaseText = safe(rs.RoundPhases()[enc.Phase].Name)
	}
	for i, cut := range []struct {
		text  string
		least int
	}{{safe(p.sess.Name), 6}, {safe(rs.Name), 0}, {phaseText, 4}} {
		at := i + 1 // the fight's name, the ruleset's
		if i == 2 {
			at = phase
		}
		over := width(strings.Join(parts, sep)) - p.width
		if over <= 0 || p.width <= 0 || at < 0 {
			continue
		}
		switch keep := max(width(cut.text)-over, cut.least); {
		case keep <= 0:
			parts = append(parts[:at:at], parts[at+1:]...)
			phase--
		case at == 1:
			parts[1] = p.st.Header.Render(truncate(cut.text, keep))
		default:
			parts[at] = truncate(cut.text, keep)
		}
	}
	// Still too wide (a narrow window): the fight's name goes whole, then
	// the phase, then the share moved, before the one acting is cut.
	over := func() bool { return p.width > 0 && width(strings.Join(parts, sep)) > p.width }
	if over() && enc.Status == engine.StatusRunning && len(parts) > 2 {
		parts = append(parts[:1:1], parts[2:]...)
		phase--
	}
	if over() && phase > 0 && phase < len(parts) {
		parts = append(parts[:phase:phase], parts[phase+1:]...)
	}
	if over() {
		parts = slices.DeleteFunc(parts, func(s string) bool { return strings.HasSuffix(s, "% moved") })
	}
	return pad(strings.Join(parts, sep), p.width)
}
