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
// sequences every time, found once as the style is made; a style with a
// border draws a box around plain lines as it found Lip Gloss draws one
// (boxDraw); anything else (a tab, a line to wrap) is drawn by Lip Gloss.
type style struct {
	lipgloss.Style
	pre, post string // what Lip Gloss puts before and after a line
	inline    bool   // the style only colours: pre and post are the whole of it
	// Lines shorter than the longest of several are padded with spaces,
	// wrapped in wsPre and wsPost; lines: several lines are drawn so too.
	wsPre, wsPost string
	lines         bool
	// box is how the style draws a box around lines of plain text, found
	// the first time it draws one (a style with a border: boxDraw).
	box *boxDraw
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
		if _, top, right, bottom, left := s.GetBorder(); top && right && bottom && left {
			st.box = &boxDraw{}
		}
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
	if s.box != nil && len(strs) == 1 {
		return s.Boxed(0, strs[0])
	}
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

// boxDraw is what a style with a border all round (and padding, if any,
// of spaces left and right only) puts around lines of text: Lip Gloss
// measures each line grapheme by grapheme, twice, and a dialog's box was
// a third of a keypress in a dialog. It is read off Lip Gloss's drawing of
// a probe the first time the style draws a box, and held to Lip Gloss's
// drawing of a few more; anything it cannot draw as Lip Gloss does is Lip
// Gloss's to draw.
type boxDraw struct {
	found, ok bool
	// pad is the padding left and right; top, middle and bottom are the
	// edges' pieces: before the first edge cell, the edge cell, after the
	// last (the colours around the corners).
	pad                 int
	top, bottom         [3]string
	leftSide, rightSide string
}

// Boxed draws str as the style's Lip Gloss style does at width w (0: as
// wide as the widest line).
func (s style) Boxed(w int, str string) string {
	if s.box == nil {
		return s.Style.Width(w).Render(str)
	}
	if !s.box.found {
		*s.box = findBox(s.Style)
	}
	if out, ok := s.box.draw(w, str); ok {
		return out
	}
	return s.Style.Width(w).Render(str)
}

// findBox reads how st draws a box off its drawing of a probe, and holds
// the two to the same boxes of a few more.
func findBox(st lipgloss.Style) boxDraw {
	b := boxDraw{found: true}
	pt, pr, pb, pl := st.GetPadding()
	mt, mr, mb, ml := st.GetMargin()
	if pt != 0 || pb != 0 || pr != pl || mt != 0 || mr != 0 || mb != 0 || ml != 0 || st.GetWidth() != 0 || st.GetMaxWidth() != 0 ||
		st.GetHeight() != 0 || st.GetMaxHeight() != 0 || st.GetTransform() != nil {
		return b
	}
	b.pad = pl
	border := st.GetBorderStyle()
	lines := strings.Split(st.Render(inlineProbe), "\n")
	if len(lines) != 3 {
		return b
	}
	inner := 2*b.pad + len(inlineProbe)
	edge := func(line, left, mid, right string) ([3]string, bool) {
		i := strings.Index(line, left)
		rest := mid + strings.Repeat(mid, inner-1) + right
		if i < 0 || mid == "" || !strings.HasPrefix(line[i+len(left):], rest) {
			return [3]string{}, false
		}
		return [3]string{line[:i] + left, mid, right + line[i+len(left)+len(rest):]}, true
	}
	var okTop, okBottom bool
	b.top, okTop = edge(lines[0], border.TopLeft, border.Top, border.TopRight)
	b.bottom, okBottom = edge(lines[2], border.BottomLeft, border.Bottom, border.BottomRight)
	padded := spaces(b.pad) + inlineProbe + spaces(b.pad)
	i := strings.Index(lines[1], padded)
	if !okTop || !okBottom || i < 0 || strings.Count(lines[1], inlineProbe) != 1 {
		return b
	}
	b.leftSide, b.rightSide = lines[1][:i], lines[1][i+len(padded):]
	b.ok = true
	for _, probe := range []struct {
		w   int
		str string
	}{{0, "ab\n\nabcd\nc"}, {0, ""}, {14, "ab\n\x1b[1mabc\x1b[m d-e"}, {9, ""}, {2*b.pad + 9, "x\ny"}} {
		if got, ok := b.draw(probe.w, probe.str); !ok || got != st.Width(probe.w).Render(probe.str) {
			b.ok = false
		}
	}
	return b
}

// draw is the box around str at width w (0: as wide as the widest
// line), or false when Lip Gloss would do more than pad its lines: wrap
// one wider than the box, carry colours left open into the next line, or
// measure one not of the screen's usual fare.
func (b *boxDraw) draw(w int, str string) (string, bool) {
	if !b.ok {
		return "", false
	}
	lines := strings.Split(str, "\n")
	widths := make([]int, len(lines))
	widest := 0
	for i, l := range lines {
		n, plain := plainCells(l, false)
		if !plain || strings.HasSuffix(l, " ") || !styleEnds(l) {
			return "", false
		}
		widths[i], widest = n, max(widest, n)
	}
	inner := w - 2 // the borders
	if w == 0 {
		inner = widest + 2*b.pad
	}
	if w > 0 && inner-2*b.pad < max(widest, 1) {
		return "", false // Lip Gloss wraps, or the box is too narrow to hold a cell
	}
	var out strings.Builder
	out.Grow(len(str) + (len(lines)+2)*(inner+len(b.leftSide)+len(b.rightSide)+8))
	edge := func(e [3]string) {
		out.WriteString(e[0])
		for range inner {
			out.WriteString(e[1])
		}
		out.WriteString(e[2])
	}
	edge(b.top)
	for i, l := range lines {
		out.WriteByte('\n')
		out.WriteString(b.leftSide)
		out.WriteString(spaces(b.pad))
		out.WriteString(l)
		out.WriteString(spaces(inner - b.pad - widths[i]))
		out.WriteString(b.rightSide)
	}
	out.WriteByte('\n')
	edge(b.bottom)
	return out.String(), true
}

// styleEnds says whether a line's colours end within it: it has none, or
// its last SGR sequence resets them (Lip Gloss carries one left open into
// the next line).
func styleEnds(l string) bool {
	i := strings.LastIndex(l, "\x1b[")
	return i < 0 || strings.HasPrefix(l[i:], "\x1b[m") || strings.HasPrefix(l[i:], "\x1b[0m")
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
