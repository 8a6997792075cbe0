package dice

import (
	"fmt"
	"strconv"
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
func (e Expr) HasDice() bool {
	var walk func(n *node) bool
	walk = func(n *node) bool {
		if n == nil {
			return false
		}
		return n.kind == nDice || walk(n.left) || walk(n.right)
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

// ---------------------------------------------------------------- lexer

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tDice
	tIdent
	tOp // + - * / ( )
)

type token struct {
	kind tokKind
	pos  int // 0-based byte offset
	end  int
	text string
	num  int
	dice *diceSpec
}

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of expression"
	case tNum:
		return "number " + t.text
	case tDice:
		return "dice " + t.text
	case tIdent:
		return "name " + t.text
	}
	return "'" + t.text + "'"
}

// diceSpec is one dice term: NdX with its modifiers.
type diceSpec struct {
	count     int
	sides     int
	openEnded bool
	keep      keepRule
	explodeAt int // 0: no explosion; else a face >= explodeAt explodes
}

type keepRule struct {
	kind byte // 0, 'h' keep highest, 'l' keep lowest, 'H' drop highest, 'L' drop lowest
	n    int
}

type parser struct {
	src   string
	off   int
	tok   token
	err   *SyntaxError
	depth int
}

func (p *parser) errf(pos int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Expr: p.src, Col: pos + 1, Msg: fmt.Sprintf(format, args...)}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// next reads the next token; a lexing error is kept in p.err and shows as tEOF.
func (p *parser) next() {
	s := p.src
	for p.off < len(s) && (s[p.off] == ' ' || s[p.off] == '\t') {
		p.off++
	}
	start := p.off
	if p.off >= len(s) {
		p.tok = token{kind: tEOF, pos: start, end: start}
		return
	}
	c := s[p.off]
	switch {
	case strings.IndexByte("+-*/(),", c) >= 0:
		p.off++
		p.tok = token{kind: tOp, pos: start, end: p.off, text: string(c)}
	case isDigit(c) || ((c == 'd' || c == 'D') && p.off+1 < len(s) && (isDigit(s[p.off+1]) || s[p.off+1] == '%')):
		p.lexNumberOrDice(start)
	case isLetter(c):
		for p.off < len(s) && (isLetter(s[p.off]) || isDigit(s[p.off])) {
			p.off++
		}
		p.tok = token{kind: tIdent, pos: start, end: p.off, text: s[start:p.off]}
	default:
		p.err = p.errf(start, "unexpected character %q", rune(c))
		p.tok = token{kind: tEOF, pos: start, end: start}
	}
}

// readInt reads digits at p.off; ok is false when there are none.
func (p *parser) readInt() (int, bool, *SyntaxError) {
	s := p.src
	start := p.off
	for p.off < len(s) && isDigit(s[p.off]) {
		p.off++
	}
	if p.off == start {
		return 0, false, nil
	}
	v, err := strconv.ParseInt(s[start:p.off], 10, 64)
	if err != nil || v > maxMagnitude {
		return 0, true, p.errf(start, "number %s is too large", s[start:p.off])
	}
	return int(v), true, nil
}

func (p *parser) lexNumberOrDice(start int) {
	s := p.src
	count, hasCount, err := p.readInt()
	if err != nil {
		p.err, p.tok = err, token{kind: tEOF, pos: start}
		return
	}
	if p.off >= len(s) || (s[p.off] != 'd' && s[p.off] != 'D') || !(p.off+1 < len(s) && (isDigit(s[p.off+1]) || s[p.off+1] == '%')) {
		p.tok = token{kind: tNum, pos: start, end: p.off, text: s[start:p.off], num: count}
		return
	}
	if !hasCount {
		count = 1
	}
	p.off++ // the d
	d := &diceSpec{count: count}
	sidesAt := p.off
	if s[p.off] == '%' {
		p.off++
		d.sides = 100
	} else {
		d.sides, _, err = p.readInt()
		if err != nil {
			p.err, p.tok = err, token{kind: tEOF, pos: start}
			return
		}
	}
	if strings.HasPrefix(strings.ToLower(s[p.off:]), "oe") {
		p.off += 2
		d.openEnded = true
	}
	if e := p.lexModifiers(d); e != nil {
		p.err, p.tok = e, token{kind: tEOF, pos: start}
		return
	}
	text := s[start:p.off]
	if e := checkDice(d, start, sidesAt, p); e != nil {
		p.err, p.tok = e, token{kind: tEOF, pos: start}
		return
	}
	p.tok = token{kind: tDice, pos: start, end: p.off, text: text, dice: d}
}

// lexModifiers reads keep/drop and explode modifiers written right after the dice.
func (p *parser) lexModifiers(d *diceSpec) *SyntaxError {
	s := p.src
	for p.off < len(s) {
		at := p.off
		rest := s[p.off:]
		switch {
		case strings.HasPrefix(rest, "kh"), strings.HasPrefix(rest, "kl"),
			strings.HasPrefix(rest, "dh"), strings.HasPrefix(rest, "dl"):
			kinds := map[string]byte{"kh": 'h', "kl": 'l', "dh": 'H', "dl": 'L'}
			k := kinds[rest[:2]]
			p.off += 2
			if d.keep.kind != 0 {
				return p.errf(at, "only one keep or drop per dice term")
			}
			n, ok, err := p.readInt()
			if err != nil {
				return err
			}
			if !ok {
				n = 1
			}
			d.keep = keepRule{kind: k, n: n}
		case rest[0] == 'k' && (len(rest) == 1 || isDigit(rest[1]) || !isLetter(rest[1])):
			p.off++
			if d.keep.kind != 0 {
				return p.errf(at, "only one keep or drop per dice term")
			}
			n, ok, err := p.readInt()
			if err != nil {
				return err
			}
			if !ok {
				n = 1
			}
			d.keep = keepRule{kind: 'h', n: n}
		case rest[0] == '!':
			p.off++
			if d.explodeAt != 0 {
				return p.errf(at, "only one explode per dice term")
			}
			d.explodeAt = d.sides
			if p.off < len(s) && s[p.off] == '>' {
				p.off++
				if p.off < len(s) && s[p.off] == '=' {
					p.off++
				}
				n, ok, err := p.readInt()
				if err != nil {
					return err
				}
				if !ok {
					return p.errf(p.off, "a number must follow '!>'")
				}
				d.explodeAt = n
			}
		default:
			if isLetter(rest[0]) || isDigit(rest[0]) || rest[0] == '%' {
				j := p.off
				for j < len(s) && (isLetter(s[j]) || isDigit(s[j])) {
					j++
				}
				return p.errf(at, "unknown dice modifier %q (known: kh kl dh dl k ! !>N oe)", s[at:max(j, at+1)])
			}
			return nil
		}
	}
	return nil
}

func checkDice(d *diceSpec, start, sidesAt int, p *parser) *SyntaxError {
	switch {
	case d.count < 1:
		return p.errf(start, "roll at least one die")
	case d.count > MaxDiceCount:
		return p.errf(start, "%d dice is too many (at most %d in one term)", d.count, MaxDiceCount)
	case d.sides < 1:
		return p.errf(sidesAt, "a die needs at least one face")
	case d.sides > MaxSides:
		return p.errf(sidesAt, "a d%d is too large (at most %d faces)", d.sides, MaxSides)
	case d.openEnded && d.sides != openEndedSize:
		return p.errf(sidesAt, "open-ended rolls are d100oe only")
	case d.openEnded && (d.count != 1 || d.keep.kind != 0 || d.explodeAt != 0):
		return p.errf(start, "d100oe takes no count, keep or explode")
	case d.explodeAt != 0 && d.explodeAt <= 1:
		return p.errf(start, "dice that explode on every face would never stop")
	case d.explodeAt > d.sides:
		return p.errf(start, "a d%d never rolls %d, so it would never explode", d.sides, d.explodeAt)
	case d.keep.kind != 0 && (d.keep.n < 0 || d.keep.n > d.count):
		return p.errf(start, "cannot keep or drop %d of %d dice", d.keep.n, d.count)
	case d.keep.kind != 0 && d.keep.n == 0 && (d.keep.kind == 'h' || d.keep.kind == 'l'):
		return p.errf(start, "keeping no dice leaves nothing to roll")
	}
	return nil
}

// ---------------------------------------------------------------- parser

type nodeKind int

const (
	nNum nodeKind = iota
	nStat
	nDice
	nAdd
	nSub
	nMul
	nDiv
	nNeg
	nParen
	nMin // min(a, b, ...): args chained through left/right as nArg nodes
	nMax
	nArg
)

type node struct {
	kind        nodeKind
	num         int
	name        string
	dice        *diceSpec
	text        string
	left, right *node
	pos         int
}

var binaryPrec = map[string]int{"+": 1, "-": 1, "*": 2, "/": 2}

func (p *parser) expr(minPrec int) (*node, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.tok.kind == tOp {
		prec, ok := binaryPrec[p.tok.text]
		if !ok || prec < minPrec {
			break
		}
		op := p.tok
		p.next()
		if p.err != nil {
			return nil, p.err
		}
		right, err := p.expr(prec + 1)
		if err != nil {
			return nil, err
		}
		kinds := map[string]nodeKind{"+": nAdd, "-": nSub, "*": nMul, "/": nDiv}
		left = &node{kind: kinds[op.text], left: left, right: right, pos: op.pos}
	}
	return left, nil
}

func (p *parser) unary() (*node, error) {
	if p.err != nil {
		return nil, p.err
	}
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return nil, p.errf(p.tok.pos, "expression is nested too deeply")
	}
	t := p.tok
	switch {
	case t.kind == tOp && t.text == "-":
		p.next()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &node{kind: nNeg, left: x, pos: t.pos}, nil
	case t.kind == tOp && t.text == "+":
		p.next()
		return p.unary()
	case t.kind == tOp && t.text == "(":
		p.next()
		if p.err != nil {
			return nil, p.err
		}
		x, err := p.expr(0)
		if err != nil {
			return nil, err
		}
		if p.tok.kind != tOp || p.tok.text != ")" {
			if p.err != nil {
				return nil, p.err
			}
			return nil, p.errf(p.tok.pos, "expected ')' to close the '(' at col %d, found %s", t.pos+1, p.tok.describe())
		}
		p.next()
		return &node{kind: nParen, left: x, pos: t.pos}, nil
	case t.kind == tNum:
		p.next()
		return &node{kind: nNum, num: t.num, text: t.text, pos: t.pos}, nil
	case t.kind == tDice:
		p.next()
		return &node{kind: nDice, dice: t.dice, text: t.text, pos: t.pos}, nil
	case t.kind == tIdent:
		p.next()
		if (t.text == "min" || t.text == "max") && p.tok.kind == tOp && p.tok.text == "(" {
			return p.call(t)
		}
		return &node{kind: nStat, name: t.text, text: t.text, pos: t.pos}, nil
	case t.kind == tEOF:
		if p.err != nil {
			return nil, p.err
		}
		return nil, p.errf(t.pos, "expression ends where a number, dice or name should be")
	}
	return nil, p.errf(t.pos, "unexpected %s", t.describe())
}

// call parses min(...) or max(...): two or more arguments, kept as a chain
// of nArg nodes (left: the argument, right: the rest).
func (p *parser) call(fn token) (*node, error) {
	open := p.tok
	p.next()
	kind := nMin
	if fn.text == "max" {
		kind = nMax
	}
	head := &node{kind: kind, text: fn.text, pos: fn.pos}
	tail := head
	n := 0
	for {
		if p.err != nil {
			return nil, p.err
		}
		arg, err := p.expr(0)
		if err != nil {
			return nil, err
		}
		a := &node{kind: nArg, left: arg, pos: arg.pos}
		if n == 0 {
			head.left = a
		} else {
			tail.right = a
		}
		tail = a
		n++
		if p.tok.kind == tOp && p.tok.text == ")" {
			p.next()
			break
		}
		if p.tok.kind == tOp && p.tok.text == "," {
			p.next()
			continue
		}
		if p.err != nil {
			return nil, p.err
		}
		return nil, p.errf(p.tok.pos, "expected ',' or ')' in %s( at col %d, found %s", fn.text, open.pos+1, p.tok.describe())
	}
	if n < 2 {
		return nil, p.errf(fn.pos, "%s needs at least two values", fn.text)
	}
	return head, nil
}

// args returns the argument nodes of a min or max call.
func (n *node) args() []*node {
	var out []*node
	for a := n.left; a != nil; a = a.right {
		out = append(out, a.left)
	}
	return out
}

// bounds computes the least and greatest value of a node by interval
// arithmetic. stats may be nil: unknown stats then count as 0.
func (n *node) bounds(stats StatFunc) (int, int, error) {
	switch n.kind {
	case nNum:
		return n.num, n.num, nil
	case nStat:
		if stats == nil {
			return -MaxStat, MaxStat, nil
		}
		if v, ok := stats(n.name); ok {
			return v, v, nil
		}
		return 0, 0, nil
	case nDice:
		d := n.dice
		if d.openEnded {
			// High chain: 95 + up to MaxExplosions rolls of 100. Low chain:
			// 1 minus an open-ended roll that may itself chain high.
			top := 100 * (MaxExplosions + 1)
			return 1 - top, top, nil
		}
		kept := d.count
		switch d.keep.kind {
		case 'h', 'l':
			kept = d.keep.n
		case 'H', 'L':
			kept = d.count - d.keep.n
		}
		per := d.sides
		if d.explodeAt != 0 {
			per = d.sides * (MaxExplosions + 1)
		}
		if kept == 0 {
			return 0, 0, nil
		}
		return kept, kept * per, nil
	case nParen:
		return n.left.bounds(stats)
	case nMin, nMax:
		var lo, hi int
		for i, a := range n.args() {
			alo, ahi, err := a.bounds(stats)
			if err != nil {
				return 0, 0, err
			}
			switch {
			case i == 0:
				lo, hi = alo, ahi
			case n.kind == nMin:
				lo, hi = min(lo, alo), min(hi, ahi)
			default:
				lo, hi = max(lo, alo), max(hi, ahi)
			}
		}
		return lo, hi, nil
	case nNeg:
		lo, hi, err := n.left.bounds(stats)
		return -hi, -lo, err
	}
	alo, ahi, err := n.left.bounds(stats)
	if err != nil {
		return 0, 0, err
	}
	blo, bhi, err := n.right.bounds(stats)
	if err != nil {
		return 0, 0, err
	}
	var lo, hi int
	switch n.kind {
	case nAdd:
		lo, hi = alo+blo, ahi+bhi
	case nSub:
		lo, hi = alo-bhi, ahi-blo
	case nMul:
		var c [4]int
		for i, f := range [4][2]int{{alo, blo}, {alo, bhi}, {ahi, blo}, {ahi, bhi}} {
			if f[0] != 0 && abs(f[1]) > maxMagnitude*4/abs(f[0]) {
				return 0, 0, &SyntaxError{Col: n.pos + 1, Msg: "the result could be too large"}
			}
			c[i] = f[0] * f[1]
		}
		lo, hi = minMax(c[:])
	case nDiv:
		if blo <= 0 && bhi >= 0 {
			if stats == nil && n.right.readsStats() {
				// Unknown until the stats are known; checked again at roll time.
				m := max(abs(alo), abs(ahi))
				return -m, m, nil
			}
			return 0, 0, &SyntaxError{Col: n.pos + 1, Msg: "the divisor can be zero"}
		}
		c := []int{floorDiv(alo, blo), floorDiv(alo, bhi), floorDiv(ahi, blo), floorDiv(ahi, bhi)}
		lo, hi = minMax(c)
	}
	if lo < -maxMagnitude*4 || hi > maxMagnitude*4 {
		return 0, 0, &SyntaxError{Col: n.pos + 1, Msg: "the result could be too large"}
	}
	return lo, hi, nil
}

func (n *node) readsStats() bool {
	return n != nil && (n.kind == nStat || n.left.readsStats() || n.right.readsStats())
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func minMax(c []int) (int, int) {
	lo, hi := c[0], c[0]
	for _, v := range c[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

// floorDiv divides rounding toward negative infinity, so "-3/2" is -2 and the
// halving rules of the books ("round down") hold for positive values.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
