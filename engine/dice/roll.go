package dice

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// DieFlag says what happened to one die.
type DieFlag uint8

const (
	// Dropped dice do not count toward the total (keep/drop).
	Dropped DieFlag = 1 << iota
	// Exploded dice rolled high enough to add another die.
	Exploded
	// Extra dice were added by an explosion or an open-ended chain.
	Extra
	// Subtracted dice count against the total (the low end of d100oe).
	Subtracted
	// Capped dice would have exploded again but hit MaxExplosions.
	Capped
)

// Edge is Advantage or Disadvantage on a roll: every time a die would be
// rolled once (its first face, each explosion, each open-ended roll) it is
// rolled twice and the better face kept (Advantage) or the worse
// (Disadvantage). The face not kept is the die's Other.
type Edge int

// Edges.
const (
	Disadvantage Edge = -1
	NoEdge       Edge = 0
	Advantage    Edge = 1
)

// String names the edge.
func (e Edge) String() string {
	switch {
	case e > 0:
		return "Advantage"
	case e < 0:
		return "Disadvantage"
	}
	return ""
}

// Die is one die as rolled.
type Die struct {
	Sides int     `toml:"sides"`
	Face  int     `toml:"face"`
	Flags DieFlag `toml:"flags,omitempty"`
	// Other is the face rolled beside Face and not kept, on a roll with an
	// Edge (0: none).
	Other int `toml:"other,omitempty"`
}

// Has reports whether the die carries the flag.
func (d Die) Has(f DieFlag) bool { return d.Flags&f != 0 }

// Term is one node of a roll's result tree: a number, a stat, a dice group or
// an operation on its children. Value is the node's total.
type Term struct {
	Kind  string  `toml:"kind"` // "num", "stat", "dice", "+", "-", "*", "/", "neg", "()"
	Text  string  `toml:"text,omitempty"`
	Value int     `toml:"value"`
	Dice  []Die   `toml:"dice,omitempty"`
	Open  bool    `toml:"open,omitempty"` // an open-ended d100oe chain
	Args  []*Term `toml:"args,omitempty"`
}

// Result is a whole roll: the expression, the tree and the total.
type Result struct {
	Expr  string `toml:"expr"`
	Total int    `toml:"total"`
	Tree  *Term  `toml:"tree,omitempty"`
	// Typed is set when the GM typed the total rolled at the table.
	Typed bool `toml:"typed,omitempty"`
	// Edge is the Advantage or Disadvantage it was rolled with.
	Edge Edge `toml:"edge,omitempty"`
}

// ErrTooManyDice is returned when one expression would roll more than MaxTotalDice.
var ErrTooManyDice = fmt.Errorf("the roll would use more than %d dice", MaxTotalDice)

// Roller rolls expressions with one source of faces and the ruleset's
// open-ended thresholds.
type Roller struct {
	Rand Rand
	OE   OpenEnded
	// Edge rolls every die twice, keeping the better or the worse face.
	Edge Edge
}

// rollState is a roll under way. The stats are handed down beside it, not
// kept in it: a roll's source of faces is an interface, and what it is
// kept with the compiler must put on the heap (the stats of every roll).
type rollState struct {
	r    Roller
	dice int
}

// Roll rolls e. stats resolves names in the expression; an unknown name is an error.
func (rl Roller) Roll(e Expr, stats StatFunc) (Result, error) {
	if e.root == nil {
		return Result{Expr: "", Total: 0, Tree: &Term{Kind: "num", Text: "0"}}, nil
	}
	if stats == nil {
		stats = func(string) (int, bool) { return 0, false }
	}
	if err := e.check(stats); err != nil {
		return Result{}, err
	}
	if rl.OE.High == 0 {
		rl.OE = DefaultOpenEnded
	}
	st := &rollState{r: rl}
	t, err := st.eval(e.root, stats)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", e.src, err)
	}
	edge := rl.Edge
	if !e.HasDice() {
		edge = NoEdge
	}
	return Result{Expr: e.src, Total: t.Value, Tree: t, Edge: edge}, nil
}

// Total is Roll's total alone: the same checks, the same dice rolled and
// the same errors, without the tree of every die where the expression
// rolls none (a formula read for its value: a capacity, a threshold).
func (rl Roller) Total(e Expr, stats StatFunc) (int, error) {
	if e.root == nil || hasDice(e.root) {
		r, err := rl.Roll(e, stats)
		return r.Total, err
	}
	if stats == nil {
		stats = func(string) (int, bool) { return 0, false }
	}
	if err := e.check(stats); err != nil {
		return 0, err
	}
	v, err := total(e.root, stats)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", e.src, err)
	}
	return v, nil
}

// check is what a roll of e makes sure of first: every stat it reads,
// in order of first use, known and in range; and its bounds.
func (e Expr) check(stats StatFunc) error {
	if err := checkStats(e.src, e.root, stats); err != nil {
		return err
	}
	if _, _, err := e.root.bounds(stats); err != nil {
		return fmt.Errorf("%s: %w", e.src, err)
	}
	return nil
}

// checkStats walks the tree as Stats does, without the list: a stat read
// twice reads the same the second time.
func checkStats(src string, n *node, stats StatFunc) error {
	if n == nil {
		return nil
	}
	if n.kind == nStat {
		if v, ok := stats(n.name); !ok {
			return fmt.Errorf("%s: unknown stat %q", src, n.name)
		} else if v > MaxStat || v < -MaxStat {
			return fmt.Errorf("%s: stat %s = %d is out of range", src, n.name, v)
		}
	}
	if err := checkStats(src, n.left, stats); err != nil {
		return err
	}
	return checkStats(src, n.right, stats)
}

// total is eval's value of a tree that rolls no dice.
func total(n *node, stats StatFunc) (int, error) {
	switch n.kind {
	case nNum:
		return n.num, nil
	case nStat:
		v, _ := stats(n.name)
		return v, nil
	case nDice:
		return 0, errors.New("dice in a total") // Total rolls these with Roll
	case nMin, nMax:
		v := 0
		i := 0
		for a := n.left; a != nil; a = a.right {
			x, err := total(a.left, stats)
			if err != nil {
				return 0, err
			}
			if i == 0 || (n.kind == nMin && x < v) || (n.kind == nMax && x > v) {
				v = x
			}
			i++
		}
		return v, nil
	case nParen, nNeg:
		x, err := total(n.left, stats)
		if err != nil {
			return 0, err
		}
		if n.kind == nNeg {
			return -x, nil
		}
		return x, nil
	}
	a, err := total(n.left, stats)
	if err != nil {
		return 0, err
	}
	b, err := total(n.right, stats)
	if err != nil {
		return 0, err
	}
	switch n.kind {
	case nAdd:
		return a + b, nil
	case nSub:
		return a - b, nil
	case nMul:
		return a * b, nil
	case nDiv:
		if b == 0 {
			return 0, errors.New("division by zero")
		}
		return floorDiv(a, b), nil
	}
	return 0, nil
}

// die rolls one die as the roll's edge says: a face, and the one rolled
// beside it and not kept (0: none).
func (st *rollState) die(sides int) (Die, error) {
	f, err := st.face(sides)
	if err != nil || st.r.Edge == NoEdge {
		return Die{Sides: sides, Face: f}, err
	}
	g, err := st.face(sides)
	if err != nil {
		return Die{}, err
	}
	if (st.r.Edge > 0) == (g > f) {
		f, g = g, f
	}
	return Die{Sides: sides, Face: f, Other: g}, nil
}

func (st *rollState) face(sides int) (int, error) {
	st.dice++
	if st.dice > MaxTotalDice {
		return 0, ErrTooManyDice
	}
	f := st.r.Rand.IntN(sides) + 1
	if f < 1 || f > sides {
		return 0, fmt.Errorf("a d%d came up %d", sides, f)
	}
	return f, nil
}

func (st *rollState) eval(n *node, stats StatFunc) (*Term, error) {
	switch n.kind {
	case nNum:
		return &Term{Kind: "num", Text: n.text, Value: n.num}, nil
	case nStat:
		v, _ := stats(n.name)
		return &Term{Kind: "stat", Text: n.name, Value: v}, nil
	case nDice:
		return st.rollDice(n)
	case nMin, nMax:
		t := &Term{Kind: n.text}
		for i, a := range n.args() {
			x, err := st.eval(a, stats)
			if err != nil {
				return nil, err
			}
			t.Args = append(t.Args, x)
			if i == 0 || (n.kind == nMin && x.Value < t.Value) || (n.kind == nMax && x.Value > t.Value) {
				t.Value = x.Value
			}
		}
		return t, nil
	case nParen, nNeg:
		x, err := st.eval(n.left, stats)
		if err != nil {
			return nil, err
		}
		if n.kind == nNeg {
			return &Term{Kind: "neg", Value: -x.Value, Args: []*Term{x}}, nil
		}
		return &Term{Kind: "()", Value: x.Value, Args: []*Term{x}}, nil
	}
	a, err := st.eval(n.left, stats)
	if err != nil {
		return nil, err
	}
	b, err := st.eval(n.right, stats)
	if err != nil {
		return nil, err
	}
	t := &Term{Args: []*Term{a, b}}
	switch n.kind {
	case nAdd:
		t.Kind, t.Value = "+", a.Value+b.Value
	case nSub:
		t.Kind, t.Value = "-", a.Value-b.Value
	case nMul:
		t.Kind, t.Value = "*", a.Value*b.Value
	case nDiv:
		if b.Value == 0 {
			return nil, errors.New("division by zero")
		}
		t.Kind, t.Value = "/", floorDiv(a.Value, b.Value)
	}
	return t, nil
}

func (st *rollState) rollDice(n *node) (*Term, error) {
	d := n.dice
	t := &Term{Kind: "dice", Text: n.text}
	if d.openEnded {
		dice, total, err := st.openEnded()
		if err != nil {
			return nil, err
		}
		t.Dice, t.Value, t.Open = dice, total, true
		return t, nil
	}
	// Roll the dice, each followed by the dice its explosions add.
	type group struct{ first, last int } // indexes into t.Dice
	groups := make([]group, 0, d.count)
	for range d.count {
		g := group{first: len(t.Dice)}
		x, err := st.die(d.sides)
		if err != nil {
			return nil, err
		}
		t.Dice = append(t.Dice, x)
		for n := 0; d.explodeAt != 0 && t.Dice[len(t.Dice)-1].Face >= d.explodeAt; n++ {
			if n == MaxExplosions {
				t.Dice[len(t.Dice)-1].Flags |= Capped
				break
			}
			t.Dice[len(t.Dice)-1].Flags |= Exploded
			x, err := st.die(d.sides)
			if err != nil {
				return nil, err
			}
			x.Flags = Extra
			t.Dice = append(t.Dice, x)
		}
		g.last = len(t.Dice) - 1
		groups = append(groups, g)
	}
	// Keep or drop whole groups (a die with its explosions), by their sum.
	if d.keep.kind != 0 {
		sum := func(g group) int {
			s := 0
			for _, x := range t.Dice[g.first : g.last+1] {
				s += x.Face
			}
			return s
		}
		idx := make([]int, len(groups))
		for i := range idx {
			idx[i] = i
		}
		// Stable sort, highest first: ties keep the earlier die.
		slices.SortStableFunc(idx, func(a, b int) int { return sum(groups[b]) - sum(groups[a]) })
		var drop []int
		switch d.keep.kind {
		case 'h':
			drop = idx[d.keep.n:]
		case 'l':
			drop = idx[:len(idx)-d.keep.n]
		case 'H':
			drop = idx[:d.keep.n]
		case 'L':
			drop = idx[len(idx)-d.keep.n:]
		}
		for _, gi := range drop {
			for i := groups[gi].first; i <= groups[gi].last; i++ {
				t.Dice[i].Flags |= Dropped
			}
		}
	}
	for _, x := range t.Dice {
		if !x.Has(Dropped) {
			t.Value += x.Face
		}
	}
	return t, nil
}

// openEnded rolls d100oe: a face >= High adds another roll, and keeps adding
// while the added rolls stay high; a first face <= Low subtracts a further
// roll that is itself open-ended upward.
func (st *rollState) openEnded() ([]Die, int, error) {
	oe := st.r.OE
	d0, err := st.die(openEndedSize)
	if err != nil {
		return nil, 0, err
	}
	first := d0.Face
	dice := []Die{d0}
	total := first
	chainHigh := func(flags DieFlag, sign int) error {
		for n := 0; dice[len(dice)-1].Face >= oe.High; n++ {
			if n == MaxExplosions {
				dice[len(dice)-1].Flags |= Capped
				return nil
			}
			dice[len(dice)-1].Flags |= Exploded
			x, err := st.die(openEndedSize)
			if err != nil {
				return err
			}
			x.Flags = Extra | flags
			dice = append(dice, x)
			total += sign * x.Face
		}
		return nil
	}
	switch {
	case first >= oe.High:
		err = chainHigh(0, 1)
	case first <= oe.Low:
		dice[0].Flags |= Exploded
		x, ferr := st.die(openEndedSize)
		if ferr != nil {
			return nil, 0, ferr
		}
		x.Flags = Extra | Subtracted
		dice = append(dice, x)
		total -= x.Face
		err = chainHigh(Subtracted, -1)
	}
	return dice, total, err
}

// String renders the roll on one line for the log, every die shown:
//
//	2d10 + QU: [7, 3] + 5 = 15
//	d100oe: [97 + 100 + 23] = 220
//	d100oe: [3 - 98 - 45] = -140
//	2d20kh1: [17, 4 dropped] = 17
//	d10! + 6, with Disadvantage: [3 (not 10)] + 6 = 9
func (r Result) String() string {
	if r.Tree == nil {
		return fmt.Sprintf("%s = %d", r.Expr, r.Total)
	}
	if r.Typed {
		return fmt.Sprintf("%s: typed %d", r.Expr, r.Total)
	}
	var b strings.Builder
	b.WriteString(r.Expr)
	if r.Edge != NoEdge {
		b.WriteString(", with " + r.Edge.String())
	}
	b.WriteString(": ")
	renderTerm(&b, r.Tree)
	b.WriteString(" = ")
	b.WriteString(strconv.Itoa(r.Total))
	return b.String()
}

func renderTerm(b *strings.Builder, t *Term) {
	switch t.Kind {
	case "num", "stat":
		b.WriteString(strconv.Itoa(t.Value))
	case "dice":
		renderDice(b, t.Dice, t.Open)
	case "neg":
		b.WriteString("-")
		renderTerm(b, t.Args[0])
	case "()":
		b.WriteString("(")
		renderTerm(b, t.Args[0])
		b.WriteString(")")
	case "min", "max":
		b.WriteString(t.Kind + "(")
		for i, a := range t.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			renderTerm(b, a)
		}
		b.WriteString(")")
	default:
		renderTerm(b, t.Args[0])
		// A negative number or stat added reads as taken away ("[9] - 1",
		// not "[9] + -1"), and taken away as added.
		if r := t.Args[1]; (t.Kind == "+" || t.Kind == "-") && (r.Kind == "num" || r.Kind == "stat") && r.Value < 0 {
			op := map[string]string{"+": " - ", "-": " + "}[t.Kind]
			b.WriteString(op + strconv.Itoa(-r.Value))
			return
		}
		b.WriteString(" " + t.Kind + " ")
		renderTerm(b, t.Args[1])
	}
}

func renderDice(b *strings.Builder, dice []Die, open bool) {
	b.WriteString("[")
	for i, d := range dice {
		switch {
		case i == 0:
		case open && d.Has(Subtracted):
			b.WriteString(" - ")
		case open:
			b.WriteString(" + ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(d.Face))
		if d.Has(Exploded) && !open {
			b.WriteString("!")
		}
		if d.Other != 0 {
			b.WriteString(" (not " + strconv.Itoa(d.Other) + ")")
		}
		if d.Has(Capped) {
			b.WriteString(" (explosions capped)")
		}
		if d.Has(Dropped) {
			b.WriteString(" dropped")
		}
	}
	b.WriteString("]")
}
