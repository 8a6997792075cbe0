package dice

import (
	"strings"
	"testing"
)

func TestNaturalIsTheFacesFirstShown(t *testing.T) {
	cases := []struct {
		expr  string
		faces []int
		want  int
	}{
		{"d20", []int{17}, 17},
		{"3d6 + 4", []int{1, 2, 6}, 9},
		{"d100oe + 40", []int{100, 97, 3}, 100}, // UM 100, whatever it opens to
		{"d100oe", []int{2, 50}, 2},
		{"d6!", []int{6, 6, 2}, 6},
		{"2d20kh1", []int{4, 17}, 17},
		{"4d6dl1", []int{1, 3, 3, 3}, 9},
	}
	for _, c := range cases {
		r, err := Roller{Rand: Script(c.faces...)}.Roll(MustParse(c.expr), nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Natural() != c.want {
			t.Errorf("%s %v: natural %d, want %d", c.expr, c.faces, r.Natural(), c.want)
		}
	}
}

func TestNaturalBoundsAndTerms(t *testing.T) {
	for src, want := range map[string][3]int{
		"d20": {1, 20, 1}, "3d6 + dex": {3, 18, 1}, "d100oe + SK": {1, 100, 1}, "2d20kh1": {1, 20, 1},
		"4d6dl1": {3, 18, 1}, "d20 - d4": {2, 24, 2}, "10": {0, 0, 0},
	} {
		e := MustParse(src)
		lo, hi := e.NaturalBounds()
		if lo != want[0] || hi != want[1] || e.DiceTerms() != want[2] {
			t.Errorf("%s: %d..%d in %d terms, want %v", src, lo, hi, e.DiceTerms(), want)
		}
	}
}

// Typed faces must be exactly the faces the roll uses; the error says how
// many that is, counting the dice a face adds by exploding or opening.
func TestTypedFacesSayHowManyTheRollUses(t *testing.T) {
	cases := []struct {
		expr  string
		faces []int
		want  string // "" for a fit
	}{
		{"3d6", []int{1, 2, 3}, ""},
		{"3d6", []int{1, 2}, "too few faces: the roll uses 3, 2 typed"},
		{"3d6", []int{1, 2, 3, 4}, "too many faces: the roll uses 3, 4 typed"},
		{"d6!", []int{6}, "too few faces: the roll uses 2, 1 typed"},
		{"d6!", []int{6, 6, 1}, ""},
		{"d100oe", []int{97}, "too few faces: the roll uses 2, 1 typed"},
		{"d100oe", []int{3}, "too few faces: the roll uses 2, 1 typed"},
		{"d100oe", []int{50, 50}, "too many faces: the roll uses 1, 2 typed"},
		{"d100oe + d100oe", []int{50}, "too few faces: the roll uses 2, 1 typed"},
		{"d20", []int{21}, "face 21 (the 1st typed) does not fit a d20"},
		{"2d6", []int{3, 0}, "face 0 (the 2nd typed) does not fit a d6"},
	}
	for _, c := range cases {
		src := TypedFaces(DefaultOpenEnded, c.faces...)
		_, err := Roller{Rand: src}.Roll(MustParse(c.expr), nil)
		if err != nil {
			t.Fatal(err)
		}
		got := src.Check()
		if (c.want == "") != (got == nil) || (got != nil && got.Error() != c.want) {
			t.Errorf("%s %v: %v, want %q", c.expr, c.faces, got, c.want)
		}
	}
	// A ruleset's own thresholds: a made-up d100 opens neither way.
	src := TypedFaces(OpenEnded{High: 90, Low: 10}, 95)
	Roller{Rand: src, OE: OpenEnded{High: 90, Low: 10}}.Roll(MustParse("d100oe + d100oe"), nil)
	if err := src.Check(); err == nil || !strings.Contains(err.Error(), "uses 3") {
		t.Errorf("thresholds 90/10, 95 then a made-up face: %v", err)
	}
}
