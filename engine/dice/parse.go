package dice

import (
	"fmt"
)

// parser turns the text of an expression into a tree of nodes. The lexer
// (lex.go) hands it one token at a time.
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
