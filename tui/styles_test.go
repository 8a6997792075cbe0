package tui

import (
	"math/rand/v2"
	"reflect"
	"strings"
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

// A box (a dialog's) is drawn around lines of plain text without Lip
// Gloss, as Lip Gloss draws it, at every width, in every style with a
// border; and Lip Gloss draws what is not plain or needs wrapping.
func TestBoxesDrawAsLipGloss(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	drawn := 0
	for _, dark := range []bool{true, false} {
		for _, noColor := range []bool{false, true} {
			st := newStyles(dark, noColor)
			for _, s := range []style{st.DialogBox, st.Box} {
				s.Boxed(0, "x")
				if s.box == nil || !s.box.ok {
					t.Fatalf("dark=%v noColor=%v: a style with a border draws no box itself", dark, noColor)
				}
				for range 500 {
					var lines []string
					for range r.IntN(6) {
						l := randomText(r, r.IntN(30), r.IntN(4)/3*20)
						if r.IntN(3) > 0 {
							l = strings.TrimRight(l, " ") + "\x1b[m" // as a style leaves a line
						}
						lines = append(lines, l)
					}
					str, w := strings.Join(lines, "\n"), 0
					if r.IntN(3) > 0 {
						w = r.IntN(60)
					}
					if _, ok := s.box.draw(w, str); ok {
						drawn++
					}
					if got, want := s.Boxed(w, str), s.Style.Width(w).Render(str); got != want {
						t.Fatalf("dark=%v noColor=%v: Boxed(%d, %q) =\n%s\nLip Gloss draws\n%s", dark, noColor, w, str, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d boxes drawn without Lip Gloss", drawn)
	if drawn < 1000 {
		t.Errorf("only %d boxes drawn without Lip Gloss: the test tries too little", drawn)
	}
}
