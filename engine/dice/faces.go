package dice

import "fmt"

// The faces of a roll: what the dice showed before explosions, open-ended
// rolls and modifiers (a check's "natural 20", "UM 100", "96-100 always
// misses"), and the faces rolled at the table, typed in by the GM.

// Natural is the sum of the faces the dice first showed: every kept die
// that is not an extra die added by an explosion or an open-ended roll. For
// "d100oe + 40" it is the first d100; for "3d6 + 2" the three dice.
func (r Result) Natural() int {
	n := 0
	var walk func(t *Term)
	walk = func(t *Term) {
		if t == nil {
			return
		}
		for _, d := range t.Dice {
			if !d.Has(Extra) && !d.Has(Dropped) {
				n += d.Face
			}
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	walk(r.Tree)
	return n
}

// DiceTerms is how many dice terms the expression has ("3d6 + d4" has two).
func (e Expr) DiceTerms() int {
	n := 0
	var walk func(x *node)
	walk = func(x *node) {
		if x == nil {
			return
		}
		if x.kind == nDice {
			n++
		}
		walk(x.left)
		walk(x.right)
	}
	walk(e.root)
	return n
}

// NaturalBounds are the least and greatest Natural the expression can roll:
// the kept dice of every dice term at their lowest and highest faces.
func (e Expr) NaturalBounds() (lo, hi int) {
	var walk func(x *node)
	walk = func(x *node) {
		if x == nil {
			return
		}
		if x.kind == nDice {
			d := x.dice
			kept := d.count
			switch d.keep.kind {
			case 'h', 'l':
				kept = d.keep.n
			case 'H', 'L':
				kept = d.count - d.keep.n
			}
			lo += kept
			hi += kept * d.sides
		}
		walk(x.left)
		walk(x.right)
	}
	walk(e.root)
	return lo, hi
}

// Typed serves the faces the GM rolled at the table, in order. Once they
// run out it goes on serving faces that neither explode nor open-end, and
// counts them, so that Check can say how many faces the roll uses.
type Typed struct {
	Faces []int
	// OE are the open-ended thresholds of the roll, so the faces made up
	// for a missing d100 neither chain up nor down.
	OE   OpenEnded
	used int
	bad  error
}

// TypedFaces returns a source of typed faces for rolls with the thresholds oe.
func TypedFaces(oe OpenEnded, faces ...int) *Typed { return &Typed{Faces: faces, OE: oe} }

// IntN returns the next typed face minus one.
func (t *Typed) IntN(n int) int {
	i := t.used
	t.used++
	if i >= len(t.Faces) {
		return t.filler(n) - 1
	}
	f := t.Faces[i]
	if (f < 1 || f > n) && t.bad == nil {
		t.bad = fmt.Errorf("face %d (the %s typed) does not fit a d%d", f, nth(i+1), n)
	}
	if f < 1 || f > n {
		return t.filler(n) - 1
	}
	return f - 1
}

// filler is a face that adds no dice: 1 never explodes (an explosion needs
// at least 2), and a d100 gets a face between the open-ended thresholds.
func (t *Typed) filler(n int) int {
	if n == openEndedSize {
		oe := t.OE
		if oe.High == 0 {
			oe = DefaultOpenEnded
		}
		if oe.Low+1 < oe.High {
			return oe.Low + 1
		}
	}
	return 1
}

// Check says whether the typed faces were exactly the faces the rolls used,
// each fitting its die. Too few or too many is an error saying how many the
// roll uses (counting a die that a missing face would have exploded as not
// exploding).
func (t *Typed) Check() error {
	switch {
	case t.bad != nil:
		return t.bad
	case t.used > len(t.Faces):
		return fmt.Errorf("too few faces: the roll uses %d, %d typed", t.used, len(t.Faces))
	case t.used < len(t.Faces):
		return fmt.Errorf("too many faces: the roll uses %d, %d typed", t.used, len(t.Faces))
	}
	return nil
}

func nth(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
