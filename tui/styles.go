package tui

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// styles are every style of the screen, built from a small palette of
// semantic colours that reads on light and dark terminals. With NO_COLOR
// set, only bold, faint and reverse remain.
type styles struct {
	Title, Header, Muted, Accent, Danger, Warn, Good, Actor, Selected, Dim, Status, Error, Box, DialogBox, BarFull, BarEmpty lipgloss.Style
}

// newStyles builds the styles for a dark or light background.
func newStyles(dark, noColor bool) styles {
	s := lipgloss.NewStyle
	if noColor {
		return styles{
			Title: s().Bold(true), Header: s().Bold(true), Muted: s().Faint(true), Accent: s().Bold(true),
			Danger: s().Bold(true), Warn: s(), Good: s(), Actor: s().Bold(true), Selected: s().Reverse(true),
			Dim: s().Faint(true), Status: s(), Error: s().Bold(true),
			Box: s().Border(lipgloss.NormalBorder()), DialogBox: s().Border(lipgloss.NormalBorder()).Padding(0, 1),
			BarFull: s(), BarEmpty: s().Faint(true),
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
		Title:     s().Bold(true).Foreground(accent),
		Header:    s().Bold(true),
		Muted:     s().Foreground(muted),
		Accent:    s().Foreground(accent),
		Danger:    s().Foreground(danger),
		Warn:      s().Foreground(warn),
		Good:      s().Foreground(good),
		Actor:     s().Bold(true).Foreground(accent),
		Selected:  s().Background(selBg),
		Dim:       s().Foreground(muted).Faint(true),
		Status:    s().Foreground(muted),
		Error:     s().Bold(true).Foreground(danger),
		Box:       s().Border(lipgloss.RoundedBorder()).BorderForeground(muted),
		DialogBox: s().Border(lipgloss.RoundedBorder()).BorderForeground(accent).Padding(0, 1),
		BarFull:   s().Foreground(good),
		BarEmpty:  s().Foreground(muted),
	}
}
