package dice

// bounds computes the least and greatest value of a node by interval
// arithmetic, a case per node kind. stats may be nil: unknown stats then
// count as 0.
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
		i := 0
		for l := n.left; l != nil; l, i = l.right, i+1 { // n.args(), without the list
			alo, ahi, err := l.left.bounds(stats)
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
