// Package dice is fray's dice language: it parses expressions such as
// "2d10 + QU", "4d6dl1", "d6!" and "d100oe", bounds the work a roll may do,
// rolls them with an injected random source (scripted faces in tests and for
// dice rolled at the table) and renders every die of the result.
package dice

import (
	"fmt"
	"strings"
)

// Limits that keep a roll's work bounded. An expression that asks for more is
// refused when it is parsed; explosions stop at MaxExplosions per die and say so.
const (
	MaxDiceCount  = 1000    // dice in one term, e.g. 1000d6
	MaxSides      = 1000000 // faces of one die
	MaxExprLen    = 512     // characters in one expression
	MaxExplosions = 100     // extra dice one die may add by exploding
	MaxTotalDice  = 20000   // dice rolled by one whole expression
	maxMagnitude  = 1 << 40 // largest constant or bound we compute with
	maxDepth      = 64      // nesting of parentheses and unary minus
	MaxStat       = 1000000 // largest magnitude of a stat value
	defaultOEHigh = 96      // d100oe: a roll of this or more adds another roll
	defaultOELow  = 5       // d100oe: a roll of this or less subtracts another roll
	openEndedSize = 100     // d100oe is always a d100
)

// Rand is the source of dice faces: IntN returns a value in [0, n).
// *math/rand/v2.Rand satisfies it; tests use scripted faces.
type Rand interface {
	IntN(n int) int
}

// OpenEnded holds the thresholds of the d100oe roll, set by a ruleset.
type OpenEnded struct {
	High int // a face >= High adds a further roll (and keeps going while high)
	Low  int // a first face <= Low subtracts a further open-ended roll
}

// DefaultOpenEnded is the usual 96-100 up, 01-05 down.
var DefaultOpenEnded = OpenEnded{High: defaultOEHigh, Low: defaultOELow}

// SyntaxError is a bad expression, with the 1-based column of the problem.
type SyntaxError struct {
	Expr string
	Col  int
	Msg  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("col %d: %s", e.Col, e.Msg)
}

// Expr is a parsed dice expression. The zero value is an empty expression
// that rolls 0. Expr is a text (un)marshaler, so it can sit in TOML and saves.
type Expr struct {
	src  string
	root *node
}

// Parse parses a dice expression such as "2d10 + QU" or "d100oe".
func Parse(s string) (Expr, error) {
	if len(s) > MaxExprLen {
		return Expr{}, &SyntaxError{Expr: s, Col: MaxExprLen + 1, Msg: fmt.Sprintf("expression is longer than %d characters", MaxExprLen)}
	}
	p := &parser{src: s}
	p.next()
	if p.err != nil {
		return Expr{}, p.err
	}
	if p.tok.kind == tEOF {
		return Expr{}, &SyntaxError{Expr: s, Col: 1, Msg: "empty expression"}
	}
	n, err := p.expr(0)
	if err != nil {
		return Expr{}, err
	}
	if p.err != nil {
		return Expr{}, p.err
	}
	if p.tok.kind != tEOF {
		return Expr{}, p.errf(p.tok.pos, "unexpected %s", p.tok.describe())
	}
	if _, _, err := n.bounds(nil); err != nil {
		return Expr{}, err
	}
	return Expr{src: strings.TrimSpace(s), root: n}, nil
}

// MustParse parses an expression known to be good (shipped constants, tests).
func MustParse(s string) Expr {
	e, err := Parse(s)
	if err != nil {
		panic(fmt.Sprintf("dice.MustParse(%q): %v", s, err))
	}
	return e
}

// String returns the expression as written.
func (e Expr) String() string { return e.src }

// IsZero reports whether the expression is empty.
func (e Expr) IsZero() bool { return e.root == nil }

// MarshalText writes the expression as written.
func (e Expr) MarshalText() ([]byte, error) { return []byte(e.src), nil }

// UnmarshalText parses an expression; an empty text is the empty expression.
func (e *Expr) UnmarshalText(b []byte) error {
	if strings.TrimSpace(string(b)) == "" {
		*e = Expr{}
		return nil
	}
	x, err := Parse(string(b))
	if err != nil {
		return err
	}
	*e = x
	return nil
}

// Stats returns the stat names the expression reads, in order of first use.
func (e Expr) Stats() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(n *node)
	walk = func(n *node) {
		if n == nil {
			return
		}
		if n.kind == nStat && !seen[n.name] {
			seen[n.name] = true
			out = append(out, n.name)
		}
		walk(n.left)
		walk(n.right)
	}
	walk(e.root)
	return out
}

// HasDice reports whether rolling the expression rolls any die.
func (e Expr) HasDice() bool { return hasDice(e.root) }

func hasDice(n *node) bool {
	return n != nil && (n.kind == nDice || hasDice(n.left) || hasDice(n.right))
}

// OpenEnded reports whether rolling the expression rolls a d100oe, whose
// thresholds a ruleset sets.
func (e Expr) OpenEnded() bool {
	var walk func(n *node) bool
	walk = func(n *node) bool {
		if n == nil {
			return false
		}
		return n.kind == nDice && n.dice.openEnded || walk(n.left) || walk(n.right)
	}
	return walk(e.root)
}

// Bounds returns the least and greatest total the expression can roll with the
// given stats (nil stats count as 0). Exploding dice are bounded by MaxExplosions.
func (e Expr) Bounds(stats StatFunc) (lo, hi int, err error) {
	if e.root == nil {
		return 0, 0, nil
	}
	return e.root.bounds(stats)
}

// StatFunc looks up a combatant's stat by name.
type StatFunc func(name string) (int, bool)

// StatMap makes a StatFunc from a map.
func StatMap(m map[string]int) StatFunc {
	return func(name string) (int, bool) {
		v, ok := m[name]
		return v, ok
	}
}
