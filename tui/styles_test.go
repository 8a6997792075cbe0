package tui

import (
	"reflect"
	"testing"
)

// TestStylesDrawAsLipGloss holds each style's own drawing of a line to Lip
// Gloss's, byte for byte, for every style in both backgrounds and without
// colour, over lines with colour in them already, wide runes, spaces, and
// what only Lip Gloss draws (several lines, tabs).
func TestStylesDrawAsLipGloss(t *testing.T) {
	texts := []string{
		"", " ", "x", "Orc 12", "  ▶ 12    Goblin  ███░░░  7/12 ", "héros 龍 ✓", "\x1b[1mbold\x1b[m after",
		"tab\there", "two\nlines", "crlf\r\nend", "lone\rreturn", "trailing  ", strings1000(),
		"a\n\nabc\n", "\n", "龍龍\nabc\nabcde", "\x1b[1mbold\nx\x1b[m", "cut \x1b[\nnext", "x\n" + strings1000(),
	}
	inline, lines := 0, 0
	for _, dark := range []bool{true, false} {
		for _, noColor := range []bool{false, true} {
			st := newStyles(dark, noColor)
			v := reflect.ValueOf(st)
			for i := range v.NumField() {
				s := v.Field(i).Interface().(style)
				if s.inline {
					inline++
				}
				if s.lines {
					lines++
				}
				for _, l := range texts {
					if got, want := s.Render(l), s.Style.Render(l); got != want {
						t.Errorf("dark=%v noColor=%v %s.Render(%q) = %q, Lip Gloss draws %q",
							dark, noColor, v.Type().Field(i).Name, l, got, want)
					}
				}
				if got, want := s.Render("a", "b"), s.Style.Render("a", "b"); got != want {
					t.Errorf("%s.Render of two strings = %q, Lip Gloss draws %q", v.Type().Field(i).Name, got, want)
				}
			}
		}
	}
	// The boxes are Lip Gloss's to draw; every other style draws its lines
	// itself (else this test would hold nothing).
	if want := 4 * (reflect.ValueOf(styles{}).NumField() - 2); inline != want || lines < want-8 { // without colour, four styles have no style at all
		t.Errorf("%d styles draw a line themselves and %d several, want %d", inline, lines, want)
	}
}

func strings1000() string {
	b := make([]byte, 1000)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return string(b)
}
