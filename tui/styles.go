package tui

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
)

// styles are every style of the screen, built from a small palette of
// semantic colours that reads on light and dark terminals. With NO_COLOR
// set, only bold, faint and reverse remain.
type styles struct {
	Title, Header, Muted, Accent, Danger, Warn, Good, Actor, Selected, Dim, Status, Error, Box, DialogBox, BarFull, BarEmpty style
}

// style is a Lip Gloss style that draws one line of text without asking
// Lip Gloss each time. Most of what a frame draws is a single line in a
// colour (a row, a bar, a key's help), and Lip Gloss works out its whole
// layout (width, padding, borders, margins, alignment) for each: that was
// a third of a frame. A style with none of those wraps a line in the same
// sequences every time, found once as the style is made; anything else
// (several lines, a tab, a box) is drawn by Lip Gloss.
type style struct {
	lipgloss.Style
	pre, post string // what Lip Gloss puts before and after a line
	inline    bool   // the style only colours: pre and post are the whole of it
	// Lines shorter than the longest of several are padded with spaces,
	// wrapped in wsPre and wsPost; lines: several lines are drawn so too.
	wsPre, wsPost string
	lines         bool
}

// inlineProbe is a line whose drawing shows what a style puts around it.
const inlineProbe = "x"

func newStyle(s lipgloss.Style) style {
	st := style{Style: s}
	plain := s.GetWidth() == 0 && s.GetHeight() == 0 && s.GetMaxWidth() == 0 && s.GetMaxHeight() == 0 &&
		s.GetHorizontalFrameSize() == 0 && s.GetVerticalFrameSize() == 0 && s.GetTransform() == nil &&
		!s.GetUnderline() && !s.GetStrikethrough()
	if link, _ := s.GetHyperlink(); link != "" {
		plain = false
	}
	if !plain {
		return st
	}
	drawn := s.Render(inlineProbe)
	if i := strings.Index(drawn, inlineProbe); i >= 0 && strings.Count(drawn, inlineProbe) == 1 {
		st.pre, st.post, st.inline = drawn[:i], drawn[i+len(inlineProbe):], true
	}
	if !st.inline {
		return st
	}
	// The padding of a short line: what follows the first line of two,
	// one cell shorter than the second.
	first, _, _ := strings.Cut(s.Render(inlineProbe+"\n"+inlineProbe+inlineProbe), "\n")
	pad := strings.TrimPrefix(first, st.pre+inlineProbe+st.post)
	if i := strings.Index(pad, " "); i >= 0 && strings.Count(pad, " ") == 1 {
		st.wsPre, st.wsPost = pad[:i], pad[i+1:]
		// Held to Lip Gloss's own drawing of a few lines as the style is
		// made: anything else, and several lines are Lip Gloss's to draw.
		probe := "ab\n\nabcd\nc"
		st.lines = true
		st.lines = st.Render(probe) == s.Render(probe)
	}
	return st
}

// Render draws strs as Lip Gloss does.
func (s style) Render(strs ...string) string {
	if !s.inline || len(strs) != 1 || strings.ContainsAny(strs[0], "\t\r") {
		return s.Style.Render(strs...)
	}
	str := strs[0]
	if s.pre == "" && s.post == "" {
		return str // no style at all: Lip Gloss leaves the text as it is
	}
	if !strings.Contains(str, "\n") {
		return s.pre + str + s.post
	}
	if !s.lines {
		return s.Style.Render(str)
	}
	// Several lines: each styled, and padded with spaces to the longest.
	lines := strings.Split(str, "\n")
	widths := make([]int, len(lines))
	widest := 0
	for i, l := range lines {
		lines[i] = s.pre + l + s.post
		widths[i] = width(lines[i])
		widest = max(widest, widths[i])
	}
	var b strings.Builder
	b.Grow(len(str) + len(lines)*(len(s.pre)+len(s.post)+len(s.wsPre)+len(s.wsPost)+8))
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
		if n := widest - widths[i]; n > 0 {
			b.WriteString(s.wsPre)
			b.WriteString(strings.Repeat(" ", n))
			b.WriteString(s.wsPost)
		}
	}
	return b.String()
}

// newStyles builds the styles for a dark or light background.
func newStyles(dark, noColor bool) styles {
	s := lipgloss.NewStyle
	if noColor {
		return styles{
			Title: newStyle(s().Bold(true)), Header: newStyle(s().Bold(true)), Muted: newStyle(s().Faint(true)),
			Accent: newStyle(s().Bold(true)), Danger: newStyle(s().Bold(true)), Warn: newStyle(s()), Good: newStyle(s()),
			Actor: newStyle(s().Bold(true)), Selected: newStyle(s().Reverse(true)), Dim: newStyle(s().Faint(true)),
			Status: newStyle(s()), Error: newStyle(s().Bold(true)),
			Box: newStyle(s().Border(lipgloss.NormalBorder())), DialogBox: newStyle(s().Border(lipgloss.NormalBorder()).Padding(0, 1)),
			BarFull: newStyle(s()), BarEmpty: newStyle(s().Faint(true)),
		}
	}
	ld := lipgloss.LightDark(dark)
	c := func(light, darkc string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(darkc)) }
	accent := c("#5a3fc0", "#b9a6ff")
	muted := c("#6b6b6b", "#8a8a8a")
	danger := c("#b3261e", "#ff8a80")
	warn := c("#8a5a00", "#ffcc66")
	good := c("#1e6b2e", "#8fe3a0")
	selBg := c("#e4ddff", "#3b3166")
	return styles{
		Title:     newStyle(s().Bold(true).Foreground(accent)),
		Header:    newStyle(s().Bold(true)),
		Muted:     newStyle(s().Foreground(muted)),
		Accent:    newStyle(s().Foreground(accent)),
		Danger:    newStyle(s().Foreground(danger)),
		Warn:      newStyle(s().Foreground(warn)),
		Good:      newStyle(s().Foreground(good)),
		Actor:     newStyle(s().Bold(true).Foreground(accent)),
		Selected:  newStyle(s().Background(selBg)),
		Dim:       newStyle(s().Foreground(muted).Faint(true)),
		Status:    newStyle(s().Foreground(muted)),
		Error:     newStyle(s().Bold(true).Foreground(danger)),
		Box:       newStyle(s().Border(lipgloss.RoundedBorder()).BorderForeground(muted)),
		DialogBox: newStyle(s().Border(lipgloss.RoundedBorder()).BorderForeground(accent).Padding(0, 1)),
		BarFull:   newStyle(s().Foreground(good)),
		BarEmpty:  newStyle(s().Foreground(muted)),
	}
}
