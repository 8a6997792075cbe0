package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// logPane is the end of the fight's log under a rule, and how far back the
// GM has scrolled it.
type logPane struct {
	*common
	width, height int // the rule and the lines under it
	back          int // how many lines the log is scrolled back
}

func (p *logPane) SetSize(w, h int) { p.width, p.height = w, h }

// lines is how many events the pane shows.
func (p *logPane) lines() int { return max(p.height-1, 0) }

// scroll moves the log back (1) or forward (-1) by a screenful.
func (p *logPane) scroll(dir int) {
	p.back = max(p.back+dir*p.lines(), 0)
}

func (p logPane) View() string {
	lines := p.screenLines(0)
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.text
	}
	return strings.Join(out, "\n")
}

// screenLines are the pane's lines, those padded to its width marked so
// when it is the screen's (w), for the root to lay out without measuring
// them again.
func (p logPane) screenLines(w int) []screenLine {
	padded := p.width == w && w > 0
	title := "── Log "
	if p.back > 0 {
		title += fmt.Sprintf("(%d back, ] to return) ", p.back)
	}
	out := make([]screenLine, 0, p.height)
	out = append(out, screenLine{text: p.st.Muted.Render(title + strings.Repeat("─", max(p.width-width(title), 0)))})
	h := p.lines()
	events := lastEvents(p.fight(), h+p.back)
	if len(events) == 0 {
		out = append(out, screenLine{p.st.Muted.Render(pad("  Nothing has happened yet.", p.width)), padded})
	}
	end := max(len(events)-p.back, 0)
	rs := p.fight().Rules
	said := make(map[*engine.Event]toldEvent, h) // this frame's lines, kept for the next
	// Newest last; a line wider than the pane wraps under itself, indented,
	// so that what ends it (a check's outcome) is never cut off. The oldest
	// event shown may lose its first lines to the top of the pane.
	var rows []string
	for i := end - 1; i >= max(end-h, 0) && len(rows) < h; i-- {
		parts := p.told(rs, events[i], said).rows
		for j := len(parts) - 1; j >= 0 && len(rows) < h; j-- {
			rows = append(rows, parts[j])
		}
	}
	for i := len(rows) - 1; i >= 0; i-- {
		out = append(out, screenLine{rows[i], padded}) // each padded to the pane's width as told
	}
	p.drawn.logSaid, p.drawn.logRules = said, rs
	for len(out) < p.height {
		out = append(out, screenLine{})
	}
	return out
}

// toldEvent is an event's line in the log, as safe text, and its rows as
// drawn in a pane width cells wide.
type toldEvent struct {
	line  string
	width int
	rows  []string
}

// told is an event's line in the log and its rows: the ones drawn last
// frame, or told and drawn anew. A logged event never changes (a step's
// events are made once: undo drops them, redo makes new ones), so it is
// known by where it is; the lines of the last frame only are kept, which
// keeps their events where they are.
func (p logPane) told(rs *rules.Ruleset, e *engine.Event, said map[*engine.Event]toldEvent) toldEvent {
	t, ok := p.drawn.logSaid[e]
	if !ok || p.drawn.logRules != rs {
		t = toldEvent{line: safe(narrate.Line(rs, *e))}
	}
	if t.rows == nil || t.width != p.width {
		style := func(s ...string) string { return strings.Join(s, "") }
		switch e.Kind {
		case engine.EvRound, engine.EvRoundUp, engine.EvStart, engine.EvEnd:
			style = p.st.Accent.Render
		case engine.EvLost, engine.EvOut:
			style = p.st.Warn.Render
		case engine.EvDamage:
			style = p.st.Danger.Render
		}
		parts := wrapLine(t.line, p.width)
		t.rows, t.width = make([]string, len(parts)), p.width
		for j, part := range parts {
			t.rows[j] = style(pad(part, p.width))
		}
	}
	said[e] = t
	return t
}

// lastEvents returns the last n events of the log without building it all,
// each where its step keeps it.
func lastEvents(f *engine.Fight, n int) []*engine.Event {
	var chunks [][]engine.Event
	count := 0
	take := func(steps []engine.Step) {
		for i := len(steps) - 1; i >= 0 && count < n; i-- {
			ev := steps[i].Events
			if len(ev) > n-count {
				ev = ev[len(ev)-(n-count):] // a step may log thousands (a round's rolls)
			}
			chunks = append(chunks, ev)
			count += len(ev)
		}
	}
	take(f.Done)
	if count < n {
		// Scrolled back past the steps of a long history read so far.
		earlier, _ := f.Earlier()
		take(earlier)
	}
	out := make([]*engine.Event, 0, count)
	for i := len(chunks) - 1; i >= 0; i-- {
		for j := range chunks[i] {
			out = append(out, &chunks[i][j])
		}
	}
	return out
}

// wrapLine is a line of the log in rows of w cells, broken at spaces
// (never inside "-20"): the first as wide as the pane, the rest indented
// two cells; a word longer than a row is cut across rows.
func wrapLine(s string, w int) []string {
	if w < 8 || width(s) <= w {
		return []string{s}
	}
	var out []string
	row, limit := "", w
	flush := func() {
		out = append(out, row)
		row, limit = "  ", w
	}
	for _, word := range strings.Split(s, " ") {
		switch {
		case row == "" || row == "  ":
		case width(row)+1+width(word) <= limit:
			row += " "
		default:
			flush()
		}
		for width(row)+width(word) > limit {
			cut := ansi.Truncate(word, limit-width(row), "")
			if cut == "" {
				break // a wide rune in the last cell
			}
			row += cut
			word = strings.TrimPrefix(word, cut)
			flush()
		}
		row += word
	}
	if strings.TrimSpace(row) != "" {
		out = append(out, row)
	}
	return out
}
