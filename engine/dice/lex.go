package dice

import (
	"strconv"
	"strings"
)

// The lexer: tokens of the dice language, read one at a time by parser.next.

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
				// !>0 explodes on every face, as !>1 does: checkDice
				// refuses both (0 must not pass for "no explosion").
				d.explodeAt = max(n, 1)
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
