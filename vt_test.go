package main

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// vt is a small terminal for tests: enough of what Bubble Tea's renderer
// writes (cursor moves, erases, inserts and deletes, scrolling) to read the
// screen a player would see from the bytes a session sends.
type vt struct {
	w, h       int
	cells      [][]rune
	x, y       int
	top, bot   int // the scrolling region, rows from 0
	state      byte
	parser     *ansi.Parser
	lastPrintd rune
}

func newVT(w, h int) *vt {
	v := &vt{w: w, h: h, parser: ansi.NewParser(), bot: h - 1}
	v.clear()
	return v
}

func (v *vt) clear() {
	v.cells = make([][]rune, v.h)
	for i := range v.cells {
		v.cells[i] = []rune(strings.Repeat(" ", v.w))
	}
}

func (v *vt) String() string {
	lines := make([]string, v.h)
	for i, l := range v.cells {
		lines[i] = strings.TrimRight(string(l), " ")
	}
	return strings.Join(lines, "\n")
}

func (v *vt) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		seq, width, m, st := ansi.DecodeSequence(b, v.state, v.parser)
		v.state = st
		b = b[m:]
		switch {
		case width > 0:
			r, _ := utf8.DecodeRune(seq)
			v.put(r, width)
		case len(seq) == 1:
			v.control(seq[0])
		case ansi.HasCsiPrefix(seq):
			v.csi(ansi.Cmd(v.parser.Command()), v.parser.Params())
		case len(seq) > 1 && seq[0] == 0x1b && seq[1] == 'M':
			v.ri()
		}
	}
	return n, nil
}

func (v *vt) put(r rune, width int) {
	if v.x >= v.w {
		v.x = 0
		v.lf()
	}
	v.cells[v.y][v.x] = r
	for i := 1; i < width && v.x+i < v.w; i++ {
		v.cells[v.y][v.x+i] = 0
	}
	v.x += width
	v.lastPrintd = r
}

func (v *vt) control(c byte) {
	switch c {
	case '\r':
		v.x = 0
	case '\n':
		v.lf()
	case '\b':
		v.x = max(v.x-1, 0)
	case '\t':
		v.x = min((v.x/8+1)*8, v.w-1)
	}
}

func (v *vt) lf() {
	if v.y == v.bot {
		v.scroll(v.top, v.bot, 1)
		return
	}
	v.y = min(v.y+1, v.h-1)
}

// ri is a reverse index: the cursor a row up, or, at the top of the
// scrolling region, the region down a row.
func (v *vt) ri() {
	if v.y == v.top {
		v.scroll(v.top, v.bot, -1)
		return
	}
	v.y = max(v.y-1, 0)
}

// scroll moves rows top..bot up by n (down when n < 0), blanking what opens.
func (v *vt) scroll(top, bot, n int) {
	blank := func() []rune { return []rune(strings.Repeat(" ", v.w)) }
	for range max(n, -n) {
		if n > 0 {
			copy(v.cells[top:bot+1], v.cells[top+1:bot+1])
			v.cells[bot] = blank()
		} else {
			copy(v.cells[top+1:bot+1], v.cells[top:bot])
			v.cells[top] = blank()
		}
	}
}

func (v *vt) csi(cmd ansi.Cmd, p ansi.Params) {
	arg := func(i, def int) int {
		n, _, _ := p.Param(i, def)
		if n == 0 {
			return def
		}
		return n
	}
	if cmd.Prefix() != 0 {
		if cmd.Prefix() == '?' && cmd.Final() == 'h' {
			if n, _, _ := p.Param(0, 0); n == 1049 {
				v.clear()
			}
		}
		return
	}
	row := v.cells[v.y]
	switch cmd.Final() {
	case 'A':
		v.y = max(v.y-arg(0, 1), 0)
	case 'B', 'e':
		v.y = min(v.y+arg(0, 1), v.h-1)
	case 'C', 'a':
		v.x = min(v.x+arg(0, 1), v.w-1)
	case 'D':
		v.x = max(v.x-arg(0, 1), 0)
	case 'E':
		v.y, v.x = min(v.y+arg(0, 1), v.h-1), 0
	case 'F':
		v.y, v.x = max(v.y-arg(0, 1), 0), 0
	case 'G', '`':
		v.x = min(arg(0, 1)-1, v.w-1)
	case 'd':
		v.y = min(arg(0, 1)-1, v.h-1)
	case 'H', 'f':
		v.y, v.x = min(arg(0, 1)-1, v.h-1), min(arg(1, 1)-1, v.w-1)
	case 'J':
		n, _, _ := p.Param(0, 0)
		switch n {
		case 0:
			copy(row[v.x:], []rune(strings.Repeat(" ", v.w-v.x)))
			for i := v.y + 1; i < v.h; i++ {
				v.cells[i] = []rune(strings.Repeat(" ", v.w))
			}
		case 1:
			copy(row[:v.x+1], []rune(strings.Repeat(" ", v.x+1)))
			for i := 0; i < v.y; i++ {
				v.cells[i] = []rune(strings.Repeat(" ", v.w))
			}
		case 2, 3:
			v.clear()
		}
	case 'K':
		n, _, _ := p.Param(0, 0)
		switch n {
		case 0:
			copy(row[v.x:], []rune(strings.Repeat(" ", v.w-v.x)))
		case 1:
			copy(row[:v.x+1], []rune(strings.Repeat(" ", v.x+1)))
		case 2:
			v.cells[v.y] = []rune(strings.Repeat(" ", v.w))
		}
	case 'X':
		n := min(arg(0, 1), v.w-v.x)
		copy(row[v.x:v.x+n], []rune(strings.Repeat(" ", n)))
	case '@':
		n := min(arg(0, 1), v.w-v.x)
		copy(row[v.x+n:], row[v.x:v.w-n])
		copy(row[v.x:v.x+n], []rune(strings.Repeat(" ", n)))
	case 'P':
		n := min(arg(0, 1), v.w-v.x)
		copy(row[v.x:], row[v.x+n:])
		copy(row[v.w-n:], []rune(strings.Repeat(" ", n)))
	case 'L':
		if v.y >= v.top && v.y <= v.bot {
			v.scroll(v.y, v.bot, -arg(0, 1))
		}
	case 'M':
		if v.y >= v.top && v.y <= v.bot {
			v.scroll(v.y, v.bot, arg(0, 1))
		}
	case 'S':
		v.scroll(v.top, v.bot, arg(0, 1))
	case 'T':
		v.scroll(v.top, v.bot, -arg(0, 1))
	case 'b':
		for range arg(0, 1) {
			v.put(v.lastPrintd, 1)
		}
	case 'r':
		v.top, v.bot = arg(0, 1)-1, min(arg(1, v.h), v.h)-1
		v.x, v.y = 0, 0
	}
}
