package tui

import (
	"fmt"
	"strings"

	"fray/engine"
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
	title := "── Log "
	if p.back > 0 {
		title += fmt.Sprintf("(%d back, ] to return) ", p.back)
	}
	out := make([]string, 0, p.height)
	out = append(out, p.st.Muted.Render(title+strings.Repeat("─", max(p.width-width(title), 0))))
	h := p.lines()
	events := lastEvents(p.fight(), h+p.back)
	if len(events) == 0 {
		out = append(out, p.st.Muted.Render(pad("  Nothing has happened yet.", p.width)))
	}
	end := max(len(events)-p.back, 0)
	rs := p.fight().Rules
	for _, e := range events[max(end-h, 0):end] {
		line := pad(safe(narrate.Line(rs, e)), p.width)
		switch e.Kind {
		case engine.EvRound, engine.EvRoundUp, engine.EvStart, engine.EvEnd:
			line = p.st.Accent.Render(line)
		case engine.EvLost, engine.EvOut:
			line = p.st.Warn.Render(line)
		case engine.EvDamage:
			line = p.st.Danger.Render(line)
		}
		out = append(out, line)
	}
	for len(out) < p.height {
		out = append(out, "")
	}
	return strings.Join(out, "\n")
}

// lastEvents returns the last n events of the log without building it all.
func lastEvents(f *engine.Fight, n int) []engine.Event {
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
	out := make([]engine.Event, 0, count)
	for i := len(chunks) - 1; i >= 0; i-- {
		out = append(out, chunks[i]...)
	}
	return out
}
